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
- Round 1 is drawn at random from a seed the service records (``drawn``): each player's place is the SHA-256 of
  the seed and their registration number, so anyone holding the seed and the list of players (the event page shows
  both) can draw it again and see it was fair. Players of
  one club or team are kept apart where some pairing allows it (``avoid``), as tournament software does for
  round 1; when none does, the round pairs them rather than not at all.
"""

from __future__ import annotations

import hashlib
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


def drawn(players: Sequence[str], seed: int) -> list[str]:
    """``players`` (in registration order) in the random order the ``seed`` gives: by the SHA-256 (hex) of
    "seed:n" for the n-th player, counted from 1. The same seed and players give the same order on any machine."""
    keys = {p: hashlib.sha256(f"{seed}:{n}".encode()).hexdigest() for n, p in enumerate(players, start=1)}
    return sorted(players, key=lambda p: keys[p])


def pair_round(ranked: Sequence[str], played: Sequence[Played] = (),
               avoid: Sequence[tuple[str, str]] = ()) -> list[Table]:
    """The tables of the next round for the players in ``ranked`` (best first), given every earlier table; the
    pairs in ``avoid`` (club or team mates) meet only when no pairing keeps them apart."""
    if avoid:
        try:
            return pair_round(ranked, [*played, *avoid])
        except RuleViolation:
            pass  # no pairing keeps every club apart: pair them rather than not at all
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
