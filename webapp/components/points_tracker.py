"""Focus and fury against their stats, drawn as pips (the sibling of the essence tracker):

- warcasters: focus / FOCUS and CTRL; warjacks: focus against the 3 a warjack may hold;
- warlocks: fury / FURY and CTRL; warbeasts: fury / FURY and THR.
"""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.service.views.warmachine import has_points, points_line, points_text
from webapp.view import GameView

__all__ = ["PointsTracker", "has_points"]


class PointsTracker:
    def __init__(self, view: GameView, model_id: str) -> None:
        self.view, self.model_id = view, model_id
        self._shown: tuple[object, ...] | None = None
        with ui.row().classes("tk-essence tk-points-row items-center gap-2"):
            self.text = ui.label("").classes("tk-essence-text")
            self.pips = ui.html("", sanitize=False)
            self.extra = ui.label("").classes("tk-ctrl")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        kind, have, cap, extra = points_line(state, self.model_id)
        key = (kind, have, cap, extra)
        if key == self._shown:
            return
        self._shown = key
        self.extra.set_text(extra)
        self.text.set_text(points_text(kind, have, cap))
        if cap is None:
            self.pips.set_content("")
            return
        look = "tk-fury" if kind == "Fury" else "tk-focus"
        dots = "".join(f'<span class="tk-pip {look} {"tk-full" if k < have else ""}"></span>'
                       for k in range(max(cap, have)))
        self.pips.set_content(f'<span aria-hidden="true">{dots}</span>')
