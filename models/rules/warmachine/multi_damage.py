"""One attack damaging several models at once (an AOE, a spray): the order in which its damage is applied
(doc 000 "Rules Clarification: Horror" and "Infernal Master": when one attack damages both a master and a
horror, the horror's own damage is applied before damage transferred to it)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.damage import DamageToModel, sections, suffer, transfer
from models.rules.warmachine.match import board
from models.rules.warmachine.state import SYSTEM, is_horror, live


class Hit(DamageToModel):
    """The damage one model would suffer from the attack (``DamageToModel``)."""


class AttackDamage(Command):
    type: Literal["apply_attack_damage"] = "apply_attack_damage"
    hits: tuple[Hit, ...] = Field(min_length=1, max_length=40)


def ordered(state: GameState, hits: tuple[Hit, ...]) -> list[Hit]:
    """Horrors' own damage first, then every other model's own damage, then transferred damage; otherwise
    in the order given."""

    def rank(hit: Hit) -> int:
        if hit.transfer_to is not None:
            return 2
        return 0 if is_horror(state, board(state).model(hit.model)) else 1

    return sorted(hits, key=rank)


@handles(AttackDamage, system=SYSTEM, timing="anytime")
def apply_attack_damage(state: GameState, cmd: AttackDamage) -> tuple[GameState, list[Event]]:
    """Damage of one attack on several models: a horror's own damage is applied before damage a master
    transfers to it (doc 000 ruling), so the record shows what destroyed it; transference itself follows doc
    001 "Damage Transference". Each model it disables waits for the players, one after the other (doc 002
    "Damage Application": apply all damage, then each damaged model's sequence in turn)."""
    seen: set[str] = set()
    for hit in cmd.hits:
        if hit.model in seen:
            raise RuleViolation("attack.duplicate",
                                f"{board(state).model(hit.model).name} is listed twice in one attack.")
        seen.add(hit.model)
        sections(state, live(state, hit.model))
    names = ", ".join(board(state).model(h.model).name for h in cmd.hits)
    events = [Event(kind="attack.damage", data={"models": [h.model for h in cmd.hits]},
                    text=f"One attack damages {names}.")]
    for hit in ordered(state, cmd.hits):
        m = live(state, hit.model)
        if hit.transfer_to is None:
            state, more, _ = suffer(state, m, hit.amount, "this attack", **hit.entry().args())
        else:
            target = board(state).model(hit.transfer_to)
            attack = board(state).attack
            pending = attack.pending if attack is not None else ()
            if target.id in seen and (not target.in_play or target.id in pending):
                raise RuleViolation(
                    "transfer.horror_gone",
                    f"{target.name} is disabled by this attack's own damage first, so {m.name} cannot send "
                    "damage to it; choose another horror or take the damage.",
                )
            state, more = transfer(state, m, hit.transfer_to, hit.amount, hit.in_control, hit.entry())
        events += more
    return state, events
