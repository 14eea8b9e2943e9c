"""The attack assistant's numbers for a Warmachine attack: the dice each roll needs and why, where a weapon can
sit, and the fields beside the dice (the attacker's MAT, RAT or magic skill against DEF; the weapon's P+S or POW
against ARM) pre-filled from the cards as effects change them, with the rules' arithmetic in a sentence. The
table's attack panel shows these; the rules count the dice and do the sums."""

from __future__ import annotations

from dataclasses import dataclass

from models.rules import GameState
from models.rules.warmachine.attack_math import (
    WEAPON_NAMES,
    RollKind,
    attack_dice,
    attack_dice_words,
    attack_stat,
    boosted_now,
    frenzy_boost,
    power_name,
    weapon_places,
    weapon_powers,
)
from models.rules.warmachine.attacks import suggested_damage, suggested_hit
from models.rules.warmachine.derived import stat_with_why
from models.rules.warmachine.match import AttackRecord, ModelState, board
from models.rules.warmachine.spells import card_spell


@dataclass(frozen=True)
class Roll:
    """The dice a roll needs now and the words that say it ("Roll 3 dice (boosted).")."""

    dice: int
    words: str


def roll_needs(state: GameState, a: AttackRecord, roll: RollKind, boosted: bool) -> Roll:
    """What the pending attack's attack or damage roll needs, with the boost the players ask for."""
    return Roll(attack_dice(state, a, roll, boosted), f"Roll {attack_dice_words(state, a, roll, boosted)}.")


def boosted_already(state: GameState, a: AttackRecord, roll: RollKind) -> bool:
    """Whether the rules boost the pending attack's ``roll`` already (paid with Boost, a charge attack's damage
    roll, a frenzied warbeast's attack roll): nothing is left for the players to tick."""
    return boosted_now(state, a, roll, False)


def charge_asked(m: ModelState) -> bool:
    """Whether declaring ``m``'s attack asks about a charge: it charged (or charged in its frenzy, doc 002
    "Frenzy & Threshold") and has not attacked yet."""
    return (m.act.charged or frenzy_boost(m)) and not m.act.declared


def weapon_choices(state: GameState, m: ModelState) -> dict[str, str]:
    """Where ``m``'s weapon can sit, by key, in words (empty: it makes no difference to its dice)."""
    return {w: WEAPON_NAMES[w] for w in weapon_places(state, m)}


@dataclass(frozen=True)
class Field:
    """A number field beside the dice: its label and the cards' value now (None: the players give it)."""

    label: str
    value: int | None


@dataclass(frozen=True)
class Weapon:
    """A button that puts one of the card's weapons' P+S or POW in the power field, and its accessible name."""

    words: str
    spoken: str
    value: int


def hit_fields(state: GameState, a: AttackRecord) -> tuple[Field, Field]:
    """The attacker's MAT, RAT or magic skill and the target's DEF, as effects change them."""
    attacker, target = board(state).model(a.attacker or ""), board(state).model(a.target)
    name, value = attack_stat(state, attacker, a.kind)
    return Field(f"{name} of {attacker.name}", value), Field(f"DEF of {target.name}",
                                                              stat_with_why(state, target, "DEF")[0])


def damage_fields(state: GameState, a: AttackRecord, power: int | None) -> tuple[Field, Field, tuple[Weapon, ...]]:
    """The weapon's P+S or POW (``power`` when one was picked, else the card's first weapon's), the target's ARM,
    and a button per weapon when the card lists more than one."""
    target = board(state).model(a.target)
    armour = Field(f"ARM of {target.name}", stat_with_why(state, target, "ARM")[0])
    attacker = board(state).model(a.attacker) if a.attacker else None
    if attacker is not None and a.spell is not None:  # the spell's POW as the caster's card gives it, or asked
        spell = card_spell(state, attacker, a.spell)
        return Field(f"POW of {a.spell}", spell.pow if power is None and spell else power), armour, ()
    weapons = weapon_powers(board(state).card_of(attacker), a.kind) if attacker is not None else {}
    if power is None and weapons:
        power = next(iter(weapons.values()))
    what = power_name(a.kind)
    buttons = tuple(Weapon(f"{name}: {what} {value}", f"Use {name}, {what} {value}", value)
                    for name, value in weapons.items()) if len(weapons) > 1 else ()
    return Field(f"{what} of the weapon", power), armour, buttons


def _sentence(words: str) -> str:
    return f"{words[0].upper()}{words[1:]}."


def hit_sum(state: GameState, a: AttackRecord, dice: tuple[int, ...], removed: int, stat: int | None,
            defence: int | None) -> tuple[bool | None, str]:
    """Hit, miss or None (a number is missing) for the attack roll ``dice``, and the arithmetic as a sentence."""
    hit, words = suggested_hit(state, a, dice, removed, stat, defence)
    return hit, _sentence(words)


def damage_sum(state: GameState, a: AttackRecord, dice: tuple[int, ...], removed: int, power: int | None,
               armour: int | None) -> tuple[int | None, str]:
    """The damage points the damage roll ``dice`` gets through ARM (None: the power is unknown), and the
    arithmetic as a sentence."""
    damage, words = suggested_damage(state, a, dice, removed, power, armour)
    return damage, _sentence(words)
