"""The core stores each game system's own part of the state as ``GameState.board``, of the class the system
registered (DESIGN.md "Layers and folders": core knows no game; "The rules core": state is a JSON-serialisable
value)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from models.rules import GameState
from models.rules.core import BOARDS
from models.rules.warband.state import WarbandBoard
from models.rules.warlord.state import WarlordBoard
from tests.rules.warband.game import Game
from tests.rules.warlord.game import new_game


def test_each_system_registers_its_board() -> None:
    assert BOARDS["warlord"] is WarlordBoard and BOARDS["warband"] is WarbandBoard


@pytest.mark.parametrize("make", [new_game, lambda: Game().state], ids=["warlord", "warband"])
def test_a_state_round_trips_through_json_with_its_systems_board(make) -> None:
    state = make()
    for read in (GameState.model_validate_json(state.model_dump_json()),
                 GameState.model_validate(state.model_dump(mode="json"))):
        assert read == state and type(read.board) is type(state.board)


def test_a_board_of_another_system_is_refused() -> None:
    with pytest.raises(ValidationError, match="not the board of a warlord game"):
        GameState(system="warlord", board=WarbandBoard())
    figures = new_game().model_dump(mode="json")["board"]
    with pytest.raises(ValidationError):
        GameState.model_validate({"system": "warband", "board": figures})


def test_a_board_of_an_unknown_system_is_refused() -> None:
    with pytest.raises(ValidationError, match="no board is registered"):
        GameState.model_validate({"system": "chess", "board": {}})
