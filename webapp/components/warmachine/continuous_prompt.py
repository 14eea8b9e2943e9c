"""The continuous-effects prompt of the maintenance phase: each fire or corrosion on the active player's models
waits for the players' answer, like the tithe (doc 001 "The Infernal Turn", maintenance step 2): it expires, or it
stays and deals the damage they rolled (a grid or spiral then asks where it goes in). The rules hold the turn at
the step until each is answered; Next says so."""

from __future__ import annotations

from functools import partial

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import Continuous, board, builders
from models.service.views.damage import continuous_due, entrance
from webapp.components.a11y import named
from webapp.components.dialogs import ok_cancel, transient_dialog
from webapp.components.once import once
from webapp.components.warmachine.damage_track import ask_column
from webapp.components.whole_numbers import read_whole
from webapp.view import GameView

WORDS = {"fire": "Fire", "corrosion": "Corrosion"}


class ContinuousPrompt:
    """Drawn by the turn line's update (turn_bar.py), in the same update as Next's hold."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self._shown: tuple[object, ...] | None = None
        self.box = named(ui.column().classes("tk-tithe w-full"), "Continuous effects", role="region")
        self.dialogs = ui.element("div")  # outside the box: answering redraws the box, its dialogs stay

    def update(self, state: GameState) -> None:
        waiting = continuous_due(state)
        if waiting == self._shown:
            return
        self._shown = waiting
        self.box.clear()
        self.box.set_visibility(bool(waiting))
        with self.box:
            if waiting:
                ui.label("Continuous effects: roll for each. It expires, or it stays and deals its damage."
                         ).classes("tk-prompt")
            for model_id, effect in waiting:
                name, word = board(state).model(model_id).name, WORDS[effect]
                with ui.row().classes("items-center gap-2"):
                    ui.label(f"{name}: {effect}")
                    # Each button shows the words its accessible name starts with (WCAG 2.5.3).
                    expires = builders.continuous_expires(model_id, effect)
                    named(once(ui.button(f"{word} expires").props("no-caps"), partial(self.view.send, expires)),
                          f"{word} expires: {name}")
                    named(ui.button(f"{word} stays", on_click=lambda x=model_id, e=effect: self._stays(x, e))
                          .props("outline no-caps"), f"{word} stays: {name}")

    def _stays(self, model_id: str, effect: Continuous) -> None:
        """Ask the damage it deals (after ARM; 0 when none gets through), then where a grid or spiral takes it."""
        m = board(self.view.state).model(model_id)
        title = f"{WORDS[effect]} stays on {m.name}"
        with self.dialogs, named(transient_dialog(), title) as dialog, ui.card().classes("tk-dialog"):
            ui.label(title).classes("text-h6")
            ui.label("Roll its damage and say how many points got through ARM (0 if none).")
            field = named(ui.number("Damage", value=0), "Damage")

            async def ok() -> bool:
                damage = read_whole(field, 0, 99, "Damage")
                if damage is None:
                    return False
                if damage and entrance(self.view.state, m.id) is not None:
                    with self.dialogs:
                        ask_column(self.view, m.id, damage, lambda where: self.view.send(
                            builders.continuous_damage(m.id, effect, damage, where)))
                    return True
                return await self.view.send(builders.continuous_damage(m.id, effect, damage))

            ok_cancel("OK", ok, dialog)
        dialog.open()
