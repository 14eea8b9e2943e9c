"""The warband turn as data (doc 004, "Upkeep Phase"): the upkeep's steps in order, what each allows, the hook
run on entering it and the check run before leaving it; then the rest of the turn, which the app only records.

Doc 004 announces "four steps" and then lists five (Neutrals, Rout, Recover, Treasure, Ongoing Spells): the app
follows the list. A step whose hook finds nothing for the players to do says so in the log and the turn moves
straight on; a step that needs the players holds the turn until they tap Next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from models.rules.core import Command, Event, GameState, Handler, RuleViolation, handles
from models.rules.warband.state import SYSTEM, board

# A hook returns the new state, its log lines, and whether the step holds the turn for the players.
Hook = Callable[[GameState], tuple[GameState, list[Event], bool]]
LeaveCheck = Callable[[GameState], None]


@dataclass(frozen=True)
class Step:
    key: str
    label: str
    allows: tuple[str, ...] = ()


UPKEEP: tuple[Step, ...] = (
    Step("neutrals", "Neutrals", ("warband_neutrals_gone",)),
    Step("rout", "Rout", ("warband_rout_check", "warband_voluntary_rout")),
    Step("recover", "Recover"),
    Step("treasure", "Treasure", ("warband_pick_up",)),
    Step("spells", "Ongoing spells", ("warband_spell_check",)),
)
PLAY = Step("play", "Rest of the turn", ("warband_start_spell",))
# What the table records whenever it happens, in the upkeep or in the rest of the turn.
ANY_TIME = frozenset({
    "warband_next", "warband_condition", "warband_incapacitate", "warband_drop_treasure", "warband_end_spell",
    "warband_neutrals_gone",
})
GRAB = frozenset({"warband_grab_nearby", "warband_grab_attempt"})

ENTER: dict[str, Hook] = {}
LEAVE: dict[str, LeaveCheck] = {}


def on_enter(step: str) -> Callable[[Hook], Hook]:
    """Register the automatic work of an upkeep step (one hook per step)."""

    def register(fn: Hook) -> Hook:
        ENTER[step] = fn
        return fn

    return register


def before_leaving(step: str) -> Callable[[LeaveCheck], LeaveCheck]:
    """Register what must be settled before the turn leaves ``step`` (raises RuleViolation to hold it)."""

    def register(fn: LeaveCheck) -> LeaveCheck:
        LEAVE[step] = fn
        return fn

    return register


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
        hook = ENTER.get(step.key)
        if hook is None:
            return state, events
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
        check = LEAVE.get(state.step)
        if check is not None:
            check(state)
        index = [s.key for s in UPKEEP].index(state.step)
        return _run_from(state, index + 1)
    if state.phase == "grab":
        raise RuleViolation("grab.in_progress", "Finish the treasure grab after the rout first.")
    nxt = 1 - state.active
    return start_turn(state, nxt, state.round + 1 if nxt == state.first else state.round)


def gate(state: GameState, command_type: str) -> None:
    """Refuse a command that does not fit this moment of the game (nothing changes)."""
    board(state)
    if state.phase == "over":
        raise RuleViolation("game.over", "The game is over; nothing more can be done in it.")
    if state.phase == "grab":
        if command_type not in GRAB:
            raise RuleViolation("grab.in_progress", "Finish the treasure grab after the rout first.")
        return
    if command_type in GRAB:
        raise RuleViolation("grab.none", "There is no treasure grab going on: no warband has routed.")
    if command_type in ANY_TIME:
        return
    here = step_of(state.step)
    if command_type in here.allows:
        return
    home = next((s for s in (*UPKEEP, PLAY) if command_type in s.allows), None)
    if home is None:
        raise RuleViolation("step.never", "That cannot be done at this point of the game.")
    where = f"the {home.label} step" if home in UPKEEP else "the rest of the turn"
    raise RuleViolation("step.wrong", f"That is done in {where}; it is now {label(state).lower()}.")


def rule(cls: type[Command]) -> Callable[[Handler], Handler]:
    """Register a warband handler behind the gate: a game not set up, over, or at another step refuses first."""

    def register(fn: Handler) -> Handler:
        def gated(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
            gate(state, command.type)
            return fn(state, command)

        handles(cls, system=SYSTEM)(gated)
        return fn

    return register


class Next(Command):
    """Moves the turn on: the next upkeep step, the rest of the turn, or the other player's turn."""

    type: Literal["warband_next"] = "warband_next"


@rule(Next)
def next_step(state: GameState, cmd: Next) -> tuple[GameState, list[Event]]:
    return advance(state)
