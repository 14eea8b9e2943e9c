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
from contextlib import closing, contextmanager
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


@contextmanager
def _pg_database(template: str | None = None) -> Iterator[str]:
    """A new PostgreSQL database (`tk_<8 hex>`) next to TEST_DATABASE_URL's, empty or a copy of ``template``, as a
    SQLAlchemy URL; dropped afterwards with FORCE, so connections a test leaves open do not block the drop."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set")
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"tk_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(_pg_conninfo(base), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(_pg_conninfo(base), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for this test. Skipped when TEST_DATABASE_URL is unset."""
    with _pg_database() as url:
        yield url


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    """The name of a PostgreSQL database migrated once for the whole run: a test's database is copied from it
    (about 0.1 s) instead of migrated anew (about 1 s)."""
    from sqlalchemy.engine import make_url

    with _pg_database() as url:
        with migrated(url):
            pass
        name = make_url(url).database
        assert name is not None
        yield name


@pytest.fixture
def migrated_pg_url(pg_template: str) -> Iterator[str]:
    """A fresh PostgreSQL database for this test with the schema at the newest revision."""
    with _pg_database(pg_template) as url:
        yield url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated once for the whole run, copied for each test that wants the schema."""
    path = tmp_path_factory.mktemp("template") / "migrated.db"
    with migrated(f"sqlite:///{path}"):
        pass
    return path


def migrated_sqlite(template: Path, path: Path) -> str:
    """A copy of the migrated ``template`` at ``path`` (SQLite's own backup: whole, whatever its journal holds)."""
    import sqlite3

    with closing(sqlite3.connect(template)) as source, closing(sqlite3.connect(path)) as copy:
        source.backup(copy)
    return f"sqlite:///{path}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.pg)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A SQLAlchemy URL of a database of this test's own with the schema at the newest revision: a SQLite file in
    tmp_path, or a fresh PostgreSQL database (each copied from one migrated for the run)."""
    if request.param == "sqlite":
        return migrated_sqlite(request.getfixturevalue("sqlite_template"), tmp_path / "t.db")
    return str(request.getfixturevalue("migrated_pg_url"))


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.pg)])
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A SQLAlchemy URL of an empty database (no schema), for tests that build an older revision's."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/t.db"
    return str(request.getfixturevalue("pg_url"))


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
