"""Notices of the site's own changes for other server processes (PostgreSQL NOTIFY on the listener's channel,
models/db/notify.py): ``event/<id>`` when an event's rows change (the event, its players, tables, timer, or any row
that names its ``event_id``), ``event/*`` when a bulk statement changed event rows, ``listings/`` when Live now's
listings change, and ``links/<game id>`` when a game's link row is deleted (one by one: an event's links made anew).
The links' notices are told to this process's own hooks too (:func:`on_links_ended`), on any database, after the
commit: a link that ended stops opening pages here at once.

They are sent from the session itself, in the transaction that makes the change (a rolled-back change announces
nothing), so every write of those rows is announced, whichever repository makes it. A notice is a wake-up, not the
data: whoever hears it reads the event or the listings again. SQLite has one process and sends none.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Engine, event, func, select
from sqlalchemy.orm import ORMExecuteState, UOWTransaction
from sqlmodel import Session

from models.db.notify import CHANNEL, EVENT, LINKS, LISTINGS
from models.db.tables import AccessToken, Event, PublicListing

ALL = "*"  # every event: a bulk change names none
ENDED = "tk_links_ended"  # a session's games whose links it deleted, told to the local hooks after its commit
_hooks: WeakKeyDictionary[Engine, list[Callable[[str], None]]] = WeakKeyDictionary()


def on_links_ended(engine: Engine, hook: Callable[[str], None]) -> None:
    """Call ``hook(game_id)`` after each commit on ``engine`` in this process that deleted a link of the game."""
    _hooks.setdefault(engine, []).append(hook)


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
    ended = {row.game_id for row in session.deleted if isinstance(row, AccessToken)}
    if ended:
        session.info.setdefault(ENDED, set()).update(ended)
        notices |= {f"{LINKS}/{game_id}" for game_id in ended}
    if notices:
        _notify(session, notices)


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    ended = session.info.pop(ENDED, set())
    bind = session.get_bind()
    for hook in _hooks.get(bind, []) if ended and isinstance(bind, Engine) else []:
        for game_id in sorted(ended):
            hook(game_id)


@event.listens_for(Session, "after_rollback")
def _after_rollback(session: Session) -> None:
    session.info.pop(ENDED, None)


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
