"""Service-level fixtures shared by the game systems' tests, and the site's REST API client."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from models.db.engine import make_engine, migrate
from models.service import GameService
from tests.service.site_client import site_client


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


@pytest.fixture
def engines(db_url: str) -> Iterator[list[Engine]]:
    """Two server processes' engines on one migrated database (tests/service/parallel.py races them)."""
    made = [make_engine(db_url), make_engine(db_url)]
    migrate(made[0])
    yield made
    for engine in made:
        engine.dispose()


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The site's routers over a fresh database (a test module with a client of its own keeps that one)."""
    with site_client(db_url, monkeypatch) as c:
        yield c

