"""The warband game's board, registered with the core (doc 004, "Upkeep Phase"): units, treasure tokens,
triggered events, the marks of the turn in progress and the treasure grab after a rout.
"""

from __future__ import annotations

from typing import Literal

from models.catalog.schema import Frozen
from models.rules.core import Board, GameState, RuleViolation, register_board

SYSTEM = "warband"

Condition = Literal["normal", "staggered", "dazed", "stunned"]
Presence = Literal["in_play", "incapacitated", "routed"]
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
    progress, cleared when a turn begins."""

    units: tuple[WarbandUnit, ...] = ()
    treasures: int = 0
    hidden_events: int | None = None
    events: tuple[TriggeredEvent, ...] = ()
    rout: Literal["", "due", "passed"] = ""
    spells_checked: tuple[tuple[str, str], ...] = ()
    grab: Grab | None = None
    winner: int | None = None
    routed: int | None = None

    def unit(self, unit_id: str) -> WarbandUnit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def side(self, seat: int) -> tuple[WarbandUnit, ...]:
        return tuple(u for u in self.units if u.seat == seat)


register_board(SYSTEM, WarbandBoard)


def board(state: GameState) -> WarbandBoard:
    """The board of a set-up warband game (every command but the setup needs one)."""
    if not isinstance(state.board, WarbandBoard) or state.system != SYSTEM:
        raise RuleViolation("warband.not_set_up", "Set a warband game up first.")
    return state.board
