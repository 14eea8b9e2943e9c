"""What warcasters, warjacks, warlocks, warbeasts, structures and troopers may do now, and the standing notes
the UI shows on them (crippled systems and aspects, frenzy steps, structure reminders, unit strength).
``options.model_options`` probes the commands listed here the same way as the Infernal ones."""

from __future__ import annotations

from collections.abc import Iterable

from models.rules.core import Command, GameState, Option, probe
from models.rules.dice import Roll
from models.rules.warmachine import structures, units
from models.rules.warmachine.activation import Charge, Run
from models.rules.warmachine.arcana import PlayArcana
from models.rules.warmachine.attacks import Boost, BuyAttack, NextAttack
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
from models.rules.warmachine.match import ModelState, board
from models.rules.warmachine.points import has_focus_manipulation, has_fury_manipulation
from models.rules.warmachine.shake import SHAKEABLE, Shake
from models.rules.warmachine.spells import CastSpell, DropUpkeep, Upkeep, UseFeat, is_grymkin_warlock
from models.rules.warmachine.state import done, has_essence_manipulation, role

PROBE_ROLL = Roll(dice=(1, 1))
# The fields a player answers for these actions (see ``options.ASKED``).
ASKED: dict[str, tuple[str, ...]] = {
    "allocate_focus": ("warjack", "points", "in_control"), "receive_focus": ("points", "in_control"),
    "leech_fury": ("warbeast", "points", "in_control"), "leech_life": ("points",), "spirit_bond": ("points",),
    "force": ("points", "why", "in_control"), "threshold_check": ("roll",), "end_frenzy": ("remove_fury",),
}


def _group(state: GameState, boss: ModelState, kind: str) -> list[ModelState]:
    return [m for m in board(state).models if m.battlegroup == boss.id and m.in_play and role(state, m) == kind]


def any_allowed(state: GameState, action: str, commands: Iterable[Command],
                choices: dict[str, tuple[str, ...]] | None = None) -> Option:
    """The first candidate the rules accept, else the first refusal (why none can): a control is live when
    any candidate can take it, not only the first."""
    first: Option | None = None
    for command in commands:
        found = probe(state, action, command, ASKED.get(action, ()), choices)
        if found.allowed:
            return found
        first = first or found
    return first or Option(action=action, allowed=False, reason="Nothing can take it now.", code="probe.none")


def allocate_focus_option(state: GameState, caster: ModelState) -> Option | None:
    """"Allocate focus": live while any warjack of the warcaster's battlegroup can take a point; None
    without warjacks."""
    jacks = _group(state, caster, "warjack")
    if not jacks:
        return None
    return any_allowed(state, "allocate_focus",
                       (AllocateFocus(warcaster=caster.id, warjack=j.id, points=1) for j in jacks),
                       {"warjack": tuple(j.id for j in jacks)})


def leech_fury_option(state: GameState, lock: ModelState) -> Option | None:
    """"Leech fury": live while any warbeast of the warlock's battlegroup has fury to give; None without
    warbeasts."""
    beasts = sorted(_group(state, lock, "warbeast"), key=lambda b: -(b.fury or 0))
    if not beasts:
        return None
    return any_allowed(state, "leech_fury", (LeechFury(warlock=lock.id, warbeast=b.id, points=1) for b in beasts),
                       {"warbeast": tuple(b.id for b in beasts)})


def options(state: GameState, m: ModelState) -> list[Option]:
    """Options found over every candidate (a warcaster's warjacks, a warlock's warbeasts)."""
    if has_essence_manipulation(state, m) or role(state, m) == "horror":
        return []
    found = []
    if has_focus_manipulation(state, m):
        found.append(allocate_focus_option(state, m))
    if has_fury_manipulation(state, m):
        found.append(leech_fury_option(state, m))
    return [o for o in found if o is not None]


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
    if fury:
        out += [("leech_life", LeechLife(warlock=m.id, points=1)),
                ("spirit_bond", SpiritBond(warlock=m.id, points=1))]
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
