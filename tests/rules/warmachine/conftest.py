"""Fixtures for the Warmachine rules tests; the builders themselves live in ``game.py`` next to this file
(plain functions, so hypothesis tests can use them without function-scoped fixtures)."""

import pytest

from models.rules import GameState
from tests.rules.warmachine.game import new_game, to_step


@pytest.fixture
def game() -> GameState:
    """The standard game, set up: round 1, player 1's maintenance phase."""
    return new_game()


@pytest.fixture
def control(game: GameState) -> GameState:
    """Player 1's control phase, replenish step (round 1)."""
    return to_step(game, "control", "replenish")


@pytest.fixture
def activation(game: GameState) -> GameState:
    """Player 1's activation phase (round 1)."""
    return to_step(game, "activation", "activate")
