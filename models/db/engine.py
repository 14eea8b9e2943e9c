"""Engines for SQLite (default: WAL, synchronous FULL, writes begin IMMEDIATE, reads a plain deferred BEGIN)
and PostgreSQL (psycopg 3), and migration to head with Alembic at start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event

from models.db import site_notices  # noqa: F401 - registers the sessions' notices of events and listings

DEFAULT_URL = "sqlite:///./tablekeeper.db"
READ_ONLY = "tablekeeper_read_only"  # execution option: this connection only reads
MIGRATIONS = Path(__file__).parent / "migrations"


def normalise(url: str) -> str:
    """Accept plain ``postgresql://`` URLs too: this project speaks psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str = DEFAULT_URL) -> Engine:
    url = normalise(url)
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:  # DB-API objects
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # A write takes SQLite's write lock at once (no deadlock upgrading a read lock); a read needs no lock in
        # WAL mode, so it must not queue behind writers.
        conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get(READ_ONLY) else "BEGIN IMMEDIATE")

    return engine


def reader(engine: Engine) -> Engine:
    """The same engine and pool for read-only sessions (on SQLite their transactions take no write lock)."""
    return engine.execution_options(**{READ_ONLY: True})


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (SQLite migrations run in batch mode)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
