"""The attack assistant and the timing checklists (doc 002 "Appendix A - Timing Charts": activation,
spell-casting and attack sequences, damage application).

An attack is declared, its attack roll recorded (the players say hit or miss), its damage roll recorded
(the players say how many damage points got through ARM, and a master or warlock may transfer them), and the
damage is applied through the normal damage track. When a model's last box is marked, damage application
pauses: the model is disabled, then boxed, then destroyed, and at each pause the players may apply an effect
that saves it (Tough, for one) with ``ResolveDisabled``. While an attack is in progress, "any time" abilities
(feats, spells, Arcana cards, activations, moving the turn on) wait: the phase gate refuses them
(``anytime.mid_attack``).

Dice are typed in or rolled by the service and always recorded; the rules never roll.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.dice import Roll, check_dice
from models.rules.warmachine import modifiers
from models.rules.warmachine.attack_math import (
    RollKind,
    Weapon,
    attack_dice,
    attack_dice_words,
    attack_stat,
    boost_key,
    boosted_now,
    combined_bonus,
    damage_check,
    frenzy_boost,
    hit_check,
    kept,
    power_name,
    weapon_places,
)
from models.rules.warmachine.damage import Entry, Side, remove_damage, sections, suffer, transfer, unmarked
from models.rules.warmachine.derived import stat_with_why
from models.rules.warmachine.match import AttackRecord, ModelState, board, with_board, with_models
from models.rules.warmachine.points import resource
from models.rules.warmachine.spells import card_spell
from models.rules.warmachine.state import (
    SYSTEM,
    combat_refusal,
    knockdown_refusal,
    live,
    remove,
    require_acting,
    spend,
)
from models.rules.warmachine.structures import is_structure

Kind = Literal["melee", "ranged", "magic", "power"]

ACTIVATION_SEQUENCE: tuple[str, ...] = (
    "Start of activation: resolve what happens now (a unit's commander gives its order here).",
    "Resolve every forced forfeit of movement or combat action; no \"any time\" ability before this.",
    "Resolve what happens before normal movement.",
    "Normal movement (each trooper of a unit in turn), then what happens at its end.",
    "Combat action (each trooper of a unit in turn), then what happens at its end.",
)
SPELL_SEQUENCE: tuple[str, ...] = (
    "Name the spell and pay its COST.",
    "Name its target; resolve what happens when a model is targeted by a spell.",
    "Not offensive: check range; in range, the target is affected and the spell is done.",
    "Offensive: it is a magic attack; go on with the attack sequence from checking range.",
    "No \"any time\" abilities until the spell is resolved.",
)
ATTACK_SEQUENCE: tuple[str, ...] = (
    "Declare the attack and its target; resolve what happens when a model is targeted.",
    "Check range: out of range, it misses (no attack roll).",
    "Automatic hits and misses (a melee attack on a structure hits).",
    "Attack roll: add dice (boost) before rolling, roll, remove dice, hit or miss, rerolls.",
    "Whatever hitting or missing triggers.",
    "Damage roll: add dice (boost), roll, remove dice, rerolls; compare with ARM.",
    "Would-suffer-damage effects, such as damage transference.",
    "Apply the damage: suffered, disabled, boxed, destroyed, removed, with a pause at each.",
    "The attack is resolved; then what happens after it.",
)
DAMAGE_APPLICATION: tuple[str, ...] = (
    "Resolve what suffering damage triggers.",
    "Every damage box marked: the model is disabled; resolve what that triggers (Tough, for one).",
    "Still disabled: it is boxed; resolve what that triggers.",
    "Still boxed: it is destroyed; resolve what that triggers.",
    "Remove the destroyed model from the table.",
)


def _attack(state: GameState, *steps: str) -> AttackRecord:
    a = board(state).attack
    if a is None:
        raise RuleViolation("attack.none", "No attack is being resolved.")
    if steps and a.step not in steps:
        raise RuleViolation("attack.wrong_step", _waiting_words(a))
    return a


def _attacker(a: AttackRecord) -> str:
    """The attacking model of an attack (damage typed in has none, and no dice to roll)."""
    if a.attacker is None:
        raise RuleViolation("attack.no_attacker", "This damage has no attacking model: no dice are rolled for it.")
    return a.attacker


def _waiting_words(a: AttackRecord) -> str:
    what = "Damage is being applied" if a.kind == "damage" else "The attack is being resolved"
    return f"{what}: it is waiting for {_waiting(a)}."


def _waiting(a: AttackRecord) -> str:
    return {"attack_roll": "its attack roll", "damage_roll": "its damage roll",
            "disabled": "what happens to the disabled model",
            "boxed": "what happens to the boxed model"}[a.step]


def _dice(state: GameState, a: AttackRecord, roll: RollKind, cmd: AttackRoll | DamageRoll,
          earlier: tuple[Roll, ...] = ()) -> None:
    """The roll has the dice the rules give it now (doc 002 Appendix A: dice are added or taken before the
    roll), each a d6, and keeps at least one after dice are removed."""
    need = attack_dice(state, a, roll, cmd.boosted)
    for r in (cmd.dice, *earlier):
        if len(r.dice) != need:
            raise RuleViolation("attack.dice_count", f"This {roll} roll is made with "
                                f"{attack_dice_words(state, a, roll, cmd.boosted)}; "
                                f"{len(r.dice)} were given.")
        check_dice(r.dice, need)
    if cmd.removed >= len(cmd.dice.dice):
        raise RuleViolation("attack.removed", "At least one die must stay in the roll.")


def _done(state: GameState, text: str, kind: str = "attack.resolved") -> tuple[GameState, Event]:
    return with_board(state, attack=None), Event(kind=kind, text=text)


MAX_COMBINED = 20  # troopers joining one combined attack (a unit is smaller)


def _joining(state: GameState, attacker: ModelState, target: ModelState, cmd: DeclareAttack) -> list[ModelState]:
    """The troopers joining a combined attack (Mk III core rules "Combined Melee Attacks", "Combined Ranged
    Attacks", see ``attack_math``): troopers of the attacker's own unit, each in play and able to make the
    attack, for a melee or ranged attack that is not a free strike."""
    if not cmd.combined:
        return []
    if cmd.kind not in ("melee", "ranged") or cmd.free_strike:
        raise RuleViolation("attack.combined_kind", "Only a melee or a ranged attack can be combined, and never a "
                                                   "free strike.")
    if attacker.unit is None:
        raise RuleViolation("attack.combined_unit", f"{attacker.name} is not in a unit: only troopers combine "
                                                    "their attacks.")
    if len(set(cmd.combined)) != len(cmd.combined) or attacker.id in cmd.combined:
        raise RuleViolation("attack.combined_twice", "Each trooper takes part in a combined attack once.")
    joining = [live(state, x) for x in cmd.combined]
    for m in joining:
        if m.unit != attacker.unit:
            raise RuleViolation("attack.combined_unit", f"{m.name} is not in {attacker.name}'s unit: only troopers "
                                                        "of one unit combine their attacks.")
        if m.id == target.id:
            raise RuleViolation("target.self", f"{m.name} cannot attack itself.")
        refusal = combat_refusal(m, "attack", "attack") or trooper_attacked(m)
        if refusal is not None:
            raise refusal
    return joining


def trooper_attacked(m: ModelState) -> RuleViolation | None:
    """Why trooper ``m`` makes no further attack in its activation, or None: each trooper makes its own attack
    in the unit's combat action (doc 002 "Activation Sequence", step 7: the combat action of each trooper in
    turn), and joining a combined attack uses it (Mk III core rules "Combined Melee Attacks", public, see
    ``attack_math``). Another weapon's initial attack, or an additional attack a rule gives, is said first
    (``NextAttack``, ``BuyAttack``): the app does not know every trooper's weapons."""
    if m.unit is None or m.activation != "active" or m.act.declared < m.act.attack:
        return None
    return RuleViolation("attack.trooper_done", f"{m.name} has already attacked this activation.")


def _count_attack(state: GameState, m: ModelState) -> tuple[GameState, ModelState, int]:
    """An attack of ``m`` in its activation uses its next attack (0 outside its activation)."""
    if m.activation != "active":
        return state, m, 0
    act = m.act
    number = act.attack + 1 if act.declared >= act.attack else act.attack
    m = m.model_copy(update={"act": act.model_copy(update={"attack": number, "declared": number})})
    return with_models(state, m), m, number


class DeclareAttack(Command):
    """Start the attack assistant: ``in_range`` is the players' answer (out of range misses at once);
    ``free_strike`` marks a free strike; ``granted_by``: the rule the players name that lets the model attack
    outside its own activation (a countercharge, say); ``weapon`` where a warjack's weapon sits (left, right,
    head, other); ``charge``: whether this is a charge attack (left out: the first melee attack after a charge
    is one; False when the model moved less than 3 inches); ``combined``: the other troopers of the attacker's
    unit joining it in a combined melee or ranged attack."""

    type: Literal["declare_attack"] = "declare_attack"
    attacker: str
    target: str
    kind: Kind = "melee"
    in_range: bool = True
    free_strike: bool = False
    granted_by: str = Field(default="", max_length=80)
    weapon: Weapon | None = None
    charge: bool | None = None
    combined: tuple[str, ...] = Field(default=(), max_length=MAX_COMBINED)


@handles(DeclareAttack, system=SYSTEM, timing="anytime")
def declare_attack(state: GameState, cmd: DeclareAttack) -> tuple[GameState, list[Event]]:
    """Attack sequence, "Target" (doc 002 Appendix A): declare, check range (out of range: an automatic miss,
    no roll), automatic hits (a melee attack against a structure always hits, doc 001 "Fixed Position");
    structures make no free strikes (doc 001). Only a free strike is not part of a combat action: a horror
    summoned this turn (doc 001 "Summoning") or a model that ran (doc 000 ruling) makes no other attack; a
    knocked-down model makes none at all, a free strike included, unless it is frenzied (``knockdown_refusal``). An
    attack is part of the model's Combat Action, inside its own activation (doc 002 "Activation Sequence"):
    once it is over, only a free strike or an attack a named rule grants may come."""
    attacker, target = live(state, cmd.attacker), live(state, cmd.target)
    if attacker.id == target.id:
        raise RuleViolation("target.self", f"{attacker.name} cannot attack itself.")
    if cmd.free_strike and is_structure(state, attacker):
        raise RuleViolation("structure.no_free_strike",
                            f"{attacker.name} is a structure: it makes no free strikes.")
    forfeit = (knockdown_refusal(attacker, "make a free strike") if cmd.free_strike
               else combat_refusal(attacker, "attack", "attack") or trooper_attacked(attacker))
    if forfeit is not None:
        raise forfeit
    _frenzy_attack(attacker, cmd)
    if attacker.activation == "done" and not cmd.free_strike and not cmd.granted_by.strip():
        raise RuleViolation("attack.activation_over",
                            f"{attacker.name}'s activation is over: from now on it attacks only with a free "
                            "strike, or with an attack a rule grants (name the rule).")
    if cmd.weapon not in (None, "other") and cmd.weapon not in weapon_places(state, attacker):
        raise RuleViolation("attack.weapon", f"{attacker.name} has no such system on its card: say the weapon "
                                             "is elsewhere.")
    joining = _joining(state, attacker, target, cmd)
    state, attacker, number = _count_attack(state, attacker)
    # A combined attack is a charge attack only when every model taking part charged (public summary above).
    can_charge = number == 1 and cmd.kind == "melee" and not cmd.free_strike and all(
        x.act.charged or frenzy_boost(x) for x in (attacker, *joining))
    for m in joining:
        state, m, joined = _count_attack(state, m)
        can_charge = can_charge and joined == 1
    if cmd.charge and not can_charge:
        raise RuleViolation("attack.not_charge", f"Only {attacker.name}'s first melee attack after it charged "
                                                 "is a charge attack.")
    charge = can_charge if cmd.charge is None else cmd.charge
    record = AttackRecord(attacker=attacker.id, target=target.id, kind=cmd.kind, weapon=cmd.weapon, charge=charge,
                          combined=tuple(m.id for m in joining))
    what = "a free strike" if cmd.free_strike else f"a {'charge' if charge else cmd.kind} attack"
    if joining:
        what = (f"a combined {'charge' if charge else cmd.kind} attack with {_names(joining)} "
                f"(+{combined_bonus(record)} to its attack and damage rolls)")
    dice = {"attack": attack_dice(state, record, "attack"), "damage": attack_dice(state, record, "damage")}
    events = [Event(kind="attack.declared", model=attacker.id,
                    data={"target": target.id, "kind": cmd.kind, "free_strike": cmd.free_strike,
                          "weapon": cmd.weapon, "charge": charge, "dice": dice,
                          "combined": list(record.combined)},
                    text=f"{attacker.name} makes {what} against {target.name}"
                         f"{' (its damage roll is boosted)' if charge else ''}.")]
    if not cmd.in_range:
        state, done = _done(state, f"{target.name} is out of range: the attack misses.", "attack.missed")
        return state, [*events, done]
    if cmd.kind in ("melee", "power") and is_structure(state, target):
        record = record.model_copy(update={"step": "damage_roll", "hit": True})
        events.append(Event(kind="attack.auto_hit", model=target.id,
                            text=f"{target.name} is a structure: the melee attack hits without a roll."))
    return with_board(state, attack=record), events


def _frenzy_attack(m: ModelState, cmd: DeclareAttack) -> None:
    """A frenzied warbeast makes one attack, a melee attack against the model it charged (doc 002 "Frenzy &
    Threshold"): a charge attack when it moved 3" or more (``declare_attack`` counts the frenzy's charge)."""
    if not frenzy_boost(m) or cmd.free_strike:
        return
    if cmd.kind != "melee":
        raise RuleViolation("frenzy.melee_only", f"{m.name} is frenzied: its one attack is a melee attack.")
    if m.act.declared:
        raise RuleViolation("frenzy.one_attack", f"{m.name} is frenzied: it has made its one attack.")


def _names(models: list[ModelState]) -> str:
    names = [m.name for m in models]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def boost_for(state: GameState, m: ModelState, roll: str) -> tuple[str, str]:
    """The key a boost of ``m``'s ``roll`` declared now is kept under and, in words, the attack it is for;
    refused once that roll is made: dice are added before rolling (doc 001 "ESSENCE: Boost"; doc 002 Appendix
    A, attack and damage roll, step a). Before an attack is declared, a boost is for the next attack."""
    a = board(state).attack
    if a is None:
        act = m.act
        number = act.attack + 1 if act.declared and act.declared >= act.attack else act.attack
        return f"{number}:{roll}", f"attack {number}"
    if a.attacker != m.id:
        raise RuleViolation("boost.not_attacker",
                            f"Something else is being resolved now: {m.name} has no roll in it to boost.")
    if a.step not in (("attack_roll",) if roll == "attack" else ("attack_roll", "damage_roll")):
        raise RuleViolation("boost.after_roll", f"The {roll} roll of this attack is already made: a boost is "
                                                "declared before its dice are rolled.")
    return boost_key(m, roll, a.kind == "magic"), _which(m, a)


def _which(m: ModelState, a: AttackRecord) -> str:
    return f"{a.spell or 'the spell'}'s magic attack" if a.kind == "magic" else f"attack {m.act.attack}"


def _boost(state: GameState, m: ModelState, a: AttackRecord, roll: str, free: bool) -> tuple[GameState, list[Event]]:
    """A boosted roll costs the attacker 1 point (focus, fury by forcing, essence), unless it was already paid
    with Boost for this roll or a rule boosts it for free (a frenzy, for one)."""
    if free:
        return state, []
    key = boost_key(m, roll, a.kind == "magic")
    if key in m.act.boosted:
        return state, []
    m, paid = spend(state, m, 1, f"boost the {roll} roll of {_which(m, a)}")
    m = m.model_copy(update={"act": m.act.model_copy(update={"boosted": (*m.act.boosted, key)})})
    return with_models(state, m), [paid]


MAX_REROLLS = 5  # earlier rolls kept for one attack roll


class AttackRoll(Command):
    """The attack roll as rolled: ``dice`` (after any reroll; earlier rolls in ``rerolled``), ``removed``
    dice taken away, and whether it ``hit`` (the players' call; the numbers only suggest it). ``stat`` and
    ``defence`` are the attacker's MAT, RAT or magic skill and the target's DEF as the players used them (left
    out: the cards' numbers)."""

    type: Literal["attack_roll"] = "attack_roll"
    dice: Roll
    hit: bool
    boosted: bool = False
    free_boost: bool = False
    removed: int = Field(default=0, ge=0, le=11)
    rerolled: tuple[Roll, ...] = Field(default=(), max_length=MAX_REROLLS)
    stat: int | None = Field(default=None, ge=0, le=30)
    defence: int | None = Field(default=None, ge=0, le=30)


def _rerolled(earlier: tuple[Roll, ...]) -> str:
    return f" (rerolled; set aside: {', '.join('+'.join(map(str, r.dice)) for r in earlier)})" if earlier else ""


def suggested_hit(state: GameState, a: AttackRecord, dice: tuple[int, ...], removed: int = 0,
                  stat: int | None = None, defence: int | None = None) -> tuple[bool | None, str]:
    """What the numbers say about the pending attack's roll ``dice``: hit, miss or None (a number is missing),
    and the arithmetic in words; ``stat`` and ``defence`` default to the cards'."""
    name, card_stat = attack_stat(state, board(state).model(a.attacker), a.kind) if a.attacker else ("MAT", None)
    stat_why = modifiers.why(board(state).model(a.attacker), name) if a.attacker else ""
    now, def_why = stat_with_why(state, board(state).model(a.target), "DEF")
    stat = card_stat if stat is None else stat
    defence = now if defence is None else defence
    check = hit_check(kept(dice, removed), name, stat, defence, combined_bonus(a),
                      (stat_why if stat == card_stat else "", def_why if defence == now else ""))
    return check.hit, check.words


def suggested_damage(state: GameState, a: AttackRecord, dice: tuple[int, ...], removed: int = 0,
                     power: int | None = None, armour: int | None = None) -> tuple[int | None, str]:
    """The damage the pending attack's damage roll ``dice`` gets through ARM with the weapon's ``power``
    (None while the power is unknown), and the arithmetic in words; ``power`` defaults to an offensive spell's
    POW on the caster's card, ``armour`` to the target's ARM."""
    now, why = stat_with_why(state, board(state).model(a.target), "ARM")
    armour = now if armour is None else armour
    if power is None and a.attacker is not None and a.spell is not None:
        spell = card_spell(state, board(state).model(a.attacker), a.spell)
        power = spell.pow if spell is not None else None
    check = damage_check(kept(dice, removed), power_name(a.kind), power, armour, combined_bonus(a),
                         why if armour == now else "")
    return check.damage, check.words


def _sentence(words: str) -> str:
    return f"{words[0].upper()}{words[1:]}"


def _call(said: bool | int | None, applied: bool | int) -> str:
    """A note when the players' call differs from what the numbers said (the log keeps both)."""
    if said is None or said == applied:
        return ""
    if isinstance(said, bool):
        return f" (the players' call; the numbers said {'hit' if said else 'miss'})"
    return f" (the players' call; the numbers said {said})"


@handles(AttackRoll, system=SYSTEM, timing="anytime")
def attack_roll(state: GameState, cmd: AttackRoll) -> tuple[GameState, list[Event]]:
    """Attack roll (doc 002 Appendix A): boost before rolling, roll the dice the rules give, remove dice, hit
    or miss, rerolls; a miss resolves the attack."""
    a = _attack(state, "attack_roll")
    _dice(state, a, "attack", cmd, cmd.rerolled)
    attacker = board(state).model(_attacker(a))
    events: list[Event] = []
    boosted = boosted_now(state, a, "attack", cmd.boosted)
    if cmd.boosted:  # a frenzy's boost is the rules' own and free (doc 002 "Frenzy & Threshold")
        state, events = _boost(state, live(state, attacker.id), a, "attack", cmd.free_boost or frenzy_boost(attacker))
    said, words = suggested_hit(state, a, cmd.dice.dice, cmd.removed, cmd.stat, cmd.defence)
    a = a.model_copy(update={"attack_dice": cmd.dice.dice, "rerolled": tuple(r.dice for r in cmd.rerolled),
                             "boosted_attack": boosted, "hit": cmd.hit})
    data = {"dice": list(cmd.dice.dice), "rolled_by": cmd.dice.rolled_by, "removed": cmd.removed,
            "total": sum(kept(cmd.dice.dice, cmd.removed)), "boosted": boosted, "hit": cmd.hit,
            "suggested": said, "arithmetic": words, "rerolled": [list(r.dice) for r in cmd.rerolled]}
    target = board(state).model(a.target)
    verb = "hits" if cmd.hit else "misses"
    arithmetic = f" {_sentence(words)}{_call(said, cmd.hit)}." if said is not None else ""
    events.append(Event(kind="attack.rolled", model=a.attacker, data=data,
                        text=f"Attack roll {'+'.join(map(str, cmd.dice.dice))}{_rerolled(cmd.rerolled)}: "
                             f"{attacker.name} {verb} {target.name}.{arithmetic}"))
    if not cmd.hit:
        state, done = _done(state, "The attack misses and is resolved.", "attack.missed")
        return state, [*events, done]
    return with_board(state, attack=a.model_copy(update={"step": "damage_roll"})), events


class DamageRoll(Command):
    """The damage roll as rolled and the ``damage`` points that got through ARM (left out: worked out from
    the weapon's ``power``, its P+S or POW, and the target's ``armour``, the card's ARM unless given); a grid
    or spiral needs the ``column`` (d6) where damage goes in, a colossal's grids or a gargantuan's spirals the
    ``side`` too (and ``then_column`` when it spills into the other side); a master or warlock may send it on
    with ``transfer_to``."""

    type: Literal["damage_roll"] = "damage_roll"
    dice: Roll
    damage: int | None = Field(default=None, ge=0, le=99)
    boosted: bool = False
    free_boost: bool = False
    removed: int = Field(default=0, ge=0, le=11)
    column: int | None = Field(default=None, ge=1, le=6)
    side: Side | None = None
    then_column: int | None = Field(default=None, ge=1, le=6)
    transfer_to: str | None = None
    in_control: bool = True
    power: int | None = Field(default=None, ge=0, le=40)
    armour: int | None = Field(default=None, ge=0, le=40)


@handles(DamageRoll, system=SYSTEM, timing="anytime")
def damage_roll(state: GameState, cmd: DamageRoll) -> tuple[GameState, list[Event]]:
    """Damage roll and damage application (doc 002 Appendix A): boost (a charge attack's is boosted, doc 002
    "Frenzy & Threshold"), roll the dice the rules give, remove dice, compare with ARM; would-suffer effects
    (damage transference, doc 001); the damage is applied, and a model whose every box is now marked waits,
    disabled, for what the players resolve next."""
    a = _attack(state, "damage_roll")
    _dice(state, a, "damage", cmd)
    target = live(state, a.target)
    said, words = suggested_damage(state, a, cmd.dice.dice, cmd.removed, cmd.power, cmd.armour)
    damage = said if cmd.damage is None else cmd.damage
    if damage is None:
        raise RuleViolation("attack.damage_unknown", f"Say how many damage points got through {target.name}'s "
                                                     f"ARM, or give the weapon's {power_name(a.kind)}.")
    events: list[Event] = []
    boosted = boosted_now(state, a, "damage", cmd.boosted)
    if cmd.boosted and not a.charge:
        state, events = _boost(state, live(state, _attacker(a)), a, "damage", cmd.free_boost)
    a = a.model_copy(update={"damage_dice": cmd.dice.dice, "boosted_damage": boosted, "damage": damage})
    state = with_board(state, attack=a)
    arithmetic = f" {_sentence(words)}{_call(said, damage)}." if cmd.power is not None else ""
    events.append(Event(kind="attack.damage_rolled", model=a.attacker,
                        data={"dice": list(cmd.dice.dice), "rolled_by": cmd.dice.rolled_by,
                              "removed": cmd.removed, "boosted": boosted, "damage": damage,
                              "suggested": said, "arithmetic": words},
                        text=f"Damage roll {'+'.join(map(str, cmd.dice.dice))}: {damage} damage to "
                             f"{target.name}.{arithmetic}"))
    if damage == 0:
        state, done = _done(state, f"{target.name} takes no damage; the attack is resolved.")
        return state, [*events, done]
    sections(state, target)
    where = Entry(column=cmd.column, side=cmd.side, then_column=cmd.then_column)
    if cmd.transfer_to is None:
        state, more, _ = suffer(state, target, damage, "this attack", **where.args())
    else:
        state, more = transfer(state, target, cmd.transfer_to, damage, cmd.in_control, where)
    events += more
    attack = board(state).attack
    if attack is not None and attack.pending:
        return state, events
    state, done = _done(state, "The attack is resolved.")
    return state, [*events, done]


class ResolveDisabled(Command):
    """At a pause of damage application: the ``model`` ``survives`` (an effect such as Tough removes
    ``heal`` damage points) or it goes on from disabled to boxed, and from boxed to destroyed."""

    type: Literal["resolve_disabled"] = "resolve_disabled"
    model: str
    stage: Literal["disabled", "boxed"] = "disabled"
    survives: bool = False
    heal: int = Field(default=0, ge=0, le=99)
    column: int | None = Field(default=None, ge=1, le=6)
    side: Side | None = None


@handles(ResolveDisabled, system=SYSTEM, timing="anytime")
def resolve_disabled(state: GameState, cmd: ResolveDisabled) -> tuple[GameState, list[Event]]:
    """Damage application (doc 002 Appendix A): disabled, then boxed if still disabled, then destroyed if
    still boxed, then removed; an effect resolved at a pause can stop the sequence (it must free a box)."""
    a = _attack(state, "disabled", "boxed")
    if cmd.model != a.pending[0]:
        raise RuleViolation("attack.not_pending", f"Resolve {board(state).model(a.pending[0]).name} first.")
    if cmd.stage != a.step:
        raise RuleViolation("attack.wrong_step", _waiting_words(a))
    m = board(state).model(cmd.model)
    events: list[Event] = []
    if cmd.survives:
        if cmd.heal:
            state, healed = remove_damage(state, m, cmd.heal, cmd.column, cmd.side)
            events.append(healed)
        if unmarked(state, board(state).model(m.id)) == 0:
            raise RuleViolation("attack.survive_heal",
                                f"To stay in play {m.name} must have damage removed: say how much.")
        events.append(Event(kind="damage.survived", model=m.id, text=f"{m.name} is no longer {a.step}."))
    elif unmarked(state, m):
        raise RuleViolation("attack.not_disabled", f"{m.name} has an unmarked damage box again: it is no longer "
                                                   f"{a.step}. Say it survives.")
    elif a.step == "disabled":
        a = a.model_copy(update={"step": "boxed"})
        events.append(Event(kind="damage.boxed", model=m.id, text=f"{m.name} is boxed."))
        return with_board(state, attack=a), events
    else:
        state, more = remove(state, m, "destroyed", "every damage box is marked")
        events += more
    rest = tuple(x for x in a.pending[1:] if board(state).model(x).in_play)
    if not rest:
        state, more = _resume(state, a.model_copy(update={"pending": ()}))
        return state, events + more
    a = a.model_copy(update={"step": "disabled", "pending": rest})
    events.append(Event(kind="attack.paused", model=rest[0],
                        text=f"{board(state).model(rest[0]).name} is disabled."))
    return with_board(state, attack=a), events


def _resume(state: GameState, a: AttackRecord) -> tuple[GameState, list[Event]]:
    """Damage application is over: damage typed in is applied; an attack whose damage this was is resolved;
    an attack still waiting for a roll (the damage came from elsewhere in the meantime) goes on, unless its
    attacker or target has left play. When a destruction ended the game, nothing is left to resolve."""
    if state.phase == "over":
        return with_board(state, attack=None), []
    if a.kind == "damage":
        state, done = _done(state, "The damage is applied.", "damage.applied")
        return state, [done]
    if a.damage is not None:
        state, done = _done(state, "The attack is resolved.")
        return state, [done]
    gone = [x for x in (a.attacker, a.target) if x is not None and not board(state).model(x).in_play]
    if gone:
        state, done = _done(state, f"{board(state).model(gone[0]).name} has left play: the attack ends.")
        return state, [done]
    a = a.model_copy(update={"step": "damage_roll" if a.hit else "attack_roll"})
    return with_board(state, attack=a), [Event(kind="attack.resumed",
                                                          text=f"The attack goes on: {_waiting(a)}.")]


class EndAttack(Command):
    """Stop the assistant before any damage is applied (entered by mistake, or finished at the table)."""

    type: Literal["end_attack"] = "end_attack"


@handles(EndAttack, system=SYSTEM, timing="anytime")
def end_attack(state: GameState, cmd: EndAttack) -> tuple[GameState, list[Event]]:
    a = _attack(state)
    if a.pending:
        raise RuleViolation("attack.pending",
                            f"Damage is being applied: resolve {board(state).model(a.pending[0]).name} first.")
    state, done = _done(state, "The attack is put aside.", "attack.cancelled")
    return state, [done]


class Boost(Command):
    type: Literal["boost"] = "boost"
    model: str
    roll: Literal["attack", "damage"]


@handles(Boost, system=SYSTEM, timing="step")
def boost(state: GameState, cmd: Boost) -> tuple[GameState, list[Event]]:
    """Boost: 1 essence adds a die; a roll is boosted once at most, declared before rolling (doc 001
    "ESSENCE: Boost")."""
    m = live(state, cmd.model)
    _can_attack(state, m, f"boost its {cmd.roll} roll")
    key, which = boost_for(state, m, cmd.roll)
    if key in m.act.boosted:
        raise RuleViolation("boost.once_per_roll", f"This {cmd.roll} roll of {m.name} is already boosted.")
    m, paid = spend(state, m, 1, f"boost the {cmd.roll} roll of {which}")
    m = m.model_copy(update={"act": m.act.model_copy(update={"boosted": (*m.act.boosted, key)})})
    return with_models(state, m), [paid]


class BuyAttack(Command):
    type: Literal["buy_attack"] = "buy_attack"
    model: str


@handles(BuyAttack, system=SYSTEM, timing="step")
def buy_attack(state: GameState, cmd: BuyAttack) -> tuple[GameState, list[Event]]:
    """Additional melee attack: 1 essence each (doc 001 "ESSENCE: Additional Attack")."""
    m = live(state, cmd.model)
    _can_attack(state, m, "make an additional attack")
    m, paid = spend(state, m, 1, "an additional melee attack")
    act = m.act.model_copy(update={"attack": m.act.attack + 1, "bought_attacks": m.act.bought_attacks + 1})
    return with_models(state, m.model_copy(update={"act": act})), [paid]


class NextAttack(Command):
    """Move on to the model's next initial attack (another weapon), so boosts are counted per roll."""

    type: Literal["next_attack"] = "next_attack"
    model: str


@handles(NextAttack, system=SYSTEM, timing="step")
def next_attack(state: GameState, cmd: NextAttack) -> tuple[GameState, list[Event]]:
    m = live(state, cmd.model)
    _can_attack(state, m, "make another attack")
    act = m.act.model_copy(update={"attack": m.act.attack + 1})
    return with_models(state, m.model_copy(update={"act": act})), [
        Event(kind="attack.next", model=m.id, text=f"{m.name} moves on to attack {act.attack}.")]


def _can_attack(state: GameState, m: ModelState, doing: str) -> None:
    """Boosts and extra attacks belong to the model's combat action, in its own activation (doc 001 "ESSENCE:
    Boost", "ESSENCE: Additional Attack")."""
    kind = resource(state, m) or "essence"
    require_acting(m, doing, kind)
    refusal = combat_refusal(m, doing, kind)
    if refusal is not None:
        raise refusal
