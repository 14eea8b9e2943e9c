"""One card per warband unit: its name and kind, condition (and what it means), treasure, ongoing spells and, at
the table, the buttons of what may be recorded for it. Buttons follow ``options()``: refused is greyed with the
reason (tapping says it), what does not belong to this moment is hidden."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from nicegui import ui

from models.rules import GameState, Option, options
from models.rules.warband import WarbandUnit, board
from models.service.views.warband import kind_words, status_words, unit_lines
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.piece_card import piece_card
from webapp.components.seat import for_link
from webapp.components.warband.dialogs import incapacitate_dialog, pick_up_dialog, start_spell_dialog
from webapp.view import GameView

# Refusals that mean "not now, not for this unit": the button is hidden instead of greyed.
HIDDEN = {"unit.incapacitated", "model.not_in_play", "game.over", "grab.in_progress", "step.wrong", "condition.same",
          "treasure.not_carrying", "spell.not_caster"}
LABELS = {
    "pick_up": "Pick up treasure…", "drop_treasure": "Drop treasure", "incapacitate": "Incapacitated…",
    "condition:stunned": "Stunned", "condition:dazed": "Dazed", "condition:staggered": "Staggered",
    "condition:normal": "Back to normal", "start_spell": "Start spell…",
}


class UnitCard:
    def __init__(self, view: GameView, unit_id: str, controls: bool) -> None:
        self.view, self.unit_id, self.controls = view, unit_id, controls
        u = self._unit(view.state)
        self._shown: tuple[object, ...] | None = None
        self.box, self.status = piece_card(u.name, u.seat)
        with self.box:
            ui.label(kind_words(u)).classes("tk-kind")
            self.meaning = ui.label("").classes("tk-notes")
            self.treasure = ui.label("").classes("tk-prompt")
            self.spells = ui.label("")
            self.actions = ui.row().classes("tk-actions gap-2") if controls else None
        view.on_update(self.update)
        self.update(view.state)

    def _unit(self, state: GameState) -> WarbandUnit:
        found = board(state).unit(self.unit_id)
        assert found is not None
        return found

    def update(self, state: GameState) -> None:
        u = self._unit(state)
        found = options(state, u.id) if self.controls else ()
        if (u, found) == self._shown:
            return
        self._shown = (u, found)
        self.status.set_text(status_words(u))
        for label, text in zip((self.meaning, self.treasure, self.spells), unit_lines(u), strict=True):
            label.set_text(text)
            label.set_visibility(bool(text))
        if u.in_play:
            self.box.classes(remove="tk-gone")
        else:
            self.box.classes("tk-gone")
        if self.actions is not None:
            self._draw_actions(u, found)

    def _draw_actions(self, u: WarbandUnit, found: tuple[Option, ...]) -> None:
        assert self.actions is not None
        self.actions.clear()
        with self.actions:
            for probed in found:
                option = for_link(self.view, probed)
                text = LABELS.get(option.action)
                kind, _, spell = option.action.partition(":")
                if kind == "end_spell":
                    text = f"End {spell}"
                if text is None or (not option.allowed and option.code in HIDDEN):
                    continue
                button = named(once(ui.button(text).props("no-caps outline"), partial(self._tap, option)),
                               f"{text.rstrip('…')}: {u.name}")
                if not option.allowed:
                    button.classes("tk-unavailable")
                    button.props.update({"aria-disabled": "true", "title": option.reason})
                    button.update()

    async def _tap(self, option: Option) -> None:
        if not option.allowed:
            ui.notify(option.reason, type="warning")
            return
        if option.ask:
            DIALOGS[option.action](self.view, option)
        elif option.command is not None:
            await self.view.send(option.command)


# The dialog of each action that asks the players something (``Option.ask``).
DIALOGS: dict[str, Callable[[GameView, Option], None]] = {
    "pick_up": pick_up_dialog, "incapacitate": incapacitate_dialog, "start_spell": start_spell_dialog}
