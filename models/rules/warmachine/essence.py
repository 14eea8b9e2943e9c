"""Essence for infernal masters, the Master Infernalist and horrors (doc 001 "Essence Manipulation",
"Leeching", "Allocating Essence Points", "Healing"; doc 000 "Rules Clarification"). Boosts and additional
attacks, paid in essence too, are part of the attack (attacks.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.damage import heal, leech_own_life, marks_of
from models.rules.warmachine.match import board, with_models
from models.rules.warmachine.phases import on_enter
from models.rules.warmachine.points import kept_at_most
from models.rules.warmachine.state import (
    SYSTEM,
    acting_with,
    active_models,
    essence_stat,
    has_essence_manipulation,
    in_battlegroup,
    live,
    spend,
)


@on_enter("maintenance", "excess")
def lose_excess_essence(state: GameState) -> tuple[GameState, list[Event]]:
    """Maintenance step 1: each of the active player's masters loses essence above its ESSENCE (doc 001)."""
    kept = [k for m in active_models(state) if has_essence_manipulation(state, m) and m.essence is not None
            if (k := kept_at_most(m, "essence", essence_stat(state, m)))]
    return with_models(state, *(m for m, _ in kept)), [e for _, e in kept]


class Leech(Command):
    type: Literal["leech"] = "leech"
    master: str
    points: int = Field(ge=1, le=20)


@handles(Leech, system=SYSTEM, timing="step")
def leech(state: GameState, cmd: Leech) -> tuple[GameState, list[Event]]:
    """Leeching: 1 damage per essence point, never transferred, never above ESSENCE; a master replenishes by
    sacrifice or by leeching, not both (doc 001 "Leeching", doc 000 ruling "Can vs Must")."""
    m = acting_with(state, cmd.master, "leech essence", "essence")
    if m.replenished == "sacrifice":
        raise RuleViolation("replenish.one_way", f"{m.name} already replenished by sacrifice this turn.")
    return leech_own_life(state, m.model_copy(update={"replenished": "leech"}), "essence", cmd.points,
                          essence_stat(state, m), "leeching, cannot be transferred", {"points": cmd.points})


class Allocate(Command):
    type: Literal["allocate"] = "allocate"
    master: str
    horror: str
    points: int = Field(ge=1, le=20)
    in_control: bool = True


@handles(Allocate, system=SYSTEM, timing="step")
def allocate(state: GameState, cmd: Allocate) -> tuple[GameState, list[Event]]:
    """Allocation: control phase only, only to horrors of this master's battlegroup in its CTRL, never above
    the horror's ESSENCE (doc 001 "Allocating Essence Points"; doc 000 ruling on the Master Infernalist)."""
    m = acting_with(state, cmd.master, "allocate essence", "essence")
    h = in_battlegroup(state, m, cmd.horror, "horror", cmd.in_control, "allocate")
    cap, have = essence_stat(state, h), h.essence or 0
    if have + cmd.points > cap:
        raise RuleViolation(
            "essence.exceeds_stat", f"{h.name} holds at most {cap} essence; it has {have}."
        )
    m, paid = spend(state, m, cmd.points, f"allocate to {h.name}", outside_activation=True)
    h = h.model_copy(update={"essence": have + cmd.points})
    return with_models(state, m, h), [paid, Event(kind="essence.allocated", model=h.id, data={"points": cmd.points},
                                                 text=f"{h.name} receives {cmd.points} essence from {m.name}.")]


class Heal(Command):
    type: Literal["heal"] = "heal"
    master: str
    target: str
    points: int = Field(ge=1, le=99)
    in_control: bool = True


@handles(Heal, system=SYSTEM, timing="step")
def heal_damage(state: GameState, cmd: Heal) -> tuple[GameState, list[Event]]:
    """Healing: during its activation a master spends 1 essence per damage point removed from itself or a
    horror of its battlegroup in CTRL; webs heal innermost ring first (doc 001 "Healing")."""
    m = acting_with(state, cmd.master, "heal", "essence")
    t = live(state, cmd.target)
    if t.id != m.id and t.battlegroup != m.id:
        raise RuleViolation("heal.not_battlegroup", f"{m.name} can heal only itself or its own horrors.")
    if t.id != m.id and not cmd.in_control:
        raise RuleViolation("heal.out_of_control", f"{t.name} must be in {m.name}'s control range.")
    marked = sum(marks_of(state, t))
    if cmd.points > marked:
        raise RuleViolation("heal.too_much", f"{t.name} has only {marked} damage to remove.")
    m, paid = spend(state, m, cmd.points, f"heal {t.name}")
    state = with_models(state, m)
    state, healed = heal(state, board(state).model(t.id), cmd.points)
    return state, [paid, healed]
