"""Fixtures shared by every test folder.

- NiceGUI's `user` / `create_user` fixtures (ini option `main_file` in pyproject.toml: webapp/main.py).
  Harmless for the separate Playwright run: the plugin only adds fixtures and a temporary storage path.
- `db_url`: every database test runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL,
  each test on a database of its own; `engine`: an engine on it with the schema migrated (`migrated` for any URL).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from sqlalchemy import Engine

pytest_plugins = ["nicegui.testing.user_plugin"]


def _pg_conninfo(sqlalchemy_url: str, database: str | None = None) -> str:
    """`postgresql+psycopg://u@h:p/db` (SQLAlchemy) -> `postgresql://u@h:p/db` (libpq, for psycopg)."""
    from sqlalchemy.engine import make_url

    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    if database is not None:
        url = url.set(database=database)
    return url.render_as_string(hide_password=False)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for this test (`tk_<8 hex>`), as a SQLAlchemy URL.

    Created next to TEST_DATABASE_URL's database and dropped afterwards with FORCE, so connections a test
    leaves open do not block the drop. Skipped when TEST_DATABASE_URL is unset.
    """
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set")
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"tk_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(_pg_conninfo(base), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(_pg_conninfo(base), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.pg)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A SQLAlchemy URL of an empty database: a SQLite file in tmp_path, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/t.db"
    return request.getfixturevalue("pg_url")


@contextmanager
def migrated(url: str) -> Iterator[Engine]:
    """An engine on ``url`` with the schema migrated, disposed of afterwards."""
    from models.db.engine import make_engine, migrate

    made = make_engine(url)
    migrate(made)
    try:
        yield made
    finally:
        made.dispose()


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    with migrated(db_url) as made:
        yield made


E2E_DIR = Path(__file__).parent / "e2e"


@pytest.fixture(autouse=True)
def cheap_hashes(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2 at its cheapest in the test process: a real hash costs 50-200 ms of CPU and the suite signs up
    thousands of accounts, while what the tests check (which hashes are made, compared, counted, and when) does not
    depend on the cost. A test of the real cost is marked ``real_hashes``; the browser tests' servers hash for real."""
    if request.node.get_closest_marker("real_hashes") or request.node.get_closest_marker("e2e"):
        return
    from argon2 import PasswordHasher

    from models.service import accounts

    monkeypatch.setattr(accounts, "_hasher", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests under tests/e2e get the `e2e` mark and run last, so a plain `pytest` (one process) still runs
    the async `user` tests before sync Playwright starts its loop (PLATFORM.md, pitfall 3)."""
    for item in items:
        if E2E_DIR in item.path.parents:
            item.add_marker(pytest.mark.e2e)
    items.sort(key=lambda item: E2E_DIR in item.path.parents)
