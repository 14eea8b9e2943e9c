"""The steps the Alembic revisions repeat: columns added to or dropped from one table, and a table created or
dropped with its single-column indexes. One batch block per table, so SQLite (batch mode) and PostgreSQL get the
same DDL the revisions wrote out by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op


def add_columns(table: str, *columns: sa.Column[Any]) -> None:
    """Add the columns to the table, in order."""
    with op.batch_alter_table(table, schema=None) as batch_op:
        for column in columns:
            batch_op.add_column(column)


def drop_columns(table: str, *names: str) -> None:
    """Drop the named columns from the table, in order."""
    with op.batch_alter_table(table, schema=None) as batch_op:
        for name in names:
            batch_op.drop_column(name)


def create_table(name: str, *items: sa.schema.SchemaItem, index: Sequence[str] = (), unique: bool = False) -> None:
    """Create the table, then an index ``ix_<table>_<column>`` on each column named in ``index``."""
    op.create_table(name, *items)
    if index:
        with op.batch_alter_table(name, schema=None) as batch_op:
            for column in index:
                batch_op.create_index(batch_op.f(f"ix_{name}_{column}"), [column], unique=unique)


def drop_table(name: str, index: Sequence[str] = ()) -> None:
    """Undo :func:`create_table`: its indexes in reverse order, then the table."""
    if index:
        with op.batch_alter_table(name, schema=None) as batch_op:
            for column in reversed(index):
                batch_op.drop_index(batch_op.f(f"ix_{name}_{column}"))
    op.drop_table(name)
