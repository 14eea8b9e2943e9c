"""Dice results as data: typed in by players or rolled by the service, and always stored with the event."""

from __future__ import annotations

from pydantic import Field

from models.catalog.schema import Frozen
from models.rules.core import RuleViolation


class Roll(Frozen):
    """A roll of d6s; ``rolled_by`` says whether a player typed it or the service rolled it."""

    dice: tuple[int, ...] = Field(min_length=1, max_length=12)
    rolled_by: str = "player"

    @property
    def total(self) -> int:
        return sum(self.dice)


def check_dice(dice: tuple[int, ...], count: int) -> None:
    """Refuse a roll with the wrong number of dice or a face that a d6 does not have."""
    if len(dice) != count:
        raise RuleViolation("dice.count", f"This roll needs {count} dice; {len(dice)} were given.")
    if any(d < 1 or d > 6 for d in dice):
        raise RuleViolation("dice.face", "Each die shows a number from 1 to 6.")
