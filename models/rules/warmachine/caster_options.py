"""What warcasters, warjacks, warlocks, warbeasts, structures and troopers may do now, and the standing notes
the UI shows on them (crippled systems and aspects, frenzy steps, structure reminders, unit strength).
``options.model_options`` probes the commands listed here the same way as the Infernal ones."""

from __future__ import annotations

from models.rules.core import Command, GameState, ModelState
from models.rules.dice import Roll
from models.rules.warmachine import structures, units
from models.rules.warmachine.activation import Charge, Run
from models.rules.warmachine.arcana import PlayArcana
from models.rules.warmachine.base import done, has_essence_manipulation, role
from models.rules.warmachine.essence import Boost, BuyAttack, NextAttack
from models.rules.warmachine.focus import AllocateFocus, SkipPowerUp
from models.rules.warmachine.fury import (
    EndFrenzy,
    Force,
    LeechFury,
    LeechLife,
    SpiritBond,
    ThresholdCheck,
    frenzy_steps,
)
from models.rules.warmachine.points import has_focus_manipulation, has_fury_manipulation
from models.rules.warmachine.shake import SHAKEABLE, Shake
from models.rules.warmachine.spells import CastSpell, DropUpkeep, Upkeep, UseFeat, is_grymkin_warlock

PROBE_ROLL = Roll(dice=(1, 1))


def _group(state: GameState, boss: ModelState, kind: str) -> list[ModelState]:
    return [m for m in state.models if m.battlegroup == boss.id and m.in_play and role(state, m) == kind]


def probes(state: GameState, m: ModelState) -> list[tuple[str, Command]]:
    """(action, command) pairs to try on the state for models other than infernal masters and horrors."""
    if has_essence_manipulation(state, m) or role(state, m) == "horror":
        return []
    kind = role(state, m)
    focus, fury = has_focus_manipulation(state, m), has_fury_manipulation(state, m)
    out: list[tuple[str, Command]] = []
    if focus or fury or kind in ("warjack", "warbeast"):
        out += [("boost_attack", Boost(model=m.id, roll="attack")),
                ("boost_damage", Boost(model=m.id, roll="damage")),
                ("buy_attack", BuyAttack(model=m.id)), ("next_attack", NextAttack(model=m.id)),
                ("run", Run(model=m.id)), ("charge", Charge(model=m.id))]
        out += [(f"shake:{e}", Shake(model=m.id, effect=e)) for e in SHAKEABLE if e in m.effects]
    elif kind == "structure":
        out += [("run", Run(model=m.id)), ("charge", Charge(model=m.id))]
    if focus or fury:
        out += [("cast", CastSpell(model=m.id, spell="a spell", cost=0))]
        out += [(f"upkeep:{s}", Upkeep(master=m.id, spell=s)) for s in m.upkeeps]
        out += [(f"drop_upkeep:{s}", DropUpkeep(master=m.id, spell=s)) for s in m.upkeeps]
        if is_grymkin_warlock(state, m):
            out += [(f"play_arcana:{c}", PlayArcana(warlock=m.id, card=c)) for c in m.arcana
                    if c not in m.arcana_played]
        else:
            out += [("feat", UseFeat(master=m.id))]
    if focus:
        jacks = _group(state, m, "warjack")
        if jacks:
            out.append(("allocate_focus", AllocateFocus(warcaster=m.id, warjack=jacks[0].id, points=1)))
    if fury:
        out += [("leech_life", LeechLife(warlock=m.id, points=1)),
                ("spirit_bond", SpiritBond(warlock=m.id, points=1))]
        beasts = sorted(_group(state, m, "warbeast"), key=lambda b: -(b.fury or 0))
        if beasts:
            out.append(("leech_fury", LeechFury(warlock=m.id, warbeast=beasts[0].id, points=1)))
    if kind == "warjack":
        out.append(("skip_power_up", SkipPowerUp(warjack=m.id)))
        if m.battlegroup:
            out.append(("receive_focus", AllocateFocus(warcaster=m.battlegroup, warjack=m.id, points=1)))
    if kind == "warbeast":
        out += [("threshold_check", ThresholdCheck(warbeast=m.id, roll=PROBE_ROLL)),
                ("end_frenzy", EndFrenzy(warbeast=m.id)), ("force", Force(warbeast=m.id))]
        if m.battlegroup:
            out.append(("be_leeched", LeechFury(warlock=m.battlegroup, warbeast=m.id, points=1)))
    return out


def notes(state: GameState, m: ModelState) -> tuple[str, ...]:
    """Standing notes beyond crippled rings, systems and aspects."""
    out: list[str] = [*structures.notes(state, m), *units.unit_note(state, m)]
    if role(state, m) == "warbeast" and done(m, "frenzy") and m.activation == "active":
        out += [f"Frenzy: {step}" for step in frenzy_steps()]
    return tuple(out)
