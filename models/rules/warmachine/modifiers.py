"""Stats as effects change them: the card's number plus every change a spell, feat or animus put on the model
(DESIGN.md "Effects change numbers through one path"). Every rule that reads SPD, STR, MAT, RAT, DEF, ARM, CMD,
THR, FOCUS, FURY or ESSENCE for a model in play reads it here, so the derived values, the attack assistant's
arithmetic and the limits on essence, focus and fury agree. A stat never goes below 0.
"""

from __future__ import annotations

from models.rules.core import GameState
from models.rules.warmachine.match import Duration, ModelState, StatMod, board

DURATION_WORDS: dict[Duration, str] = {
    "activation": "this activation", "turn": "this turn", "round": "one round", "upkeep": "while upkept",
}


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def mod_words(mod: StatMod) -> str:
    """How one change reads next to its stat: "+2 Iron Flesh"."""
    return f"{signed(mod.amount)} {mod.cause}"


def terms(m: ModelState, stat: str) -> tuple[StatMod, ...]:
    """The changes on ``m`` to ``stat``, oldest first."""
    return tuple(mod for mod in m.mods if mod.stat == stat)


def changed(m: ModelState, stat: str, base: int | None) -> int | None:
    """``base`` (the card's number, None when the card lacks it) after the changes on ``m``, never below 0."""
    if base is None:
        return None
    return max(0, base + sum(mod.amount for mod in terms(m, stat)))


def why(m: ModelState, stat: str) -> str:
    """What changed ``stat`` on ``m``, in words ("+2 Iron Flesh, -2 Crushing Weight"); empty when nothing did."""
    return ", ".join(mod_words(mod) for mod in terms(m, stat))


def stat_now(state: GameState, m: ModelState, stat: str) -> int | None:
    """The stat of ``m`` now: the card's after every change (None when the card does not give it)."""
    value: int | None = getattr(board(state).card_of(m).stats, stat)
    return changed(m, stat, value)


def summary(mod: StatMod) -> str:
    """One change as its model's card lists it: "Iron Flesh: +2 DEF (one round)"."""
    return f"{mod.cause}: {signed(mod.amount)} {mod.stat} ({DURATION_WORDS[mod.duration]})"
