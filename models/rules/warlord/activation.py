"""A model's activation: up to two actions, one at a time, and the model states that act on it (doc 003
"Burning", "Blessed", "Disabled", "Held", "Shaken", "Stunned").

Doc 003 counts on two actions per activation (Burning's note) and says when Stunned allows only one. The app
records which action a model takes; the table plays it out.
"""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warlord.card import missing_numbers
from models.rules.warlord.conditions import ACTION_LABELS, in_its_activation, label
from models.rules.warlord.damage import suffer, without
from models.rules.warlord.state import (
    SYSTEM,
    ActionName,
    Figure,
    PlainAction,
    active_figure,
    board,
    in_play,
    with_figures,
)

ACTIONS_PER_ACTIVATION = 2
MOVEMENT = ("move", "charge", "run")
# Our reading: fighting, shooting and casting are combat actions (a blessing lasts until the next one).
COMBAT = ("combat", "melee_attack", "ranged_attack", "cast_spell")
# Conditions that last until the end of the model's next activation.
FOR_NEXT_ACTIVATION = ("disabled", "held", "stunned")


def applies(f: Figure, name: str) -> bool:
    """Whether ``f`` is in the activation that its Disabled / Held / Stunned concerns."""
    c = f.condition(name)
    return c is not None and in_its_activation(f, c)


def started(state: GameState) -> bool:
    """Whether the game has begun: a model has activated (the card numbers are asked for before that)."""
    return state.round > 1 or any(f.started for f in board(state).figures)


def allowed_actions(f: Figure) -> int:
    return 1 if applies(f, "stunned") else ACTIONS_PER_ACTIVATION


class WarlordActivate(Command):
    """A model begins its activation."""

    type: Literal["warlord_activate"] = "warlord_activate"
    model: str


@handles(WarlordActivate, system=SYSTEM, timing="step")
def activate(state: GameState, cmd: WarlordActivate) -> tuple[GameState, list[Event]]:
    f = in_play(state, cmd.model)
    if f.activation == "done":
        raise RuleViolation("activation.done", f"{f.name} has activated already this game turn.")
    if f.activation == "active":
        raise RuleViolation("activation.active", f"{f.name} is activated already.")
    current = active_figure(state)
    if current is not None:
        raise RuleViolation("activation.in_progress", f"{current.name} is still activated: end its activation "
                                                       "first.")
    missing = missing_numbers(state) if not started(state) else []
    if missing:
        raise RuleViolation("stats.missing", "Before the game starts, type the card numbers still empty: "
                                             + "; ".join(missing) + ".")
    f = f.model_copy(update={"activation": "active", "started": f.started + 1, "actions": ()})
    notes = []
    if applies(f, "held"):
        notes.append("Held: no Move, Charge or Run")
    if applies(f, "stunned"):
        notes.append("Stunned: one action only")
    extra = f" ({'; '.join(notes)} this activation)" if notes else ""
    return with_figures(state, f), [Event(kind="warlord.activate", model=f.id, text=f"{f.name} activates{extra}.")]


class WarlordAction(Command):
    """The activated model takes one action; ``extinguish`` and ``shake_off`` are specialty actions."""

    type: Literal["warlord_action"] = "warlord_action"
    model: str
    action: PlainAction


def _refusal(f: Figure, action: ActionName) -> RuleViolation | None:
    if f.activation != "active":
        return RuleViolation("activation.not_active", f"{f.name} is not activated.")
    if len(f.actions) >= allowed_actions(f):
        if applies(f, "stunned"):
            return RuleViolation("stunned.one_action", f"{f.name} is Stunned: one action is all it gets in this "
                                                       "activation.")
        return RuleViolation("action.limit", f"{f.name} has taken its {ACTIONS_PER_ACTIVATION} actions already.")
    if action in MOVEMENT and applies(f, "held"):
        return RuleViolation("held.no_move", f"{f.name} is Held: no Move, Charge or Run in this activation.")
    if action == "extinguish" and not f.has("burning"):
        return RuleViolation("extinguish.not_burning", f"{f.name} is not Burning: there is no fire to put out.")
    if action == "shake_off" and not f.has("shaken"):
        return RuleViolation("shake.not_shaken", f"{f.name} is not Shaken.")
    return None


def burn(state: GameState, f: Figure, amount: int, why: str) -> tuple[GameState, Figure, list[Event]]:
    """Burning damage; a model that has taken some has Flame Attack while it keeps burning."""
    state, f, events = suffer(state, f, amount, why)
    fire = f.condition("burning")
    if fire is not None and not fire.flame:
        lit = fire.model_copy(update={"flame": True})
        f = f.model_copy(update={"conditions": tuple(lit if c.name == "burning" else c for c in f.conditions)})
        state = with_figures(state, f)
        events.append(Event(kind="warlord.flame_attack", model=f.id,
                            text=f"{f.name} has Flame Attack on its melee attacks while it burns."))
    return state, f, events


def ready_to(state: GameState, model_id: str, action: ActionName) -> Figure:
    """The model about to take ``action``: in play, its activation with room for the action (refused otherwise, or
    when the action makes no sense now)."""
    f = in_play(state, model_id)
    refusal = _refusal(f, action)
    if refusal is not None:
        raise refusal
    return f


@handles(WarlordAction, system=SYSTEM, timing="step")
def take_action(state: GameState, cmd: WarlordAction) -> tuple[GameState, list[Event]]:
    f = ready_to(state, cmd.model, cmd.action)
    return act(state, f, cmd.action)


def act(state: GameState, f: Figure, action: ActionName, detail: str = "",
        data: dict[str, object] | None = None) -> tuple[GameState, list[Event]]:
    """``f`` takes ``action`` (already checked): recorded, then what the model states do after an action.
    ``detail``: what the action did, for the log line."""
    f = f.model_copy(update={"actions": (*f.actions, action)})
    said = f": {detail}" if detail else ""
    events = [Event(kind="warlord.action", model=f.id, data={"action": action, **(data or {})},
                    text=f"{f.name}: {ACTION_LABELS[action]} (action {len(f.actions)} of {allowed_actions(f)})"
                         f"{said}.")]
    if action == "extinguish":
        f = without(f, "burning")
        events.append(Event(kind="warlord.extinguished", model=f.id, text=f"{f.name} puts out the fire."))
    elif action == "shake_off":
        f = without(f, "shaken")
        events.append(Event(kind="warlord.state_ends", model=f.id, text=f"{f.name} is no longer Shaken."))
    elif action in COMBAT and f.has("blessed"):
        f = without(f, "blessed")
        events.append(Event(kind="warlord.state_ends", model=f.id,
                            text=f"{f.name}'s blessing is spent with this combat action."))
    state = with_figures(state, f)
    if f.has("burning"):
        state, f, more = burn(state, f, 1, "burning")
        events += more
    return state, events


class WarlordEndActivation(Command):
    """The activated model's activation ends."""

    type: Literal["warlord_end_activation"] = "warlord_end_activation"
    model: str


@handles(WarlordEndActivation, system=SYSTEM, timing="step")
def end_activation(state: GameState, cmd: WarlordEndActivation) -> tuple[GameState, list[Event]]:
    """A Burning model pays 1 damage per action it did not take; states for this activation end."""
    f = in_play(state, cmd.model)
    if f.activation != "active":
        raise RuleViolation("activation.not_active", f"{f.name} is not activated.")
    events: list[Event] = []
    missing = ACTIONS_PER_ACTIVATION - len(f.actions)
    if f.has("burning") and missing > 0:
        state, f, events = burn(state, f, missing, f"burning: {missing} action{'s' if missing > 1 else ''} not "
                                                   "taken")
        if f.out_of_action:
            return state, events
    ending = [n for n in FOR_NEXT_ACTIVATION if applies(f, n)]
    for name in ending:
        f = without(f, name)
    f = f.model_copy(update={"activation": "done"})
    events.append(Event(kind="warlord.activation_end", model=f.id, text=f"{f.name} ends its activation."))
    events += [Event(kind="warlord.state_ends", model=f.id, text=f"{f.name} is no longer {label(n)}.")
               for n in ending]
    return with_figures(state, f), events
