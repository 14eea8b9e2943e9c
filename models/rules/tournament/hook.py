"""What an event needs from a game system, declared by the system as one :class:`Tournament` on its ``RuleSystem``
(DESIGN.md "An event is read like a game"): the event services hold no system's rules, so they ask its hook how to
open a table's game, what a game's result is as a table's score, what a scenario win needs, how players rank, how
the event's lists are read and checked, and how long names and clocks may be.

Lists travel as the event stores them (JSON: ``KeptList.data``); the system reads them back itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from models.catalog.schema import Card
from models.rules.core import Command, GameState
from models.rules.tournament.standings import Finished, Standing
from models.rules.tournament.table_results import Score

Cards = Mapping[str, Card]


@dataclass(frozen=True)
class Opening:
    """A table's game as the event opens it: its title, the two players' names in the table's order, each side's
    submitted lists as the event keeps them (``KeptList.data``; none for a walk-in without one), whether each
    player brings two lists to choose from at the table, the deathclock (minutes per player, None: the players
    choose) and the round's scenario."""

    title: str
    names: tuple[str, str]
    lists: tuple[Sequence[Mapping[str, Any]], Sequence[Mapping[str, Any]]]
    pairs: bool
    clock_minutes: int | None
    scenario: str


@dataclass(frozen=True)
class KeptList:
    """A list as an event keeps it (JSON, read back by the system only) and what of it the catalog could not check
    (sentences for the organiser, who approves or rejects it)."""

    data: dict[str, Any]
    unchecked: tuple[str, ...]


@dataclass(frozen=True)
class Known:
    """What a game in the app has counted of a table's numbers before its result counts, each side in the table's
    order: a report from the game page starts from them."""

    control_points: tuple[int, int]
    army_points_destroyed: tuple[float, float]


@dataclass(frozen=True)
class Tournament:
    """One system's answers to an event. A refusal of the rules (a list that breaks one) is a ``RuleViolation``."""

    game_sizes: tuple[int, ...]  # the game sizes an event may play, in points
    clock_minutes_max: int  # the longest deathclock an event may give each player
    name_max: int  # the longest player's name and game title a game takes
    scenarios: tuple[str, ...]  # the scenarios an organiser picks a round's from (any other may be typed)
    scenario_words: Callable[[str], str]  # a scenario's name as a screen shows it
    scenario_lead: Callable[[str], int]  # the lead in control points a win on scenario needs at that scenario
    # A player's saved list (the system's own list object) and its id as the event keeps it.
    keep_list: Callable[[Any, str, Cards], KeptList]
    # A list typed in (a walk-in's), titled and sized for the event: its text, title, game size.
    typed_list: Callable[[str, str, int, Cards], KeptList]
    list_text: Callable[[Mapping[str, Any], Cards], str]  # a kept list as text
    open_game: Callable[[Opening], tuple[Command, list[Command]]]  # the setup command and the commands after it
    score: Callable[[GameState], Score | None]  # the game's own result as a table's score (None: not over)
    known: Callable[[GameState], Known]
    pause_clock: Callable[[GameState, str], Command | None]  # None: no clock runs, nothing to pause
    standings: Callable[[Sequence[str], Sequence[Finished]], list[Standing]]  # players in registration order
