"""Swiss pairing (models/rules/tournament/swiss.py): the rules an organiser relies on, then properties over whole
events."""

from __future__ import annotations

import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.rules import Played, RuleViolation, Table, drawn, pair_round
from models.rules.tournament.standings import Finished
from models.rules.warmachine.standings import standings


def tables(found: list[Table]) -> list[tuple[str, str | None]]:
    return [(t.a, t.b) for t in found]


def test_round_one_pairs_in_the_order_given() -> None:
    assert tables(pair_round(["a", "b", "c", "d"])) == [("a", "b"), ("c", "d")]


def test_an_odd_count_gives_the_lowest_ranked_player_the_bye_on_the_last_table() -> None:
    found = pair_round(["a", "b", "c", "d", "e"])
    assert tables(found)[-1] == ("e", None) and found[-1].number == 3


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_had_none() -> None:
    found = pair_round(["a", "b", "c", "d", "e"], [("e", None), ("a", "b"), ("c", "d")])
    assert tables(found)[-1] == ("d", None)


def test_players_meet_the_next_one_in_order_they_have_not_played() -> None:
    assert tables(pair_round(["a", "b", "c", "d"], [("a", "b"), ("c", "d")])) == [("a", "c"), ("b", "d")]


def test_a_choice_that_forces_a_rematch_later_is_taken_back() -> None:
    # a-b first would leave c-d, a rematch: the search goes back and pairs a with c
    assert tables(pair_round(["a", "b", "c", "d"], [("c", "d"), ("a", "d")])) == [("a", "c"), ("b", "d")]


def test_when_every_pairing_is_a_rematch_the_round_is_refused_not_paired() -> None:
    played: list[Played] = [("a", "b"), ("c", "d"), ("a", "c"), ("b", "d"), ("a", "d"), ("b", "c")]
    with pytest.raises(RuleViolation) as refused:
        pair_round(["a", "b", "c", "d"], played)
    assert refused.value.code == "event.no_pairing"



def test_a_player_gone_from_the_event_leaves_the_standings_whole() -> None:
    """A deleted account's registration goes, its past tables stay: its bye and its wins count for nobody."""
    found = standings(["a", "b"], [Finished(a="gone", b=None, winner="gone"), Finished(a="a", b="gone", winner="a"),
                                   Finished(a="b", b=None, winner="b")])
    assert [(s.player, s.wins, s.played, s.byes) for s in found] == [("a", 1, 1, 0), ("b", 1, 1, 1)]

def test_a_round_needs_two_players() -> None:
    with pytest.raises(RuleViolation) as refused:
        pair_round(["a"])
    assert refused.value.code == "event.too_few_players"


def _pairable(players: list[str], met: set[frozenset[str]]) -> bool:
    """Whether some pairing of ``players`` has no pair in ``met`` (plain exhaustive search)."""
    if not players:
        return True
    top, rest = players[0], players[1:]
    return any(frozenset((top, o)) not in met and _pairable([p for p in rest if p != o], met) for o in rest)


@settings(max_examples=150, deadline=None)
@given(st.integers(4, 16), st.integers(2, 5), st.randoms(use_true_random=False))
def test_whole_events_never_rematch_seat_everyone_once_and_spread_the_byes(size: int, rounds: int,
                                                                           rng: random.Random) -> None:
    players = [f"p{i}" for i in range(size)]
    played: list[Played] = []
    finished: list[Finished] = []
    for _ in range(rounds):
        ranked = [s.player for s in standings(players, finished)]
        met = {frozenset((a, b)) for a, b in played if b is not None}
        byes = [a for a, b in played if b is None]
        try:
            found = pair_round(ranked, played)
        except RuleViolation as refused:
            assert refused.code == "event.no_pairing"
            leave_out = [[p] for p in players] if size % 2 else [[]]
            assert not any(_pairable([p for p in players if p not in out], met) for out in leave_out)
            return
        seated = [p for t in found for p in (t.a, t.b) if p is not None]
        assert sorted(seated) == sorted(players)  # each player exactly once
        for t in found:
            assert t.b is None or frozenset((t.a, t.b)) not in met  # never a rematch
            if t.b is None and t.a in byes:  # a second bye only when no one without one could take it
                assert not any(_pairable([p for p in players if p != q], met) for q in players if q not in byes)
        played += [(t.a, t.b) for t in found]
        finished += [Finished(a=t.a, b=t.b, winner=t.a if t.b is None or rng.random() < 0.5 else t.b)
                     for t in found]


def test_round_one_is_drawn_from_the_seed_so_anyone_can_draw_it_again() -> None:
    players = [f"p{n}" for n in range(16)]
    first = drawn(players, 1234)
    assert drawn(players, 1234) == first and sorted(first) == sorted(players) and first != players
    assert drawn(players, 1235) != first
    # by hand: the n-th registered player's key is the SHA-256 of "1234:n"
    keys = {p: hashlib.sha256(f"1234:{n}".encode()).hexdigest() for n, p in enumerate(players, start=1)}
    assert first == sorted(players, key=keys.__getitem__)


def test_club_mates_are_kept_apart_where_a_pairing_allows_it() -> None:
    assert tables(pair_round(["a", "b", "c", "d"], avoid=[("a", "b")])) == [("a", "c"), ("b", "d")]
    assert tables(pair_round(["a", "b", "c", "d"])) == [("a", "b"), ("c", "d")]  # the positive control


def test_club_mates_meet_when_nothing_else_avoids_a_rematch() -> None:
    assert tables(pair_round(["a", "b"], avoid=[("a", "b")])) == [("a", "b")]
    assert tables(pair_round(["a", "b", "c", "d"], [("a", "c"), ("b", "d"), ("a", "d"), ("b", "c")],
                             avoid=[("a", "b")])) == [("a", "b"), ("c", "d")]
