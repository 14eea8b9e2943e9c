"""Essence points against the ESSENCE stat, drawn as pips; masters also show CTRL in inches."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState, RuleViolation
from models.rules.warmachine.base import control_range, essence_stat, has_essence_manipulation
from webapp.view import GameView


class EssenceTracker:
    def __init__(self, view: GameView, model_id: str) -> None:
        self.view, self.model_id = view, model_id
        self._shown: tuple | None = None
        with ui.row().classes("tk-essence items-center gap-2"):
            self.text = ui.label("").classes("tk-essence-text")
            self.pips = ui.html("", sanitize=False)
            self.ctrl = ui.label("").classes("tk-ctrl")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        m = state.model(self.model_id)
        try:
            stat = essence_stat(state, m)
        except RuleViolation:
            stat = None
        have = m.essence or 0
        master = has_essence_manipulation(state, m)
        key = (have, stat, master)
        if key == self._shown:
            return
        self._shown = key
        if stat is None:
            self.text.set_text("Essence: ESSENCE unknown")
            self.pips.set_content("")
            self.ctrl.set_text("")
            return
        self.text.set_text(f"Essence {have} / {stat}")
        dots = "".join(f'<span class="tk-pip {"tk-full" if k < have else ""}"></span>'
                       for k in range(max(stat, have)))
        self.pips.set_content(f'<span aria-hidden="true">{dots}</span>')
        self.ctrl.set_text(f'CTRL {control_range(state, m)}"' if master else "")
