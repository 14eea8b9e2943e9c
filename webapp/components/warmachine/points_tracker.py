"""Focus and fury against their stats, drawn as pips (the sibling of the essence tracker):

- warcasters: focus / FOCUS and CTRL; warjacks: focus against the 3 a warjack may hold;
- warlocks: fury / FURY and CTRL; warbeasts: fury / FURY and THR.
"""

from __future__ import annotations

from models.rules import GameState
from models.service.views.warmachine import points_line, points_text
from webapp.components.warmachine.pip_tracker import PipLine, PipTracker


class PointsTracker(PipTracker):
    row_classes = "tk-essence tk-points-row"

    def line(self, state: GameState) -> PipLine:
        kind, have, cap, extra = points_line(state, self.model_id)
        return points_text(kind, have, cap), have, cap, extra, "tk-fury" if kind == "Fury" else "tk-focus"
