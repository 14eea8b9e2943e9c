"""Fixtures for the rules tests of warcasters, warlocks, their battlegroups, units, structures and Grymkin
Arcana (builders are plain functions in ``other_side_game.py``)."""

import pytest

from models.rules import GameState
from tests.rules.warmachine.other_side.other_side_game import grymkin_game, new_game


@pytest.fixture
def table() -> GameState:
    """Cy's warcaster, warjacks, structure and unit against Tro's warlock and warbeasts: round 1, Cy's
    maintenance phase."""
    return new_game()


@pytest.fixture
def grymkin() -> GameState:
    """Gry's two Grymkin warlocks and a Cage Rager against Cy: round 1, Gry's maintenance phase."""
    return grymkin_game()
