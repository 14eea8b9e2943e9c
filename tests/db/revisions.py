"""A database as an older release left it: its schema migrated only up to a given Alembic revision."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

from models.db.engine import MIGRATIONS, make_engine


def engine_at(url: str, revision: str) -> Engine:
    """An engine on ``url`` with the schema migrated up to ``revision`` (the caller disposes of it)."""
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    return engine
