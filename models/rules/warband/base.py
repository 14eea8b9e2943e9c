"""Shared pieces of the warband rules: registering a command behind the turn's gate, finding units, replacing
the board, and the checks every rule makes on the players' input."""

from __future__ import annotations

from collections.abc import Callable

from models.rules.core import Command, Event, GameState, Handler, RuleViolation, handles
from models.rules.text import clean_text as clean_typed
from models.rules.warband.state import SYSTEM, WarbandBoard, WarbandUnit, board
from models.rules.warband.steps import gate

NAME_MAX = 40
TITLE_MAX = 60
TEXT_MAX = 200
ROLL_MAX = 100  # a typed check roll is kept as the player's number; this only bounds bad input


def rule(cls: type[Command]) -> Callable[[Handler], Handler]:
    """Register a warband handler behind the gate: a game not set up, over, or at another step refuses first."""

    def register(fn: Handler) -> Handler:
        def gated(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
            gate(state, command.type)
            return fn(state, command)

        handles(cls, system=SYSTEM)(gated)
        return fn

    return register


def unit(state: GameState, unit_id: str) -> WarbandUnit:
    found = board(state).unit(unit_id)
    if found is None:
        raise RuleViolation("unit.unknown", f"There is no unit {unit_id!r} in this game.")
    return found


def live_unit(state: GameState, unit_id: str) -> WarbandUnit:
    u = unit(state, unit_id)
    if u.presence == "incapacitated":
        raise RuleViolation("unit.incapacitated", f"{u.name} is incapacitated.")
    if not u.in_play:
        raise RuleViolation("unit.gone", f"{u.name} has left the table.")
    return u


def with_units(state: GameState, *changed: WarbandUnit, **board_update: object) -> GameState:
    """A new state with ``changed`` units replaced (and other board fields set)."""
    b = board(state)
    by_id = {u.id: u for u in changed}
    units = tuple(by_id.get(u.id, u) for u in b.units)
    return state.model_copy(update={"board": b.model_copy(update={"units": units, **board_update})})


def with_board(state: GameState, **update: object) -> GameState:
    return state.model_copy(update={"board": board(state).model_copy(update=update)})


def clean_text(text: str, what: str, limit: int, *, empty_ok: bool = False) -> str:
    """Typed text tidied by the one helper for all systems; this system's refusals are coded ``text.*``."""
    return clean_typed(text, what, limit, empty_ok=empty_ok, code="text")


def check_roll(roll: int | None, what: str) -> None:
    """A typed roll is optional; when given it must be a plausible whole number."""
    if roll is not None and not 1 <= roll <= ROLL_MAX:
        raise RuleViolation("roll.range", f"The {what} roll must be a whole number from 1 to {ROLL_MAX}.")


def check_words(passed: bool, roll: int | None) -> str:
    """'passed (rolled 7)' for the log: the roll is the players' number, the verdict theirs too."""
    verdict = "passed" if passed else "failed"
    return f"{verdict} (rolled {roll})" if roll is not None else verdict


def unable(u: WarbandUnit, doing: str, *, dazed_too: bool = False) -> RuleViolation | None:
    """Why ``u``'s condition keeps it from ``doing`` (None: it does not). Doc 004, "Recover Step": a Stunned
    unit can do nothing at all; a Dazed unit is like a Stunned one except that it may move at half speed."""
    if u.condition == "stunned" or (dazed_too and u.condition == "dazed"):
        word = u.condition.capitalize()
        return RuleViolation(f"unit.{u.condition}", f"{u.name} is {word}: it cannot {doing}.")
    return None


def cannot_pick_up(u: WarbandUnit) -> RuleViolation | None:
    """Why ``u`` may not take a treasure token (None: it may): doc 004, "Treasure Step"; a Stunned unit does
    nothing ("Recover Step"), in the Treasure step and in the grab after a rout alike."""
    if not u.in_play:
        return RuleViolation("unit.gone", f"{u.name} is not on the table.")
    stunned = unable(u, "pick up treasure")
    if stunned is not None:
        return stunned
    if not u.can_carry:
        return RuleViolation("treasure.cannot_carry", f"{u.name} cannot carry treasure.")
    if u.carrying:
        return RuleViolation("treasure.already_carrying",
                             f"{u.name} already carries a treasure token; a unit carries one at most.")
    return None


def lost(b: WarbandBoard, seat: int) -> int:
    """Units a warband has lost: its incapacitated units (doc 004, "Rout Step")."""
    return sum(1 for u in b.side(seat) if u.presence == "incapacitated")


def held(b: WarbandBoard, seat: int) -> int:
    """Treasure tokens held by ``seat``'s units on the table."""
    return sum(1 for u in b.side(seat) if u.in_play and u.carrying)


def rout_morale(b: WarbandBoard, seat: int) -> WarbandUnit | None:
    """The hero whose Morale a rout check uses: the highest Morale among heroes not incapacitated."""
    heroes = [u for u in b.side(seat) if u.hero and u.in_play and u.morale is not None]
    return max(heroes, key=lambda u: u.morale or 0, default=None)
