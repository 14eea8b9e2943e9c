"""Structures (doc 001 "Structures": "Fixed Position", "Ranged Attacks While in Melee").

What the app can see, it enforces: a structure is never knocked down, made stationary, blinded or given
Stealth, it never runs or charges, and it makes no free strikes. The rest is geometry and dice at the table,
so the app shows it as reminders on the structure.
"""

from __future__ import annotations

from models.rules.core import GameState, RuleViolation
from models.rules.warmachine.match import ModelState
from models.rules.warmachine.state import role

# Effect -> why a structure never has it (our words, doc 001 "Fixed Position").
IMMUNE: dict[str, str] = {
    "knocked_down": "cannot be knocked down",
    "stationary": "cannot be made stationary",
    "blind": "never suffers Blind",
    "stealth": "can never gain Stealth",
}

REMINDERS: tuple[str, ...] = (
    "Structure: it cannot be moved or placed and has no normal movement, so it never aims.",
    "Melee attacks against it hit automatically.",
    "It never gets extra DEF from concealment, cover or elevation.",
    "It can never become Incorporeal or gain Stealth.",
    "Nobody gets a back strike bonus against it.",
    "Grievous Wounds does not affect it.",
    "It makes no free strikes.",
    "It may make ranged attacks while in melee.",
)


def is_structure(state: GameState, m: ModelState) -> bool:
    return role(state, m) == "structure"


def effect_refusal(state: GameState, m: ModelState, effect: str) -> RuleViolation | None:
    """Why ``m`` cannot suffer ``effect`` (a structure's fixed position), or None."""
    if is_structure(state, m) and effect in IMMUNE:
        return RuleViolation("structure.immune", f"{m.name} is a structure: it {IMMUNE[effect]}.")
    return None


def movement_refusal(state: GameState, m: ModelState, what: str) -> RuleViolation | None:
    """A structure has no normal movement: it never runs or charges."""
    if is_structure(state, m):
        return RuleViolation("structure.fixed", f"{m.name} is a structure: it cannot {what}.")
    return None


def notes(state: GameState, m: ModelState) -> tuple[str, ...]:
    return REMINDERS if is_structure(state, m) else ()
