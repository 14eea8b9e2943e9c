"""Spells, feats and animi that change a stat for a while: recording the change and ending it on time.

A change lasts this activation (it ends with the activation going on when it began), this turn (it ends as the
next turn begins), one round (it ends as the side that made it begins its next turn: the Mk III round duration
as the players know it; docs 000-002 do not define it), or while upkept (it ends when its caster's upkeep spell
of that name expires, doc 001 "Control Phase" step 4: "the spell expires, and its effects immediately end", or
when the caster leaves play, ``state.remove``). When a horror's ESSENCE goes down, by a change or by one that
ends, the essence above it goes at once (doc 001 "Horror Special Rules: Essence": "If a horror's current
ESSENCE is reduced for any reason, immediately remove excess essence points"); a master above its ESSENCE, a
warcaster above its FOCUS and a warlock above its FURY keep the excess until their maintenance phase (doc 001
"Maintenance Phase" step 1, doc 002 "Game Round": remove focus and fury in excess of the stat), where the
``excess`` step reads the changed stat.
"""

from __future__ import annotations

from collections.abc import Callable

from models.rules.core import Event, GameState, RuleViolation
from models.rules.text import clean_text
from models.rules.warmachine.horrors import cap_horror_essence
from models.rules.warmachine.match import Duration, ModelState, StatMod, StatName, board, with_models
from models.rules.warmachine.modifiers import DURATION_WORDS, signed
from models.rules.warmachine.phases import on_enter, on_turn_start
from models.rules.warmachine.state import REMOVAL_HOOKS, live

CAUSE_MAX = 40  # characters of a cause's name (a spell's, as cast)
AMOUNT_MAX = 10


def _activating(state: GameState) -> ModelState | None:
    return next((x for x in board(state).models if x.activation == "active"), None)


def add_stat(state: GameState, model_id: str, stat: StatName | None, amount: int | None, cause: str | None,
             duration: Duration, caster: str | None) -> tuple[GameState, list[Event]]:
    """Put a change of ``stat`` by ``amount`` on the model, because of ``cause``, for ``duration``."""
    m = live(state, model_id)
    if stat is None or not amount:
        raise RuleViolation("effect.stat_missing", "Say which stat changes and by how much (not 0).")
    if abs(amount) > AMOUNT_MAX:
        raise RuleViolation("effect.amount", f"A stat changes by at most {AMOUNT_MAX} either way.")
    name = clean_text(cause, "cause's name", CAUSE_MAX)
    if getattr(board(state).card_of(m).stats, stat) is None:
        raise RuleViolation("effect.no_stat", f"{m.name}'s card gives no {stat} to change.")
    if any(mod.stat == stat and mod.cause == name for mod in m.mods):
        raise RuleViolation("effect.already", f"{m.name} has {name}'s change to {stat} already.")
    activating = _activating(state)
    if duration == "activation" and activating is None:
        raise RuleViolation("effect.no_activation",
                            "No model is activating now: pick this turn or one round instead.")
    if duration == "upkeep":
        keeper = live(state, caster) if caster else None
        if keeper is None or name not in keeper.upkeeps:
            raise RuleViolation("effect.not_upkept",
                                f"No caster keeps an upkeep spell called {name} in play: cast it first.")
    mod = StatMod(stat=stat, amount=amount, cause=name, duration=duration, seat=state.active,
                  activation=activating.id if duration == "activation" and activating else None,
                  caster=caster if duration == "upkeep" else None)
    state = with_models(state, m.model_copy(update={"mods": (*m.mods, mod)}))
    events = [Event(kind="effect.stat", model=m.id, data=mod.model_dump(),
                    text=f"{m.name}: {signed(amount)} {stat} from {name} ({DURATION_WORDS[duration]}).")]
    state, lost = cap_horror_essence(state)
    return state, events + lost


def end_where(state: GameState, ends: Callable[[StatMod], bool], why: str) -> tuple[GameState, list[Event]]:
    """End every change that ``ends`` on every model (in play or not), then take a horror's essence above its
    ESSENCE at once."""
    changed: list[ModelState] = []
    events: list[Event] = []
    for m in board(state).models:
        gone = [mod for mod in m.mods if ends(mod)]
        if not gone:
            continue
        changed.append(m.model_copy(update={"mods": tuple(mod for mod in m.mods if not ends(mod))}))
        events += [Event(kind="effect.ended", model=m.id, data={"stat": mod.stat, "cause": mod.cause},
                         text=f"{m.name}'s {signed(mod.amount)} {mod.stat} from {mod.cause} ends: {why}.")
                   for mod in gone if m.in_play]
    if not changed:
        return state, []
    state, lost = cap_horror_essence(with_models(state, *changed))
    return state, events + lost


def end_with_activation(state: GameState, ids: set[str]) -> tuple[GameState, list[Event]]:
    """The activation of the models ``ids`` (a unit's together) ended: so do its "this activation" changes."""
    return end_where(state, lambda mod: mod.duration == "activation" and mod.activation in ids,
                     "the activation is over")


def end_upkept(state: GameState, caster: str, spell: str) -> tuple[GameState, list[Event]]:
    """``caster``'s upkeep spell ``spell`` expired: its changes end."""
    return end_where(state, lambda mod: mod.duration == "upkeep" and mod.caster == caster and mod.cause == spell,
                     "the spell has expired")


@on_enter("end", "tithe")
def end_with_activation_phase(state: GameState) -> tuple[GameState, list[Event]]:
    """The activation phase is over, and with it any activation still going on."""
    return end_where(state, lambda mod: mod.duration == "activation", "the activation is over")


@on_turn_start
def end_on_turn_start(state: GameState) -> tuple[GameState, list[Event]]:
    """A new turn: "this turn" and "this activation" changes are over, and "one round" changes made by the side
    whose turn begins now."""
    return end_where(state, lambda mod: mod.duration in ("turn", "activation")
                     or (mod.duration == "round" and mod.seat == state.active), "its time is over")


def _caster_gone(state: GameState, gone: ModelState) -> tuple[GameState, list[Event]]:
    return end_where(state, lambda mod: mod.duration == "upkeep" and mod.caster == gone.id,
                     f"{gone.name}, who kept it in play, is gone")


REMOVAL_HOOKS.append(_caster_gone)
