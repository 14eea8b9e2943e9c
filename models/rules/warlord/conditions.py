"""The model states of doc 003 as data: what each does and when it ends (in our own words), which special
abilities make a model immune, and the words a chip on a model card shows. No rule logic lives here."""

from __future__ import annotations

from dataclasses import dataclass

from models.rules.warlord.state import Ability, Condition, ConditionName, Figure

ABILITY_LABELS: dict[str, str] = {"construct": "Construct", "undead": "Undead", "non_corporeal": "Non-Corporeal",
                                  "fearless": "Fearless", "mindless": "Mindless"}


@dataclass(frozen=True)
class ConditionInfo:
    name: ConditionName
    label: str
    does: str
    ends: str
    immune: tuple[Ability, ...] = ()


INFO: dict[str, ConditionInfo] = {c.name: c for c in (
    ConditionInfo("blessed", "Blessed", "+1 to every die roll it makes.", "Ends after its next combat action."),
    ConditionInfo("burning", "Burning",
                  "1 damage after each of its actions; an activation with fewer than 2 actions costs 1 damage "
                  "for each action left out.",
                  "Ends when it spends a specialty action putting the fire out (that action costs no damage)."),
    ConditionInfo("burrowed", "Burrowed",
                  "Underground: moves with its Special MOV, no terrain penalties, goes under obstacles and models. "
                  "Melee only against or from other burrowed models; no ranged attacks or spells needing LOS, "
                  "either way. It cannot surface where another model stands.",
                  "Ends when it surfaces (take it off by hand)."),
    ConditionInfo("cursed", "Cursed", "-1 to every die roll it makes.", "Ends at the end of the next game turn."),
    ConditionInfo("disabled", "Disabled",
                  "-1 MA and -1 RA; it still keeps at least one defensive strike or defensive shot.",
                  "Ends at the end of its next activation."),
    ConditionInfo("flying", "Flying",
                  "In the air: no terrain penalties, passes over obstacles and models, sees the whole board and is "
                  "seen from it (not inside buildings or caves). Melee only against or from flying models (its "
                  "Swift Attack may hit ground models); no ranged attacks at all, not even defensive shots; "
                  "ranged attacks from the ground take -1. It cannot land where another model stands.",
                  "Ends when it lands (take it off by hand)."),
    ConditionInfo("held", "Held", "Cannot Move, Charge or Run in its next activation.",
                  "Ends at the end of its next activation."),
    ConditionInfo("poisoned", "Poisoned",
                  "End phase check: a roll of 10 or more, +1 per damage track left and +its Tough; a miss costs "
                  "1 damage.",
                  "Ends after the end phase check, pass or fail, or when it is healed.",
                  immune=("construct", "undead", "non_corporeal")),
    ConditionInfo("shaken", "Shaken", "Attacks against it get +2 to MAV, RAV or CP.",
                  "Ends when it spends a specialty action to pull itself together.",
                  immune=("fearless", "mindless", "construct")),
    ConditionInfo("stunned", "Stunned",
                  "No defensive strikes, defensive shots or counterspells; only one action in its next activation.",
                  "Ends at the end of its next activation, or as soon as it takes damage before that activation."),
)}
ACTION_LABELS: dict[str, str] = {"move": "Move", "charge": "Charge", "run": "Run", "combat": "Combat",
                                 "extinguish": "Put out the fire", "shake_off": "Shake off Shaken",
                                 "other": "Other action", "melee_attack": "Melee attack",
                                 "ranged_attack": "Ranged attack", "cast_spell": "Cast a spell"}


def label(name: str) -> str:
    return INFO[name].label


def in_its_activation(f: Figure, c: Condition) -> bool:
    """Whether ``f`` is in the activation a "next activation" condition concerns (Disabled, Held, Stunned)."""
    return f.activation == "active" and f.started == c.since + 1


def ends(f: Figure, c: Condition) -> str:
    """When the condition ends, with the numbers of this game (the chip's second line)."""
    if c.name == "cursed" and c.until_turn is not None:
        return f"Ends at the end of game turn {c.until_turn}."
    if c.name in ("disabled", "held", "stunned") and in_its_activation(f, c):
        return "Ends at the end of this activation."
    return INFO[c.name].ends


def chips(f: Figure) -> list[tuple[str, str, str]]:
    """(name, label, explanation) for each condition on ``f``: what it does and when it ends."""
    out: list[tuple[str, str, str]] = []
    for c in f.conditions:
        info = INFO[c.name]
        text = f"{info.does} {ends(f, c)}"
        if c.flame:
            text += " It has Flame Attack on its melee attacks until the fire is out."
        out.append((c.name, info.label + (" (Flame Attack)" if c.flame else ""), text))
    return out


def abilities_text(tough: int, abilities: tuple[str, ...]) -> str:
    """"Tough 2 · Undead" (empty when the model has none of the abilities doc 003 reads)."""
    parts = [f"Tough {tough}"] if tough else []
    return " · ".join(parts + [ABILITY_LABELS[a] for a in abilities])
