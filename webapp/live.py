"""Fan-out of "game G is now at version V" to every page showing G (DESIGN.md "Live updates").

In this process a NiceGUI Event per game, fired on the event loop after the commit. With PostgreSQL a
listener (models/db/notify.py) re-fires notices from other server processes and, after it lost its connection,
the current version of every followed game; pages ignore versions they already show.

A notice wakes every page of the game at once; they then read the new state and log entries through
:meth:`Live.state` and :meth:`Live.log`, which make one database read per change for all of them (concurrent
callers share the read in flight, later ones the result). Without that, N spectators made 3 N queries per
change and the server's cost per spectator was ~30x a bare socket broadcast (docs/PERFORMANCE.md).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable
from typing import Any

from nicegui import Event, run

from models.db.notify import Listener
from models.rules import GameState
from models.service import GameService, LogEntry

log = logging.getLogger(__name__)


class Live:
    def __init__(self, service: GameService) -> None:
        self._events: dict[str, Event[int]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self.service = service
        self._inflight: dict[Hashable, asyncio.Future[Any]] = {}
        self._states: dict[str, tuple[int, GameState]] = {}  # newest read per followed game
        self._logs: dict[tuple[str, int], tuple[int, list[LogEntry]]] = {}  # (game, after) -> (version, entries)
        self._tasks: set[asyncio.Future[None]] = set()
        self.listener: Listener | None = None  # PostgreSQL only: notices from other server processes
        service.on_change(self.changed)

    def bind_loop(self) -> None:
        """Remember the server's event loop (called at start-up) so worker threads can hand notices over."""
        self._loop = asyncio.get_running_loop()

    def event(self, game_id: str) -> Event[int]:
        """The event a page subscribes to (inside the page function, so a closed tab unsubscribes)."""
        return self._events.setdefault(game_id, Event())

    def subscriptions(self) -> int:
        """How many page callbacks follow games in this process (0 once every page has closed)."""
        return sum(len(e.callbacks) for e in self._events.values())

    async def state(self, game_id: str, at_least: int = 0) -> tuple[int, GameState]:
        """The game's version and state, at least ``at_least``: one read shared by every page that asks."""
        cached = self._states.get(game_id)
        if cached is not None and cached[0] >= at_least:
            return cached
        for _ in range(3):  # a shared read that started before the commit of `at_least` is read again
            version, state = await self._shared(("state", game_id), self.service.state, game_id)
            if game_id in self._events and version >= self._states.get(game_id, (0,))[0]:
                self._states[game_id] = (version, state)
            if version >= at_least:
                break
        return version, state

    async def log(self, game_id: str, after: int, version: int) -> list[LogEntry]:
        """Log entries after ``after`` up to at least ``version``, read once for all pages at the same point."""
        cached = self._logs.get((game_id, after))
        if cached is not None and cached[0] >= version:
            return cached[1]
        for _ in range(3):  # a shared read that started before the commit of `version` is read again
            entries = await self._shared(("log", game_id, after), self.service.log, game_id, after)
            newest = max((e.seq for e in entries), default=after)
            if newest >= version:
                break
        if game_id in self._events:
            for key in [k for k in self._logs if k[0] == game_id and k[1] < after]:
                del self._logs[key]  # pages have moved past it
            self._logs[(game_id, after)] = (newest, entries)
        return entries

    async def _shared(self, key: Hashable, fn: Callable[..., Any], *args: Any) -> Any:
        """Run blocking ``fn(*args)`` in a worker thread once for all concurrent callers with the same key."""
        future = self._inflight.get(key)
        if future is None:
            future = asyncio.ensure_future(run.io_bound(fn, *args))
            self._inflight[key] = future
            future.add_done_callback(lambda _: self._inflight.pop(key, None))
        result = await asyncio.shield(future)
        if result is None:  # run.io_bound's answer when the app is stopping or the call was cancelled
            raise asyncio.CancelledError
        return result

    def changed(self, game_id: str, version: int) -> None:
        """Called after a commit, from whatever thread committed."""
        event = self._events.get(game_id)
        if event is None:
            return
        if not event.callbacks:
            self._events.pop(game_id, None)
            self._forget(game_id)
            return
        loop = self._loop
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if loop is None:
            event.emit(version)
        elif running is loop:
            self._start_fan_out(game_id, version)
        else:
            loop.call_soon_threadsafe(self._start_fan_out, game_id, version)

    def _start_fan_out(self, game_id: str, version: int) -> None:
        task = asyncio.ensure_future(self._fan_out(game_id, version))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _fan_out(self, game_id: str, version: int) -> None:
        """Read the new state and log entry once, then wake the pages: they find both ready (no page waits on
        a read of its own, and no page reads the database)."""
        try:
            await self.state(game_id, version)
            await self.log(game_id, version - 1, version)
        except Exception:  # noqa: BLE001 - the pages read for themselves then; the notice must still go out
            pass
        event = self._events.get(game_id)
        if event is not None:
            event.emit(version)

    def _forget(self, game_id: str) -> None:
        self._states.pop(game_id, None)
        for key in [k for k in self._logs if k[0] == game_id]:
            del self._logs[key]

    def listen_postgres(self, database_url: str) -> None:
        """Follow commits made by other server processes (hosted set-ups with several servers on PostgreSQL);
        after each (re)connect of the listener every followed game is announced again (:meth:`resync`)."""
        self.listener = Listener.for_url(database_url, self.changed, self.resync)
        if self.listener is not None:
            self.listener.start()

    def stop_listening(self) -> None:
        if self.listener is not None:
            self.listener.stop()

    def resync(self) -> None:
        """Announce the current version of every game pages follow: notices sent while the listener was away
        are lost, so pages catch up from here (they ignore a version they already show). Runs on the
        listener's thread."""
        for game_id in [g for g, event in list(self._events.items()) if event.callbacks]:
            try:
                version, _ = self.service.state(game_id)
            except Exception:  # noqa: BLE001 - one game's failed read must not keep the others stale
                log.exception("Could not re-read game %s after the listener reconnected", game_id)
                continue
            self.changed(game_id, version)
