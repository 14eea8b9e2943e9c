"""Scenario scoring at the end of each turn (Steamroller 2019 figures, /work/shared/reference/README.md)."""

import pytest

from models.rules import GameState
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.ending import ScenarioElements
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.scenario import ScoreTurn
from tests.rules.warmachine.game import CULTIST_1, CULTIST_2, CULTIST_3, fall, new_game, refused, run
from tests.rules.warmachine.tournament import PLAIN_ARMY_1, PLAIN_ARMY_2, end_of_turn, score, started


@pytest.fixture
def game() -> GameState:
    """A wizard game without a clock: round 1, player 1 (Ann) first."""
    return started(None)


def test_a_turn_of_a_scenario_game_ends_by_scoring_it(game):
    """Each turn is scored when it ends; the plain "end turn" is refused until then."""
    state = end_of_turn(game)
    assert refused(state, Advance()) == "score.pending"
    state = run(state, ScoreTurn(cp=(1, 0)))
    assert (state.round, state.active) == (1, 1) and state.phase not in ("maintenance", "over")
    assert board(state).scenario.cp == (1, 0)
    turn = board(state).scenario.turns[-1]
    assert (turn.round, turn.seat, turn.cp, turn.totals) == (1, 0, (1, 0), (1, 0))


def test_scoring_waits_for_the_end_of_the_turn(game):
    assert refused(game, ScoreTurn()) == "score.not_end"


def test_a_game_without_a_scenario_is_not_scored():
    """Games set up without the wizard keep their plain turns."""
    state = new_game()
    assert refused(state, ScoreTurn()) == "score.no_scenario"


def test_kill_box_gives_the_opponent_2_control_points(game):
    """Kill box: a caster completely within 12" of its own table edge gives the opponent 2 CP."""
    state = score(score(game))  # round 1 done
    state = score(state, cp=(1, 0), killbox=(True, False))
    assert board(state).scenario.cp == (1, 2)
    assert board(state).scenario.turns[-1].killbox == (True, False)


def test_kill_box_counts_from_the_first_players_second_turn(game):
    """Before the first player's second turn the kill box does not apply: the app refuses the claim."""
    assert refused(end_of_turn(game), ScoreTurn(killbox=(True, False))) == "score.killbox_early"
    state = score(game)
    assert refused(end_of_turn(state), ScoreTurn(killbox=(False, True))) == "score.killbox_early"


def test_a_lead_of_5_control_points_wins_at_once(game):
    """A 5-point lead wins on scenario immediately; nothing more can be done."""
    state = score(game, cp=(2, 0))
    state = score(state, cp=(0, 1))
    state = score(state, cp=(4, 0))
    assert state.phase == "over"
    result = board(state).result
    assert (result.winner, result.how, result.round, result.cp) == (0, "scenario", 2, (6, 1))
    assert result.due is None
    assert refused(state, Advance()) == "game.over"


def test_the_game_ends_after_the_second_players_seventh_turn(game):
    """Fixed length: the game ends after the second player's 7th turn; the most control points win."""
    state = game
    for _ in range(13):
        state = score(state)
    assert (state.round, state.active) == (7, 1)
    state = score(state, cp=(0, 1))
    assert state.phase == "over"
    result = board(state).result
    assert (result.winner, result.how, result.cp, result.round) == (1, "scenario", (0, 1), 7)


@pytest.fixture
def plain() -> GameState:
    """A wizard game of armies without horrors (nothing leaves by tithe over seven rounds)."""
    return started(None, army_1=PLAIN_ARMY_1, army_2=PLAIN_ARMY_2)


def _to_last_turn(state: GameState) -> GameState:
    for _ in range(13):
        state = score(state)
    return state


def test_level_control_points_at_the_end_go_to_army_points_destroyed(plain):
    """Tiebreakers in order: control points, then army points destroyed (a unit below half strength counts
    half: 3 of 4 cultists gone is half of 5)."""
    state = fall(_to_last_turn(plain), *(MarkDamage(model=m, amount=1) for m in (CULTIST_1, CULTIST_2, CULTIST_3)))
    state = score(state)
    assert board(state).result.destroyed == (0.0, 2.5)
    assert (board(state).result.winner, board(state).result.how) == (1, "scenario")
    assert "army points destroyed" in board(state).result.detail


def test_level_on_everything_but_elements_waits_for_the_elements(plain):
    """Level on control points and army points destroyed: army points in scenario elements decide."""
    state = score(_to_last_turn(plain))
    assert state.phase == "over" and board(state).result.winner is None
    assert "scenario elements" in board(state).result.detail
    state = run(state, ScenarioElements(points=(10, 15)))
    assert board(state).result.winner == 1 and board(state).result.elements == (10, 15)


def test_level_after_every_tiebreaker_is_left_to_the_organiser(plain):
    state = run(score(_to_last_turn(plain)), ScenarioElements(points=(5, 5)))
    assert board(state).result.winner is None
    assert "organiser" in board(state).result.detail
