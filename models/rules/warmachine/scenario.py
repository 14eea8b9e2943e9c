"""Scenario scoring at the end of each turn (Steamroller 2019 figures in /work/shared/reference/README.md;
doc 002 "Game Ending").

In a game set up with the wizard, a turn ends with ``ScoreTurn``: the control points each side scored this
turn (the players count them at the table), and whether a caster ended the turn in its kill box (completely
within 12" of its own table edge; from the first player's second turn on, that gives the opponent 2 control
points; the app asks, it cannot see the table). A lead of 5 control points wins at once; the game ends after
the second player's 7th turn. Otherwise the clock goes to the next player and their turn begins.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.clock import charge, hand_over, out_of_time
from models.rules.warmachine.ending import army_points_destroyed, decide_on_points, end, stamp
from models.rules.warmachine.match import TurnScore, board, with_board
from models.rules.warmachine.phases import advance, before_leaving, turn_steps
from models.rules.warmachine.state import SYSTEM
from models.rules.warmachine.tithe import tithe_decided

KILLBOX_CP = 2
WINNING_LEAD = 5
LAST_ROUND = 7
CP_MAX = 20

CP = Annotated[int, Field(ge=0, le=CP_MAX)]


class ScoreTurn(Command):
    """The end of a turn in a scenario game: control points scored (seat order), kill boxes, hand-over."""

    type: Literal["score_turn"] = "score_turn"
    cp: tuple[CP, CP] = (0, 0)
    killbox: tuple[bool, bool] = (False, False)
    at_ms: int | None = Field(default=None, ge=0)


def last_step(state: GameState) -> bool:
    """Whether the turn is at its last step (the next move ends it)."""
    steps = turn_steps(state)
    return bool(steps) and (state.phase, state.step) == (steps[-1][0].key, steps[-1][1].key)


def scoring_now(state: GameState) -> bool:
    """A scenario game at the end of a turn: the turn ends by scoring it."""
    return board(state).scenario is not None and board(state).result is None and last_step(state)


def scored(state: GameState) -> bool:
    """Whether the turn in progress has its score (``ScoreTurn`` records it, then moves the turn on)."""
    scenario = board(state).scenario
    turns = scenario.turns if scenario is not None else ()
    return bool(turns) and (turns[-1].round, turns[-1].seat) == (state.round, state.active)


@before_leaving("end", "tithe")
def require_scoring(state: GameState) -> None:
    """Ending a turn of a scenario game without scoring it is refused (so the turn waits at its last step for
    the score); the tithe is decided before the score is asked for (its check is on this step before this one)."""
    tithe_decided(state)
    if scoring_now(state) and not scored(state):
        raise RuleViolation("score.pending", "Score the scenario to end the turn (0 when nobody scored).")


@handles(ScoreTurn, system=SYSTEM, timing="anytime")
def score_turn(state: GameState, cmd: ScoreTurn) -> tuple[GameState, list[Event]]:
    scenario = board(state).scenario
    if scenario is None:
        raise RuleViolation("score.no_scenario", "This game has no scenario to score: it was set up without "
                                                 "the setup wizard.")
    if not last_step(state):
        raise RuleViolation("score.not_end", "Score at the end of the turn: finish the turn's steps first.")
    if any(cmd.killbox) and state.round < 2:
        raise RuleViolation("score.killbox_early", "The kill box counts from the first player's second turn on.")
    at_ms = stamp(state, cmd.at_ms)
    clock = board(state).clock
    if at_ms is not None and clock is not None and not clock.stopped:
        out_of_time(state, charge(state, at_ms))
    names = state.player_name(0), state.player_name(1)
    gained = (cmd.cp[0] + KILLBOX_CP * cmd.killbox[1], cmd.cp[1] + KILLBOX_CP * cmd.killbox[0])
    totals = (scenario.cp[0] + gained[0], scenario.cp[1] + gained[1])
    turn = TurnScore(round=state.round, seat=state.active, cp=gained, killbox=cmd.killbox, totals=totals)
    state = with_board(state, scenario=scenario.model_copy(update={"cp": totals, "turns": (*scenario.turns, turn)}))
    boxes = [f"{names[s]}'s caster is in the kill box: {names[1 - s]} scores {KILLBOX_CP}"
             for s in (0, 1) if cmd.killbox[s]]
    text = f"Scenario, round {state.round}: {names[0]} {gained[0]}, {names[1]} {gained[1]} " \
           f"(totals {totals[0]} to {totals[1]})."
    if boxes:
        text += " " + "; ".join(boxes) + "."
    events = [Event(kind="score.turn", text=text, data={
        "round": state.round, "seat": state.active, "cp": list(gained), "killbox": list(cmd.killbox),
        "totals": list(totals)})]
    lead = totals[0] - totals[1]
    if abs(lead) >= WINNING_LEAD:
        winner = 0 if lead > 0 else 1
        detail = f"{names[winner]} leads by {abs(lead)} control points: {names[winner]} wins on scenario."
        state, more = end(state, winner=winner, how="scenario", detail=detail, at_ms=at_ms)
        return state, events + more
    if state.round >= LAST_ROUND and state.active != state.first:
        destroyed, _ = army_points_destroyed(state)
        on_points, why = decide_on_points(state, totals, destroyed, None)
        detail = f"The game ends after {names[state.active]}'s turn {state.round}. {why}"
        state, more = end(state, winner=on_points, how="scenario", detail=detail, at_ms=at_ms)
        return state, events + more
    state = hand_over(state, at_ms, 1 - state.active)
    state, more = advance(state)
    return state, events + more
