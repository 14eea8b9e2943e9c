"""An event's standings (models/rules/warmachine/standings.py): wins, strength of schedule, then the game's
Steamroller tiebreakers summed; a bye is a win and nothing more."""

from __future__ import annotations

from models.rules import pair_round
from models.rules.tournament.standings import Finished
from models.rules.warmachine.standings import standings


def order(players: list[str], games: list[Finished]) -> list[str]:
    return [s.player for s in standings(players, games)]


def test_wins_come_first() -> None:
    games = [Finished("a", "b", "b", control_points=(5, 0)), Finished("c", "d", "c")]
    assert order(["a", "b", "c", "d"], games)[:2] == ["b", "c"]


def test_equal_wins_are_split_by_the_opponents_wins() -> None:
    # a, b and c won once each; a and b met each other (an opponent with a win), c met d (none)
    games = [Finished("a", "b", "b"), Finished("c", "d", "c"), Finished("a", "d", "a")]
    ranked = standings(["c", "b", "a", "d"], games)
    assert [(s.player, s.wins, s.strength_of_schedule) for s in ranked] == [("b", 1, 1), ("a", 1, 1), ("c", 1, 0),
                                                                             ("d", 0, 2)]


def test_then_control_points_then_army_points_destroyed_then_scenario_elements() -> None:
    games = [Finished("a", "x", "a", control_points=(3, 0)), Finished("b", "y", "b", control_points=(4, 0)),
             Finished("c", "z", "c", control_points=(3, 0), destroyed=(20, 0)),
             Finished("d", "w", "d", control_points=(3, 0), destroyed=(20, 0), elements=(5, 0))]
    assert order(["a", "b", "c", "d", "x", "y", "z", "w"], games)[:4] == ["b", "d", "c", "a"]


def test_tiebreakers_sum_over_every_game_a_player_played() -> None:
    games = [Finished("a", "b", "a", control_points=(2, 1), destroyed=(10.5, 4)),
             Finished("a", "c", "c", control_points=(1, 3), destroyed=(5, 8))]
    a = next(s for s in standings(["a", "b", "c"], games) if s.player == "a")
    assert (a.wins, a.control_points, a.army_points_destroyed, a.played) == (1, 3, 15.5, 2)


def test_a_bye_is_a_win_with_no_opponent_and_no_points() -> None:
    a = standings(["a"], [Finished("a", None, "a")])[0]
    assert (a.wins, a.strength_of_schedule, a.control_points, a.army_points_destroyed, a.byes, a.played) == \
        (1, 0, 0, 0, 1, 1)


def test_a_draw_gives_nobody_a_win() -> None:
    assert [s.wins for s in standings(["a", "b"], [Finished("a", "b", None)])] == [0, 0]


def test_players_equal_in_everything_keep_their_registration_order() -> None:
    assert order(["c", "a", "b"], []) == ["c", "a", "b"]


def test_round_two_pairs_winners_with_winners() -> None:
    players = ["a", "b", "c", "d"]
    games = [Finished("a", "b", "b"), Finished("c", "d", "c")]
    found = pair_round(order(players, games), [("a", "b"), ("c", "d")])
    assert {frozenset((t.a, t.b)) for t in found} == {frozenset(("b", "c")), frozenset(("a", "d"))}
