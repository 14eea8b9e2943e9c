"""An event round's lifecycle (pure): drafted, published, playing, closed, and what each stage allows.

Steamroller practice (the organiser's tournament flow; ../shared/reference/README.md "Steamroller 2019 figures" for
the game's end and its tiebreakers): the organiser pairs a round and may fix the pairing before announcing it;
once announced, players sit down and play; each table reports its result; the next round is paired from the
standings once every table of the round has one, and from then on a round's results stand (only the organiser
corrects them, as a tournament organiser fixes a wrongly entered result in the standings).

- **drafted**: paired but not announced. Two players may be swapped, or the round paired again; no game is open.
- **published**: announced with its games open; no game has started yet, so the organiser may still delete it.
- **playing**: a game of the round has started (a command beyond its setup), or a result came in.
- **closed**: the next round is paired. Its games take no more commands, and players report nothing more.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from models.rules.core import RuleViolation


class Stage(StrEnum):
    DRAFTED = "drafted"
    PUBLISHED = "published"
    PLAYING = "playing"
    CLOSED = "closed"


class Act(StrEnum):
    SWAP = "swap"  # exchange two players between tables
    REPAIR = "repair"  # pair the round again
    PUBLISH = "publish"  # announce the round and open its games
    DELETE = "delete"  # take the round back
    PLAY = "play"  # a command on one of the round's games (undo and redo too)
    REPORT = "report"  # a player reports, confirms or disputes a table's result
    CORRECT = "correct"  # the organiser enters or corrects a table's result
    PAIR_NEXT = "pair_next"  # pair the round after this one


ALLOWED: dict[Stage, frozenset[Act]] = {
    Stage.DRAFTED: frozenset({Act.SWAP, Act.REPAIR, Act.PUBLISH, Act.DELETE}),
    Stage.PUBLISHED: frozenset({Act.DELETE, Act.PLAY, Act.REPORT, Act.CORRECT, Act.PAIR_NEXT}),
    Stage.PLAYING: frozenset({Act.PLAY, Act.REPORT, Act.CORRECT, Act.PAIR_NEXT}),
    Stage.CLOSED: frozenset({Act.CORRECT}),
}


def stage(*, published: bool, started: bool, next_paired: bool) -> Stage:
    """The stage of a round from what is true of it: announced, a game begun (or a result in), the next round
    paired."""
    if next_paired:
        return Stage.CLOSED
    if not published:
        return Stage.DRAFTED
    return Stage.PLAYING if started else Stage.PUBLISHED


def check(at: Stage, act: Act, round_no: int) -> None:
    """Refuse ``act`` on round ``round_no`` at stage ``at`` with the reason; nothing changes."""
    if act in ALLOWED[at]:
        return
    if at is Stage.CLOSED:
        raise RuleViolation("round.closed", f"Round {round_no} is closed: the next round is paired, so its results "
                                            "stand. Only the organiser can correct one.")
    if at is Stage.DRAFTED:
        raise RuleViolation("round.not_published", f"Round {round_no} is not published yet: its tables are not "
                                                   "open.")
    if act is Act.DELETE:
        raise RuleViolation("round.started", f"A game of round {round_no} has started: the round can no longer be "
                                             "deleted.")
    raise RuleViolation("round.published", f"Round {round_no} is published: its pairings no longer change.")


def check_pair_next(at: Stage, round_no: int, unfinished: Iterable[int]) -> None:
    """The next round pairs once every table of round ``round_no`` has a result; the refusal names the tables
    still playing."""
    check(at, Act.PAIR_NEXT, round_no)
    tables = sorted(unfinished)
    if tables:
        names = ", ".join(map(str, tables))
        raise RuleViolation("round.unfinished", f"Round {round_no} is still being played at table"
                                                f"{'s' if len(tables) > 1 else ''} {names}: each needs a result "
                                                "before the next round is paired.")
