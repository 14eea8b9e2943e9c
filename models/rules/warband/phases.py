"""The warband turn as data (doc 004, "Upkeep Phase"): the upkeep's steps in order, what each allows, the hook
run on entering it and the check run before leaving it; then the rest of the turn, which the app only records.

Doc 004 announces "four steps" and then lists five (Neutrals, Rout, Recover, Treasure, Ongoing Spells): the app
follows the list. A step whose hook finds nothing for the players to do says so in the log and the turn moves
straight on; a step that needs the players holds the turn until they tap Next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.steps import Hold, Phase, Step, StepTable
from models.rules.warband.state import SYSTEM, board

# A hook returns the new state, its log lines, and whether the step holds the turn for the players.
Hook = Callable[[GameState], tuple[GameState, list[Event], bool]]

UPKEEP: tuple[Step, ...] = (
    Step("neutrals", "Neutrals"),
    Step("rout", "Rout", ("warband_rout_check", "warband_voluntary_rout")),
    Step("recover", "Recover"),
    Step("treasure", "Treasure", ("warband_pick_up",)),
    Step("spells", "Ongoing spells", ("warband_spell_check",)),
)
PLAY = Step("play", "Rest of the turn", ("warband_start_spell",))
PHASES = (Phase("upkeep", "Upkeep", UPKEEP), Phase("play", "Rest of the turn", (PLAY,)))
GRAB = frozenset({"warband_grab_nearby", "warband_grab_attempt"})


def _grab_on(state: GameState) -> RuleViolation | None:
    if state.phase != "grab":
        return None
    return RuleViolation("grab.in_progress", "Finish the treasure grab after the rout first.")


def _where(phase: Phase, step: Step) -> str:
    return f"the {step.label} step" if phase.key == "upkeep" else "the rest of the turn"


# While the treasure grab after a rout goes on, only its own commands pass, and they pass only then.
TURN: StepTable[Hook] = StepTable(SYSTEM, PHASES, holds=(Hold(_grab_on, GRAB, own=GRAB, off=(
    "grab.none", "There is no treasure grab going on: no warband has routed.")),), where=_where)
on_enter = TURN.on_enter
before_leaving = TURN.before_leaving


def step_of(key: str) -> Step:
    return PLAY if key == PLAY.key else next(s for s in UPKEEP if s.key == key)


def label(state: GameState) -> str:
    """The turn bar's words for where the game is."""
    if state.phase == "over":
        return "Game over"
    if state.phase == "grab":
        return "Treasure grab after the rout"
    if state.phase == "play":
        return PLAY.label
    return f"Upkeep: {step_of(state.step).label}"


def start_turn(state: GameState, seat: int, round_no: int) -> tuple[GameState, list[Event]]:
    """Hand the table to ``seat``: clear the marks of the last turn and run the upkeep from its first step."""
    cleared = board(state).model_copy(update={"rout": "", "spells_checked": ()})
    state = state.model_copy(update={"active": seat, "round": round_no, "board": cleared})
    events = [Event(kind="turn.start", text=f"Round {round_no}: {state.player_name(seat)}'s turn begins.")]
    state, more = _run_from(state, 0)
    return state, events + more


def _run_from(state: GameState, index: int) -> tuple[GameState, list[Event]]:
    """Enter the upkeep steps from ``index`` on, stopping at the first that holds the turn (or ends the game)."""
    events: list[Event] = []
    for step in UPKEEP[index:]:
        state = state.model_copy(update={"phase": "upkeep", "step": step.key})
        hooks = TURN.enter.get(("upkeep", step.key), [])
        if not hooks:
            return state, events
        for hook in hooks:
            state, more, hold = hook(state)
            events += more
            if hold or state.phase != "upkeep":
                return state, events
    state = state.model_copy(update={"phase": "play", "step": PLAY.key})
    events.append(Event(kind="phase.play", text=f"Upkeep done: the rest of {state.player_name(state.active)}'s "
                                                "turn. Record what happens; tap Next to hand over."))
    return state, events


def advance(state: GameState) -> tuple[GameState, list[Event]]:
    """Leave the current step (its check may refuse); after the rest of the turn, the other player's turn."""
    if state.phase == "upkeep":
        TURN.check_leaving(state)
        index = [s.key for s in UPKEEP].index(state.step)
        return _run_from(state, index + 1)
    nxt = 1 - state.active
    return start_turn(state, nxt, state.round + 1 if nxt == state.first else state.round)


class Next(Command):
    """Moves the turn on: the next upkeep step, the rest of the turn, or the other player's turn."""

    type: Literal["warband_next"] = "warband_next"


@handles(Next, system=SYSTEM, timing="anytime")
def next_step(state: GameState, cmd: Next) -> tuple[GameState, list[Event]]:
    return advance(state)
