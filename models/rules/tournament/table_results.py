"""An event table's result and where it came from (pure): played in the app, reported by a player and confirmed by
the opponent, or entered by the organiser; and the report's small lifecycle (reported, confirmed, disputed).

A result names the winner (a Steamroller game has one: at time the tiebreakers decide, so a draw is refused where
the format has none), how the game was won, and each side's control points, army points destroyed and army points
in scenario elements: the tiebreakers of ../shared/reference/README.md "Steamroller 2019 figures". Sides are the
table's order: 0 is its first player, 1 its second.

Which result counts: the organiser's entry over everything (a correction is an entry), then a confirmed report,
then the game played in the app. A report waiting for the opponent, or disputed, counts for nothing until the
opponent confirms it or the organiser settles it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from models.rules.core import RuleViolation

HOWS: dict[str, str] = {  # how a game was won, in the words a player reads
    "assassination": "assassination",
    "scenario": "scenario",
    "deathclock": "the other player's clock ran out",
    "concession": "concession",
    "tiebreakers": "tiebreakers at time",
}
CP_MAX = 99
POINTS_MAX = 999


class Provenance(StrEnum):
    PLAYED = "played"  # the game's own result, played in the app
    CONFIRMED = "confirmed"  # reported by one player, confirmed by the other
    ORGANISER = "organiser"  # entered or corrected by the organiser


class ReportStatus(StrEnum):
    REPORTED = "reported"  # waiting for the opponent
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"  # the organiser settles it


@dataclass(frozen=True, kw_only=True)
class Tiebreakers:
    """The numbers each side of a table scored, in the table's order: control points, army points destroyed and
    army points in scenario elements (a whole or half point), as a table's result and the standings count them."""

    control_points: tuple[int, int] = (0, 0)
    destroyed: tuple[float, float] = (0, 0)
    elements: tuple[float, float] = (0, 0)


@dataclass(frozen=True)
class Score(Tiebreakers):
    """A table's result, the one shape every part of an event counts it in (the standings, the services, the stored
    rows): who won, how, and the tiebreakers."""

    winner: int | None  # 0 or 1 (the table's side); None a draw
    how: str

    def to_json(self) -> dict[str, Any]:
        """As it is stored (a result reported, entered, or logged as corrected)."""
        return {"winner": self.winner, "how": self.how, "control_points": list(self.control_points),
                "destroyed": list(self.destroyed), "elements": list(self.elements)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Score:
        """A stored result (numbers a stored row gives as floats read back as whole where they are)."""
        return cls(winner=data["winner"], how=data["how"], control_points=_pair(data.get("control_points"), int),
                   destroyed=_pair(data.get("destroyed")), elements=_pair(data.get("elements")))


def _pair(value: Sequence[float] | None, kind: type[int] | type[float] = float) -> tuple[Any, Any]:
    a, b = value if value else (0, 0)
    return (int(a), int(b)) if kind is int else (_number(a), _number(b))


def _number(value: float) -> float:
    return int(value) if float(value).is_integer() else float(value)


@dataclass(frozen=True)
class Report:
    by: int  # the side that reported
    status: ReportStatus
    score: Score


@dataclass(frozen=True)
class Settled:
    score: Score
    provenance: Provenance


def check_score(score: Score, draws: bool = False, lead: int = 1) -> None:
    """Refuse a result that cannot be: an unknown way to win, a draw where the format has none, negative or absurd
    numbers, a scenario win by the player behind on control points or ahead by less than the scenario's ``lead``
    (the table's scenario says it: a Steamroller 2019 scenario is won 5 control points ahead, doc 002 "Game
    Ending"; an organiser's own scenario only needs the winner ahead)."""
    if score.how not in HOWS:
        raise RuleViolation("report.how", "Say how the game was won: " + ", ".join(HOWS.values()) + ".")
    if score.winner is None and not draws:
        raise RuleViolation("report.draw", "A Steamroller game has a winner: when time is called, the tiebreakers "
                                           "decide it. Pick the winner and 'tiebreakers at time'.")
    if score.winner not in (0, 1, None):
        raise RuleViolation("report.winner", "The winner is one of the table's two players.")
    if any(not 0 <= cp <= CP_MAX for cp in score.control_points):
        raise RuleViolation("report.control_points", f"Control points go from 0 to {CP_MAX}.")
    if any(not 0 <= p <= POINTS_MAX or p * 2 != int(p * 2) for p in (*score.destroyed, *score.elements)):
        raise RuleViolation("report.army_points", f"Army points go from 0 to {POINTS_MAX}, in halves at most.")
    if score.how == "scenario" and score.winner is not None:
        ahead = score.control_points[score.winner] - score.control_points[1 - score.winner]
        if ahead <= 0:
            raise RuleViolation("report.scenario_behind", "A scenario win needs the winner ahead on control points.")
        if ahead < lead:
            mine, theirs = score.control_points[score.winner], score.control_points[1 - score.winner]
            raise RuleViolation("report.scenario_lead", f"This scenario is won by being {lead} control points "
                                                        f"ahead; {mine} to {theirs} is {ahead} ahead. A game "
                                                        "decided on control points when time is called or after "
                                                        "the last turn is a win on tiebreakers.")


def report(existing: Report | None, side: int, score: Score, settled: Settled | None, draws: bool = False,
           lead: int = 1) -> Report:
    """``side`` reports ``score``: a new report, or their own unconfirmed one replaced (``lead``: see check_score)."""
    if settled is not None:
        raise RuleViolation("report.settled", _settled_words(settled))
    if existing is not None:
        if existing.status is ReportStatus.DISPUTED:
            raise RuleViolation("report.disputed", "This result is disputed: the organiser settles it.")
        if existing.by != side:
            raise RuleViolation("report.pending", "Your opponent reported this table already: confirm their "
                                                  "result or dispute it.")
    check_score(score, draws, lead)
    return Report(by=side, status=ReportStatus.REPORTED, score=score)


def answer(existing: Report | None, side: int, agree: bool) -> Report:
    """The opponent of the reporter confirms the report (``agree``) or disputes it."""
    if existing is None:
        raise RuleViolation("report.none", "Nobody has reported this table's result yet.")
    if existing.status is not ReportStatus.REPORTED:
        raise RuleViolation("report.answered", f"This report is {existing.status.value} already.")
    if existing.by == side:
        raise RuleViolation("report.own", "Your opponent confirms or disputes your report, not you.")
    return Report(by=existing.by, status=ReportStatus.CONFIRMED if agree else ReportStatus.DISPUTED,
                  score=existing.score)


def accept(existing: Report | None) -> Report:
    """The organiser takes a report waiting for the opponent, or disputed, as it stands: it counts as confirmed
    (the opponent may be a walk-in without an account, or gone; a dispute may turn out wrong)."""
    if existing is None:
        raise RuleViolation("report.none", "Nobody has reported this table's result yet.")
    if existing.status is ReportStatus.CONFIRMED:
        raise RuleViolation("report.answered", "This report is confirmed already.")
    return Report(by=existing.by, status=ReportStatus.CONFIRMED, score=existing.score)


def settled(played: Score | None, existing: Report | None, entered: Score | None) -> Settled | None:
    """The result that counts for the standings, or None while the table has none."""
    if entered is not None:
        return Settled(entered, Provenance.ORGANISER)
    if existing is not None and existing.status is ReportStatus.CONFIRMED:
        return Settled(existing.score, Provenance.CONFIRMED)
    if played is not None:
        return Settled(played, Provenance.PLAYED)
    return None


def _settled_words(found: Settled) -> str:
    if found.provenance is Provenance.PLAYED:
        return "This game ended in the app: its result is the game's own. Ask the organiser to correct it."
    if found.provenance is Provenance.CONFIRMED:
        return "Both players agreed this table's result already. Ask the organiser to correct it."
    return "The organiser entered this table's result. Ask the organiser to correct it."
