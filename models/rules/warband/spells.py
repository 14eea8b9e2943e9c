"""Ongoing spells: a caster starts or ends one, and in the Ongoing Spells step each of the current player's
ongoing spells needs a Morale check to last (doc 004, "Ongoing Spells Step")."""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.text import clean_text
from models.rules.warband.phases import before_leaving, on_enter
from models.rules.warband.state import (
    NAME_MAX,
    SYSTEM,
    WarbandUnit,
    board,
    check_roll,
    check_words,
    live_unit,
    unable,
    unit,
    with_board,
    with_units,
)


class StartSpell(Command):
    """A caster's spell stays in effect from now on (an ongoing spell)."""

    type: Literal["warband_start_spell"] = "warband_start_spell"
    unit: str
    spell: str


class EndSpell(Command):
    """An ongoing spell ends (the caster lets it go, or something ended it at the table)."""

    type: Literal["warband_end_spell"] = "warband_end_spell"
    unit: str
    spell: str


class SpellCheck(Command):
    """The Morale check that keeps an ongoing spell going: ``passed``, and the roll if typed."""

    type: Literal["warband_spell_check"] = "warband_spell_check"
    unit: str
    spell: str
    passed: bool
    roll: int | None = None


def due(state: GameState) -> list[tuple[WarbandUnit, str]]:
    """The current player's ongoing spells still waiting for their check this turn (casters on the table)."""
    b = board(state)
    return [(u, s) for u in b.side(state.active) if u.caster and u.in_play for s in u.spells
            if (u.id, s) not in b.spells_checked]


@on_enter("upkeep", "spells")
def spells_step(state: GameState) -> tuple[GameState, list[Event], bool]:
    waiting = due(state)
    if not waiting:
        return state, [Event(kind="spells.none", text=f"Ongoing spells: {state.player_name(state.active)} has "
                                                      "none to check.")], False
    names = ", ".join(f"{s} ({u.name})" for u, s in waiting)
    return state, [Event(kind="spells.due", text=f"Ongoing spells: a Morale check for each of {names}.")], True


@before_leaving("upkeep", "spells")
def spells_settled(state: GameState) -> None:
    waiting = due(state)
    if waiting:
        names = ", ".join(f"{s} ({u.name})" for u, s in waiting)
        raise RuleViolation("spells.check_due", f"Record the Morale check of each ongoing spell first: {names}.")


def _spell(u: WarbandUnit, spell: str) -> str:
    if spell not in u.spells:
        raise RuleViolation("spell.unknown", f"{u.name} has no ongoing spell called {spell}.")
    return spell


@handles(StartSpell, system=SYSTEM, timing="step")
def start_spell(state: GameState, cmd: StartSpell) -> tuple[GameState, list[Event]]:
    """A caster casts it: not while Stunned or Dazed, which cannot cast (doc 004, "Recover Step")."""
    u = live_unit(state, cmd.unit)
    if not u.caster:
        raise RuleViolation("spell.not_caster", f"{u.name} is not a caster.")
    refusal = unable(u, "cast a spell", dazed_too=True)
    if refusal is not None:
        raise refusal
    spell = clean_text(cmd.spell, "spell's name", NAME_MAX)
    if spell in u.spells:
        raise RuleViolation("spell.already_ongoing", f"{spell} is ongoing already for {u.name}.")
    return with_units(state, u.model_copy(update={"spells": (*u.spells, spell)})), [
        Event(kind="spell.started", model=u.id, text=f"{u.name}'s {spell} is in effect and ongoing.")]


@handles(EndSpell, system=SYSTEM, timing="anytime")
def end_spell(state: GameState, cmd: EndSpell) -> tuple[GameState, list[Event]]:
    u = unit(state, cmd.unit)
    spell = _spell(u, cmd.spell)
    return with_units(state, u.model_copy(update={"spells": tuple(s for s in u.spells if s != spell)})), [
        Event(kind="spell.ended", model=u.id, text=f"{u.name}'s {spell} ends.")]


@handles(SpellCheck, system=SYSTEM, timing="step")
def spell_check(state: GameState, cmd: SpellCheck) -> tuple[GameState, list[Event]]:
    """A pass keeps the spell in effect; a fail ends it."""
    u = live_unit(state, cmd.unit)
    if u.seat != state.active:
        raise RuleViolation("turn.not_yours", f"{u.name}'s spells are checked in {state.player_name(u.seat)}'s "
                                              "own turn.")
    spell = _spell(u, cmd.spell)
    if (u.id, spell) in board(state).spells_checked:
        raise RuleViolation("spell.checked", f"{spell} has had its check this turn.")
    check_roll(cmd.roll, "Morale")
    state = with_board(state, spells_checked=(*board(state).spells_checked, (u.id, spell)))
    text = f"{u.name}'s Morale check for {spell} {check_words(cmd.passed, cmd.roll)}"
    if cmd.passed:
        return state, [Event(kind="spell.kept", model=u.id, text=text + ": it stays in effect.")]
    u = board(state).unit(u.id) or u
    state = with_units(state, u.model_copy(update={"spells": tuple(s for s in u.spells if s != spell)}))
    return state, [Event(kind="spell.ended", model=u.id, text=text + f": {spell} ends.")]
