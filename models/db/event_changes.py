"""One small read that tells whether events changed: a stamp per event of its own rows (status, the round timer,
registrations, lists given, tables paired, results, the next round's time). Event pages compare stamps to notice
changes made through the API or another server process; their games' changes reach them by the games' own notices
(webapp/live/games.py)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Engine, Integer, String, case, cast, func
from sqlmodel import Session, col, select

from models.db.engine import reader
from models.db.tables import Event, EventPairing, EventPlayer, ResultReport

Stamp = tuple[str, str, int, int, int, int, int]  # status, round timer, players, lists given, tables, results, people
STATUS_WEIGHTS = {"checked": 1, "pending": 64, "approved": 4096, "rejected": 262144}


def event_stamps(engine: Engine, event_ids: Sequence[str]) -> dict[str, Stamp]:
    """The stamp of each event in ``event_ids`` that exists (three grouped queries, whatever the count)."""
    if not event_ids:
        return {}
    ids = sorted(set(event_ids))
    with Session(reader(engine)) as s:
        co = dict(s.exec(select(Event.id, cast(col(Event.co_organisers), String)).where(col(Event.id).in_(ids))).all())
        settings = {r[0]: f"{r[1]} {r[2]} {r[3]} {co.get(r[0])}" for r in s.exec(
            select(Event.id, Event.lists_published, Event.clock_minutes, Event.tables)
            .where(col(Event.id).in_(ids))).all()}
        status = {r[0]: (f"{r[1]} {r[3]} {settings.get(r[0], '')}", r[2] or "") for r in s.exec(
            select(Event.id, Event.status, cast(col(Event.round_timer), String), Event.next_round_at)
            .where(col(Event.id).in_(ids))).all()}
        # who is checked in, dropped or gone, and each lists review with its note (a change moves the sum)
        review = case(*((col(EventPlayer.lists_status) == k, w) for k, w in STATUS_WEIGHTS.items()), else_=0)
        marks = (cast(col(EventPlayer.checked_in), Integer) + 2 * cast(col(EventPlayer.dropped), Integer)
                 + 4 * cast(col(EventPlayer.left), Integer) + 8 * func.coalesce(col(EventPlayer.dropped_round), 0))
        people = dict(s.exec(select(EventPlayer.event_id, func.sum(
            review * 16777216 + marks * 1024 + func.length(col(EventPlayer.lists_note))))
            .where(col(EventPlayer.event_id).in_(ids)).group_by(col(EventPlayer.event_id))).all())
        players = {r[0]: (r[1], r[2] or 0) for r in s.exec(
            select(EventPlayer.event_id, func.count(), func.sum(func.length(cast(EventPlayer.lists, String))))
            .where(col(EventPlayer.event_id).in_(ids)).group_by(col(EventPlayer.event_id))).all()}
        tables = dict(s.exec(select(EventPairing.event_id, func.count()).where(col(EventPairing.event_id).in_(ids))
                             .group_by(col(EventPairing.event_id))).all())
        results = dict(s.exec(select(ResultReport.event_id, func.sum(ResultReport.version))
                              .where(col(ResultReport.event_id).in_(ids)).group_by(col(ResultReport.event_id))).all())
    return {e: (*status[e], *players.get(e, (0, 0)), tables.get(e, 0), int(results.get(e) or 0),
                int(people.get(e) or 0)) for e in ids if e in status}
