"""Putting two warbands and the treasure tokens on the table."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.catalog.schema import Frozen
from models.rules.core import Command, Event, GameState, Player, RuleViolation, handles
from models.rules.text import clean_text
from models.rules.warband.phases import start_turn
from models.rules.warband.state import NAME_MAX, SYSTEM, TITLE_MAX, WarbandBoard, WarbandUnit

UNITS_MAX = 30
TOKENS_MAX = 30
MORALE_MAX = 99  # bounds what a player may type; the game's Morale values come from their own sheets


class UnitEntry(Frozen):
    """One unit as the player lists it: heroes carry the Morale stat from the player's sheet."""

    name: str
    hero: bool = False
    morale: int | None = None
    caster: bool = False
    can_carry: bool = True


class Warband(Frozen):
    player: str
    units: tuple[UnitEntry, ...] = Field(max_length=UNITS_MAX)


class SetupWarband(Command):
    """Starts a warband game: two warbands, the treasure tokens on the table and, if the players know it, how
    many of them hide an event token."""

    type: Literal["warband_setup"] = "warband_setup"
    title: str
    sides: tuple[Warband, Warband]
    first: int = Field(default=0, ge=0, le=1)
    treasures: int = 0
    event_tokens: int | None = None


def _units(seat: int, side: Warband) -> tuple[WarbandUnit, ...]:
    who = f"player {seat + 1}'s warband"
    if not side.units:
        raise RuleViolation("setup.no_models", f"Give {who} at least one unit.")
    units, names = [], set()
    for i, entry in enumerate(side.units):
        name = clean_text(entry.name, f"unit name in {who}", NAME_MAX)
        if name.casefold() in names:
            raise RuleViolation("setup.duplicate_name", f"Two units of {who} are called {name}: tell them apart.")
        names.add(name.casefold())
        if entry.hero and entry.morale is None:
            raise RuleViolation("setup.morale_missing", f"{name} is a hero: enter its Morale.")
        if not entry.hero and entry.morale is not None:
            raise RuleViolation("setup.morale_not_hero", f"{name} is not a hero: only heroes have Morale here.")
        if entry.morale is not None and not 0 <= entry.morale <= MORALE_MAX:
            raise RuleViolation("setup.morale_range", f"{name}'s Morale must be a whole number from 0 to "
                                                      f"{MORALE_MAX}.")
        units.append(WarbandUnit(id=f"p{seat + 1}-{i + 1}", name=name, seat=seat, hero=entry.hero,
                                 morale=entry.morale, caster=entry.caster, can_carry=entry.can_carry))
    return tuple(units)


@handles(SetupWarband, system=SYSTEM, timing="setup")
def setup_warband(state: GameState, cmd: SetupWarband) -> tuple[GameState, list[Event]]:
    """Both warbands on the table; the first player's turn begins with its upkeep (doc 004)."""
    title = clean_text(cmd.title, "game title", TITLE_MAX, empty_ok=True) or "Warband game"
    players = tuple(Player(seat=s, name=clean_text(side.player, f"player {s + 1}'s name", NAME_MAX, empty_ok=True)
                           or f"Player {s + 1}") for s, side in enumerate(cmd.sides))
    if players[0].name.casefold() == players[1].name.casefold():
        raise RuleViolation("setup.same_players", "Give the two players different names.")
    if not 0 <= cmd.treasures <= TOKENS_MAX:
        raise RuleViolation("setup.treasures", f"The treasure tokens must be a whole number from 0 to {TOKENS_MAX}.")
    if cmd.event_tokens is not None and not 0 <= cmd.event_tokens <= cmd.treasures:
        raise RuleViolation("setup.event_tokens", "Event tokens lie under treasure tokens: at most one per "
                                                  f"token, so from 0 to {cmd.treasures}.")
    units = _units(0, cmd.sides[0]) + _units(1, cmd.sides[1])
    board = WarbandBoard(units=units, treasures=cmd.treasures, hidden_events=cmd.event_tokens)
    state = GameState(system=SYSTEM, title=title, players=players, first=cmd.first, phase="upkeep",
                      board=board)
    hidden = "" if cmd.event_tokens is None else f"; event tokens under them: {cmd.event_tokens}"
    events = [Event(kind="setup", text=f"{title}: {players[0].name} and {players[1].name} set up, "
                                       f"{cmd.treasures} treasure tokens on the table{hidden}.")]
    state, more = start_turn(state, cmd.first, 1)
    return state, events + more
