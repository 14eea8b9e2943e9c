"""Snapshots written while GameState still held Warmachine's fields: a Warlord or warband game's held them empty
beside its board, which its state now refuses, so migration 0012 drops them and the service rebuilds those games
from their logs; a Warmachine game's read as before (its board is still written at the top level) and stay."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import ValidationError
from sqlalchemy import Engine
from sqlmodel import Session, select

from models.db.engine import migrate
from models.db.tables import CommandLog, Game, Snapshot
from models.rules import Command, GameState, replay
from models.rules.warmachine import WarmachineBoard
from models.service import GameService
from tests.db.revisions import engine_at
from tests.rules.warlord import game as warlord_game
from tests.rules.warmachine import game as warmachine_game

SETUPS: dict[str, Command] = {"warmachine": warmachine_game.setup_command(), "warlord": warlord_game.setup_command()}


def written_before(state: GameState) -> dict[str, Any]:
    """The state's JSON as GameState wrote it while Warmachine's fields were its own (empty in another game)."""
    written = state.model_dump(mode="json")
    return {**WarmachineBoard().model_dump(mode="json"), **written} if state.system != "warmachine" else written


@pytest.fixture
def old_database(empty_db_url: str) -> Iterator[Engine]:
    """A database at the revision before 0012 with a game of each kind, each with a snapshot of its setup."""
    engine = engine_at(empty_db_url, "0011_event_drafts")
    with Session(engine) as s:
        for game_id, setup in SETUPS.items():
            state = replay([setup])
            s.add(Game(id=game_id, system=state.system, title=state.title, version=1))
            s.flush()
            s.add(CommandLog(game_id=game_id, seq=1, command=setup.model_dump(mode="json"), events=[], actor="test"))
            s.add(Snapshot(game_id=game_id, seq=1, state=written_before(state)))
        s.commit()
    yield engine
    engine.dispose()


def test_an_old_warlord_snapshot_is_refused_as_the_state_reads_now() -> None:
    """The positive control: without the migration, the service could not read the old snapshot."""
    with pytest.raises(ValidationError):
        GameState.model_validate(written_before(replay([SETUPS["warlord"]])))


def test_migration_0012_drops_only_the_other_systems_snapshots_and_every_game_loads(old_database: Engine) -> None:
    migrate(old_database)
    with Session(old_database) as s:
        assert [row.game_id for row in s.exec(select(Snapshot)).all()] == ["warmachine"]
    service = GameService(old_database)
    for game_id, setup in SETUPS.items():
        version, state = service.state(game_id)
        assert (version, state) == (1, replay([setup]))
