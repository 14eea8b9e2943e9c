"""Games logged before each game system's own part of the state moved into ``GameState.board``: their logs still load
and replay to the same state, and migration 0004 drops the snapshots of the old shape. Their turns were played before
turn flow 2 (steps with nothing to decide pass by themselves), so migration 0005 marks their setups with turn flow 1 and
they replay as they were played.

The fixture (fixtures/games_before_boards.json) was written by the code before the change: a Warlord, a warband
and a Warmachine game played through GameService on SQLite, each with an undo, with their ``command_log`` rows, a
snapshot-free database and each final state as that code dumped it (``warlord`` / ``warband`` fields)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from models.db.engine import migrate
from models.db.legacy import first_turn_flow
from models.db.tables import CommandLog, Game, Snapshot
from models.rules import RuleViolation, parse_command, replay
from models.rules.warmachine import WarmachineBoard
from models.service import GameService
from tests.db.revisions import engine_at

OLD = json.loads((Path(__file__).parent / "fixtures" / "games_before_boards.json").read_text())["games"]
SYSTEMS = sorted(OLD)


def in_new_shape(old_state: dict[str, Any]) -> dict[str, Any]:
    """The old state's JSON as the new GameState writes it: the system's own field becomes ``board``. Warmachine's
    fields are its board's now, written at the top level of its games only (a Warlord or warband state held
    them empty)."""
    own = old_state.get("warlord") or old_state.get("warband")
    new = {k: v for k, v in old_state.items()
           if k not in ("warlord", "warband") and not (own and k in WarmachineBoard.model_fields)}
    new["board"] = with_new_fields(own)
    new["players"] = [{"theme": None, **p} for p in old_state.get("players", [])]  # a theme force: none then
    if own:
        return new
    new["turn_flow"] = 1
    new["models"] = [{"removed_why": "", "mods": [], **m} for m in old_state.get("models", [])]  # fields added since
    if isinstance(old_state.get("cards"), dict):  # a card's weapons and spells: none known then
        new["cards"] = {k: {"weapons": [], "spells": [], **c} for k, c in old_state["cards"].items()}
    return new


def with_new_fields(board: dict[str, Any] | None) -> dict[str, Any] | None:
    """A board with the fields added since, empty: a Warlord figure's card numbers and the game's result, a
    warband's way of routing (none of them kept then)."""
    if board is None:
        return board
    if "figures" not in board:
        return {**board, "rout_how": ""}
    return {**board, "result": None, "figures": [{**f, "stats": None} for f in board["figures"]]}


@pytest.fixture
def old_database(empty_db_url: str) -> Iterator[Engine]:
    """A database at the revision before 0004 holding the three old games, each with a snapshot of the old shape
    at its last entry (as the service caches a long game)."""
    engine = engine_at(empty_db_url, "0003_command_ids")
    with Session(engine) as s:
        for system, game in OLD.items():
            s.add(Game(id=system, system=game["game"]["system"], title=game["game"]["title"],
                       version=game["game"]["version"]))
            s.flush()
            s.add_all(CommandLog(game_id=system, **row) for row in game["command_log"])
            s.add(Snapshot(game_id=system, seq=game["game"]["version"], state=game["state"]))
        s.commit()
    yield engine
    engine.dispose()


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_old_log_replays_to_its_old_state_in_the_new_shape(system: str) -> None:
    """The log is the truth: replaying the commands that count (no undo rows, nothing undone) gives the state the
    old code reached, its system's own part now under ``board``."""
    game = OLD[system]
    counted = [parse_command(first_turn_flow(r["command"])) for r in game["command_log"]
               if r["command"]["type"] != "undo" and not r["undone"]]
    state = replay(counted)
    assert state.model_dump(mode="json") == in_new_shape(game["state"])
    old_board = with_new_fields(game["state"].get(system))
    if old_board is None:  # Warmachine's board: the fields its state held at the top level, as it still shows them
        old_board = {k: v for k, v in in_new_shape(game["state"]).items() if k in WarmachineBoard.model_fields}
    assert (state.board.model_dump(mode="json") if state.board else None) == old_board


def test_migration_0004_drops_old_snapshots_and_the_service_rebuilds_every_game(old_database: Engine) -> None:
    """With 0005 too: the Warmachine game's turns replay as they were played."""
    migrate(old_database)
    with Session(old_database) as s:
        assert s.exec(select(Snapshot)).all() == []
    service = GameService(old_database)
    for system, game in OLD.items():
        version, state = service.state(system)
        assert version == game["game"]["version"] and state.system == system
        assert state.model_dump(mode="json") == in_new_shape(game["state"])
    assert len(service.repo.log("warband")) == len(OLD["warband"]["command_log"])


def test_without_its_turn_flow_an_old_warmachine_log_would_replay_elsewhere() -> None:
    """The positive control of the tests above: read as a new game's, the old log's Next taps pass steps the old
    code stopped at, and the replayed game ends up somewhere else (so marking its turn flow is what keeps it)."""
    game = OLD["warmachine"]
    counted = [parse_command(r["command"]) for r in game["command_log"]
               if r["command"]["type"] != "undo" and not r["undone"]]
    try:
        state = replay(counted)
    except RuleViolation:
        return  # a logged command no longer fits where the turn stands: it does not replay at all
    assert state.model_dump(mode="json") != in_new_shape(game["state"])


def test_first_turn_flow_marks_only_warmachine_setups_without_one() -> None:
    assert first_turn_flow({"type": "setup", "title": "Old"}) == {"type": "setup", "title": "Old", "turn_flow": 1}
    new = {"type": "setup", "title": "New", "turn_flow": 2}
    assert first_turn_flow(new) is new
    other = {"type": "warlord_setup"}
    assert first_turn_flow(other) is other
