"""Giving a model a model state and taking it away (doc 003): immunities, Blessed and Cursed cancelling each
other, durations that start from the moment a state arrives, and Burrowed / Flying as exclusive movement modes."""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warlord.conditions import ABILITY_LABELS, INFO, label
from models.rules.warlord.damage import without
from models.rules.warlord.state import SYSTEM, Condition, ConditionName, figure, in_play, with_figures

# States whose duration is counted from when they arrive: given again, they start over.
RENEWED = frozenset({"cursed", "disabled", "held", "stunned"})
OPPOSITE = {"blessed": "cursed", "cursed": "blessed"}
# Our reading of doc 003: underground and in the air are two places; a model is in one of them at most.
EXCLUSIVE = {"burrowed": "flying", "flying": "burrowed"}


class WarlordAddState(Command):
    """A model gains a model state (an attack, a spell, an effect at the table)."""

    type: Literal["warlord_add_state"] = "warlord_add_state"
    model: str
    state: ConditionName


@handles(WarlordAddState, system=SYSTEM, timing="anytime")
def add_state(state: GameState, cmd: WarlordAddState) -> tuple[GameState, list[Event]]:
    f = in_play(state, cmd.model)
    info = INFO[cmd.state]
    immune = [a for a in info.immune if a in f.abilities]
    if immune:
        raise RuleViolation("state.immune", f"{f.name} is {ABILITY_LABELS[immune[0]]}: it cannot become "
                                            f"{info.label}.")
    other = EXCLUSIVE.get(cmd.state)
    if other and f.has(other):
        raise RuleViolation("state.burrowed_flying", f"{f.name} is {label(other)}: it cannot be {info.label} at "
                                                     f"the same time. Take {label(other)} off first.")
    if f.has(cmd.state) and cmd.state not in RENEWED:
        raise RuleViolation("state.already", f"{f.name} is {info.label} already.")
    opposite = OPPOSITE.get(cmd.state)
    if opposite and f.has(opposite):
        f = without(f, opposite)
        return with_figures(state, f), [Event(
            kind="warlord.cancel", model=f.id,
            text=f"{info.label} and {label(opposite)} cancel out: {f.name} has neither any more.")]
    fresh = Condition(name=cmd.state, since=f.started,
                      until_turn=state.round + 1 if cmd.state == "cursed" else None)
    renewed = f.has(cmd.state)
    f = f.model_copy(update={"conditions": (*without(f, cmd.state).conditions, fresh)})
    verb = "is {} again: its duration starts over" if renewed else "becomes {}"
    return with_figures(state, f), [Event(kind="warlord.state", model=f.id, data={"state": cmd.state},
                                          text=f"{f.name} {verb.format(info.label)}.")]


class WarlordRemoveState(Command):
    """A model state ends at the table (a Burrowed model surfaces, a Flying one lands, a spell lifts it)."""

    type: Literal["warlord_remove_state"] = "warlord_remove_state"
    model: str
    state: ConditionName


@handles(WarlordRemoveState, system=SYSTEM, timing="anytime")
def remove_state(state: GameState, cmd: WarlordRemoveState) -> tuple[GameState, list[Event]]:
    f = figure(state, cmd.model)
    if not f.has(cmd.state):
        raise RuleViolation("state.absent", f"{f.name} is not {label(cmd.state)}.")
    f = without(f, cmd.state)
    return with_figures(state, f), [Event(kind="warlord.state_ends", model=f.id, data={"state": cmd.state},
                                          text=f"{f.name} is no longer {label(cmd.state)}.")]
