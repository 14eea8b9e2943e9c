"""Essence points against the ESSENCE stat, drawn as pips; masters also show CTRL in inches."""

from __future__ import annotations

from models.rules import GameState
from models.rules.warmachine import board
from models.service.views.warmachine import essence_line
from webapp.components.warmachine.pip_tracker import PipLine, PipTracker


class EssenceTracker(PipTracker):
    def line(self, state: GameState) -> PipLine:
        text, have, stat, ctrl = essence_line(state, board(state).model(self.model_id))
        return text, have, stat, ctrl, ""
