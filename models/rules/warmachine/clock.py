"""The deathclock: a chess clock per player (doc 002 "Game Setup": start the clock; "Game Ending": a clock
that runs out in your own turn or in the opponent's).

The rules never read a clock. Every command that touches the clock carries ``at_ms``, the server's time in
milliseconds, stamped by the service when the command arrives (GameService.now_ms); the log keeps it, so a
replay gives exactly the same times. A stamp may not go back before the clock's latest one.

The clock can be handed to the opponent during your turn (a free strike, damage they mark, a countercharge)
and back, paused for a judge call, and corrected by the judge while paused. The minutes per player are the
players' (or their event's) choice: the reference gives no figure, so the app does not invent one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.text import tidy
from models.rules.times import shown
from models.rules.warmachine.match import PREGAME_LABELS, ClockState, TurnClock, board, with_board
from models.rules.warmachine.state import SYSTEM

MAX_MINUTES = 600
REASON_MAX = 60


class StartClock(Command):
    """Start both clocks with ``minutes_per_player`` each; the first player's time runs. An event game has its
    minutes fixed by the event (``clock.event_minutes`` for others), and either seat may start it."""

    type: Literal["start_clock"] = "start_clock"
    minutes_per_player: float = Field(gt=0, le=MAX_MINUTES)
    at_ms: int | None = Field(default=None, ge=0)


class PassClock(Command):
    """Stop the running clock and start ``to_seat``'s (the end of a turn, a free strike, and back)."""

    type: Literal["pass_clock"] = "pass_clock"
    to_seat: int = Field(ge=0, le=1)
    at_ms: int | None = Field(default=None, ge=0)


class PauseClock(Command):
    """Stop both clocks for a judge call (or anything the players agree on)."""

    type: Literal["pause_clock"] = "pause_clock"
    reason: str = Field(default="Judge call", max_length=REASON_MAX)
    at_ms: int | None = Field(default=None, ge=0)


class ResumeClock(Command):
    """Start the paused clock again, for the player whose time was running."""

    type: Literal["resume_clock"] = "resume_clock"
    at_ms: int | None = Field(default=None, ge=0)


class AdjustClock(Command):
    """A judge sets a player's remaining time while the clock is paused."""

    type: Literal["adjust_clock"] = "adjust_clock"
    seat: int = Field(ge=0, le=1)
    remaining_ms: int = Field(ge=0, le=MAX_MINUTES * 60_000)
    at_ms: int | None = Field(default=None, ge=0)


class ClockExpired(Command):
    """``seat``'s time has run out (checked against the server's time); the game ends (ending.py)."""

    type: Literal["clock_expired"] = "clock_expired"
    seat: int = Field(ge=0, le=1)
    at_ms: int | None = Field(default=None, ge=0)


def clock_of(state: GameState) -> ClockState:
    clock = board(state).clock
    if clock is None:
        raise RuleViolation("clock.not_started", "There is no clock in this game yet.")
    return clock


def when(state: GameState, at_ms: int | None) -> int:
    """The command's server time, checked against the clock's latest stamp."""
    if at_ms is None:
        raise RuleViolation("clock.no_time", "A clock action needs the time it happened (the server adds it).")
    clock = board(state).clock
    if clock is not None and at_ms < clock.last_ms:
        raise RuleViolation("clock.time_backwards", "That time is earlier than the clock's last action.")
    return at_ms


def charge(state: GameState, at_ms: int) -> ClockState:
    """The clock with the time since it last started taken off the running player, and counted in this
    turn's use (round 0 is setup and deployment)."""
    clock = board(state).clock
    assert clock is not None
    seat = clock.ticking
    if seat is None or clock.since is None:
        return clock.model_copy(update={"last_ms": max(clock.last_ms, at_ms)})
    used = max(0, at_ms - clock.since)
    remaining = list(clock.remaining_ms)
    remaining[seat] -= used
    turns = list(clock.turns)
    if not turns or (turns[-1].round, turns[-1].seat) != (state.round, state.active):
        turns.append(TurnClock(round=state.round, seat=state.active))
    spent = list(turns[-1].used_ms)
    spent[seat] += used
    turns[-1] = turns[-1].model_copy(update={"used_ms": (spent[0], spent[1])})
    return clock.model_copy(update={"remaining_ms": (remaining[0], remaining[1]), "since": at_ms,
                                    "last_ms": at_ms, "turns": tuple(turns)})


def out_of_time(state: GameState, clock: ClockState) -> None:
    """Refuse to carry on for a player whose time ran out: the game ends on the clock instead."""
    seat = clock.ticking
    if seat is not None and clock.remaining_ms[seat] <= 0:
        raise RuleViolation("clock.out_of_time",
                            f"{state.player_name(seat)}'s time has run out: end the game on the clock.")


def hand_over(state: GameState, at_ms: int | None, to_seat: int) -> GameState:
    """The end of a turn, or the clock passed in it: the outgoing time is charged and ``to_seat``'s clock runs
    (a paused clock stays paused and will resume for ``to_seat``). Without a clock the state is unchanged."""
    running = board(state).clock
    if running is None or running.stopped:
        return state
    clock = charge(state, when(state, at_ms))
    out_of_time(state, clock)
    since = None if clock.paused else at_ms
    return with_board(state, clock=clock.model_copy(update={"running": to_seat, "since": since}))


def stop(state: GameState, at_ms: int | None) -> GameState:
    """Stop the clock for good (the game is over); without a time it stops at its last stamp."""
    clock = board(state).clock
    if clock is None or clock.stopped:
        return state
    clock = charge(state, at_ms) if at_ms is not None and at_ms >= clock.last_ms else clock
    return with_board(state, clock=clock.model_copy(update={"stopped": True, "since": None}))


@handles(StartClock, system=SYSTEM, timing="game")
def start_clock(state: GameState, cmd: StartClock) -> tuple[GameState, list[Event]]:
    if board(state).clock is not None:
        raise RuleViolation("clock.started", "The clock has already been started.")
    at_ms = when(state, cmd.at_ms)
    pregame = board(state).pregame
    if state.phase == "setup":
        if pregame is None or pregame.step != "clock":
            step = PREGAME_LABELS.get(pregame.step if pregame else "", "setting up").lower()
            raise RuleViolation("pregame.step", f"Setup is at another step now: {step}.")
        seat = state.first
    else:
        seat = state.active
    fixed = pregame.clock_minutes if pregame is not None else None
    if fixed is not None and cmd.minutes_per_player != fixed:
        raise RuleViolation("clock.event_minutes", f"This event gives each player {fixed:g} minutes.")
    ms = round(cmd.minutes_per_player * 60_000)
    if ms < 1000:
        raise RuleViolation("clock.too_short", "Give each player at least one second.")
    clock = ClockState(minutes=cmd.minutes_per_player, remaining_ms=(ms, ms), running=seat, since=at_ms,
                       last_ms=at_ms)
    state = with_board(state, clock=clock)
    events = [Event(kind="clock.started", data={"minutes": cmd.minutes_per_player, "seat": seat, "at_ms": at_ms},
                    text=f"The clock starts: {shown(ms)} for each player; {state.player_name(seat)}'s time runs.")]
    if state.phase == "setup" and pregame is not None:
        state = with_board(state, pregame=pregame.model_copy(update={"step": "before"}))
        events.append(Event(kind="pregame.step", data={"step": "before"},
                            text=f"Next: {PREGAME_LABELS['before'].lower()}."))
    return state, events


def _clock_at(state: GameState, at_ms: int | None, paused: bool, refusal: str) -> tuple[ClockState, int]:
    """The clock and the command's time, refused (``refusal`` says why) unless the clock is ``paused`` or not:
    passing and pausing need it running and not stopped, resuming and a judge's correction need a pause."""
    clock = clock_of(state)
    at = when(state, at_ms)
    if paused and not clock.paused:
        raise RuleViolation("clock.not_paused", refusal)
    if not paused and clock.paused:
        raise RuleViolation("clock.paused", refusal)
    if not paused and clock.stopped:
        raise RuleViolation("clock.stopped", "The clock has stopped.")
    return clock, at


@handles(PassClock, system=SYSTEM, timing="game")
def pass_clock(state: GameState, cmd: PassClock) -> tuple[GameState, list[Event]]:
    clock, at_ms = _clock_at(state, cmd.at_ms, False, "The clock is paused: resume it first.")
    if clock.running == cmd.to_seat:
        raise RuleViolation("clock.already_running", f"{state.player_name(cmd.to_seat)}'s clock is already running.")
    state = hand_over(state, at_ms, cmd.to_seat)
    clock = clock_of(state)
    left = shown(clock.remaining_ms[cmd.to_seat])
    return state, [Event(
        kind="clock.passed", data={"to": cmd.to_seat, "at_ms": at_ms, "remaining_ms": list(clock.remaining_ms)},
        text=f"The clock goes to {state.player_name(cmd.to_seat)} ({left} left).")]


@handles(PauseClock, system=SYSTEM, timing="game")
def pause_clock(state: GameState, cmd: PauseClock) -> tuple[GameState, list[Event]]:
    _, at_ms = _clock_at(state, cmd.at_ms, False, "The clock is already paused.")
    reason = tidy(cmd.reason) or "Judge call"
    clock = charge(state, at_ms).model_copy(update={"paused": True, "since": None, "reason": reason})
    return with_board(state, clock=clock), [Event(
        kind="clock.paused", data={"at_ms": at_ms, "reason": reason}, text=f"The clock is paused: {reason}.")]


@handles(ResumeClock, system=SYSTEM, timing="game")
def resume_clock(state: GameState, cmd: ResumeClock) -> tuple[GameState, list[Event]]:
    clock, at_ms = _clock_at(state, cmd.at_ms, True, "The clock is not paused.")
    clock = clock.model_copy(update={"paused": False, "reason": "", "since": at_ms, "last_ms": at_ms})
    seat = clock.running if clock.running is not None else state.active
    return with_board(state, clock=clock), [Event(
        kind="clock.resumed", data={"at_ms": at_ms},
        text=f"The clock runs again for {state.player_name(seat)}.")]


@handles(AdjustClock, system=SYSTEM, timing="game")
def adjust_clock(state: GameState, cmd: AdjustClock) -> tuple[GameState, list[Event]]:
    clock, at_ms = _clock_at(state, cmd.at_ms, True, "Pause the clock before changing a player's time.")
    remaining = list(clock.remaining_ms)
    before = remaining[cmd.seat]
    remaining[cmd.seat] = cmd.remaining_ms
    clock = clock.model_copy(update={"remaining_ms": (remaining[0], remaining[1]), "last_ms": at_ms})
    return with_board(state, clock=clock), [Event(
        kind="clock.adjusted", data={"seat": cmd.seat, "before_ms": before, "after_ms": cmd.remaining_ms},
        text=f"{state.player_name(cmd.seat)}'s clock is set to {shown(cmd.remaining_ms)} "
             f"(it showed {shown(before)}).")]
