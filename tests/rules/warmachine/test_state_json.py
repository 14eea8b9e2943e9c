"""Warmachine's board is written at the top level of the state's JSON, where its fields were the state's own
before it had a board: clients and stored games read the same JSON, and it reads back as the same state.

fixtures/warmachine_states_before_board.json was written by the code before Warmachine had a board: the replayed
game of games_before_boards.json and games the test helpers build, each as that code dumped it (the helpers' games
were set up with the turn flow of then, 2; a new game takes today's)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from models.db.legacy import first_turn_flow
from models.rules import GameState, parse_command, replay
from models.rules.warlord.state import WarlordBoard
from models.rules.warmachine import WarmachineBoard
from models.rules.warmachine.attacks import DeclareAttack
from models.rules.warmachine.ending import Concede
from models.rules.warmachine.match import Pregame, board
from models.rules.warmachine.phases import TURN_FLOW
from tests.rules.warmachine.game import AGATHON, REGNA, activated, new_game, run
from tests.rules.warmachine.tournament import T0, end_of_turn, score, started

FIXTURES = Path(__file__).parents[2] / "db" / "fixtures"
BEFORE = json.loads((FIXTURES / "warmachine_states_before_board.json").read_text())["states"]
OLD_LOG = json.loads((FIXTURES / "games_before_boards.json").read_text())["games"]["warmachine"]["command_log"]


def games() -> dict[str, GameState]:
    """The games of the fixture, built again."""
    scored = score(end_of_turn(started()), (1, 0), at=T0 + 60_000)
    return {
        "replayed": replay([parse_command(first_turn_flow(r["command"])) for r in OLD_LOG
                            if r["command"]["type"] != "undo" and not r["undone"]]),
        "attacking": run(activated(new_game(), AGATHON), DeclareAttack(attacker=AGATHON, target=REGNA)),
        "scored": scored,
        "conceded": run(scored, Concede(seat=1, at_ms=T0 + 90_000)),
    }


GAMES = games()


def text(state: GameState) -> str:
    return json.dumps(state.model_dump(mode="json"))


def cards_in_order(written: str) -> str:
    """The JSON with its cards by key: the helpers' setups list their cards in no fixed order."""
    data: dict[str, Any] = json.loads(written)
    return json.dumps({**data, "cards": dict(sorted(data["cards"].items()))})


def test_a_replayed_game_writes_exactly_the_json_written_before() -> None:
    assert text(GAMES["replayed"]) == BEFORE["replayed"]


@pytest.mark.parametrize("name", ["attacking", "scored", "conceded"])
def test_a_game_mid_attack_scored_or_over_writes_the_json_written_before(name: str) -> None:
    before = BEFORE[name].replace('"turn_flow": 2,', f'"turn_flow": {TURN_FLOW},')
    assert cards_in_order(text(GAMES[name])) == cards_in_order(before)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_boards_fields_are_top_level_keys_and_read_back(name: str) -> None:
    state = GAMES[name]
    written = state.model_dump(mode="json")
    assert written["board"] is None  # no board object: its fields are beside the shared ones
    assert set(WarmachineBoard.model_fields) <= set(written)
    assert GameState.model_validate(written) == state
    assert GameState.model_validate_json(text(state)) == state
    assert isinstance(GameState.model_validate(written).board, WarmachineBoard)


def test_the_fields_given_at_the_top_level_are_the_boards() -> None:
    """As the JSON holds them: given at the top level, they land on the board."""
    pregame = Pregame(scenario="Practice")
    state = GameState(system="warmachine", pregame=pregame, listed=("a",))  # type: ignore[call-arg]
    assert board(state).pregame == pregame and board(state).listed == ("a",)
    with pytest.raises(AttributeError):  # read from the board, never as the state's own
        state.pregame  # type: ignore[attr-defined]  # noqa: B018
    unset = GameState(pregame=pregame)  # type: ignore[call-arg]
    assert isinstance(unset.board, WarmachineBoard) and board(unset).pregame == pregame


def test_a_field_of_neither_the_state_nor_its_board_is_refused() -> None:
    with pytest.raises(ValidationError):
        GameState.model_validate({"system": "warmachine", "figures": []})
    with pytest.raises(ValidationError):  # a Warlord game holds none of Warmachine's fields
        GameState.model_validate({"system": "warlord", "models": [], "board": WarlordBoard().model_dump()})
    with pytest.raises(AttributeError):
        GameState(system="warlord", board=WarlordBoard()).models  # type: ignore[attr-defined]  # noqa: B018


def test_a_copy_cannot_set_a_field_of_neither_the_state_nor_its_board() -> None:
    """pydantic would keep it where nothing reads or writes it."""
    with pytest.raises(ValueError, match="models"):
        GameState().model_copy(update={"models": ()})
    with pytest.raises(ValueError, match="figures"):
        GAMES["attacking"].model_copy(update={"figures": ()})


def test_a_copy_changes_a_boards_field_on_the_board_only() -> None:
    """The state's copy refuses a board's field (it would be kept unseen); the board's copy takes it."""
    state = GAMES["attacking"]
    with pytest.raises(ValueError, match="models"):
        state.model_copy(update={"models": board(state).models[1:]})
    fewer = state.model_copy(update={"board": board(state).model_copy(update={"models": board(state).models[1:]}),
                                     "round": 3})
    assert board(fewer).models == board(state).models[1:] and fewer.round == 3
    assert board(fewer).cards == board(state).cards and board(state).models != board(fewer).models


def test_the_boards_questions_are_asked_of_the_board() -> None:
    state = GAMES["attacking"]
    agathon = board(state).model(AGATHON)
    assert board(state).card_of(agathon) is not None
    with pytest.raises(AttributeError):
        state.model(AGATHON)  # type: ignore[attr-defined]
