"""The warband game's board, registered with the core (doc 004, "Upkeep Phase"): units, treasure tokens,
triggered events, the marks of the turn in progress and the treasure grab after a rout; then what every rule
reads of it (finding units, replacing the board) and the checks every rule makes on the players' input.
"""

from __future__ import annotations

from typing import Literal

from models.catalog.schema import Frozen
from models.rules.core import Board, GameState, RuleViolation

SYSTEM = "warband"
NAME_MAX = 40
TITLE_MAX = 60
TEXT_MAX = 200
ROLL_MAX = 100  # a typed check roll is kept as the player's number; this only bounds bad input

Condition = Literal["normal", "staggered", "dazed", "stunned"]
Presence = Literal["in_play", "incapacitated", "routed"]
RoutHow = Literal["", "failed_check", "voluntary"]
GrabTurn = Literal["where", "winner_auto", "winner_check", "loser_check"]


class WarbandUnit(Frozen):
    """One unit of a warband. Only heroes have a Morale stat here (the players type it at setup)."""

    id: str
    name: str
    seat: int
    hero: bool = False
    morale: int | None = None
    caster: bool = False
    can_carry: bool = True
    condition: Condition = "normal"
    presence: Presence = "in_play"
    carrying: bool = False
    spells: tuple[str, ...] = ()

    @property
    def in_play(self) -> bool:
        return self.presence == "in_play"


class TriggeredEvent(Frozen):
    """An event revealed under a treasure token: who triggered it, the d20 and what the campaign sheet says."""

    seat: int
    roll: int
    text: str = ""
    neutrals_on_board: bool = True


class Grab(Frozen):
    """The treasure grab after a rout, one token at a time: ``token`` of ``tokens``, whether each side has a unit
    within 5" (``winner_near``, ``loser_near``) once answered, and whose attempt comes next."""

    winner: int
    loser: int
    tokens: int
    token: int = 1
    turn: GrabTurn = "where"
    winner_near: bool = False
    loser_near: bool = False


class WarbandBoard(Board):
    """Everything of a warband game that is not the turn itself (GameState keeps round, active, phase and step).

    ``treasures`` counts the tokens lying on the table; ``hidden_events`` the event tokens still under them when
    the players said how many there are (None: not told). ``rout`` and ``spells_checked`` are marks of the turn in
    progress, cleared when a turn begins. ``winner``, ``routed`` and ``rout_how`` (a failed rout check or a
    voluntary rout) say how the game ended."""

    units: tuple[WarbandUnit, ...] = ()
    treasures: int = 0
    hidden_events: int | None = None
    events: tuple[TriggeredEvent, ...] = ()
    rout: Literal["", "due", "passed"] = ""
    spells_checked: tuple[tuple[str, str], ...] = ()
    grab: Grab | None = None
    winner: int | None = None
    routed: int | None = None
    rout_how: RoutHow = ""

    def unit(self, unit_id: str) -> WarbandUnit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def side(self, seat: int) -> tuple[WarbandUnit, ...]:
        return tuple(u for u in self.units if u.seat == seat)



def board(state: GameState) -> WarbandBoard:
    """The board of a set-up warband game (every command but the setup needs one)."""
    if not isinstance(state.board, WarbandBoard) or state.system != SYSTEM:
        raise RuleViolation("game.not_set_up", "Set the game up first.")
    return state.board



def unit(state: GameState, unit_id: str) -> WarbandUnit:
    found = board(state).unit(unit_id)
    if found is None:
        raise RuleViolation("model.unknown", f"There is no unit {unit_id!r} in this game.")
    return found


def live_unit(state: GameState, unit_id: str) -> WarbandUnit:
    u = unit(state, unit_id)
    if u.presence == "incapacitated":
        raise RuleViolation("unit.incapacitated", f"{u.name} is incapacitated.")
    if not u.in_play:
        raise RuleViolation("model.not_in_play", f"{u.name} has left the table.")
    return u


def with_units(state: GameState, *changed: WarbandUnit, **board_update: object) -> GameState:
    """A new state with ``changed`` units replaced (and other board fields set)."""
    b = board(state)
    by_id = {u.id: u for u in changed}
    units = tuple(by_id.get(u.id, u) for u in b.units)
    return state.model_copy(update={"board": b.model_copy(update={"units": units, **board_update})})


def with_board(state: GameState, **update: object) -> GameState:
    return state.model_copy(update={"board": board(state).model_copy(update=update)})


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
        return RuleViolation("model.not_in_play", f"{u.name} is not on the table.")
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


def carried_off(b: WarbandBoard, seat: int) -> int:
    """Treasure tokens ``seat``'s warband holds at the end: every unit still carrying one, routed units included
    (doc 004, "Grabbing Treasure after routing": the routing units grab one last time before they leave; an
    incapacitated unit has dropped its token)."""
    return sum(1 for u in b.side(seat) if u.carrying and u.presence != "incapacitated")


def held(b: WarbandBoard, seat: int) -> int:
    """Treasure tokens held by ``seat``'s units on the table."""
    return sum(1 for u in b.side(seat) if u.in_play and u.carrying)


def rout_morale(b: WarbandBoard, seat: int) -> WarbandUnit | None:
    """The hero whose Morale a rout check uses: the highest Morale among heroes not incapacitated."""
    heroes = [u for u in b.side(seat) if u.hero and u.in_play and u.morale is not None]
    return max(heroes, key=lambda u: u.morale or 0, default=None)
