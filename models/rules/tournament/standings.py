"""An event's standings as every system gives them: the finished tables a system ranks, and a player's line.

The order itself is the system's (its tournament hook's ``standings``); the fields are the Steamroller tiebreakers
an event page, the hall screen and the standings' CSV show.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finished:
    """A finished table: ``b`` None is a bye; ``winner`` None a draw. The pairs are (a's, b's)."""

    a: str
    b: str | None
    winner: str | None
    control_points: tuple[int, int] = (0, 0)
    destroyed: tuple[float, float] = (0, 0)
    elements: tuple[float, float] = (0, 0)


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    wins: int
    strength_of_schedule: int
    control_points: int
    army_points_destroyed: float
    army_points_in_scenario_elements: float
    played: int
    byes: int
