"""The commands the web sends when no figure's option carries them: a new game's setup and a figure's typed
numbers. Each builder takes what the players typed; the rules decide on the command when it is sent."""

from __future__ import annotations

from models.rules.warlord.card import WarlordSetStats
from models.rules.warlord.setup import Warband, WarlordSetup
from models.rules.warlord.state import Stats


def warlord_setup(title: str, sides: tuple[Warband, Warband]) -> WarlordSetup:
    """A new game: its title and both warbands (the rules check them; a bad entry is refused)."""
    return WarlordSetup(title=title, sides=sides)


def set_stats(model: str, stats: Stats) -> WarlordSetStats:
    """A figure's numbers as its player typed them from the card."""
    return WarlordSetStats(model=model, stats=stats)
