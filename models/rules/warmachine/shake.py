"""Effects on models and shaking them off with essence (doc 001 "ESSENCE: Shake Effect" for masters and
"Essence: Shake Effect" for horrors, "Control Phase" steps 3-5)."""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.match import Duration, ModelState, StatName, with_models
from models.rules.warmachine.points import resource
from models.rules.warmachine.stat_effects import AMOUNT_MAX, CAUSE_MAX, add_stat
from models.rules.warmachine.state import SYSTEM, live, own_turn, spend
from models.rules.warmachine.structures import effect_refusal

Effect = Literal[
    "knocked_down", "stationary", "blind", "shadow_bind", "fire", "corrosion", "disrupted", "stealth",
]
EFFECTS: tuple[Effect, ...] = get_args(Effect)
# How each effect reads after "is" ("Agathon is knocked down", "the Lamenter is no longer on fire").
EFFECT_NAMES = {
    "knocked_down": "knocked down", "stationary": "stationary", "blind": "blinded",
    "shadow_bind": "under Shadow Bind", "fire": "on fire", "corrosion": "suffering corrosion",
    "disrupted": "disrupted", "stealth": "in stealth",
}
# What 1 essence point ends during the control phase (doc 001: stand up, end stationary, end an effect that
# says it can be shaken such as Blind or Shadow Bind).
SHAKEABLE: tuple[Effect, ...] = ("knocked_down", "stationary", "blind", "shadow_bind")


def effect_name(effect: str) -> str:
    return EFFECT_NAMES.get(effect, effect.replace("_", " "))


def without_effect(m: ModelState, effect: str) -> ModelState:
    """``m`` once ``effect`` has ended (removed at the table, shaken off, expired)."""
    return m.model_copy(update={"effects": tuple(e for e in m.effects if e != effect)})


MAX_ALSO = 40  # models one recorded change lands on besides the first: more than a table holds


class AddEffect(Command):
    """Record an effect that happened at the table: a state (knocked down, Blind, on fire...), or with
    ``effect`` "stat" a spell, feat or animus changing one stat of the model: ``stat`` (SPD, STR, MAT, RAT,
    DEF, ARM, CMD, THR, FOCUS, FURY, ESSENCE) changes by ``amount`` (-10 to 10, not 0) because of ``cause``
    (the spell's, feat's or animus's name) for ``duration``: "activation" (ends with the activation going on
    now), "turn" (ends as the next turn begins), "round" (ends as this side's next turn begins) or "upkeep"
    (ends when ``caster``'s upkeep spell named ``cause`` expires or the caster leaves play). The derived stats,
    the attack arithmetic and the essence, focus and fury limits read the changed number. ``also``: the other
    models the same change lands on (a feat or a spell whose area covers several, as the players say), in one
    command, so one undo takes them all back."""

    type: Literal["add_effect"] = "add_effect"
    model: str
    effect: Effect | Literal["stat"]
    stat: StatName | None = None
    amount: int | None = Field(default=None, ge=-AMOUNT_MAX, le=AMOUNT_MAX)
    cause: str | None = Field(default=None, max_length=CAUSE_MAX)
    duration: Duration = "turn"
    caster: str | None = None
    also: tuple[str, ...] = Field(default=(), max_length=MAX_ALSO)


@handles(AddEffect, system=SYSTEM, timing="anytime")
def add_effect(state: GameState, cmd: AddEffect) -> tuple[GameState, list[Event]]:
    if cmd.effect == "stat":
        return _add_stats(state, cmd)
    if cmd.also:
        raise RuleViolation("effect.one_model", "A state such as knocked down is put on one model at a time.")
    m = live(state, cmd.model)
    refusal = effect_refusal(state, m, cmd.effect)
    if refusal is not None:
        raise refusal
    if cmd.effect in m.effects:
        raise RuleViolation("effect.already", f"{m.name} is already {effect_name(cmd.effect)}.")
    m = m.model_copy(update={"effects": (*m.effects, cmd.effect)})
    return with_models(state, m), [Event(kind="effect.added", model=m.id, data={"effect": cmd.effect},
                                        text=f"{m.name} is now {effect_name(cmd.effect)}.")]


def _add_stats(state: GameState, cmd: AddEffect) -> tuple[GameState, list[Event]]:
    """The change on the model and on each model ``also`` names, each once."""
    on = (cmd.model, *cmd.also)
    if len(set(on)) != len(on):
        raise RuleViolation("effect.model_twice", "Name each model the change lands on once.")
    events: list[Event] = []
    for model in on:
        state, more = add_stat(state, model, cmd.stat, cmd.amount, cmd.cause, cmd.duration, cmd.caster)
        events += more
    return state, events


class RemoveEffect(Command):
    """Record that an effect ended at the table (it expired, the model stood up by other means...)."""

    type: Literal["remove_effect"] = "remove_effect"
    model: str
    effect: Effect


@handles(RemoveEffect, system=SYSTEM, timing="anytime")
def remove_effect(state: GameState, cmd: RemoveEffect) -> tuple[GameState, list[Event]]:
    m = live(state, cmd.model)
    if cmd.effect not in m.effects:
        raise RuleViolation("effect.absent", f"{m.name} is not {effect_name(cmd.effect)}.")
    m = without_effect(m, cmd.effect)
    return with_models(state, m), [Event(kind="effect.removed", model=m.id, data={"effect": cmd.effect},
                                        text=f"{m.name} is no longer {effect_name(cmd.effect)}.")]


class Shake(Command):
    type: Literal["shake"] = "shake"
    model: str
    effect: Effect


@handles(Shake, system=SYSTEM, timing="step")
def shake(state: GameState, cmd: Shake) -> tuple[GameState, list[Event]]:
    """Shake effect: in the control phase after allocation, a master or a horror spends 1 essence to stand
    up, to end stationary, or to end an effect that can be shaken such as Blind or Shadow Bind (doc 001
    "ESSENCE: Shake Effect", "Essence: Shake Effect"); spending outside the activation is the rule's own
    exception. Warcasters and warjacks shake with focus, warlocks with fury, and warbeasts by being forced, in
    the same step (Mk III core rules, public)."""
    m = live(state, cmd.model)
    if resource(state, m) is None:
        raise RuleViolation("shake.not_allowed", f"{m.name} cannot shake effects off by spending points.")
    own_turn(state, m, "shake an effect")
    if cmd.effect not in SHAKEABLE:
        raise RuleViolation("shake.not_shakeable",
                            f"Being {effect_name(cmd.effect)} cannot be shaken off with essence.")
    if cmd.effect not in m.effects:
        raise RuleViolation("shake.no_effect", f"{m.name} is not {effect_name(cmd.effect)}.")
    what = "stand up" if cmd.effect == "knocked_down" else f"stop being {effect_name(cmd.effect)}"
    m, paid = spend(state, m, 1, what, outside_activation=True)
    m = without_effect(m, cmd.effect)
    done = "stands up" if cmd.effect == "knocked_down" else f"is no longer {effect_name(cmd.effect)}"
    return with_models(state, m), [paid, Event(kind="effect.shaken", model=m.id, data={"effect": cmd.effect},
                                              text=f"{m.name} {done}.")]
