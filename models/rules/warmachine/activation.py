"""Activation: every model (a unit as a whole) activates once per turn, one at a time (doc 001 "Activation
Phase"), and movement choices that horrors pay for once their outer ring is crippled (doc 001 "Running and
Charging", "Power Attacks")."""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.damage import crippled
from models.rules.warmachine.match import Activation, ModelState, board, with_models
from models.rules.warmachine.phases import on_turn_start
from models.rules.warmachine.points import is_crippled
from models.rules.warmachine.shake import without_effect
from models.rules.warmachine.stat_effects import end_with_activation
from models.rules.warmachine.state import (
    STOOD_UP,
    SYSTEM,
    combat_refusal,
    is_horror,
    live,
    mark_done,
    movement_forfeit,
    own_turn,
    role,
    spend,
)
from models.rules.warmachine.structures import movement_refusal

# What moves the model itself: a slam and a trample are made with its movement, as a run or a charge is.
MOVING = ("run", "charge", "make a slam", "make a trample")
POWER_ATTACKS = {
    "lesser": (),
    "light": ("head-butt", "slam", "throw"),
    "heavy": ("head-butt", "slam", "trample", "throw"),
    "colossal": (),
}


@on_turn_start
def ready_models(state: GameState) -> tuple[GameState, list[Event]]:
    """A new turn: the active player's models may activate again; per-turn marks are cleared. A horror
    summoned in the last turn is no longer in its arrival turn, whoever's turn this is."""
    fresh = [
        m.model_copy(update={"activation": "ready", "act": Activation(), "replenished": None,
                             "summoned_this_turn": False, "arrived_this_turn": False})
        for m in board(state).models if m.seat == state.active and m.in_play
    ]
    settled = [m.model_copy(update={"arrived_this_turn": False}) for m in board(state).models
               if m.seat != state.active and m.arrived_this_turn]
    return with_models(state, *fresh, *settled), []


def group(state: GameState, m: ModelState) -> list[ModelState]:
    """The models that activate together, as ``state`` holds them: a unit's troopers in play, or the model
    alone."""
    if m.unit is None:
        return [board(state).model(m.id)]
    return [x for x in board(state).models if x.unit == m.unit and x.in_play]


def group_name(state: GameState, m: ModelState) -> str:
    return board(state).card_of(m).name if m.unit else m.name


class Activate(Command):
    type: Literal["activate"] = "activate"
    model: str


@handles(Activate, system=SYSTEM, timing="step")
def activate(state: GameState, cmd: Activate) -> tuple[GameState, list[Event]]:
    m = live(state, cmd.model)
    own_turn(state, m, "activate")
    if m.activation == "done":
        raise RuleViolation("activation.done", f"{group_name(state, m)} has already activated this turn.")
    if m.activation == "active":
        raise RuleViolation("activation.active", f"{group_name(state, m)} is already activated.")
    events: list[Event] = []
    current = [x for x in board(state).models if x.activation == "active"]
    if current:
        state, events = _finish(state, current[0])
    state = with_models(state, *[x.model_copy(update={"activation": "active"}) for x in group(state, m)])
    events.append(Event(kind="activation.start", model=m.id, text=f"{group_name(state, m)} activates."))
    return state, events


def _finish(state: GameState, m: ModelState) -> tuple[GameState, list[Event]]:
    """End the activation of ``m``'s group, and with it the changes that last "this activation"."""
    together = group(state, m)
    state = with_models(state, *[x.model_copy(update={"activation": "done"}) for x in together])
    state, ended = end_with_activation(state, {x.id for x in together})
    return state, [Event(kind="activation.end", model=m.id, text=f"{group_name(state, m)} ends its activation."),
                   *ended]


class EndActivation(Command):
    type: Literal["end_activation"] = "end_activation"
    model: str


@handles(EndActivation, system=SYSTEM, timing="step")
def end_activation(state: GameState, cmd: EndActivation) -> tuple[GameState, list[Event]]:
    m = live(state, cmd.model)
    if m.activation != "active":
        raise RuleViolation("activation.not_active", f"{group_name(state, m)} is not activated.")
    return _finish(state, m)


def _move_cost(state: GameState, m: ModelState, what: str) -> tuple[ModelState, list[Event]]:
    """Horrors run, charge and power attack for free until the outer ring is crippled; then it costs 1.
    Warjacks spend 1 focus and warbeasts are forced to do any of it, and a warjack with a crippled
    Movement system cannot run, charge, slam or trample (Mk III core rules, public); structures never move
    (doc 001 "Fixed Position"), so none of these either."""
    if m.activation != "active":
        raise RuleViolation("activation.not_active", f"{m.name} must be activated to {what}.")
    fixed = (movement_refusal(state, m, what) or movement_forfeit(m, what)) if what in MOVING else None
    if fixed is not None:
        raise fixed
    if role(state, m) == "warjack" and is_crippled(state, m, "M") and what in MOVING:
        raise RuleViolation("move.crippled", f"{m.name}'s Movement system is crippled: it cannot {what}.")
    if is_horror(state, m) and 0 in crippled(state, m):
        m, paid = spend(state, m, 1, f"{what} with a crippled outer ring")
        return m, [paid]
    if role(state, m) in ("warjack", "warbeast"):
        m, paid = spend(state, m, 1, what)
        return m, [paid]
    return m, []


def _yet_to_move(state: GameState, model_id: str) -> ModelState:
    """The model about to run or charge: either is its normal movement, made once per activation."""
    m = live(state, model_id)
    if m.act.ran or m.act.charged:
        raise RuleViolation("move.once", f"{m.name} has already used its normal movement.")
    return m


def _moves(state: GameState, m: ModelState, what: Literal["run", "charge"], flag: Literal["ran", "charged"]
           ) -> tuple[GameState, list[Event]]:
    """``m`` runs or charges: it pays what that costs it, and its activation remembers the movement."""
    m, events = _move_cost(state, m, what)
    m = m.model_copy(update={"act": m.act.model_copy(update={flag: True})})
    return with_models(state, m), [*events, Event(kind=f"move.{what}", model=m.id, text=f"{m.name} {what}s.")]


class Run(Command):
    type: Literal["run"] = "run"
    model: str


@handles(Run, system=SYSTEM, timing="step")
def run(state: GameState, cmd: Run) -> tuple[GameState, list[Event]]:
    """Running; a model that used its feat or cast a spell this activation cannot run (doc 001 "Feat", doc 000
    ruling: no feat or spell in an activation the model runs, not even before running)."""
    m = _yet_to_move(state, cmd.model)
    if m.act.feat:
        raise RuleViolation("feat.ran", f"{m.name} used its feat this activation, so it cannot run.")
    if m.act.spells:
        raise RuleViolation("spell.ran", f"{m.name} cast a spell this activation, so it cannot run.")
    return _moves(state, m, "run", "ran")


class Charge(Command):
    type: Literal["charge"] = "charge"
    model: str


@handles(Charge, system=SYSTEM, timing="step")
def charge(state: GameState, cmd: Charge) -> tuple[GameState, list[Event]]:
    m = _yet_to_move(state, cmd.model)
    refusal = combat_refusal(m, "charge", "charge")
    if refusal is not None:
        raise refusal
    return _moves(state, m, "charge", "charged")


class PowerAttack(Command):
    type: Literal["power_attack"] = "power_attack"
    model: str
    kind: Literal["head-butt", "slam", "trample", "throw"]
    open_fist: bool = False


@handles(PowerAttack, system=SYSTEM, timing="step")
def power_attack(state: GameState, cmd: PowerAttack) -> tuple[GameState, list[Event]]:
    """Power attacks by horror size: lesser none; light head-butt and slam; heavy also trample; throw needs an
    Open Fist weapon (doc 001 "Power Attacks")."""
    m = live(state, cmd.model)
    own_turn(state, m, "make a power attack")
    if is_horror(state, m):
        allowed = POWER_ATTACKS.get(board(state).card_of(m).weight or "", ())
        if cmd.kind not in allowed:
            raise RuleViolation("power_attack.size", f"{m.name} cannot make a {cmd.kind} power attack.")
        if cmd.kind == "throw" and not cmd.open_fist:
            raise RuleViolation("power_attack.open_fist", "A throw needs a weapon with Open Fist.")
    refusal = combat_refusal(m, f"make a {cmd.kind}", "power_attack")
    if refusal is not None:
        raise refusal
    m, events = _move_cost(state, m, f"make a {cmd.kind}")
    return with_models(state, m), [*events, Event(kind="attack.power", model=m.id,
                                                  text=f"{m.name} makes a {cmd.kind} power attack.")]


class StandUp(Command):
    """A knocked-down model stands up in its activation by giving up its ``forfeit``: its movement or its
    combat action."""

    type: Literal["stand_up"] = "stand_up"
    model: str
    forfeit: Literal["movement", "action"]


@handles(StandUp, system=SYSTEM, timing="step")
def stand_up(state: GameState, cmd: StandUp) -> tuple[GameState, list[Event]]:
    """Standing up (doc 002 "Activation Sequence", step 2: the forfeits of movement or combat action come before
    movement; Mk III core rules, public: a knocked-down model stands up in its activation by forfeiting either):
    the forfeit must still be the model's to give. Masters and horrors may instead spend 1 essence in the
    control phase (doc 001 "Shake Effect", ``shake.Shake``)."""
    m = live(state, cmd.model)
    own_turn(state, m, "stand up")
    if m.activation != "active":
        raise RuleViolation("activation.not_active", f"{m.name} stands up in its own activation.")
    if "knocked_down" not in m.effects:
        raise RuleViolation("stand_up.not_knocked_down", f"{m.name} is not knocked down.")
    if cmd.forfeit == "movement" and (m.act.ran or m.act.charged):
        raise RuleViolation("stand_up.movement_used", f"{m.name} has already used its movement this activation: "
                                                      "it can stand up only by giving up its combat action.")
    if cmd.forfeit == "action" and m.act.declared:
        raise RuleViolation("stand_up.action_used", f"{m.name} has already attacked this activation: it can "
                                                    "stand up only by giving up its movement.")
    m = mark_done(without_effect(m, "knocked_down"), STOOD_UP[cmd.forfeit])
    gave = "its movement" if cmd.forfeit == "movement" else "its combat action"
    return with_models(state, m), [Event(kind="effect.stood_up", model=m.id,
                                        data={"effect": "knocked_down", "forfeit": cmd.forfeit},
                                        text=f"{m.name} stands up, giving up {gave} this activation.")]
