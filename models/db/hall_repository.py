"""The round timer of an event (column ``event.round_timer``), read and written on its own: the hall screen and the
organiser's controls change nothing else of the event."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, func, select

from models.db.store import Store
from models.db.tables import Event, EventPairing


class HallRepository(Store):
    def timer(self, event_id: str) -> tuple[int, dict[str, Any] | None] | None:
        """The event's newest round and its timer as stored; None when there is no such event."""
        with Session(self.reads) as s:
            event = s.get(Event, event_id)
            if event is None:
                return None
            newest = s.exec(select(func.max(col(EventPairing.round))).where(EventPairing.event_id == event_id)).one()
            return int(newest or 0), event.round_timer

    def set_timer(self, event_id: str, timer: dict[str, Any]) -> None:
        with Session(self.engine) as s:
            event = s.get(Event, event_id)
            if event is not None:
                event.round_timer = timer
                s.add(event)
                s.commit()
