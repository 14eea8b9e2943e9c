"""How many dice an attack rolls and what its numbers say, so the assistant can do the table's arithmetic.

Dice: two, one more when the roll is boosted (doc 001 "ESSENCE: Boost"); a horror whose middle ring is crippled
rolls one fewer on attack rolls (doc 001 "Crippled Middle Ring"); a warjack rolls one fewer on attack and damage
rolls with a weapon in a crippled arm or head, and a warbeast one fewer on attack rolls with its Mind aspect
crippled and on damage rolls with its Body aspect crippled (Mk III core rules as publicly summarised, see
``grids``), a gargantuan with the aspect of the weapon's side (``grids``: each side's aspects are its own); a
charge attack's damage roll is boosted (doc 002 "Frenzy & Threshold": "a charge attack and its damage roll is
boosted"). At least one die is always rolled.

Numbers: an attack hits when the dice plus the attacker's MAT (melee, power attack) or RAT (ranged), or for a
magic attack its ESSENCE (doc 001 "ESSENCE": a model with the ESSENCE stat uses it for its magic attack rolls),
FOCUS or FURY (a warcaster's or warlock's, Mk III core rules, public), reach the target's DEF; whatever the
numbers, a roll of all 1s misses and a roll of all 6s hits unless only one die is rolled (Mk III core rules
"Automatic Hits and Misses", public). Damage is the dice plus the weapon's P+S (melee) or POW (a weapon's, or
an offensive spell's), less the target's ARM, never below 0 (doc 002 Appendix A, damage roll: "determine if the
roll would damage the model"). A number the card does not give is asked of the players; the assistant only
suggests, they decide.

Combined attacks (Mk III core rules "Combined Melee Attacks" and "Combined Ranged Attacks", as publicly
summarised at https://warmachineuniversity.com/mw/index.php/Combined_Melee_Attack and
http://battlecollege.org/index.php/CMA; doc 002 only says a unit's troopers make their combat actions in turn):
troopers of one unit attacking the same target together make one attack roll and one damage roll with the
primary attacker's numbers, +1 to both for each model taking part, the primary attacker included.
"""

from __future__ import annotations

from typing import Literal

from models.catalog.schema import Card, Frozen, GridLayout, SpiralLayout
from models.rules.core import GameState
from models.rules.warmachine.damage import crippled, crippled_systems, rolled_layout
from models.rules.warmachine.match import AttackRecord, ModelState, board
from models.rules.warmachine.modifiers import stat_now
from models.rules.warmachine.points import ESSENCE_ROLES, has_focus_manipulation, has_fury_manipulation

RollKind = Literal["attack", "damage"]
Weapon = Literal["left", "right", "head", "other"]
WEAPON_LETTER = {"left": "L", "right": "R", "head": "H"}
WEAPON_NAMES: dict[str, str] = {"left": "Left arm", "right": "Right arm", "head": "Head", "other": "Elsewhere"}
BASE_DICE = 2
MIDDLE_RING = 1


def dice_terms(state: GameState, m: ModelState, roll: RollKind, weapon: str | None = None,
               boosted: bool = False) -> tuple[tuple[int, str], ...]:
    """What changes the dice of ``m``'s roll from the usual two: (dice added or taken, why), in words."""
    terms: list[tuple[int, str]] = [(1, "boosted")] if boosted else []
    if roll == "attack" and MIDDLE_RING in crippled(state, m):
        terms.append((-1, "its middle ring is crippled"))
    layout = rolled_layout(state, m)
    lost = set(crippled_systems(state, m))
    if isinstance(layout, GridLayout) and weapon in WEAPON_LETTER and WEAPON_LETTER[weapon] in lost:
        terms.append((-1, f"the weapon is in its crippled {WEAPON_NAMES[weapon].lower()}"))
    aspect = "M" if roll == "attack" else "B"
    named = "Mind" if aspect == "M" else "Body"
    if isinstance(layout, SpiralLayout) and layout.sides == 2:
        sides = (weapon,) if weapon in ("left", "right") else ("left", "right")  # a weapon on no side: both
        if all(f"{side}:{aspect}" in lost for side in sides):
            where = f"its {sides[0]} {named} aspect is" if len(sides) == 1 else f"its {named} aspect is on both sides"
            terms.append((-1, f"{where} crippled"))
    elif isinstance(layout, SpiralLayout) and aspect in lost:
        terms.append((-1, f"its {named} aspect is crippled"))
    return tuple(terms)


def dice_count(state: GameState, m: ModelState, roll: RollKind, weapon: str | None = None,
               boosted: bool = False) -> int:
    """The number of dice ``m`` rolls now for an attack or damage roll with a weapon located at ``weapon``."""
    return max(1, BASE_DICE + sum(n for n, _ in dice_terms(state, m, roll, weapon, boosted)))


def weapon_places(state: GameState, m: ModelState) -> tuple[str, ...]:
    """Where a weapon of ``m`` can sit when that changes its dice: a warjack grid's arms and head, a gargantuan's
    left or right side, else none."""
    layout = rolled_layout(state, m)
    if isinstance(layout, SpiralLayout) and layout.sides == 2:
        return ("left", "right", "other")
    if not isinstance(layout, GridLayout):
        return ()
    letters = "".join(layout.columns or ())
    places = tuple(w for w, ch in WEAPON_LETTER.items() if ch in letters)
    return (*places, "other") if places else ()


def boosted_now(state: GameState, a: AttackRecord, roll: RollKind, asked: bool) -> bool:
    """Whether the pending attack's ``roll`` is boosted: asked for with the roll, paid for already with Boost,
    for a charge attack's damage roll, boosted by the charge, or a frenzied warbeast's attack roll, boosted by
    the frenzy (doc 002 "Frenzy & Threshold": "The attack roll is automatically boosted")."""
    if asked or (roll == "damage" and a.charge):
        return True
    m = board(state).model(a.attacker) if a.attacker else None
    return m is not None and (boost_key(m, roll, a.kind == "magic") in m.act.boosted
                              or (roll == "attack" and frenzy_boost(m)))


def boost_key(m: ModelState, roll: str, magic: bool) -> str:
    """What a paid boost is kept under: the roll of ``m``'s current attack, or of the spell it cast last (an
    offensive spell's magic attack is no attack of its combat action)."""
    return f"spell {m.act.spells}:{roll}" if magic else f"{m.act.attack}:{roll}"


def frenzy_boost(m: ModelState) -> bool:
    """``m`` is a frenzied warbeast in its frenzy activation: its attack roll is boosted, free (doc 002)."""
    return "frenzy" in m.done_this_turn and m.activation == "active"


def attack_dice(state: GameState, a: AttackRecord, roll: RollKind, asked_boost: bool = False) -> int:
    """The dice the pending attack's attack or damage roll needs now."""
    if a.attacker is None:
        return BASE_DICE
    m = board(state).model(a.attacker)
    return dice_count(state, m, roll, a.weapon, boosted_now(state, a, roll, asked_boost))


def attack_dice_words(state: GameState, a: AttackRecord, roll: RollKind, asked_boost: bool = False) -> str:
    """The dice count of the pending attack's roll and why, such as "3 dice (boosted)"."""
    n = attack_dice(state, a, roll, asked_boost)
    terms = () if a.attacker is None else dice_terms(state, board(state).model(a.attacker), roll, a.weapon,
                                                     boosted_now(state, a, roll, asked_boost))
    charged = roll == "damage" and a.charge
    frenzy = roll == "attack" and a.attacker is not None and frenzy_boost(board(state).model(a.attacker))
    given = "boosted by the charge" if charged else "boosted by the frenzy, free" if frenzy else "boosted"
    why = "; ".join(given if w == "boosted" else w for _, w in terms)
    return f"{n} {'die' if n == 1 else 'dice'}" + (f" ({why})" if why else "")


def attack_stat(state: GameState, m: ModelState, kind: str) -> tuple[str, int | None]:
    """The stat added to an attack roll of ``kind`` and its value now, as effects change it (None: the players
    give it)."""
    name = {"melee": "MAT", "power": "MAT", "ranged": "RAT"}.get(kind) or magic_stat(state, m)
    if name is None:
        return "magic skill", None
    return name, stat_now(state, m, name)


def magic_stat(state: GameState, m: ModelState) -> str | None:
    """The stat ``m`` adds to its magic attack rolls: ESSENCE for a model that has one (doc 001 "ESSENCE" and
    "Spellcaster"), FOCUS for a warcaster, FURY for a warlock (or a model with Focus or Fury Manipulation, Mk
    III core rules, public); None when the app does not know (the players give the number)."""
    card = board(state).card_of(m)
    if card.role in ESSENCE_ROLES or card.stats.ESSENCE is not None:
        return "ESSENCE"
    if has_focus_manipulation(state, m):
        return "FOCUS"
    return "FURY" if has_fury_manipulation(state, m) else None


def power_name(kind: str) -> str:
    """What the card calls the number added to a damage roll: P+S for melee weapons, POW otherwise."""
    return "P+S" if kind == "melee" else "POW"


def weapon_powers(card: Card, kind: str) -> dict[str, int]:
    """The card's weapons for this kind of attack, each with the number its damage roll adds (P+S of a melee
    weapon, POW of a ranged one), as the card prints them; empty for other attacks or when the card lists none."""
    if kind not in ("melee", "ranged"):
        return {}
    out: dict[str, int] = {}
    for weapon in card.weapons:
        value = weapon.ps if kind == "melee" else weapon.pow
        if weapon.melee == (kind == "melee") and value is not None:
            out.setdefault(weapon.name, value)
    return out


class HitCheck(Frozen):
    """The attack roll's arithmetic; ``hit`` is None while a number is missing."""

    total: int | None
    hit: bool | None
    words: str


class DamageCheck(Frozen):
    """The damage roll's arithmetic; ``damage`` is None while a number is missing."""

    damage: int | None
    words: str


def kept(dice: tuple[int, ...], removed: int = 0) -> tuple[int, ...]:
    """The dice left after ``removed`` dice are taken away (the lowest go)."""
    return tuple(sorted(dice, reverse=True)[:max(0, len(dice) - removed)])


def combined_bonus(a: AttackRecord) -> int:
    """What a combined attack adds to its attack and damage rolls: +1 per model taking part (0 when alone)."""
    return len(a.combined) + 1 if a.combined else 0


def _bonus_words(bonus: int) -> str:
    return f" + {bonus} combined" if bonus else ""


def _because(why: str) -> str:
    return f" ({why})" if why else ""


def hit_check(dice: tuple[int, ...], stat_name: str, stat: int | None, defence: int | None,
              bonus: int = 0, why: tuple[str, str] = ("", "")) -> HitCheck:
    """Whether the attack roll ``dice`` (kept dice) plus ``stat`` (and a combined attack's ``bonus``) reaches
    ``defence``; all 1s miss and all 6s (two dice or more) hit whatever the numbers. ``why``: what changed the
    stat and the DEF from the cards ("+2 Iron Flesh"), shown beside them."""
    rolled = sum(dice)
    total = None if stat is None else rolled + stat + bonus
    shown = f"roll {rolled} + {stat_name} {'?' if stat is None else stat}{_because(why[0])}{_bonus_words(bonus)}"
    if total is not None:
        shown += f" = {total}"
    shown += f" vs DEF {'?' if defence is None else defence}{_because(why[1])}"
    if dice and all(d == 1 for d in dice):
        return HitCheck(total=total, hit=False, words=f"{shown}: all 1s, a miss whatever the numbers")
    if len(dice) > 1 and all(d == 6 for d in dice):
        return HitCheck(total=total, hit=True, words=f"{shown}: all 6s, a hit whatever the numbers")
    if total is None or defence is None:
        missing = stat_name if stat is None else "DEF"
        return HitCheck(total=total, hit=None, words=f"{shown}: enter the {missing} to see hit or miss")
    hit = total >= defence
    return HitCheck(total=total, hit=hit, words=f"{shown}: {'hit' if hit else 'miss'}")


def damage_check(dice: tuple[int, ...], name: str, power: int | None, armour: int | None,
                 bonus: int = 0, armour_why: str = "") -> DamageCheck:
    """The damage points the damage roll ``dice`` (kept dice) plus ``power`` (and a combined attack's
    ``bonus``) gets through ``armour`` (``armour_why``: what changed it from the card, shown beside it)."""
    rolled = sum(dice)
    shown = f"roll {rolled} + {name} {'?' if power is None else power}{_bonus_words(bonus)}"
    if power is None or armour is None:
        missing = name if power is None else "ARM"
        return DamageCheck(damage=None, words=f"{shown} - ARM {'?' if armour is None else armour}: enter the "
                                              f"{missing} to see the damage")
    total = rolled + power + bonus
    damage = max(0, total - armour)
    return DamageCheck(damage=damage, words=f"{shown} = {total} - ARM {armour}{_because(armour_why)} = "
                                            f"{damage} damage")
