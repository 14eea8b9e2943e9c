"""What every repository shares: the engine for writes, the reader for reads (models/db/engine.py), the lock that
makes a count and the write it allows one step, and the two writes that look alike in all of them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel

from models.db.engine import reader


def committed(s: Session) -> bool:
    """Commit ``s``; False when a unique key refuses it (another process stored the like first)."""
    try:
        s.commit()
    except IntegrityError:
        return False
    return True


def lock(s: Session, *keys: str) -> None:
    """Hold the lock of every key until ``s``'s transaction ends, before counting what a limit allows: writes that
    take the same key, in this process or another, count and write one after the other, so a burst cannot all
    pass the count before one of them has written. PostgreSQL: an advisory lock per key, taken in order (two
    writers never wait on each other in a circle); SQLite: every write transaction begins IMMEDIATE
    (models/db/engine.py) and so holds the database's one write lock already."""
    if s.get_bind().dialect.name == "postgresql":
        for key in sorted(set(keys)):
            s.connection().execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))"), {"key": key})


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.reads = reader(engine)

    def add_new(self, row: SQLModel, taken: Callable[[Session], bool]) -> bool:
        """Store ``row`` unless ``taken`` says its like is there; False then, also when another process stored its
        like first (the table's unique key refuses it)."""
        with Session(self.engine, expire_on_commit=False) as s:
            if taken(s):
                return False
            s.add(row)
            return committed(s)

    def delete_row(self, table: type[SQLModel], key: Any) -> bool:
        """Delete the row of ``table`` whose primary key is ``key``; False when there is none."""
        with Session(self.engine) as s:
            row = s.get(table, key)
            if row is None:
                return False
            s.delete(row)
            s.commit()
        return True
