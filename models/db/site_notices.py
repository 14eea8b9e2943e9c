"""Notices of the site's own changes for other server processes (PostgreSQL NOTIFY on the listener's channel,
models/db/notify.py): ``event/<id>`` when an event's rows change (the event, its players, tables, timer, or any row
that names its ``event_id``), ``event/*`` when a bulk statement changed event rows, and ``listings/`` when Live now's
listings change.

They are sent from the session itself, in the transaction that makes the change (a rolled-back change announces
nothing), so every write of those rows is announced, whichever repository makes it. A notice is a wake-up, not the
data: whoever hears it reads the event or the listings again. SQLite has one process and sends none.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from sqlalchemy import event, func, select
from sqlalchemy.orm import ORMExecuteState, UOWTransaction
from sqlmodel import Session

from models.db.notify import CHANNEL, EVENT, LISTINGS
from models.db.tables import Event, PublicListing

ALL = "*"  # every event: a bulk change names none


def notice_of(row: Any) -> str | None:
    """The notice a changed row calls for, if any."""
    if isinstance(row, Event):
        return f"{EVENT}/{row.id}"
    if isinstance(row, PublicListing):
        return f"{LISTINGS}/"
    event_id = getattr(row, "event_id", None)
    return f"{EVENT}/{event_id}" if isinstance(event_id, str) else None


def _notify(session: Session, notices: set[str]) -> None:
    connection = session.connection()
    if connection.dialect.name != "postgresql":
        return
    for notice in sorted(notices):
        connection.execute(select(func.pg_notify(CHANNEL, notice)))


@event.listens_for(Session, "after_flush")
def _after_flush(session: Session, _flush: UOWTransaction) -> None:
    """Rows added, changed or deleted by this flush (still listed as they were before it)."""
    notices = {n for row in chain(session.new, session.dirty, session.deleted) if (n := notice_of(row)) is not None}
    if notices:
        _notify(session, notices)


@event.listens_for(Session, "do_orm_execute")
def _bulk(state: ORMExecuteState) -> None:
    """An UPDATE or DELETE statement of event or listing rows (no row objects to name them by)."""
    if not (state.is_update or state.is_delete):
        return
    notices = set()
    for mapper in state.all_mappers:
        kind = mapper.class_
        if kind is PublicListing:
            notices.add(f"{LISTINGS}/")
        elif kind is Event or "event_id" in mapper.columns:
            notices.add(f"{EVENT}/{ALL}")
    if notices:
        _notify(state.session, notices)  # type: ignore[arg-type]  # a sqlmodel Session here
