"""Stunned, Dazed and Staggered, the Recover step that wears them off, and incapacitation (doc 004, "Recover
Step"; an incapacitated unit's treasure: "Treasure Step")."""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warband.phases import on_enter
from models.rules.warband.state import SYSTEM, Condition, WarbandUnit, board, cannot_pick_up, live_unit, with_units

NAMES: dict[str, str] = {"normal": "Normal", "staggered": "Staggered", "dazed": "Dazed", "stunned": "Stunned"}
# What each condition means at the table, in our own words (shown on the unit and in the log).
MEANING: dict[str, str] = {
    "stunned": "Can do nothing at all: no moving, engaging, shooting, casting or melee. "
               "An enemy melee attack on it incapacitates it outright.",
    "dazed": "Moves at most half its base Move and cannot engage, shoot, cast or fight. Enemy melee attacks on "
             "it get Advantage; a hit it fails to defend incapacitates it.",
    "staggered": "Moves or engages at half its base speed. It may shoot, cast and fight, but with disadvantage "
                 "on those checks until its own turn ends (not in the opponent's turn).",
    "normal": "Acts normally.",
}
# Recover step: each condition one step lighter.
RECOVERS_TO: dict[str, Condition] = {"stunned": "dazed", "dazed": "staggered", "staggered": "normal"}


class SetCondition(Command):
    """A unit becomes Stunned, Dazed or Staggered (or, to correct the table, normal again)."""

    type: Literal["warband_condition"] = "warband_condition"
    unit: str
    condition: Condition


class Incapacitate(Command):
    """A unit is incapacitated. ``by``: the unit that did it; ``engaged``: whether that unit was engaged with it
    (then it takes the treasure token the fallen unit carried)."""

    type: Literal["warband_incapacitate"] = "warband_incapacitate"
    unit: str
    by: str | None = None
    engaged: bool = False


@on_enter("upkeep", "recover")
def recover(state: GameState) -> tuple[GameState, list[Event], bool]:
    """The current player's units recover one step: Stunned to Dazed, Dazed to Staggered, Staggered to normal
    (doc 004, "Recover Step"). Nothing for the players to decide: the turn moves on."""
    changed: list[WarbandUnit] = []
    events: list[Event] = []
    for u in board(state).side(state.active):
        if u.in_play and u.condition in RECOVERS_TO:
            after = RECOVERS_TO[u.condition]
            changed.append(u.model_copy(update={"condition": after}))
            events.append(Event(kind="recover", model=u.id,
                                text=f"Recover: {u.name} goes from {NAMES[u.condition]} to {NAMES[after]}."))
    if not events:
        events.append(Event(kind="recover.none", text=f"Recover: none of {state.player_name(state.active)}'s "
                                                      "units needs to recover."))
    return with_units(state, *changed), events, False


@handles(SetCondition, system=SYSTEM, timing="anytime")
def set_condition(state: GameState, cmd: SetCondition) -> tuple[GameState, list[Event]]:
    u = live_unit(state, cmd.unit)
    if u.condition == cmd.condition:
        raise RuleViolation("condition.same", f"{u.name} is {NAMES[u.condition]} already.")
    text = (f"{u.name} is {NAMES[cmd.condition]}: {MEANING[cmd.condition]}" if cmd.condition != "normal"
            else f"{u.name} is back to normal (was {NAMES[u.condition]}).")
    return with_units(state, u.model_copy(update={"condition": cmd.condition})), [
        Event(kind="condition", model=u.id, text=text, data={"condition": cmd.condition})]


@handles(Incapacitate, system=SYSTEM, timing="anytime")
def incapacitate(state: GameState, cmd: Incapacitate) -> tuple[GameState, list[Event]]:
    """The unit is out; a treasure token it carried drops, unless the unit that did it was engaged with it: that
    unit takes it at once, whoever stands near (doc 004, "Treasure Step")."""
    u = live_unit(state, cmd.unit)
    taker = None
    if cmd.by is not None:
        if cmd.by == cmd.unit:
            raise RuleViolation("incapacitate.self", "Name another unit as the one that incapacitated it.")
        taker = live_unit(state, cmd.by)
    elif cmd.engaged:
        raise RuleViolation("incapacitate.engaged_who", "Say which unit was engaged with it.")
    by = f" by {taker.name}" if taker else ""
    events = [Event(kind="incapacitated", model=u.id, text=f"{u.name} is incapacitated{by}.")]
    fallen = u.model_copy(update={"presence": "incapacitated", "carrying": False, "condition": "normal"})
    if not u.carrying:
        return with_units(state, fallen), events
    refusal = cannot_pick_up(taker) if taker is not None else None
    if taker is not None and cmd.engaged and refusal is None:
        events.append(Event(kind="treasure.taken", model=taker.id,
                            text=f"{taker.name} was engaged with {u.name} and takes its treasure token at once."))
        return with_units(state, fallen, taker.model_copy(update={"carrying": True})), events
    why = f" ({refusal.message})" if taker is not None and cmd.engaged and refusal else ""
    events.append(Event(kind="treasure.dropped", model=u.id,
                        text=f"{u.name} drops its treasure token on the table{why}."))
    return with_units(state, fallen, treasures=board(state).treasures + 1), events
