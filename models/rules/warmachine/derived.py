"""The numbers the rules derive for a model now, in one place, so the table, the spectators' view and the API's
``/options`` show the same: control range, attack dice per roll and weapon place, and DEF, ARM, MAT, RAT after
the effects the app tracks.

- Control range: twice the current ESSENCE of a model with Essence Manipulation (doc 001 "Control Range"; doc 000
  ruling: the stat, not the points held); twice FOCUS or FURY for a warcaster or warlock (``points``).
- Attack dice: two, one more when boosted (doc 001 "ESSENCE: Boost"), one fewer with a crippled middle ring
  (doc 001 "Crippled Middle Ring"), a crippled arm or head system, or a crippled Mind aspect (``attack_math``).
- Stats: the card's, except that a knocked down or stationary model's base DEF is 5 (Mk III core rules as
  publicly summarised: https://warmachineuniversity.com/mw/index.php/Knockdown and
  https://warmachineuniversity.com/mw/index.php/Stationary). A crippled Movement system lowers DEF by an amount
  no public source we have gives, so it is shown as a note, never as a number. A stat the card lacks stays out.
  Then the changes spells, feats and animi put on the model (``modifiers``): a knocked down model's DEF is 5
  before they apply. Any other stat a change touches (SPD, STR, CMD...) is shown beside them while it lasts.
"""

from __future__ import annotations

from models.catalog.schema import Frozen
from models.rules.core import GameState, RuleViolation
from models.rules.warmachine import modifiers
from models.rules.warmachine.attack_math import RollKind, attack_dice, dice_count, weapon_places
from models.rules.warmachine.match import ModelState, board
from models.rules.warmachine.modifiers import changed
from models.rules.warmachine.points import caster_control_range
from models.rules.warmachine.state import control_range, has_essence_manipulation

EFFECTIVE_STATS = ("DEF", "ARM", "MAT", "RAT")
LOW_DEF = 5
LOW_DEF_EFFECTS = {"knocked_down": "knocked down", "stationary": "stationary"}
ROLLS: tuple[RollKind, ...] = ("attack", "damage")


class Derived(Frozen):
    """What the rules derive for one model: ``ctrl`` in inches (None: no control range, or the card lacks the
    stat), ``stats`` the effective DEF/ARM/MAT/RAT the card gives, ``why`` what changed a stat, ``dice`` the
    dice per roll ("attack", "damage_boosted", "attack:left" for a weapon in the left arm...)."""

    ctrl: int | None
    stats: dict[str, int]
    why: dict[str, str]
    dice: dict[str, int]


def ctrl(state: GameState, m: ModelState) -> int | None:
    """Control range in inches, or None for a model without one (or whose card lacks the stat)."""
    if has_essence_manipulation(state, m):
        try:
            return control_range(state, m)
        except RuleViolation:
            return None
    return caster_control_range(state, m)


def stats(state: GameState, m: ModelState) -> tuple[dict[str, int], dict[str, str]]:
    """Effective DEF, ARM, MAT and RAT (those the card gives), and any other stat an effect changes, with why
    any differs from the card."""
    card = board(state).card_of(m).stats
    names = (*EFFECTIVE_STATS, *dict.fromkeys(mod.stat for mod in m.mods if mod.stat not in EFFECTIVE_STATS))
    base = {name: value for name in names if (value := getattr(card, name)) is not None}
    why: dict[str, list[str]] = {}
    lowering = [words for effect, words in LOW_DEF_EFFECTS.items() if effect in m.effects]
    if lowering and "DEF" in base:
        base["DEF"] = LOW_DEF
        why["DEF"] = [" and ".join(lowering)]
    out: dict[str, int] = {}
    for name, value in base.items():
        out[name] = changed(m, name, value) or 0
        if cause := modifiers.why(m, name):
            why.setdefault(name, []).append(cause)
    return out, {name: ", ".join(words) for name, words in why.items()}


def dice(state: GameState, m: ModelState) -> dict[str, int]:
    """Dice of each roll now, plain and boosted, and per weapon place of a warjack's grid; while ``m`` is making
    an attack, that attack's own count (a boost already paid, a charge) under "pending_attack"/"pending_damage"."""
    out: dict[str, int] = {}
    for roll in ROLLS:
        out[roll] = dice_count(state, m, roll)
        out[f"{roll}_boosted"] = dice_count(state, m, roll, boosted=True)
        for place in weapon_places(state, m):
            if place != "other":
                out[f"{roll}:{place}"] = dice_count(state, m, roll, place)
    a = board(state).attack
    if a is not None and a.attacker == m.id and a.step in ("attack_roll", "damage_roll"):
        for roll in ROLLS:
            out[f"pending_{roll}"] = attack_dice(state, a, roll)
    return out


def derived(state: GameState, m: ModelState) -> Derived:
    values, why = stats(state, m)
    return Derived(ctrl=ctrl(state, m), stats=values, why=why, dice=dice(state, m))


def flat(d: Derived) -> dict[str, int]:
    """One flat mapping for the API: "CTRL", "DEF"..., and the dice as "dice:attack", "dice:attack:left"..."""
    out = {"CTRL": d.ctrl} if d.ctrl is not None else {}
    return out | d.stats | {f"dice:{key}": n for key, n in d.dice.items()}


def stat_with_why(state: GameState, m: ModelState, name: str) -> tuple[int | None, str]:
    """One effective stat of ``m`` and what changed it ("" when nothing did; None when the card lacks it)."""
    values, why = stats(state, m)
    if name in values:
        return values[name], why.get(name, "")
    return modifiers.stat_now(state, m, name), modifiers.why(m, name)


def stat_words(d: Derived) -> str:
    """The effective stats as the card shows them, such as "DEF 5 (knocked down) · ARM 15 · MAT 6"."""
    return " · ".join(f"{name} {value}" + (f" ({d.why[name]})" if name in d.why else "")
                      for name, value in d.stats.items())
