"""Fixtures for the Warlord rules tests; the builders live in ``game.py`` next to this file."""

import pytest

from models.rules import GameState
from tests.rules.warlord.game import new_game


@pytest.fixture
def game() -> GameState:
    """The standard game, set up: game turn 1, activations, no model activated."""
    return new_game()
