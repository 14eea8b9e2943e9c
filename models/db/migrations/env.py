"""Alembic environment: runs on the connection handed over by models.db.engine.migrate, or on
``DATABASE_URL`` when called from the alembic command line."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import Connection
from sqlmodel import SQLModel

from models.db import tables  # noqa: F401 - registers the tables on SQLModel.metadata
from models.db.engine import DEFAULT_URL, make_engine

target = SQLModel.metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    with make_engine(os.environ.get("DATABASE_URL", DEFAULT_URL)).begin() as conn:
        _run(conn)
