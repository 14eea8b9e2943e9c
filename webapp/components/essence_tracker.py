"""Essence points against the ESSENCE stat, drawn as pips; masters also show CTRL in inches."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.service.views.warmachine import essence_line
from webapp.view import GameView


class EssenceTracker:
    def __init__(self, view: GameView, model_id: str) -> None:
        self.view, self.model_id = view, model_id
        self._shown: tuple[object, ...] | None = None
        with ui.row().classes("tk-essence items-center gap-2"):
            self.text = ui.label("").classes("tk-essence-text")
            self.pips = ui.html("", sanitize=False)
            self.ctrl = ui.label("").classes("tk-ctrl")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        key = essence_line(state, state.model(self.model_id))
        if key == self._shown:
            return
        self._shown = key
        text, have, stat, ctrl = key
        self.text.set_text(text)
        self.ctrl.set_text(ctrl)
        if stat is None:
            self.pips.set_content("")
            return
        dots = "".join(f'<span class="tk-pip {"tk-full" if k < have else ""}"></span>'
                       for k in range(max(stat, have)))
        self.pips.set_content(f'<span aria-hidden="true">{dots}</span>')
