"""Whether events changed since a page last looked, for every event a server process shows, in one small read
(models/db/event_changes.py); the event pages' feed (webapp/live/event_feed.py) polls it."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Engine

from models.db.event_changes import Stamp, event_stamps


class EventChanges:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def stamps(self, event_ids: Sequence[str]) -> dict[str, Stamp]:
        """A stamp per existing event: equal stamps, no change to the event's own rows (its games aside)."""
        return event_stamps(self.engine, event_ids)
