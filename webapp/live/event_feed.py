"""Live event pages: an event's standings, tables and players, read once per change for every page of
that event in this server process, and pushed to them.

Two kinds of change reach an event page:

- **A game of the event changed** (a command, a result): each page follows its event's games through
  webapp/live/games.py (in this process right after the commit, from other processes by PostgreSQL NOTIFY) and pokes
  the feed.
- **The event's own rows changed** (a registration, lists, a round paired, the round timer): a page that made the
  change pokes at once. On PostgreSQL every change of them, made through any page, the REST API or another server
  process, is announced by NOTIFY (models/db/site_notices.py) and heard through webapp/live/games.py's listener, like a
  game's. SQLite has one process and no notices: there one small read of every followed event's stamp each POLL
  seconds (models/service/events/changes.py), for all pages of the process together, notices what the REST API
  changed.

A poke waits COALESCE seconds, so a burst of changes (a round paired opens several games) makes one read: the
event's edition (models/service/events/edition.py), built once in this process and handed to every page and hall
screen of the event. A page with someone signed in lays that person's own links over it, reading nothing more.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from nicegui import Event, background_tasks
from sqlalchemy import Engine

from models.service.events.changes import EventChanges
from models.service.events.edition import EventEdition
from models.service.events.service import EventService
from webapp.blocking import io
from webapp.live.games import Live

log = logging.getLogger(__name__)
POLL = 2.0  # s between two reads of the followed events' stamps
COALESCE = 0.3  # s a poke waits for the changes that come with it

class EventFeed:
    def __init__(self, live: Live, events: EventService, engine: Engine) -> None:
        self.live, self.events = live, events
        self.changes = EventChanges(engine)
        self._pages: dict[str, Event[EventEdition]] = {}
        self._stamps: dict[str, tuple[object, ...]] = {}
        self._begun: dict[str, int] = {}  # reads begun per event, counted: an older read never follows a newer one
        self._sent: dict[str, int] = {}
        self._due: set[str] = set()
        self._hooks: dict[str, set[Callable[[EventEdition], None]]] = {}
        self._polling = False
        live.on_site_change(self._event_notice)

    def follow(self, event_id: str) -> Event[EventEdition]:
        """The event a page subscribes to (inside the page: a closed tab unsubscribes); it brings each new edition
        of the event."""
        self._start_polling()
        return self._pages.setdefault(event_id, Event())

    def watch(self, event_id: str, hook: Callable[[EventEdition], None]) -> None:
        """``hook`` gets each new edition of the event too, called on the event loop, until :meth:`unwatch`
        (the hall screens of a process follow their event so, together)."""
        self.follow(event_id)
        self._hooks.setdefault(event_id, set()).add(hook)

    def unwatch(self, event_id: str, hook: Callable[[EventEdition], None]) -> None:
        self._hooks.get(event_id, set()).discard(hook)

    def followed(self) -> list[str]:
        for event_id in [e for e, ev in self._pages.items() if not ev.callbacks and not self._hooks.get(e)]:
            self._forget(event_id)
        return sorted(self._pages)

    def poke(self, event_id: str) -> None:
        """Something of the event changed: read it again soon and tell its pages (one read for a burst)."""
        if event_id in self._due or event_id not in self._pages:
            return
        self._due.add(event_id)
        _unattached(self._refresh(event_id), f"event {event_id} changed")

    async def _refresh(self, event_id: str) -> None:
        await asyncio.sleep(COALESCE)
        self._due.discard(event_id)
        order = self._begun[event_id] = self._begun.get(event_id, 0) + 1
        try:
            edition = await io(self.events.edition, event_id)
        except Exception:  # noqa: BLE001 - a failed read leaves the pages as they are; the next change reads again
            log.exception("Could not read event %s after a change", event_id)
            return
        if edition is None or order < self._sent.get(event_id, 0):  # stopping, or a read begun later was sent first
            return
        self._sent[event_id] = order
        page = self._pages.get(event_id)
        if page is not None:
            page.emit(edition)
        for hook in list(self._hooks.get(event_id, ())):
            hook(edition)

    def _event_notice(self, kind: str, key: str) -> None:
        """A notice of an event's change (on the listener's thread): its pages read it again."""
        if kind == "event":
            self.live.soon(lambda: self._poke_all(self.followed() if key == "*" else [key]))

    def _poke_all(self, event_ids: list[str]) -> None:
        for event_id in event_ids:
            self.poke(event_id)

    def _start_polling(self) -> None:
        if not self._polling and not self.live.notified():
            self._polling = True
            _unattached(self._poll(), "event pages' changes")

    async def _poll(self) -> None:
        """While pages follow events, notice changes made elsewhere to their rows; ends when no page is left."""
        try:
            while ids := self.followed():
                try:
                    stamps = await io(self.changes.stamps, ids) or {}
                except Exception:  # noqa: BLE001 - the database may be away for a moment: try again later
                    log.exception("Could not read the followed events' stamps")
                    stamps = {}
                for event_id, stamp in stamps.items():
                    if self._stamps.get(event_id) != stamp:  # also the first time: it may have changed since
                        self.poke(event_id)                  # the page read it
                    self._stamps[event_id] = stamp
                await asyncio.sleep(POLL)
        finally:
            self._polling = False

    def _forget(self, event_id: str) -> None:
        for kept in (self._pages, self._stamps, self._begun, self._sent, self._hooks):
            kept.pop(event_id, None)


def _unattached(work: Coroutine[Any, Any, None], name: str) -> None:
    """Run ``work`` in a context of its own, not in the context of the page whose change started it: pages drawn
    from it must not carry that page's request (NiceGUI hands an element's handlers the request of the moment the
    element was made)."""
    contextvars.Context().run(background_tasks.create, work, name=name)
