"""Feats, spells and upkeep (doc 001 "Feat", "Spellcaster", "Control Phase" step 4; doc 000 "Master
Infernalist" and the "Rules Clarification: Infernal Master" ruling that feats and spells cannot be used in an
activation the model runs, not even before running)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.catalog.schema import Spell
from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.text import clean_text
from models.rules.warmachine.match import AttackRecord, Duration, ModelState, StatName, board, with_board, with_models
from models.rules.warmachine.phases import before_leaving, on_enter, on_turn_start
from models.rules.warmachine.points import has_focus_manipulation, has_fury_manipulation
from models.rules.warmachine.stat_effects import AMOUNT_MAX, add_stat, end_upkept
from models.rules.warmachine.state import SYSTEM, has_essence_manipulation, live, own_turn, require_acting, role, spend

# Effects that keep a model from casting spells and using its feat (doc 000 "Restrictions on Any Time
# abilities": spells and feats say they cannot be used while knocked down or stationary).
SPELL_MAX = 40  # characters of a spell's name as the players type it
BLOCKING_EFFECTS = {"knocked_down": "knocked down", "stationary": "stationary"}


def _caster(state: GameState, model_id: str, doing: str, code: str) -> ModelState:
    m = live(state, model_id)
    if not is_caster(state, m):
        raise RuleViolation(f"{code}.not_master",
                            f"Only a warcaster, a warlock, an infernal master or the Master Infernalist can "
                            f"{doing}.")
    own_turn(state, m, doing)
    return m


def is_caster(state: GameState, m: ModelState) -> bool:
    """Models that cast spells and (most of them) have a feat: masters pay essence, warcasters focus,
    warlocks fury (doc 001 "Spellcaster"; Mk III core rules for warcasters and warlocks)."""
    return (has_essence_manipulation(state, m) or has_focus_manipulation(state, m)
            or has_fury_manipulation(state, m))


def is_grymkin_warlock(state: GameState, m: ModelState) -> bool:
    """Grymkin warlocks have Arcana cards instead of a feat (doc 001 "Arcana")."""
    c = board(state).card_of(m)
    return c.role == "warlock" and c.faction.strip().lower() == "grymkin"


def _in_activation(m: ModelState, doing: str, code: str) -> None:
    require_acting(m, doing, code)
    for effect, words in BLOCKING_EFFECTS.items():
        if effect in m.effects:
            raise RuleViolation(f"{code}.status", f"{m.name} is {words} and cannot {doing}.")


class UseFeat(Command):
    type: Literal["feat"] = "feat"
    master: str


@handles(UseFeat, system=SYSTEM, timing="step")
def use_feat(state: GameState, cmd: UseFeat) -> tuple[GameState, list[Event]]:
    """Feat: once per game, at any time during the master's activation, never in an activation it runs
    (doc 001 "Feat"); the Master Infernalist has no feat (doc 000 "Master Infernalist")."""
    m = _caster(state, cmd.master, "use a feat", "feat")
    if role(state, m) == "master_infernalist":
        raise RuleViolation("feat.none", f"{m.name} is a Master Infernalist and has no feat.")
    if is_grymkin_warlock(state, m):
        raise RuleViolation("feat.arcana", f"{m.name} has Arcana cards instead of a feat.")
    if m.feat_used:
        raise RuleViolation("feat.used", f"{m.name} has already used its feat this game.")
    _in_activation(m, "use its feat", "feat")
    m = m.model_copy(update={"feat_used": True, "act": m.act.model_copy(update={"feat": True})})
    return with_models(state, m), [Event(kind="feat.used", model=m.id, text=f"{m.name} uses its feat.")]


MAX_TARGETS = 40  # models one spell's change lands on (an area, a unit): more than a table holds


class CastSpell(Command):
    """A spell cast by paying its COST; an upkeep spell stays on the caster until it expires. A spell that
    changes a stat names the ``stat``, the ``amount`` and the models it lands on: ``target`` and ``targets``
    (several for a spell whose area or unit covers them, the players' answer; the caster itself when neither is
    given): the change lasts ``duration``, or while upkept for an upkeep spell (``add_effect``'s rules). An
    offensive spell names the model it attacks, ``attack_target``, and whether it is ``in_range``: its magic
    attack goes on in the attack assistant."""

    type: Literal["cast"] = "cast"
    model: str
    spell: str = Field(min_length=1, max_length=SPELL_MAX)
    cost: int = Field(ge=0, le=10)
    upkeep: bool = False
    target: str | None = None
    targets: tuple[str, ...] = Field(default=(), max_length=MAX_TARGETS)
    stat: StatName | None = None
    amount: int | None = Field(default=None, ge=-AMOUNT_MAX, le=AMOUNT_MAX)
    duration: Duration = "turn"
    attack_target: str | None = None
    in_range: bool = True


def _spell_name(text: str) -> str:
    return clean_text(text, "spell's name", SPELL_MAX)


@handles(CastSpell, system=SYSTEM, timing="step")
def cast_spell(state: GameState, cmd: CastSpell) -> tuple[GameState, list[Event]]:
    """Spellcaster: spells are cast during the caster's activation by paying their COST in essence (doc 001
    "Spellcaster"); not in an activation the model runs (doc 000 ruling)."""
    m = before = _caster(state, cmd.model, "cast a spell", "spell")
    name = _spell_name(cmd.spell)
    _in_activation(m, "cast a spell", "spell")
    listed = _check_card_spell(state, m, name, cmd)
    on = _changed(cmd)
    events: list[Event] = []
    if cmd.cost:
        m, paid = spend(state, m, cmd.cost, f"cast {name}")
        events.append(paid)
    update: dict[str, object] = {"act": m.act.model_copy(update={"spells": m.act.spells + 1})}
    if cmd.upkeep:
        update["upkeeps"] = (*[s for s in m.upkeeps if s != name], name)
    m = m.model_copy(update=update)
    kept = " and keeps it in play" if cmd.upkeep else ""
    events.append(Event(kind="spell.cast", model=m.id, text=f"{m.name} casts {name}{kept}.",
                        data={"spell": name, "cost": cmd.cost, "upkeep": cmd.upkeep}))
    state = with_models(state, m)
    if cmd.upkeep and name in before.upkeeps:  # cast again: the spell's earlier changes end with the old casting
        state, more = end_upkept(state, m.id, name)
        events += more
    for model in on or ((m.id,) if cmd.stat is not None else ()):
        state, more = add_stat(state, model, cmd.stat, cmd.amount, name, "upkeep" if cmd.upkeep else cmd.duration,
                               m.id)
        events += more
    if cmd.attack_target is not None:
        state, more = _magic_attack(state, m, name, listed, cmd)
        events += more
    return state, events


def _changed(cmd: CastSpell) -> tuple[str, ...]:
    """The models a spell's stat change lands on, each once."""
    on = (*((cmd.target,) if cmd.target is not None else ()), *cmd.targets)
    if len(set(on)) != len(on):
        raise RuleViolation("spell.target_twice", "Name each model the spell changes once.")
    return on


def _magic_attack(state: GameState, caster: ModelState, name: str, listed: Spell | None,
                  cmd: CastSpell) -> tuple[GameState, list[Event]]:
    """Spell-casting sequence (doc 002 Appendix A): an offensive spell is resolved with the attack sequence from
    "check the range to the target": out of range it misses without a roll; in range the attack assistant waits
    for its magic attack roll, the spell's POW and AOE coming from the caster's card. A spell the card says is
    not offensive makes no attack."""
    if listed is not None and listed.off is False:
        raise RuleViolation("spell.not_offensive", f"{listed.name} is not an offensive spell on {caster.name}'s "
                                                   "card: it makes no magic attack.")
    target = live(state, cmd.attack_target or "")
    if target.id == caster.id:
        raise RuleViolation("target.self", f"{caster.name} cannot aim an offensive spell at itself.")
    events = [Event(kind="attack.declared", model=caster.id,
                    data={"target": target.id, "kind": "magic", "spell": name, "in_range": cmd.in_range},
                    text=f"{caster.name}'s {name} makes a magic attack against {target.name}.")]
    if not cmd.in_range:
        return state, [*events, Event(kind="attack.missed", text=f"{target.name} is out of range: {name} misses.")]
    record = AttackRecord(attacker=caster.id, target=target.id, kind="magic", spell=name)
    return with_board(state, attack=record), events


def _check_card_spell(state: GameState, m: ModelState, name: str, cmd: CastSpell) -> Spell | None:
    """A spell the caster's card lists is cast at the card's COST and as the card's kind (upkeep or not): the card
    is the printed rule (doc 001 "Spellcaster": the spell's COST is paid). A spell the card does not list, or
    whose COST the card leaves open, is taken as the players give it. The spell as the card lists it, if it does."""
    listed = card_spell(state, m, name)
    if listed is None:
        return None
    if listed.cost is not None and cmd.cost != listed.cost:
        raise RuleViolation("spell.card_cost", f"{listed.name} costs {listed.cost} on {m.name}'s card, not "
                                               f"{cmd.cost}.")
    if listed.dur is not None and cmd.upkeep != listed.upkeep:
        kind = "an upkeep spell" if listed.upkeep else "not an upkeep spell"
        raise RuleViolation("spell.card_upkeep", f"{listed.name} is {kind} on {m.name}'s card.")
    return listed


def card_spell(state: GameState, m: ModelState, name: str) -> Spell | None:
    """The spell called ``name`` as ``m``'s card lists it (None: the card does not list it)."""
    return next((sp for sp in board(state).card_of(m).spells if sp.name.casefold() == name.casefold()), None)


class Upkeep(Command):
    type: Literal["upkeep"] = "upkeep"
    master: str
    spell: str = Field(min_length=1, max_length=SPELL_MAX)


def _upkeep_spell(state: GameState, master: str, spell: str, doing: str) -> tuple[ModelState, str]:
    m = _caster(state, master, doing, "upkeep")
    name = _spell_name(spell)
    if name not in m.upkeeps:
        raise RuleViolation("upkeep.unknown", f"{m.name} has no upkeep spell called {name} in play.")
    return m, name


@handles(Upkeep, system=SYSTEM, timing="step")
def upkeep(state: GameState, cmd: Upkeep) -> tuple[GameState, list[Event]]:
    """Upkeep: in the control phase a master spends 1 essence to keep each of its upkeep spells in play (doc
    001 "Control Phase" step 4, "Spellcaster")."""
    m, name = _upkeep_spell(state, cmd.master, cmd.spell, "upkeep a spell")
    if name in m.upkept:
        raise RuleViolation("upkeep.paid", f"{name} is already paid for this turn.")
    m, paid = spend(state, m, 1, f"upkeep {name}", outside_activation=True)
    m = m.model_copy(update={"upkept": (*m.upkept, name)})
    return with_models(state, m), [paid, Event(kind="spell.upkept", model=m.id, data={"spell": name},
                                              text=f"{m.name} keeps {name} in play.")]


class DropUpkeep(Command):
    type: Literal["drop_upkeep"] = "drop_upkeep"
    master: str
    spell: str = Field(min_length=1, max_length=SPELL_MAX)


def _expire(m: ModelState, name: str, why: str) -> tuple[ModelState, Event]:
    m = m.model_copy(update={"upkeeps": tuple(s for s in m.upkeeps if s != name),
                             "upkept": tuple(s for s in m.upkept if s != name)})
    return m, Event(kind="spell.expired", model=m.id, data={"spell": name},
                    text=f"{m.name}'s {name} ends: {why}.")


@handles(DropUpkeep, system=SYSTEM, timing="step")
def drop_upkeep(state: GameState, cmd: DropUpkeep) -> tuple[GameState, list[Event]]:
    """A master may let an upkeep spell expire instead of paying for it (doc 001 "Control Phase" step 4)."""
    m, name = _upkeep_spell(state, cmd.master, cmd.spell, "let a spell expire")
    m, ended = _expire(m, name, "not kept in play")
    state, more = end_upkept(with_models(state, m), m.id, name)
    return state, [ended, *more]


def upkeep_due(state: GameState, m: ModelState) -> tuple[str, ...]:
    """Upkeep spells of ``m`` not yet paid for this turn."""
    return tuple(s for s in m.upkeeps if s not in m.upkept)


@on_turn_start
def clear_upkept(state: GameState) -> tuple[GameState, list[Event]]:
    """A new turn: every upkeep spell of the active player must be paid for again."""
    fresh = [m.model_copy(update={"upkept": ()}) for m in board(state).models
             if m.seat == state.active and m.upkept]
    return with_models(state, *fresh), []


def undecided(state: GameState) -> list[tuple[ModelState, str]]:
    """The active player's upkeep spells neither paid for nor let go this turn, caster by caster."""
    return [(m, name) for m in board(state).models if m.seat == state.active and m.in_play
            for name in upkeep_due(state, m)]


@on_enter("control", "upkeep")
def upkeep_asked(state: GameState) -> tuple[GameState, list[Event]]:
    """The upkeep step names every spell to decide."""
    due = undecided(state)
    if not due:
        return state, []
    return state, [Event(kind="upkeep.due", text="Upkeep to decide (pay 1 or let it end): "
                                                 + ", ".join(f"{m.name}'s {name}" for m, name in due) + ".")]


@before_leaving("control", "upkeep")
def upkeep_decided(state: GameState) -> None:
    """The upkeep step is a decision, like the tithe: each upkeep spell is paid for or let go before the turn
    moves on (doc 001 "Control Phase" step 4: a spell not upkept expires; doc 002 "Game Round": "Pay for
    upkeeps"). Nothing ends without the players saying so."""
    due = undecided(state)
    if due:
        raise RuleViolation("upkeep.pending", "Decide the upkeep first (pay 1 or let it end): "
                                              + ", ".join(f"{m.name}'s {name}" for m, name in due) + ".")
