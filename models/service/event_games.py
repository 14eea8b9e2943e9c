"""What the game in the app knows of an event table's numbers before its result counts: the control points the
players scored turn by turn and the army points each side destroyed (counted from the models removed), so that a
report from the game page starts from them instead of four numbers typed again."""

from __future__ import annotations

from dataclasses import dataclass

from models.rules import GameState
from models.rules.warmachine.ending import army_points_destroyed
from models.rules.warmachine.match import board


@dataclass(frozen=True)
class Known:
    """Each side's numbers in the table's order (the game's seat 0 is the table's first player)."""

    control_points: tuple[int, int]
    army_points_destroyed: tuple[float, float]


def known_numbers(state: GameState) -> Known:
    """The control points and army points destroyed the game has counted (nothing yet: zeros)."""
    scenario = board(state).scenario
    destroyed, _ = army_points_destroyed(state)
    return Known(control_points=scenario.cp if scenario is not None else (0, 0),
                 army_points_destroyed=(destroyed[0], destroyed[1]))
