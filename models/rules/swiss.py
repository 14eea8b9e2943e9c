"""Swiss pairing of an event's next round, for any game system (pure: the service passes the standings order and
the tables already played, and stores what this returns).

- Players are paired in the order given: the first with the next one they have not met, and so on. In standings
  order (wins first) this pairs players with equal wins where it can and pairs one down where a group is odd;
  round 1 passes the registration order.
- Never a rematch: when the first choice leaves the others with no rematch-free pairing, the search backtracks
  (a set of players found unpairable is remembered, so no set is searched twice). When no rematch-free pairing
  exists at all, the round is refused with ``event.no_pairing``: an organiser decides that, not this module.
- An odd count gives one player a bye: the lowest-ranked who has had none. A second bye goes to a player only when
  every other choice leaves no rematch-free pairing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from models.rules.core import RuleViolation

Played = tuple[str, str | None]  # one table of an earlier round: two players, or a player and None (a bye)


@dataclass(frozen=True)
class Table:
    """One table of a round; ``b`` None is a bye. Tables are numbered from 1, top of the standings first."""

    number: int
    a: str
    b: str | None


def pair_round(ranked: Sequence[str], played: Sequence[Played] = ()) -> list[Table]:
    """The tables of the next round for the players in ``ranked`` (best first), given every earlier table."""
    if len(ranked) < 2:
        raise RuleViolation("event.too_few_players", "A round needs at least two players.")
    met = {frozenset((a, b)) for a, b in played if b is not None}
    byes = Counter(a for a, b in played if b is None)
    unpairable: set[frozenset[str]] = set()
    # the bye: lowest-ranked first among those with the fewest byes (no bye at all with an even count)
    candidates: list[str | None] = [*sorted(reversed(ranked), key=lambda p: byes[p])] if len(ranked) % 2 else [None]
    for bye in candidates:
        tables = _match(tuple(p for p in ranked if p != bye), met, unpairable)
        if tables is not None:
            found = [Table(i + 1, a, b) for i, (a, b) in enumerate(tables)]
            return found + ([Table(len(found) + 1, bye, None)] if bye is not None else [])
    raise RuleViolation("event.no_pairing", "Every way to pair this round repeats a game already played: "
                                            "the event has more rounds than these players can play without "
                                            "rematches.")


def _match(rest: tuple[str, ...], met: set[frozenset[str]],
           unpairable: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    """Pairs of ``rest`` in order, no pair in ``met``; None when there are none (remembered in ``unpairable``)."""
    if not rest:
        return []
    key = frozenset(rest)
    if key in unpairable:
        return None
    top, others = rest[0], rest[1:]
    for i, opponent in enumerate(others):
        if frozenset((top, opponent)) in met:
            continue
        found = _match(others[:i] + others[i + 1:], met, unpairable)
        if found is not None:
            return [(top, opponent), *found]
    unpairable.add(key)
    return None
