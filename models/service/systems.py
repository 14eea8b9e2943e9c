"""The game systems the service knows, each declared once as a :class:`GameSystem` and registered here, in
one place (DESIGN.md "A game system is one declared object"). The service and the web look a system up by the
name a game carries (``GameState.system``); they never branch on that name, and an unknown name is an error,
never a fall-back to some default system.

A system here holds what the service builds differently per system: the spectators' view, the result, the
words for its turns, the cards a game keeps and its own part of a result's report. The rules register their own
parts (board, commands, steps) with the rules core."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from models.catalog.schema import Card
from models.rules import GameState
from models.rules.warmachine import board as warmachine_board
from models.service import warmachine_result
from models.service.views import View, result_box, warband, warlord, warmachine


@dataclass(frozen=True)
class GameSystem:
    """One game system as the service and the web see it."""

    name: str  # as a game's state carries it (``GameState.system``)
    label: str  # its name for people ("Warlord")
    turn_word: str  # what one of its turns is called ("game turn", "round")
    # The system's own part of the spectators' view, given the newest log line (views.build adds the rest).
    view: Callable[[GameState, str], View]
    # The result once the game is over (None before): winner, how, title, detail, round, and the system's own.
    outcome: Callable[[GameState], dict[str, Any] | None]
    # The cards a game keeps its own copies of: a command bringing one of them is the rules' business (the
    # service checks the others against the shipped cards' facts).
    cards: Callable[[GameState], Mapping[str, Card]] = lambda state: {}
    # The system's own part of the result for tournament software: its scenario, setup, control points, clock
    # and turns (results.py adds the rest); a system without them gives them empty.
    record: Callable[[GameState], dict[str, Any]] = lambda state: {
        "scenario": None, "setup": None, "control_points": None, "clock": None, "turns": []}


class UnknownSystem(LookupError):
    """A game system name that no system is registered under."""

    def __init__(self, name: str) -> None:
        super().__init__(f"No game system is registered as {name!r} (registered: {', '.join(sorted(_SYSTEMS))}).")
        self.name = name


def game_system(name: str) -> GameSystem:
    """The system registered as ``name``; :class:`UnknownSystem` when there is none."""
    try:
        return _SYSTEMS[name]
    except KeyError:
        raise UnknownSystem(name) from None


def _warmachine_view(state: GameState, latest: str) -> View:
    return warmachine.view(state)  # its own result box, with the tiebreakers, is part of it


def _warlord_view(state: GameState, latest: str) -> View:
    return {**warlord.view(state, latest), "result": result_box(warlord.outcome(state), WARLORD.turn_word)}


def _warband_view(state: GameState, latest: str) -> View:
    return {**warband.view(state), "result": result_box(warband.outcome(state), WARBAND.turn_word)}


WARMACHINE = GameSystem(name="warmachine", label="Warmachine", turn_word="round", view=_warmachine_view,
                        outcome=warmachine.outcome, cards=lambda state: warmachine_board(state).cards,
                        record=warmachine_result.record)
WARLORD = GameSystem(name="warlord", label="Warlord", turn_word="game turn", view=_warlord_view,
                     outcome=warlord.outcome)
WARBAND = GameSystem(name="warband", label="Warband", turn_word="round", view=_warband_view, outcome=warband.outcome)

# Every game system, by name: registered here and nowhere else.
_SYSTEMS: dict[str, GameSystem] = {s.name: s for s in (WARMACHINE, WARLORD, WARBAND)}
SYSTEMS: Mapping[str, GameSystem] = MappingProxyType(_SYSTEMS)
