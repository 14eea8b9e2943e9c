"""The commands the web sends when no figure's option carries them: a new game's setup, a figure's typed numbers
and the pre-game screen's form. Each builder takes what the players typed; the rules decide on the command when it
is sent."""

from __future__ import annotations

from collections.abc import Mapping

from models.rules.warlord.card import StatName, WarlordSetStats
from models.rules.warlord.pregame import WarlordPregame
from models.rules.warlord.setup import Warband, WarlordSetup
from models.rules.warlord.state import Stats


def warlord_setup(title: str, sides: tuple[Warband, Warband], pregame: bool = False) -> WarlordSetup:
    """A new game: its title and both warbands (the rules check them; a bad entry is refused); ``pregame``: card
    numbers still empty are typed on the pre-game screen."""
    return WarlordSetup(title=title, sides=sides, pregame=pregame)


def set_stats(model: str, stats: Stats) -> WarlordSetStats:
    """A figure's numbers as its player typed them from the card."""
    return WarlordSetStats(model=model, stats=stats)


def pregame(cards: Mapping[str, Mapping[StatName, int | None]], begin: bool) -> WarlordPregame:
    """The pre-game screen's form: each model's card numbers as typed; ``begin``: game turn 1 begins."""
    return WarlordPregame(cards={model: dict(numbers) for model, numbers in cards.items()}, begin=begin)
