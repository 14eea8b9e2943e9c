"""How a game ends and its tiebreakers (doc 002 "Game Ending", Steamroller 2019 figures in
/work/shared/reference/README.md).

- Scenario: a lead of 5 control points wins at once; after the second player's 7th turn the most control points
  win (scenario.py). No more scoring.
- Assassination: a side's caster is gone (``Assassinated``, or automatically in a game with a scenario when its
  last warcaster, warlock or infernal master leaves play). Then one final scenario scoring (``FinalScore``): the
  players enter it, leaving out what the assassinated side can no longer score with (inert warjacks, wild
  warbeasts, horrors removed with their master).
- Deathclock in your own turn (``ClockExpired``): an immediate scoring (``FinalScore``) decides; 5 ahead wins on
  scenario, otherwise the caster is destroyed and the game is scored as an assassination.
- Deathclock in the opponent's turn: you lose; scored as an assassination.
- Concession (``Concede``): the other side wins; nothing more is scored.

Tiebreakers in order: the win, control points, army points destroyed (computed here from the state: a unit
below half strength counts half, casters count 5, other models their card's cost), army points in scenario
elements (asked: ``ScenarioElements``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.times import shown
from models.rules.warmachine.clock import ClockExpired, charge, stop, when
from models.rules.warmachine.match import How, ModelState, Result, TurnScore, board, with_board
from models.rules.warmachine.state import REMOVAL_HOOKS, SYSTEM, remove

# Losing the last of these loses the game (doc 002 "Game Ending": warcaster, warlock, infernal master).
ASSASSINATION_ROLES = ("warcaster", "warlock", "infernal_master")
CASTER_POINTS = 5  # Steamroller 2019: casters count 5 army points destroyed
CP_MAX = 50
POINTS_MAX = 1000

Points = Annotated[int, Field(ge=0, le=POINTS_MAX)]
CP = Annotated[int, Field(ge=0, le=CP_MAX)]


class Assassinated(Command):
    """``seat``'s caster has been destroyed or removed from play (any still shown in play is destroyed)."""

    type: Literal["assassinated"] = "assassinated"
    seat: int = Field(ge=0, le=1)
    at_ms: int | None = Field(default=None, ge=0)


class Concede(Command):
    """``seat`` concedes the game."""

    type: Literal["concede"] = "concede"
    seat: int = Field(ge=0, le=1)
    at_ms: int | None = Field(default=None, ge=0)


class FinalScore(Command):
    """The scenario scoring the end of the game calls for (after an assassination, or right after a clock ran
    out in its player's own turn): control points per side, in seat order."""

    type: Literal["final_score"] = "final_score"
    cp: tuple[CP, CP] = (0, 0)


class ScenarioElements(Command):
    """The last tiebreaker, counted at the table: army points of each side in scenario elements."""

    type: Literal["scenario_elements"] = "scenario_elements"
    points: tuple[Points, Points]


# -- army points destroyed ---------------------------------------------------------------------------------

def army_points_destroyed(state: GameState) -> tuple[tuple[float, float], tuple[str, ...]]:
    """Army points each side destroyed of the other's army, and the names of gone models whose cost no card
    gives (left out, never guessed). Only models that began the game count (summoned ones were never in a
    list); a model removed from play counts as destroyed."""
    listed = set(board(state).listed) or {m.id for m in board(state).models}
    took = [0.0, 0.0]
    uncounted: list[str] = []
    units: dict[str, list[ModelState]] = {}
    for m in board(state).models:
        if m.id not in listed:
            continue
        if m.unit is not None:
            units.setdefault(m.unit, []).append(m)
            continue
        if m.in_play:
            continue
        c = board(state).card_of(m)
        if c.role in ASSASSINATION_ROLES:
            took[1 - m.seat] += CASTER_POINTS
        elif c.cost is not None:
            took[1 - m.seat] += c.cost
        else:
            uncounted.append(m.name)
    for members in units.values():
        size, left = len(members), sum(1 for m in members if m.in_play)
        if left * 2 >= size:
            continue
        c = board(state).card_of(members[0])
        cost = c.unit.costs.get(size) if c.unit else None
        if cost is None:
            uncounted.append(f"{c.name} ({size} models)")
            continue
        took[1 - members[0].seat] += cost if left == 0 else cost / 2
    return (took[0], took[1]), tuple(uncounted)


def casters(state: GameState, seat: int) -> list[ModelState]:
    return [m for m in board(state).models if m.seat == seat and m.in_play
            and board(state).card_of(m).role in ASSASSINATION_ROLES]


def _cp(state: GameState) -> tuple[int, int]:
    scenario = board(state).scenario
    return scenario.cp if scenario else (0, 0)


def _scoring_due(state: GameState) -> bool:
    return board(state).scenario is not None and state.phase not in ("setup", "over")


def end(state: GameState, *, winner: int | None, how: How, detail: str, seat: int | None = None,
        at_ms: int | None = None, due: str | None = None, kill: int | None = None,
        why: str = "") -> tuple[GameState, list[Event]]:
    """Stop the clock, set the game over with its result; ``kill`` destroys that side's casters first."""
    round_no, turn = state.round, state.active
    state = stop(state, at_ms)
    state = with_board(state.model_copy(update={"phase": "over", "step": ""}), pending_tithe=())
    events: list[Event] = []
    if kill is not None:
        for m in casters(state, kill):
            state, more = remove(state, m, "destroyed", why)
            events += more
    destroyed, uncounted = army_points_destroyed(state)
    result = Result(winner=winner, how=how, detail=detail, seat=seat, round=round_no, turn=turn, cp=_cp(state),
                    destroyed=destroyed, uncounted=uncounted, due=due)  # type: ignore[arg-type]
    state = with_board(state, result=result)
    events.append(Event(kind="game.over", data={"winner": winner, "how": how, "due": due}, text=detail))
    return state, events


def decide_on_points(state: GameState, cp: tuple[int, int], destroyed: tuple[float, float],
                     elements: tuple[int, int] | None) -> tuple[int | None, str]:
    """The winner of a game that ends without a scenario win or an assassination: control points, then army
    points destroyed, then army points in scenario elements (Steamroller 2019 tiebreakers)."""
    names = state.player_name(0), state.player_name(1)
    for values, what in ((cp, "control points"), (destroyed, "army points destroyed"),
                         (elements, "army points in scenario elements")):
        if values is None:
            return None, ("Level on control points and army points destroyed: enter the army points in scenario "
                          "elements to decide.")
        if values[0] != values[1]:
            w = 0 if values[0] > values[1] else 1
            return w, f"{names[w]} wins with more {what}."
    return None, "Level after every tiebreaker: the organiser decides."


def stamp(state: GameState, at_ms: int | None) -> int | None:
    """The command's time when the game has a running clock (so the clock stops at the right moment)."""
    clock = board(state).clock
    if clock is None or clock.stopped:
        return at_ms
    return when(state, at_ms)


# -- commands ----------------------------------------------------------------------------------------------

@handles(Assassinated, system=SYSTEM, timing="anytime")
def assassinated(state: GameState, cmd: Assassinated) -> tuple[GameState, list[Event]]:
    loser, winner = cmd.seat, 1 - cmd.seat
    at_ms = stamp(state, cmd.at_ms)
    detail = f"{state.player_name(loser)}'s caster is gone: {state.player_name(winner)} wins by assassination."
    return end(state, winner=winner, how="assassination", detail=detail, seat=loser, at_ms=at_ms,
               due="final_score" if _scoring_due(state) else None, kill=loser, why="assassinated")


@handles(Concede, system=SYSTEM, timing="game")
def concede(state: GameState, cmd: Concede) -> tuple[GameState, list[Event]]:
    loser, winner = cmd.seat, 1 - cmd.seat
    at_ms = stamp(state, cmd.at_ms)
    detail = f"{state.player_name(loser)} concedes: {state.player_name(winner)} wins."
    return end(state, winner=winner, how="concession", detail=detail, seat=loser, at_ms=at_ms)


@handles(ClockExpired, system=SYSTEM, timing="game")
def clock_expired(state: GameState, cmd: ClockExpired) -> tuple[GameState, list[Event]]:
    """The server's time must show the clock at zero; then doc 002's two deathclock cases."""
    running = board(state).clock
    if running is None:
        raise RuleViolation("clock.not_started", "There is no clock in this game.")
    at_ms = when(state, cmd.at_ms)
    seat, other = cmd.seat, 1 - cmd.seat
    left = running.left(seat, at_ms)
    if left > 0:
        raise RuleViolation("clock.not_expired",
                            f"{state.player_name(seat)} still has {shown(left)} on the clock.")
    clock = charge(state, at_ms)
    remaining = list(clock.remaining_ms)
    remaining[seat] = max(0, remaining[seat])
    state = with_board(state, clock=clock.model_copy(update={"remaining_ms": tuple(remaining)}))
    name, winner = state.player_name(seat), state.player_name(other)
    own_turn = state.phase != "setup" and state.active == seat
    if own_turn and board(state).scenario is not None:
        detail = (f"{name}'s time ran out during {name}'s own turn: score the scenario now; {name} wins only "
                  "with a lead of 5 or more.")
        return end(state, winner=None, how="deathclock", detail=detail, seat=seat, at_ms=at_ms, due="clock_score")
    whose = "their own turn" if own_turn else f"{winner}'s turn" if state.phase != "setup" else "setup"
    detail = f"{name}'s time ran out during {whose}: {winner} wins."
    return end(state, winner=other, how="deathclock", detail=detail, seat=seat, at_ms=at_ms,
               due="final_score" if _scoring_due(state) else None, kill=seat, why="their player's time ran out")


def _scored(state: GameState, cp: tuple[int, int]) -> tuple[GameState, tuple[int, int]]:
    scenario = board(state).scenario
    assert scenario is not None
    totals = (scenario.cp[0] + cp[0], scenario.cp[1] + cp[1])
    turn = TurnScore(round=state.round, seat=state.active, cp=cp, totals=totals, final=True)
    scenario = scenario.model_copy(update={"cp": totals, "turns": (*scenario.turns, turn)})
    return with_board(state, scenario=scenario), totals


@handles(FinalScore, system=SYSTEM, timing="result")
def final_score(state: GameState, cmd: FinalScore) -> tuple[GameState, list[Event]]:
    result = board(state).result
    if result is None or result.due is None or board(state).scenario is None:
        raise RuleViolation("result.no_scoring_due", "No scenario scoring is due now.")
    names = state.player_name(0), state.player_name(1)
    said = f"{names[0]} {cmd.cp[0]}, {names[1]} {cmd.cp[1]}"
    if result.due == "final_score":
        state, totals = _scored(state, cmd.cp)
        state = with_board(state, result=result.model_copy(update={"cp": totals, "due": None}))
        return state, [Event(kind="score.final", data={"cp": list(cmd.cp), "totals": list(totals)},
                             text=f"Final scoring: {said}. Control points: {totals[0]} to {totals[1]}.")]
    seat = result.seat
    assert seat is not None
    other = 1 - seat
    scenario = board(state).scenario
    assert scenario is not None  # a final score is due only in a scenario game
    trial = (scenario.cp[0] + cmd.cp[0], scenario.cp[1] + cmd.cp[1])
    if trial[seat] - trial[other] >= 5:
        state, totals = _scored(state, cmd.cp)
        detail = (f"{names[seat]}'s time ran out, but the immediate scoring puts {names[seat]} "
                  f"{totals[seat] - totals[other]} ahead: {names[seat]} wins on scenario.")
        state = with_board(state, result=result.model_copy(update={
            "winner": seat, "how": "scenario", "detail": detail, "cp": totals, "due": None}))
        return state, [Event(kind="game.over", data={"winner": seat, "how": "scenario"}, text=detail)]
    events = [Event(kind="score.not_enough", data={"cp": list(cmd.cp)},
                    text=f"Immediate scoring: {said}; not a lead of 5, so it does not count.")]
    for m in casters(state, seat):
        state, more = remove(state, m, "destroyed", "their player's time ran out")
        events += more
    destroyed, uncounted = army_points_destroyed(state)
    detail = (f"{names[seat]}'s time ran out during {names[seat]}'s own turn: {names[other]} wins. "
              "Score the scenario as after an assassination.")
    state = with_board(state, result=result.model_copy(update={
        "winner": other, "detail": detail, "destroyed": destroyed, "uncounted": uncounted,
        "due": "final_score"}))
    events.append(Event(kind="game.over", data={"winner": other, "how": "deathclock"}, text=detail))
    return state, events


@handles(ScenarioElements, system=SYSTEM, timing="result")
def scenario_elements(state: GameState, cmd: ScenarioElements) -> tuple[GameState, list[Event]]:
    result = board(state).result
    assert result is not None  # a game over has its result
    if result.due is not None:
        raise RuleViolation("result.scoring_due", "Enter the scenario scoring first.")
    update: dict[str, object] = {"elements": cmd.points}
    events: list[Event] = []
    if result.how == "scenario" and result.winner is None:
        winner, detail = decide_on_points(state, result.cp, result.destroyed, cmd.points)
        update.update(winner=winner, detail=detail)
        events.append(Event(kind="game.over", data={"winner": winner, "how": "scenario"}, text=detail))
    names = state.player_name(0), state.player_name(1)
    state = with_board(state, result=result.model_copy(update=update))
    return state, [Event(kind="result.elements", data={"points": list(cmd.points)},
                         text=f"Army points in scenario elements: {names[0]} {cmd.points[0]}, "
                              f"{names[1]} {cmd.points[1]}."), *events]


# -- automatic assassination -------------------------------------------------------------------------------

def _on_removed(state: GameState, m: ModelState) -> tuple[GameState, list[Event]]:
    """In a game with a scenario, losing the last caster ends the game by assassination."""
    if not _scoring_due(state) or board(state).result is not None:
        return state, []
    if board(state).card_of(m).role not in ASSASSINATION_ROLES or casters(state, m.seat):
        return state, []
    loser, winner = m.seat, 1 - m.seat
    detail = f"{state.player_name(loser)}'s caster is gone: {state.player_name(winner)} wins by assassination."
    return end(state, winner=winner, how="assassination", detail=detail, seat=loser, due="final_score")


REMOVAL_HOOKS.append(_on_removed)

