"""The hall screens of events: one JSON view per event (models/service/events/hall.py), made once per change in this
server process and sent once to the Socket.IO room of that event's hall screens (webapp/components/hall_board.py
renders it in the browser; no element tree per table or per viewer).

A change reaches it the way it reaches the event pages: the event feed (webapp/live/event_feed.py) brings each new
read of the event, and a commit of one of the round's games (this process's or, by NOTIFY, another's) pokes the feed.
The round timer is part of the event's rows: starting or pausing it is a change of the event like any other.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any, Protocol

from nicegui import Client, background_tasks

from models.service import NotFound
from models.service.events.edition import EventEdition
from models.service.events.hall import hall_view
from models.service.views import diff
from webapp.blocking import io
from webapp.live.event_feed import EventFeed
from webapp.live.games import Live

log = logging.getLogger(__name__)
VIEW_EVENT = "tk_hall"  # server -> hall screen: the view's patch (or the whole view)
JOIN_EVENT = "tk_hall_join"  # hall screen -> server: join the event's room; answered with the view when behind


class HallBoardLike(Protocol):
    """What the hub needs of a hall screen's board (webapp/components/hall_board.py)."""

    @property
    def client(self) -> Client: ...


def room(event_id: str) -> str:
    return f"hall:{event_id}"


class Hall:
    def __init__(self, live: Live, feed: EventFeed) -> None:
        self.live, self.feed = live, feed
        self.views: dict[str, tuple[int, dict[str, Any]]] = {}  # event -> (version, view) as last sent
        self.boards: dict[str, weakref.WeakSet[Any]] = {}
        self._games: dict[str, str] = {}  # game -> event, for the round's games of the events shown here
        self._locks: dict[str, asyncio.Lock] = {}
        live.on_commit(self._committed)

    async def view(self, event_id: str) -> tuple[int, dict[str, Any]]:
        """The event's hall view (read now when no hall screen of this process shows it)."""
        if event_id not in self.views or not self.boards.get(event_id):
            await self.remake(await io(self.feed.events.edition, event_id))
        return self.views[event_id]

    def add_board(self, event_id: str, board: HallBoardLike) -> None:
        """A hall screen shows the event until its page closes; the last one closed, the event is followed no
        more."""
        self.boards.setdefault(event_id, weakref.WeakSet()).add(board)
        self.feed.watch(event_id, self._event_changed)
        board.client.on_delete(lambda: self._closed(event_id, board))

    def _closed(self, event_id: str, board: HallBoardLike) -> None:
        boards = self.boards.get(event_id)
        if boards is not None:
            boards.discard(board)
        if not boards:
            self.feed.unwatch(event_id, self._event_changed)
            self._drop(event_id)

    def _event_changed(self, edition: EventEdition) -> None:
        event_id = edition.view.event.id
        if self.boards.get(event_id):
            background_tasks.create(self.remake(edition), name=f"hall of event {event_id}")

    def _committed(self, game_id: str, version: int) -> None:
        """A commit of any game, from any thread: a game of an event shown here pokes that event's feed."""
        event_id = self._games.get(game_id)
        if event_id is not None:
            self.live.soon(lambda: self.feed.poke(event_id))

    async def remake(self, edition: EventEdition) -> None:
        """The event's hall view from a new edition of the event; the change is sent once to its hall screens."""
        view = edition.view
        event_id = view.event.id
        async with self._locks.setdefault(event_id, asyncio.Lock()):
            games: dict[str, dict[str, Any]] = {}
            for p in view.pairings:
                if p.round != view.event.round or p.game_id is None:
                    continue
                self._games[p.game_id] = event_id
                # every commit this process heard of, those before the game was shown here too: an edition kept
                # from the game's setup (a watch page's, then closed) must not stand for a game played since (the
                # hall once showed a started game as "Setup · Before the game")
                at_least = self.live.reads.announced(p.game_id)
                game = self.live.reads.cached(p.game_id)
                if game is None or game.version < at_least:
                    try:
                        game = await self.live.edition(p.game_id, at_least)
                    except NotFound:
                        continue
                games[p.game_id] = game.view
            made = hall_view(view, edition.timer, games)
            before = self.views.get(event_id)
            if before is not None and before[1] == made:
                return
            v = before[0] + 1 if before is not None else self.live.service.now_ms()
            self.views[event_id] = (v, made)
            if before is not None and self.boards.get(event_id):
                await self.live.emit(VIEW_EVENT, self.envelope(event_id, patch=diff(before[1], made), base=before[0]),
                                     room=room(event_id))

    def envelope(self, event_id: str, whole: bool = False, patch: Any = None, base: int = 0) -> dict[str, Any]:
        """What a hall screen is sent: the patch from ``base``, or the whole view; ``now`` (server time) lets the
        browser count the timers down by the server's time."""
        v, view = self.views[event_id]
        now = self.live.service.now_ms()
        if whole:
            return {"event": event_id, "v": v, "view": view, "now": now}
        return {"event": event_id, "v": v, "base": base, "patch": patch, "now": now}

    def _drop(self, event_id: str) -> None:
        self.views.pop(event_id, None)
        self.boards.pop(event_id, None)
        self._locks.pop(event_id, None)
        for game_id in [g for g, e in self._games.items() if e == event_id]:
            self._games.pop(game_id, None)
