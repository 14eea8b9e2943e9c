"""Builders for the Warlord rules tests (plain functions, importable as ``tests.rules.warlord.game``).

The standard game: Ann's Knight (3 DT, Tough 1), Golem (4 DT, Construct), Skeleton (2 DT, Undead) and Paladin
(3 DT, Fearless); Bob's Orc (2 DT), Ghost (2 DT, Non-Corporeal) and Zombie (2 DT, Undead, Mindless).
"""

from __future__ import annotations

import pytest

from models.rules import Command, Event, GameState, RuleViolation, apply
from models.rules.warlord.activation import WarlordAction, WarlordActivate, WarlordEndActivation
from models.rules.warlord.card import WarlordSetStats
from models.rules.warlord.model_states import WarlordAddState
from models.rules.warlord.setup import ModelEntry, Warband, WarlordSetup
from models.rules.warlord.state import Figure, Stats, figure

KNIGHT, GOLEM, SKELETON, PALADIN = "p1-1", "p1-2", "p1-3", "p1-4"
ORC, GHOST, ZOMBIE = "p2-1", "p2-2", "p2-3"


def setup_command() -> WarlordSetup:
    return WarlordSetup(title="Crypt raid", sides=(
        Warband(player="Ann", models=(
            ModelEntry(name="Knight", tracks=3, tough=1),
            ModelEntry(name="Golem", tracks=4, abilities=("construct",)),
            ModelEntry(name="Skeleton", tracks=2, abilities=("undead",)),
            ModelEntry(name="Paladin", tracks=3, abilities=("fearless",)),
        )),
        Warband(player="Bob", models=(
            ModelEntry(name="Orc", tracks=2),
            ModelEntry(name="Ghost", tracks=2, abilities=("non_corporeal",)),
            ModelEntry(name="Zombie", tracks=2, abilities=("undead", "mindless")),
        )),
    ))


def new_game() -> GameState:
    state, _ = apply(GameState(), setup_command())
    return state


def run(state: GameState, *commands: Command) -> GameState:
    for command in commands:
        state, _ = apply(state, command)
    return state


def events(state: GameState, command: Command) -> tuple[GameState, tuple[Event, ...]]:
    return apply(state, command)


def refused(state: GameState, command: Command, code: str) -> RuleViolation:
    """The command is refused with ``code`` (and, being pure, changed nothing)."""
    with pytest.raises(RuleViolation) as caught:
        apply(state, command)
    assert caught.value.code == code, caught.value.message
    return caught.value


def fig(state: GameState, figure_id: str) -> Figure:
    return figure(state, figure_id)


def given(state: GameState, figure_id: str, *names: str) -> GameState:
    """The model gains each named model state."""
    return run(state, *[WarlordAddState(model=figure_id, state=n) for n in names])


def activation(state: GameState, figure_id: str, *actions: str, end: bool = True) -> GameState:
    """One whole activation: activate, take ``actions``, end it (unless ``end`` is False)."""
    state = run(state, WarlordActivate(model=figure_id), *[WarlordAction(model=figure_id, action=a) for a in actions])
    return run(state, WarlordEndActivation(model=figure_id)) if end else state


# Card numbers for the stats tests (typed by the "players" of these tests; no real card's numbers).
ARCHER = {"mov": 6, "special_mov": 4, "mav": 3, "rav": 4, "dv": 5, "cp": 2, "ma": 2, "ra": 2}
BRUTE = {"mov": 5, "mav": 5, "rav": 0, "dv": 4, "cp": 0, "ma": 3, "ra": 0}


def numbered(state: GameState, figure_id: str, numbers: dict[str, int] | None = None) -> GameState:
    """The model's card numbers typed on its card (``ARCHER``'s by default)."""
    return run(state, WarlordSetStats(model=figure_id, stats=Stats(**(numbers or ARCHER))))
