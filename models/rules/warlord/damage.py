"""Damage tracks: marking damage and healing, and what they do to model states (doc 003 "Stunned", "Poisoned").

Damage comes from the table (attacks, spells) or from the app's own bookkeeping (Burning, a failed poison
check); all of it goes through :func:`suffer`, so every source ends Stunned the same way.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warlord.conditions import in_its_activation
from models.rules.warlord.ending import wiped_out
from models.rules.warlord.state import SYSTEM, Figure, in_play, with_figures

MAX_AMOUNT = 20


def without(f: Figure, name: str) -> Figure:
    return f.model_copy(update={"conditions": tuple(c for c in f.conditions if c.name != name)})


def suffer(state: GameState, f: Figure, amount: int, why: str) -> tuple[GameState, Figure, list[Event]]:
    """``f`` loses ``amount`` damage tracks. Damage before the activation a stun concerns ends the stun (doc 003
    "Stunned"). At 0 tracks the model is out of action (our reading): its states go and its activation ends."""
    taken = min(amount, f.remaining)
    f = f.model_copy(update={"damage": f.damage + taken})
    events = [Event(kind="warlord.damage", model=f.id, data={"amount": taken},
                    text=f"{f.name} loses {taken} damage track{'s' if taken != 1 else ''} ({why}): "
                         f"{f.remaining} of {f.tracks} left.")]
    stun = f.condition("stunned")
    if stun is not None and not in_its_activation(f, stun) and not f.out_of_action:
        f = without(f, "stunned")
        events.append(Event(kind="warlord.stun_ends", model=f.id, text=f"{f.name} took damage: no longer Stunned."))
    if f.out_of_action:
        update: dict[str, object] = {"conditions": ()}
        if f.activation == "active":
            update["activation"] = "done"
        f = f.model_copy(update=update)
        events.append(Event(kind="warlord.out_of_action", model=f.id, text=f"{f.name} is out of action."))
    state, ended = wiped_out(with_figures(state, f))
    return state, f, events + ended


class _Tracks(Command):
    """A number of damage tracks on one model, as the table marks them or heals them."""

    model: str
    amount: int = Field(default=1, ge=1, le=MAX_AMOUNT)


class WarlordDamage(_Tracks):
    """Damage marked at the table: the model loses ``amount`` damage tracks."""

    type: Literal["warlord_damage"] = "warlord_damage"


@handles(WarlordDamage, system=SYSTEM, timing="anytime")
def mark_damage(state: GameState, cmd: WarlordDamage) -> tuple[GameState, list[Event]]:
    f = in_play(state, cmd.model)
    state, _, events = suffer(state, f, cmd.amount, "damage")
    return state, events


class WarlordHeal(_Tracks):
    """Healing at the table: ``amount`` damage tracks come back (never above the model's DT)."""

    type: Literal["warlord_heal"] = "warlord_heal"


@handles(WarlordHeal, system=SYSTEM, timing="anytime")
def heal(state: GameState, cmd: WarlordHeal) -> tuple[GameState, list[Event]]:
    """A successful heal also cures poison (doc 003 "Poisoned"), even on a model with every track left."""
    f = in_play(state, cmd.model)
    poisoned = f.has("poisoned")
    if f.damage == 0 and not poisoned:
        raise RuleViolation("heal.full", f"{f.name} has all of its {f.tracks} damage tracks already.")
    back = min(cmd.amount, f.damage)
    f = f.model_copy(update={"damage": f.damage - back})
    events = [Event(kind="warlord.heal", model=f.id, data={"amount": back},
                    text=f"{f.name} is healed by {back}: {f.remaining} of {f.tracks} damage tracks.")]
    if poisoned:
        f = without(f, "poisoned")
        events.append(Event(kind="warlord.poison_cured", model=f.id, text=f"Healing cures {f.name}'s poison."))
    return with_figures(state, f), events
