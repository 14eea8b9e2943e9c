"""Fixtures for the Infernal rules tests (builders are plain functions in ``infernal_game.py``)."""

import pytest

from models.rules import GameState
from tests.rules.warmachine.infernals.infernal_game import new_table, to_step


@pytest.fixture
def table() -> GameState:
    """The Infernal test table, set up: round 1, Ann's maintenance phase."""
    return new_table()


@pytest.fixture
def replenish(table: GameState) -> GameState:
    """Ann's control phase, replenish step (round 1)."""
    return to_step(table, "control", "replenish")


@pytest.fixture
def ann_activation(table: GameState) -> GameState:
    """Ann's activation phase (round 1), nobody activated yet."""
    return to_step(table, "activation", "activate")
