"""The warband turn bar: round, whose turn, where in the upkeep (the five steps, the current one marked), the
button that moves the turn on and undo (the winner, once a warband has routed, is in the result box below it)."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.rules.warband import builders
from models.service.views.warband import next_label, next_shown, turn_line
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.seat import grey, seat_refusal
from webapp.components.version_stamp import stamp
from webapp.view import GameView


class WarbandTurnBar:
    def __init__(self, view: GameView, controls: bool) -> None:
        self.view = view
        self._shown: tuple[object, ...] | None = None
        self.box = ui.card().classes("tk-turnbar w-full").props('role="region" aria-label="Turn"')
        with self.box:
            with ui.row().classes("items-center gap-4 w-full"):
                self.round = ui.label("").classes("tk-round")
                self.player = ui.label("").classes("tk-player").props('aria-live="polite"')
                self.phase = ui.label("").classes("tk-phase").props('aria-live="polite"')
                ui.space()
                self.next = None
                if controls:
                    self.next = once(ui.button("Next").props("no-caps"), self._next)
                    once(ui.button("Undo last action").props("outline no-caps"), view.undo)
            with named(ui.row().classes("tk-guide gap-2 items-center"), "Upkeep steps", role="list"):
                self.steps = [named(ui.label(s["label"]).classes("tk-step"), s["label"], role="listitem")
                              for s in turn_line(view.state)["steps"]]
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        stamp(self.box, self.view.version)
        line = turn_line(state)
        key = (line, state.active)
        if key == self._shown:
            return
        self._shown = key
        self.round.set_text(line["round"])
        self.player.set_text(line["player"])
        self.phase.set_text(line["phase"])
        for step, element in zip(line["steps"], self.steps, strict=True):
            if step["current"]:
                element.classes("tk-current")
            else:
                element.classes(remove="tk-current")
        if self.next is not None:
            self.next.set_text(next_label(state))
            self.next.set_visibility(next_shown(state))
            grey(self.next, seat_refusal(self.view, builders.next_step()))

    async def _next(self) -> None:
        """On a player's own link only that player's turn moves on: the other's tap says who can."""
        not_ours = seat_refusal(self.view, builders.next_step())
        if not_ours:
            ui.notify(not_ours, type="warning")
            return
        await self.view.send(builders.next_step())
