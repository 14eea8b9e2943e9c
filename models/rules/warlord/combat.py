"""Melee and ranged attacks, spells and defensive combat, and what the model states forbid in them (doc 003
"Burrowed", "Flying", "Disabled", "Stunned", "Shaken").

The app checks who may fight, shoot, cast or defend, and works out the numbers to roll with; the players roll at
the table. An attack and a spell are actions of the activated model (combat actions: our reading). Defensive
strikes, shots and counterspells answer an attack of the activated enemy model; they are no action of their own.
"""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.text import clean_text
from models.rules.warlord.activation import act, ready_to
from models.rules.warlord.card import StatName, known
from models.rules.warlord.effects import against, effective
from models.rules.warlord.state import SYSTEM, ActionName, Figure, active_figure, in_play

SPELL_NAME_MAX = 40


def _target(state: GameState, f: Figure, target: str | None) -> Figure | None:
    if target is None:
        return None
    t = in_play(state, target)
    if t.id == f.id:
        raise RuleViolation("target.self", f"{f.name} cannot aim at itself.")
    return t


def _attacks(state: GameState, f: Figure, t: Figure | None, count: int, value: int,
             ranged: bool) -> tuple[GameState, list[Event]]:
    """Record ``count`` melee attacks or shots of ``f`` (at ``t``, when named) with its numbers against ``t``."""
    numbers = against(f, t, value, ranged=ranged)
    at = f" at {t.name}" if t else ""
    action: ActionName = "ranged_attack" if ranged else "melee_attack"
    noun, stat = ("shot", "RAV") if ranged else ("melee attack", "MAV")
    detail = f"{count} {noun}{'s' if count != 1 else ''}{at} with {numbers.text(stat, value)}"
    return act(state, f, action, detail, {"target": t.id if t else None, "attacks": count, "value": numbers.value,
                                          "roll": numbers.roll})


class WarlordMeleeAttack(Command):
    """The activated model attacks in melee (``target``: the model it fights, when the players name it;
    ``swift``: a Flying model's Swift Attack on a model on the ground)."""

    type: Literal["warlord_melee_attack"] = "warlord_melee_attack"
    model: str
    target: str | None = None
    swift: bool = False


def _melee_refusal(f: Figure, t: Figure, swift: bool) -> RuleViolation | None:
    """doc 003 "Burrowed" / "Flying": melee only between two burrowed or two flying models (a flying model's
    Swift Attack reaches the ground)."""
    if f.has("burrowed") != t.has("burrowed"):
        under, over = (f, t) if f.has("burrowed") else (t, f)
        return RuleViolation("melee.burrowed", f"{under.name} is Burrowed and {over.name} is not: only burrowed "
                                               "models fight burrowed ones.")
    if f.has("flying") != t.has("flying") and not (swift and f.has("flying")):
        up, down = (f, t) if f.has("flying") else (t, f)
        return RuleViolation("melee.flying", f"{up.name} is Flying and {down.name} is not: only flying models fight "
                                             "flying ones (a flying model's Swift Attack aside).")
    return None


@handles(WarlordMeleeAttack, system=SYSTEM, timing="step")
def melee_attack(state: GameState, cmd: WarlordMeleeAttack) -> tuple[GameState, list[Event]]:
    f = ready_to(state, cmd.model, "melee_attack")
    _, mav = known(f, "ma", "mav")
    ma = effective(f).ma or 0
    if ma == 0:
        raise RuleViolation("melee.no_attacks", f"{f.name} is Disabled: 1 melee attack less leaves it none."
                            if f.has("disabled") else f"{f.name} has no melee attacks on its card.")
    t = _target(state, f, cmd.target)
    refusal = _melee_refusal(f, t, cmd.swift) if t is not None else None
    if refusal is not None:
        raise refusal
    return _attacks(state, f, t, ma, mav, ranged=False)


class WarlordRangedAttack(Command):
    """The activated model shoots (``target``: the model it shoots at, when the players name it)."""

    type: Literal["warlord_ranged_attack"] = "warlord_ranged_attack"
    model: str
    target: str | None = None


@handles(WarlordRangedAttack, system=SYSTEM, timing="step")
def ranged_attack(state: GameState, cmd: WarlordRangedAttack) -> tuple[GameState, list[Event]]:
    f = ready_to(state, cmd.model, "ranged_attack")
    if f.has("flying"):
        raise RuleViolation("ranged.flying", f"{f.name} is Flying: no ranged attacks while it is in the air.")
    if f.has("burrowed"):
        raise RuleViolation("ranged.burrowed", f"{f.name} is Burrowed: no ranged attacks from underground.")
    (card_ra,) = known(f, "ra")
    if card_ra == 0:
        raise RuleViolation("ranged.none", f"{f.name} has no ranged attacks on its card.")
    (rav,) = known(f, "rav")
    ra = effective(f).ra or 0
    if ra == 0:
        raise RuleViolation("ranged.no_attacks", f"{f.name} is Disabled: 1 ranged attack less leaves it none.")
    t = _target(state, f, cmd.target)
    if t is not None and t.has("burrowed"):
        raise RuleViolation("ranged.target_burrowed", f"{t.name} is Burrowed: ranged attacks cannot reach it.")
    return _attacks(state, f, t, ra, rav, ranged=True)


class WarlordCastSpell(Command):
    """The activated model casts a spell. ``needs_los``: the spell needs line of sight to its target (the
    players read it on the spell)."""

    type: Literal["warlord_cast_spell"] = "warlord_cast_spell"
    model: str
    spell: str = ""
    target: str | None = None
    needs_los: bool = True


@handles(WarlordCastSpell, system=SYSTEM, timing="step")
def cast_spell(state: GameState, cmd: WarlordCastSpell) -> tuple[GameState, list[Event]]:
    f = ready_to(state, cmd.model, "cast_spell")
    if f.has("burrowed"):
        raise RuleViolation("spell.burrowed", f"{f.name} is Burrowed: no spells from underground.")
    (cp,) = known(f, "cp")
    if cp == 0:
        raise RuleViolation("spell.not_caster", f"{f.name} casts no spells (its card has no CP).")
    spell = clean_text(cmd.spell, "spell name", SPELL_NAME_MAX) if cmd.spell.strip() else "a spell"
    t = _target(state, f, cmd.target)
    if t is not None and t.has("burrowed") and cmd.needs_los:
        raise RuleViolation("spell.target_burrowed", f"{t.name} is Burrowed: a spell that needs line of sight "
                                                     "cannot target it.")
    numbers = against(f, t, cp, ranged=False)
    on = f" on {t.name}" if t else ""
    return act(state, f, "cast_spell", f"{spell}{on} with {numbers.text('CP', cp)}",
               {"spell": spell, "target": cmd.target, "value": numbers.value, "roll": numbers.roll})


DefenceKind = Literal["strike", "shot", "counterspell"]
DEFENCES: tuple[DefenceKind, ...] = ("strike", "shot", "counterspell")
DEFENCE_LABELS: dict[str, str] = {"strike": "Defensive strikes", "shot": "Defensive shots",
                                  "counterspell": "Counterspell"}
DEFENCE_STAT: dict[str, StatName] = {"strike": "ma", "shot": "ra", "counterspell": "cp"}


class WarlordDefend(Command):
    """A model answers the activated enemy model's attack or spell: defensive strikes, defensive shots or a
    counterspell."""

    type: Literal["warlord_defend"] = "warlord_defend"
    model: str
    kind: DefenceKind


@handles(WarlordDefend, system=SYSTEM, timing="step")
def defend(state: GameState, cmd: WarlordDefend) -> tuple[GameState, list[Event]]:
    f = in_play(state, cmd.model)
    attacker = active_figure(state)
    if attacker is None or attacker.seat == f.seat:
        raise RuleViolation("defence.no_attack", f"{f.name} can defend only while an enemy model is activated.")
    if f.has("stunned"):
        raise RuleViolation("stunned.no_defence", f"{f.name} is Stunned: no defensive strikes, defensive shots or "
                                                  "counterspells.")
    now = effective(f)
    if cmd.kind == "shot":
        if f.has("flying"):
            raise RuleViolation("ranged.flying", f"{f.name} is Flying: not even defensive shots while in the air.")
        if f.has("burrowed"):
            raise RuleViolation("ranged.burrowed", f"{f.name} is Burrowed: no ranged attacks from underground.")
    (value,) = known(f, DEFENCE_STAT[cmd.kind])
    if value == 0:
        raise RuleViolation("defence.none", f"{f.name}'s card gives it no {DEFENCE_LABELS[cmd.kind].lower()}.")
    count = {"strike": now.strikes, "shot": now.shots, "counterspell": 1}[cmd.kind] or 0
    return state, [Event(kind="warlord.defend", model=f.id, data={"kind": cmd.kind, "count": count},
                         text=f"{f.name} answers {attacker.name}: {DEFENCE_LABELS[cmd.kind].lower()}"
                              + ("" if cmd.kind == "counterspell" else f", {count}") + ".")]
