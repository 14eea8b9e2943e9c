"""The Warmachine state read and changed by every rule: reading stats, spending essence, and taking a model
out of play (with the infernal master destruction rule, doc 001)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from models.catalog.schema import Card
from models.rules.core import Event, GameState, RuleViolation
from models.rules.warmachine.match import ModelState, board, with_board, with_models
from models.rules.warmachine.modifiers import stat_now
from models.rules.warmachine.points import has_fury_manipulation, resource, spend_points

SYSTEM = "warmachine"
ESSENCE_MANIPULATION = ("infernal_master", "master_infernalist")


def card(state: GameState, m: ModelState) -> Card:
    return board(state).card_of(m)


def role(state: GameState, m: ModelState) -> str:
    return board(state).card_of(m).role


def has_essence_manipulation(state: GameState, m: ModelState) -> bool:
    return role(state, m) in ESSENCE_MANIPULATION


def is_horror(state: GameState, m: ModelState) -> bool:
    return role(state, m) == "horror"


def essence_stat(state: GameState, m: ModelState) -> int:
    """Current ESSENCE: the printed stat after the effects that change it (``modifiers``)."""
    value = stat_now(state, m, "ESSENCE")
    if value is None:
        raise RuleViolation(
            "card.incomplete", f"{m.name}'s card has no ESSENCE yet: enter it from the stat card first."
        )
    return value


def control_range(state: GameState, m: ModelState) -> int:
    """CTRL in inches: twice current ESSENCE, not essence points (doc 000 ruling, doc 001 "Control Range")."""
    return 2 * essence_stat(state, m)


def live(state: GameState, model_id: str) -> ModelState:
    m = board(state).model(model_id)
    if not m.in_play:
        raise RuleViolation("model.not_in_play", f"{m.name} is no longer in play.")
    return m


def active_models(state: GameState) -> list[ModelState]:
    """The active player's models in play."""
    return [m for m in board(state).models if m.seat == state.active and m.in_play]


def acting_with(state: GameState, model_id: str, doing: str, points: Literal["essence", "fury"]) -> ModelState:
    """The model about to do ``doing`` with its essence or fury: in play, in its own player's turn, and one that
    manipulates those points (an infernal master or the Master Infernalist; a warlock)."""
    m = live(state, model_id)
    if points == "essence" and not has_essence_manipulation(state, m):
        raise RuleViolation("essence.not_master", f"Only an infernal master or Master Infernalist can {doing}.")
    if points == "fury" and not has_fury_manipulation(state, m):
        raise RuleViolation("fury.not_warlock", f"Only a warlock can {doing}; {m.name} cannot.")
    own_turn(state, m, doing)
    return m


def own_turn(state: GameState, m: ModelState, doing: str) -> None:
    if m.seat != state.active:
        raise RuleViolation(
            "turn.not_yours", f"{m.name} can only {doing} during {state.player_name(m.seat)}'s own turn."
        )


def needs_essence(state: GameState, m: ModelState) -> int:
    if m.essence is None:
        essence_stat(state, m)
        raise RuleViolation("essence.none", f"{m.name} has no essence points.")
    return m.essence


def require_acting(m: ModelState, doing: str, code: str) -> None:
    """``m`` is in its own activation and that activation is not over. Running ends a model's activation: it
    can do nothing more in it (doc 000 "Restrictions on Any Time abilities": an activation ended by running;
    doc 001 "Feat": not in an activation the model runs)."""
    if m.activation != "active":
        raise RuleViolation(f"{code}.not_activated", f"{m.name} can {doing} only during its own activation.")
    if m.act.ran:
        raise RuleViolation(f"{code}.ran", f"{m.name} ran this activation, so it cannot {doing} now.")


def frenzied(m: ModelState) -> bool:
    """``m`` is in its frenzy activation (fury.py: a failed threshold check activates it at once)."""
    return done(m, "frenzy") and m.activation == "active"


# What a model gave up to stand up this turn (``done_this_turn``): its movement or its combat action.
STOOD_UP = {"movement": "stood_up:movement", "action": "stood_up:action"}


def knockdown_refusal(m: ModelState, doing: str) -> RuleViolation | None:
    """Why ``m``, knocked down, cannot attack (any attack, a free strike included) or move now, or None. A
    knocked-down model makes no attack and does not move until it stands up (doc 002 "Activation Sequence":
    standing up is a forfeit of its movement or combat action; doc 000 and doc 001 "Shake Effect": masters and
    horrors may stand up for 1 essence). A frenzied warbeast ignores it (doc 002 "Frenzy & Threshold": it shakes
    knockdown and ignores what would make it forfeit its movement or combat action)."""
    if "knocked_down" not in m.effects or frenzied(m):
        return None
    return RuleViolation("knockdown.no_attack", f"{m.name} is knocked down: it cannot {doing} until it stands up "
                                                "(in its activation, by giving up its movement or its combat "
                                                "action).")


def movement_forfeit(m: ModelState, doing: str) -> RuleViolation | None:
    """Why ``m`` cannot move now (run, charge, slam, trample), or None: it is knocked down, or it gave up its
    movement to stand up (doc 002 "Activation Sequence", step 2)."""
    if "knocked_down" in m.effects and not frenzied(m):
        return RuleViolation("knockdown.no_move", f"{m.name} is knocked down: it cannot {doing} until it stands "
                                                  "up.")
    if done(m, STOOD_UP["movement"]) and not frenzied(m):
        return RuleViolation("stand_up.movement_forfeited", f"{m.name} gave up its movement to stand up: it "
                                                            f"cannot {doing} this activation.")
    return None


def combat_refusal(m: ModelState, doing: str, code: str) -> RuleViolation | None:
    """Why ``m`` cannot use its combat action now, or None: a horror summoned this turn forfeits it (doc 001
    "Summoning"; doc 000 "Summoned horror - Arrival turn"), running ends the activation (doc 000 ruling), a
    knocked-down model makes no attack, and a model that gave up its action to stand up has none left
    (``knockdown_refusal``)."""
    if m.arrived_this_turn:
        return RuleViolation("summon.forfeit_combat",
                             f"{m.name} was summoned this turn and forfeits its combat action.")
    if m.activation == "active" and m.act.ran:
        return RuleViolation(f"{code}.ran", f"{m.name} ran this activation, so it cannot {doing} now.")
    down = knockdown_refusal(m, doing)
    if down is not None:
        return down
    if done(m, STOOD_UP["action"]) and not frenzied(m):
        return RuleViolation("stand_up.action_forfeited", f"{m.name} gave up its combat action to stand up: it "
                                                          f"cannot {doing} this activation.")
    return None


def spend(state: GameState, m: ModelState, points: int, why: str, *, outside_activation: bool = False
          ) -> tuple[ModelState, Event]:
    """Spend essence; only in the model's own activation, and not once running has ended it, unless a rule
    says otherwise (doc 001, doc 000 ruling: horrors never spend outside their activation). Models that pay in
    focus or fury (or are forced) pay through ``points.spend_points``."""
    kind = resource(state, m) or "essence"
    if not outside_activation:
        require_acting(m, "be forced" if kind == "force" else f"spend {kind}", kind)
    if kind in ("focus", "fury", "force"):
        return spend_points(state, m, points, why)
    have = needs_essence(state, m)
    if have < points:
        raise RuleViolation(
            "essence.not_enough", f"{m.name} has {have} essence; {why} needs {points}."
        )
    spent = m.model_copy(update={"essence": have - points})
    return spent, Event(kind="essence.spent", model=m.id, text=f"{m.name} spends {points} essence: {why}.",
                        data={"points": points, "left": have - points})


def in_battlegroup(state: GameState, boss: ModelState, model_id: str, kind: str, in_control: bool, code: str
                   ) -> ModelState:
    """The ``kind`` (horror, warjack, warbeast) of ``boss``'s battlegroup that ``boss`` gives points to or takes
    them from: only one of its own, and only in its control range (``in_control``: the players' answer)."""
    m = live(state, model_id)
    if role(state, m) != kind or m.battlegroup != boss.id:
        raise RuleViolation(f"{code}.not_battlegroup", f"{m.name} is not a {kind} of {boss.name}'s battlegroup.")
    if not in_control:
        raise RuleViolation(f"{code}.out_of_control", f"{m.name} must be in {boss.name}'s control range.")
    return m


def battlegroup(state: GameState, master_id: str) -> list[ModelState]:
    return [m for m in board(state).models if m.battlegroup == master_id and m.in_play]


def remove(state: GameState, m: ModelState, status: str, why: str, short: str = ""
           ) -> tuple[GameState, list[Event]]:
    """Take a model out of play (``why`` for the log, ``short`` for its card). When a model controlling horrors
    goes, its horrors go too (doc 001, "Infernal Master Destruction"). What it kept in play goes with it: its
    upkeep spells expire, as an upkeep spell does when nothing keeps it (doc 001, "Control Phase" step 4: the
    spell expires and its effects end), and the soul tokens on it are lost (tokens belong to a model in play)."""
    gone = m.model_copy(update={"status": status, "activation": "done", "removed_why": short,
                                "upkeeps": (), "upkept": (), "soul_tokens": 0})
    state = with_models(state, gone)
    if board(state).pending_tithe and m.id in board(state).pending_tithe:
        state = with_board(state, pending_tithe=tuple(x for x in board(state).pending_tithe if x != m.id))
    verb = "is destroyed" if status == "destroyed" else "is removed from play"
    events = [Event(kind=f"model.{status}", model=m.id, text=f"{m.name} {verb}: {why}.")]
    events += [Event(kind="spell.expired", model=m.id, data={"spell": spell},
                     text=f"{spell} ends: {m.name}, who kept it in play, is gone.") for spell in m.upkeeps]
    if m.soul_tokens:
        events.append(Event(kind="soul.lost", model=m.id, data={"count": m.soul_tokens},
                            text=f"The {m.soul_tokens} soul token(s) on {m.name} are lost with it."))
    if has_essence_manipulation(state, m):
        for horror in battlegroup(state, m.id):
            state, more = remove(state, horror, "removed", f"its master {m.name} is gone", "its master is gone")
            events += more
    for hook in REMOVAL_HOOKS:
        state, more = hook(state, gone)
        events += more
    return state, events


# Work done after a model leaves play (ending.py: a tournament game ends when a side's last caster goes).
REMOVAL_HOOKS: list[Callable[[GameState, ModelState], tuple[GameState, list[Event]]]] = []


def done(m: ModelState, marker: str) -> bool:
    """Whether ``m`` did ``marker`` this turn (once-per-turn things: spirit bond, a threshold check, an arcana
    card, fire resolved...)."""
    return marker in m.done_this_turn


def mark_done(m: ModelState, marker: str) -> ModelState:
    return m.model_copy(update={"done_this_turn": (*m.done_this_turn, marker)})
