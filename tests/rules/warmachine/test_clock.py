"""The deathclock as data: every time is an ``at_ms`` the service stamped, so these tests move time by passing
later numbers (never a sleep, never a real clock)."""

import pytest

from models.rules import GameState, apply
from models.rules.warmachine.clock import (
    AdjustClock,
    ClockExpired,
    PassClock,
    PauseClock,
    ResumeClock,
    StartClock,
    shown,
)
from models.rules.warmachine.match import board
from models.rules.warmachine.scenario import ScoreTurn
from tests.rules.warmachine.game import new_game, refused, run
from tests.rules.warmachine.tournament import MINUTE, T0, end_of_turn, started

HOUR = 60 * MINUTE


@pytest.fixture
def clocked() -> GameState:
    """Round 1, player 1's turn, 60 minutes each, player 1's time running since T0."""
    return started(60)


def test_the_running_players_time_goes_down(clocked):
    """Handing the clock over charges the time since it last started to the player whose clock ran."""
    state = run(clocked, PassClock(to_seat=1, at_ms=T0 + 5 * MINUTE))
    assert board(state).clock.remaining_ms == (HOUR - 5 * MINUTE, HOUR)
    assert board(state).clock.running == 1 and board(state).clock.since == T0 + 5 * MINUTE


def test_the_clock_goes_to_the_opponent_during_your_turn_and_back(clocked):
    """doc 002: the clock is handed to the opponent for a free strike (or damage they mark) and back."""
    state = run(clocked, PassClock(to_seat=1, at_ms=T0 + 60_000), PassClock(to_seat=0, at_ms=T0 + 75_000))
    assert board(state).clock.remaining_ms == (HOUR - 60_000, HOUR - 15_000)
    assert state.active == 0 and board(state).clock.running == 0
    turn = board(state).clock.turns[-1]
    assert (turn.round, turn.seat, turn.used_ms) == (1, 0, (60_000, 15_000))


def test_clock_use_is_counted_per_turn(clocked):
    """The result page shows each turn's clock use: the end of a turn closes its count."""
    state = run(clocked, PassClock(to_seat=1, at_ms=T0 + 10_000), PassClock(to_seat=0, at_ms=T0 + 12_000))
    state = run(end_of_turn(state), ScoreTurn(at_ms=T0 + 30_000))
    state = run(end_of_turn(state), ScoreTurn(at_ms=T0 + 50_000))
    rounds = [(t.round, t.seat, t.used_ms) for t in board(state).clock.turns]
    assert rounds[-2:] == [(1, 0, (28_000, 2_000)), (1, 1, (0, 20_000))]
    assert (state.round, state.active, board(state).clock.running) == (2, 0, 0)


def test_pause_stops_both_clocks_and_resume_starts_the_same_one(clocked):
    """A judge call: nobody's time runs until the clock resumes, for the player whose time was running."""
    state = run(clocked, PauseClock(reason="Judge: line of sight", at_ms=T0 + 30_000))
    assert board(state).clock.paused and board(state).clock.ticking is None
    assert board(state).clock.left(0, T0 + 10 * MINUTE) == HOUR - 30_000
    state = run(state, ResumeClock(at_ms=T0 + 10 * MINUTE))
    assert board(state).clock.ticking == 0
    state = run(state, PassClock(to_seat=1, at_ms=T0 + 10 * MINUTE + 1_000))
    assert board(state).clock.remaining_ms[0] == HOUR - 31_000


def test_paused_clock_refuses_hand_overs(clocked):
    """A paused clock is not passed on; resume it first."""
    state = run(clocked, PauseClock(at_ms=T0 + 1))
    assert refused(state, PassClock(to_seat=1, at_ms=T0 + 2)) == "clock.paused"
    assert refused(state, PauseClock(at_ms=T0 + 2)) == "clock.paused"


def test_resume_needs_a_pause(clocked):
    assert refused(clocked, ResumeClock(at_ms=T0 + 1)) == "clock.not_paused"


def test_a_judge_may_set_a_players_time_while_paused(clocked):
    """A judge's correction is made with the clock paused and is logged with the old value."""
    assert refused(clocked, AdjustClock(seat=1, remaining_ms=5_000, at_ms=T0 + 1)) == "clock.not_paused"
    state, events = apply(run(clocked, PauseClock(at_ms=T0 + 1)), AdjustClock(seat=1, remaining_ms=5_000,
                                                                               at_ms=T0 + 2))
    assert board(state).clock.remaining_ms[1] == 5_000
    assert events[0].data == {"seat": 1, "before_ms": HOUR, "after_ms": 5_000}


def test_passing_to_the_player_whose_clock_runs_is_refused(clocked):
    assert refused(clocked, PassClock(to_seat=0, at_ms=T0 + 1)) == "clock.already_running"


def test_a_clock_time_before_the_last_one_is_refused(clocked):
    """Stamps only move forward (the service stamps with the server's time)."""
    state = run(clocked, PassClock(to_seat=1, at_ms=T0 + 10_000))
    assert refused(state, PassClock(to_seat=0, at_ms=T0 + 5_000)) == "clock.time_backwards"


def test_a_clock_command_without_its_time_is_refused(clocked):
    """The rules never read a clock: without ``at_ms`` nothing happens."""
    assert refused(clocked, PassClock(to_seat=1)) == "clock.no_time"


def test_time_that_ran_out_cannot_be_passed_on(clocked):
    """When a player's time is gone, the game ends on the clock; the clock is not handed over."""
    assert refused(clocked, PassClock(to_seat=1, at_ms=T0 + HOUR + 1)) == "clock.out_of_time"
    state = end_of_turn(clocked)
    assert refused(state, ScoreTurn(at_ms=T0 + HOUR)) == "clock.out_of_time"


def test_clock_expired_is_checked_against_the_servers_time(clocked):
    """A claim that time ran out is refused while the server's time shows some left, with how much."""
    with pytest.raises(Exception) as refusal:
        apply(clocked, ClockExpired(seat=0, at_ms=T0 + HOUR - 61_000))
    assert refusal.value.code == "clock.not_expired"
    assert "1:01" in refusal.value.message
    assert refused(clocked, ClockExpired(seat=1, at_ms=T0 + HOUR + 5)) == "clock.not_expired"


def test_clock_cannot_start_twice(clocked):
    assert refused(clocked, StartClock(minutes_per_player=30, at_ms=T0 + 1)) == "clock.started"


def test_a_casual_game_may_start_a_clock_in_play():
    """Without the wizard a clock can still be started; the active player's time runs."""
    state = run(new_game(), StartClock(minutes_per_player=0.5, at_ms=T0))
    assert board(state).clock.running == 0 and board(state).clock.remaining_ms == (30_000, 30_000)


def test_clock_commands_wait_for_a_clock():
    assert refused(new_game(), PassClock(to_seat=1, at_ms=T0)) == "clock.not_started"


def test_minutes_are_editable_down_to_a_second():
    """The minutes per player are the players' choice (the reference gives no number); at least a second."""
    assert refused(new_game(), StartClock(minutes_per_player=0.01, at_ms=T0)) == "clock.too_short"
    state = run(new_game(), StartClock(minutes_per_player=0.05, at_ms=T0))
    assert board(state).clock.remaining_ms == (3_000, 3_000)


@pytest.mark.parametrize(("ms", "text"), [(0, "0:00"), (-5, "0:00"), (1, "0:01"), (61_000, "1:01"),
                                          (HOUR + 1_000, "1:00:01")])
def test_times_are_shown_as_a_clock_shows_them(ms, text):
    assert shown(ms) == text
