"""Replenishing essence by sacrifice, and soul tokens turning into essence (doc 001 "Sacrifice", "Control
Phase" steps 1 and 2; doc 000 "Generating Essence" and the "Rules Clarification: Infernal Master" rulings on
"Can vs Must" and the Tournament Organiser ruling on which models may be sacrificed)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.match import ModelState, board, with_models
from models.rules.warmachine.phases import on_enter
from models.rules.warmachine.state import (
    SYSTEM,
    acting_with,
    essence_stat,
    has_essence_manipulation,
    is_horror,
    live,
    remove,
)

SOUL_TAKER = "soul taker: infernal master"
NOT_LIVING_ROLES = ("warjack", "structure")


def sacrifice_refusal(state: GameState, m: ModelState, victim: ModelState) -> RuleViolation | None:
    """Why ``victim`` cannot be chosen for ``m``'s sacrifice, whatever the players claim about the table."""
    c = board(state).card_of(victim)
    if victim.id == m.id:
        return RuleViolation("sacrifice.self", f"{m.name} cannot sacrifice itself.")
    if victim.seat != m.seat:
        return RuleViolation("sacrifice.not_friendly", f"{victim.name} is not one of {m.name}'s own side.")
    if c.soulless or is_horror(state, victim):
        return RuleViolation("sacrifice.soulless", f"{victim.name} is soulless: it has nothing to give.")
    if c.is_construct or c.role in NOT_LIVING_ROLES:
        return RuleViolation(
            "sacrifice.no_soul",
            f"{victim.name} is not a living model and would leave no soul token, so it cannot be sacrificed "
            "(tournament ruling).",
        )
    return None


class Sacrifice(Command):
    """A master refills its essence by removing a friendly living model with a soul (control phase)."""

    type: Literal["sacrifice"] = "sacrifice"
    master: str
    victim: str
    in_control: bool = True
    in_formation: bool = True


@handles(Sacrifice, system=SYSTEM, timing="step")
def sacrifice(state: GameState, cmd: Sacrifice) -> tuple[GameState, list[Event]]:
    """Sacrifice (doc 001 "Sacrifice", "Control Phase" step 1): a friendly, living, non-soulless model in CTRL
    (a trooper only while in formation) is removed from play and the master refills to its current ESSENCE;
    a master replenishes by sacrifice or by leeching, not both (doc 000 ruling "Can vs Must"); only models
    that would give a soul token qualify (doc 000 Tournament Organiser ruling)."""
    m = acting_with(state, cmd.master, "sacrifice a model", "essence")
    if m.replenished == "leech":
        raise RuleViolation("replenish.one_way", f"{m.name} already replenished by leeching this turn.")
    if m.replenished == "sacrifice":
        raise RuleViolation("sacrifice.once", f"{m.name} has already made its sacrifice this turn.")
    victim = live(state, cmd.victim)
    refusal = sacrifice_refusal(state, m, victim)
    if refusal is not None:
        raise refusal
    if not cmd.in_control:
        raise RuleViolation(
            "sacrifice.out_of_control", f"{victim.name} must be in {m.name}'s control range to be sacrificed."
        )
    if victim.unit is not None and not cmd.in_formation:
        raise RuleViolation(
            "sacrifice.out_of_formation", f"{victim.name} is out of formation and cannot be chosen."
        )
    cap = essence_stat(state, m)
    have = m.essence or 0
    gained = max(0, cap - have)
    state, events = remove(state, victim, "removed", f"sacrificed by {m.name}", "sacrificed")
    m = board(state).model(m.id).model_copy(update={"essence": have + gained, "replenished": "sacrifice"})
    events.append(Event(kind="essence.sacrificed", model=m.id, data={"points": gained, "victim": victim.id},
                        text=f"{m.name} sacrifices {victim.name} and refills to {have + gained} essence."))
    return with_models(state, m), events


class AddSoulToken(Command):
    """Record soul tokens a master collected at the table (players say which enemy deaths gave them)."""

    type: Literal["add_soul_token"] = "add_soul_token"
    model: str
    count: int = Field(default=1, ge=1, le=20)


@handles(AddSoulToken, system=SYSTEM, timing="anytime")
def add_soul_token(state: GameState, cmd: AddSoulToken) -> tuple[GameState, list[Event]]:
    """Soul tokens are gained whenever the table says so; they become essence in the next control phase of
    their owner (doc 001 "Control Phase" step 2; doc 000 "Generating Essence")."""
    m = live(state, cmd.model)
    if not has_essence_manipulation(state, m):
        raise RuleViolation(
            "soul.not_master", f"{m.name} cannot keep soul tokens here; only masters turn them into essence."
        )
    m = m.model_copy(update={"soul_tokens": m.soul_tokens + cmd.count})
    noun = "token" if cmd.count == 1 else "tokens"
    return with_models(state, m), [Event(kind="soul.gained", model=m.id, data={"count": cmd.count},
                                        text=f"{m.name} gains {cmd.count} soul {noun} "
                                             f"(now {m.soul_tokens}).")]


def has_soul_taker(state: GameState, m: ModelState) -> bool:
    return any(SOUL_TAKER in r.lower() for r in board(state).card_of(m).rules)


@on_enter("control", "souls")
def souls_to_essence(state: GameState) -> tuple[GameState, list[Event]]:
    """Control phase step 2: soul tokens on the active player's masters become essence points, never above
    current ESSENCE unless the master has Soul Taker: Infernal Master (doc 001 "Control Phase" step 2)."""
    changed, events = [], []
    for m in board(state).models:
        if (m.seat != state.active or not m.in_play or not m.soul_tokens or m.essence is None
                or not has_essence_manipulation(state, m)):
            continue
        gained = m.soul_tokens
        if not has_soul_taker(state, m):
            gained = min(gained, max(0, essence_stat(state, m) - m.essence))
        lost = m.soul_tokens - gained
        changed.append(m.model_copy(update={"essence": m.essence + gained, "soul_tokens": 0}))
        note = f"; {lost} more would pass its ESSENCE and are lost" if lost else ""
        events.append(Event(kind="soul.converted", model=m.id, data={"points": gained, "lost": lost},
                            text=f"{m.name} turns its soul tokens into {gained} essence{note}."))
    return with_models(state, *changed), events
