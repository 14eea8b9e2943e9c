"""An event's standings as every system gives them: the finished tables a system ranks, and a player's line.

The order itself is the system's (its tournament hook's ``standings``); the fields are the Steamroller tiebreakers
an event page, the hall screen and the standings' CSV show.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.rules.tournament.table_results import Score, Tiebreakers


@dataclass(frozen=True)
class Finished(Tiebreakers):
    """A finished table as the standings count it, its players named: ``b`` None is a bye; ``winner`` None a draw.
    The tiebreakers are the table's score's, (a's, b's)."""

    a: str
    b: str | None
    winner: str | None

    @classmethod
    def of(cls, a: str, b: str, score: Score) -> Finished:
        """The table of ``a`` and ``b`` (its sides 0 and 1) finished with ``score``."""
        return cls(a, b, None if score.winner is None else (a, b)[score.winner], control_points=score.control_points,
                   destroyed=score.destroyed, elements=score.elements)


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
