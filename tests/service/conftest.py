"""Service-level fixtures shared by the game systems' tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import Engine

from models.db.engine import make_engine, migrate
from models.service import GameService


@pytest.fixture
def new_service(db_url: str) -> Iterator[Callable[[], GameService]]:
    """Makes a GameService with its own engine and cache: another server process, or a restarted one."""
    made: list[Engine] = []

    def make() -> GameService:
        engine = make_engine(db_url)
        made.append(engine)
        migrate(engine)
        return GameService(engine)

    yield make
    for engine in made:
        engine.dispose()
