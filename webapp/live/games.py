"""Fan-out of "game G is now at version V" to every page and stream showing G (DESIGN.md "Live updates").

In this process a notice arrives after each commit; with PostgreSQL a listener (models/db/notify.py) re-fires
notices from other server processes and, after it lost its connection, the current version of every followed
game. Each notice is handled once per process, on the event loop:

- **Watch pages** (many): the game's edition (models/service/reads.py: state, view, patch, built once per
  version) is emitted once to the game's Socket.IO room, as a patch from the previous version or the whole
  view. The page (static/watch.js) renders it; a page that sees a gap asks for the whole view
  (webapp/components/watch_board.py). No Python object per spectator but its NiceGUI client and one element.
- **Event streams** (``GET /api/games/{id}/events``): the same edition, queued to each stream.
- **Interactive pages** (the table, a seat: few): a NiceGUI Event per game. They read the new state and log
  entries through :meth:`Live.state` and :meth:`Live.log`, one database read per change for all of them
  (concurrent callers share the read in flight, later ones the result).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from nicegui import Client, Event, core, ui
from nicegui.server import Server

from models.rules import GameState
from models.service import Forbidden, GameService, Listener, LogEntry, NotFound
from models.service.reads import Edition, Reads
from webapp.blocking import io

log = logging.getLogger(__name__)
R = TypeVar("R")
VIEW_EVENT = "tk_view"  # server -> watch page: an edition's envelope (patch or whole view)
JOIN_EVENT = "tk_watch"  # watch page -> server: join the game's room; answered with the view when it is behind
STREAM_QUEUE = 64  # editions a slow event stream may lag behind before it is closed (the client resumes)
STREAM_TICK = 1.0  # s: how often an idle event stream checks whether the server is stopping
STREAM_CHECK = 1.0  # s: how often the links of open event streams are checked again (a revoked one ends its streams)
KEEP_ALIVE = 15.0  # s: an idle event stream sends a comment this often (proxies close silent connections)


def room(game_id: str) -> str:
    """The Socket.IO room of a game's watch pages."""
    return f"watch:{game_id}"


class Live:
    def __init__(self, service: GameService) -> None:
        self._events: dict[str, Event[int]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self.service = service
        self.reads = Reads(service)
        self._inflight: dict[Hashable, asyncio.Future[Any]] = {}
        self._states: dict[str, tuple[int, GameState]] = {}  # newest read per followed game
        self._logs: dict[tuple[str, int], tuple[int, list[LogEntry]]] = {}  # (game, after) -> (version, entries)
        self._tasks: set[asyncio.Future[None]] = set()
        self.listener: Listener | None = None  # PostgreSQL only: notices from other server processes
        self._boards: dict[str, weakref.WeakSet[Any]] = {}  # game -> its watch pages' boards in this process
        self._pages: dict[str, weakref.WeakKeyDictionary[Any, Client]] = {}  # game -> its table and seat pages here
        self._streams: dict[str, set[Stream]] = {}
        self._stream_guard: asyncio.Future[None] | None = None
        self._sent: dict[str, int] = {}  # game -> newest version emitted to its room
        self._send_lock: dict[str, asyncio.Lock] = {}
        self.emit: Callable[..., Any] = lambda *args, **kwargs: core.sio.emit(*args, **kwargs)
        self.stopping = False
        self._commit_hooks: list[Callable[[str, int], None]] = []
        self._site_hooks: list[Callable[[str, str], None]] = []
        service.on_change(self.changed)
        service.on_links_ended(self.links_ended)

    def bind_loop(self) -> None:
        """Remember the server's event loop (called at start-up) so worker threads can hand notices over."""
        self._loop = asyncio.get_running_loop()

    def event(self, game_id: str) -> Event[int]:
        """The event a page subscribes to (inside the page function, so a closed tab unsubscribes)."""
        return self._events.setdefault(game_id, Event())

    def subscriptions(self) -> int:
        """How many page callbacks follow games in this process (0 once every page has closed)."""
        return sum(len(e.callbacks) for e in self._events.values())

    def add_board(self, game_id: str, board: Any) -> None:
        """A watch page's board follows ``game_id`` (held weakly: a closed page drops out by itself)."""
        self._boards.setdefault(game_id, weakref.WeakSet()).add(board)

    def add_page(self, game_id: str, page: Any, client: Client) -> None:
        """A table or seat page (its connection, with its ``token`` and ``ended``) follows ``game_id`` (held weakly)."""
        self._pages.setdefault(game_id, weakref.WeakKeyDictionary())[page] = client

    def links_ended(self, game_id: str) -> None:
        """Links of the game ended (here, or in another process by a notice; from any thread): this process trusts
        none of its remembered links of the game any more, and its pages and streams opened with a link that no
        longer opens the game end: a page acts no more and reloads (as an unknown link, it finds no game)."""
        self.reads.forget_game(game_id)
        if self._loop is not None:  # else no page nor stream is open
            self._loop.call_soon_threadsafe(self._track, game_id)

    async def _end_links(self, game_id: str) -> None:
        pages = list(self._pages.get(game_id, {}).items())
        boards = self.boards(game_id)
        streams = list(self._streams.get(game_id, ()))
        links = {(game_id, p.token) for p, _ in pages} | {(game_id, getattr(b, "token", None)) for b in boards}
        links |= {(game_id, s.token) for s in streams}
        ended = {token for _, token in await io(self._revoked, links)}
        for page, client in pages:
            if page.token in ended:
                page.ended = True
                _reload(client)
        for board in boards:
            if getattr(board, "token", None) in ended:
                _reload(board.client)
        for stream in streams:
            if stream.token in ended:
                _offer(stream.queue, None)

    def _track(self, game_id: str) -> None:
        task = asyncio.ensure_future(self._end_links(game_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def boards(self, game_id: str) -> list[Any]:
        """The watch pages' boards of the game in this process."""
        return list(self._boards.get(game_id, ()))

    def watching(self) -> bool:
        """Whether any watch page of this process is open."""
        return any(self._boards.values())

    def watched(self, game_id: str) -> bool:
        """Whether a watch page or an event stream of this process shows the game."""
        return bool(self._boards.get(game_id) or self._streams.get(game_id))

    async def edition(self, game_id: str, at_least: int = 0) -> Edition:
        """The game's edition, at least version ``at_least``: one build shared by every caller."""
        for _ in range(3):  # a shared build that started before the commit of `at_least` is made again
            made: Edition = await self._shared(("edition", game_id), self.reads.edition, game_id, at_least)
            if made.version >= at_least:
                break
        return made

    async def fresh_edition(self, game_id: str) -> Edition:
        """The game's edition as a reader arriving now must see it (the database asked, no older than any commit
        announced so far): one check, and one build, shared by every reader that found the edition stale, so a
        crowd of readers after a commit costs one database read, not one each."""
        for _ in range(3):  # a shared check that started before the newest commit is made again
            wanted = self.reads.announced(game_id)
            made: Edition = await self._shared(("fresh", game_id), self.reads.edition, game_id)
            if made.version >= wanted:
                break
        return made

    def open_stream(self, game_id: str, token: str | None = None) -> Stream:
        """Each new edition of the game from now on (subscribed at once: nothing is missed while the reader
        catches up on what came before), for as long as ``token`` opens the game."""
        stream = Stream(self, game_id, token)
        if self._stream_guard is None or self._stream_guard.done():
            self._stream_guard = asyncio.ensure_future(self._guard_streams())
        return stream

    def close_streams(self) -> None:
        """End every event stream."""
        self.stopping = True
        for streams in self._streams.values():
            for stream in streams:
                _offer(stream.queue, None)

    async def _guard_streams(self) -> None:
        """While streams are open, check each of their links again every STREAM_CHECK seconds (one read per
        distinct link, whatever the number of readers): a link revoked anywhere (a game taken off Live now, a
        game deleted) ends its streams here, as it does the pages opened with it."""
        while self._streams and not self.stopping:
            await asyncio.sleep(STREAM_CHECK)
            links = {(s.game_id, s.token) for streams in list(self._streams.values()) for s in streams}
            revoked = await io(self._revoked, links)
            for game_id, token in revoked:
                self.reads.forget_token(game_id, token or "")
                for stream in list(self._streams.get(game_id, ())):
                    if stream.token == token:
                        _offer(stream.queue, None)

    def _revoked(self, links: set[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
        """The links that no longer open their game (in a worker thread)."""
        revoked = []
        for game_id, token in links:
            try:
                self.service.authorize(game_id, token)
            except (NotFound, Forbidden):
                revoked.append((game_id, token))
            except Exception:  # noqa: BLE001 - the database is away: keep the streams, check again next time
                log.warning("Could not check the link of an event stream of game %s", game_id, exc_info=True)
        return revoked

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

    async def _shared(self, key: Hashable, fn: Callable[..., R], *args: Any) -> R:
        """Run blocking ``fn(*args)`` in a worker thread once for all concurrent callers with the same key."""
        future: asyncio.Future[R] | None = self._inflight.get(key)
        if future is None:
            future = asyncio.ensure_future(io(fn, *args))
            self._inflight[key] = future
            future.add_done_callback(lambda _: self._inflight.pop(key, None))
        return await asyncio.shield(future)

    def on_commit(self, hook: Callable[[str, int], None]) -> None:
        """Also tell ``hook(game_id, version)`` of every commit, this process's and the other processes', in the
        thread that heard of it: it must be quick (Live now checks whether the game is listed, see :meth:`soon`)."""
        self._commit_hooks.append(hook)

    def on_site_change(self, hook: Callable[[str, str], None]) -> None:
        """Also tell ``hook(kind, key)`` of every change of the site's own rows another server process (or this
        one) announced by NOTIFY: ``("event", event_id)``, ``("event", "*")``, ``("listings", "")``; called on the
        listener's thread (hand the work to the loop with :meth:`soon`). PostgreSQL only: see :meth:`notified`."""
        self._site_hooks.append(hook)

    def notified(self) -> bool:
        """Whether changes of events and listings reach this process as notices (PostgreSQL); without them (SQLite,
        one process) their followers read them again every few seconds instead."""
        return self.listener is not None

    def site_changed(self, kind: str, key: str) -> None:
        if kind == "links":  # a link of the game ``key`` ended (models/db/site_notices.py)
            self.links_ended(key)
        for hook in self._site_hooks:
            hook(kind, key)

    def soon(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the server's event loop, from any thread (at once when there is no loop yet)."""
        loop = self._loop
        if loop is None:
            fn()
        else:
            loop.call_soon_threadsafe(fn)

    def changed(self, game_id: str, version: int) -> None:
        """Called after a commit, from whatever thread committed."""
        self.reads.announce(game_id, version)  # at once: a read right after the commit must not be older
        for hook in self._commit_hooks:
            hook(game_id, version)
        event = self._events.get(game_id)
        if event is not None and not event.callbacks:
            self._events.pop(game_id, None)
            self._forget(game_id)
            event = None
        if event is None and not self.watched(game_id):
            return
        loop = self._loop
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if loop is None:
            if event is not None:
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
        """Build the new edition once for the watch pages and streams, and read the new state and log entry once
        for the interactive pages, then wake them: they find both ready (no page reads the database)."""
        event = self._events.get(game_id)
        if self.watched(game_id):
            try:
                await self.broadcast(await self.edition(game_id, version))
            except Exception:  # noqa: BLE001 - pages that see the gap ask for the view; the rest must go on
                log.exception("fan-out of game %s at version %s failed", game_id, version)
        if event is None:
            return
        try:
            await self.state(game_id, version)
            await self.log(game_id, version - 1, version)
        except Exception:  # noqa: BLE001 - the pages read for themselves then; the notice must still go out
            pass
        event.emit(version)

    async def broadcast(self, edition: Edition) -> None:
        """Send an edition once to the game's room and queue it to its streams; never an older one after a
        newer (two commits in quick succession may finish building out of order)."""
        game_id = edition.game_id
        async with self._send_lock.setdefault(game_id, asyncio.Lock()):
            if edition.version <= self._sent.get(game_id, 0):
                return
            self._sent[game_id] = edition.version
            for stream in list(self._streams.get(game_id, ())):
                _offer(stream.queue, edition)
            if self._boards.get(game_id):
                await self.emit(VIEW_EVENT, edition.envelope(self.service.now_ms()), room=room(game_id))

    def _forget(self, game_id: str) -> None:
        if not self.watched(game_id):
            self._sent.pop(game_id, None)
            self._send_lock.pop(game_id, None)
        self._states.pop(game_id, None)
        for key in [k for k in self._logs if k[0] == game_id]:
            del self._logs[key]

    def listen_postgres(self, database_url: str) -> None:
        """Follow commits made by other server processes (hosted set-ups with several servers on PostgreSQL);
        after each (re)connect of the listener every followed game is announced again (:meth:`resync`)."""
        self.listener = Listener.for_url(database_url, self.changed, self.resync, on_site=self.site_changed)
        if self.listener is not None:
            self.listener.start()

    def stop_listening(self) -> None:
        if self.listener is not None:
            self.listener.stop()

    def resync(self) -> None:
        """Announce the current version of every game pages or streams follow, and that every event and the
        listings may have changed: notices sent while the listener was away are lost, so pages catch up from here
        (they ignore a version they already show). Runs on the listener's thread."""
        self.site_changed("event", "*")  # events and listings are read again too
        self.site_changed("listings", "")
        followed = {g for g, event in list(self._events.items()) if event.callbacks}
        followed |= {g for g in [*self._boards, *self._streams] if self.watched(g)}
        for game_id in sorted(followed):
            try:
                version, _ = self.service.state(game_id)
            except Exception:  # noqa: BLE001 - one game's failed read must not keep the others stale
                log.exception("Could not re-read game %s after the listener reconnected", game_id)
                continue
            self.changed(game_id, version)


def _reload(client: Client) -> None:
    if not client.is_deleted:
        with client:
            ui.navigate.reload()


def _offer(queue: asyncio.Queue[Edition | None], item: Edition | None) -> None:
    """Queue an edition to a stream; a stream too far behind is ended instead (its reader resumes by
    Last-Event-ID and reads what it missed from the log)."""
    try:
        queue.put_nowait(item)
    except asyncio.QueueFull:
        while not queue.empty():
            queue.get_nowait()
        queue.put_nowait(None)


class Stream:
    """One event stream's subscription to a game: iterating yields each new edition, or None when the stream
    has been idle for KEEP_ALIVE seconds; it ends when the server stops, the reader lags too far behind or its
    link (``token``) is revoked."""

    def __init__(self, live: Live, game_id: str, token: str | None = None) -> None:
        self.live, self.game_id, self.token = live, game_id, token
        self.queue: asyncio.Queue[Edition | None] = asyncio.Queue(STREAM_QUEUE)
        live._streams.setdefault(game_id, set()).add(self)  # noqa: SLF001 - Live's own helper

    def __aiter__(self) -> Stream:
        return self

    async def __anext__(self) -> Edition | None:
        idle = 0.0
        while not (self.live.stopping or getattr(getattr(Server, "instance", None), "should_exit", False)):
            try:
                edition = await asyncio.wait_for(self.queue.get(), STREAM_TICK)
            except TimeoutError:
                idle += STREAM_TICK
                if idle >= KEEP_ALIVE:
                    return None
                continue
            if edition is None:
                break
            return edition
        self.close()
        raise StopAsyncIteration

    def close(self) -> None:
        streams = self.live._streams.get(self.game_id, set())  # noqa: SLF001
        streams.discard(self)
        if not streams:
            self.live._streams.pop(self.game_id, None)  # noqa: SLF001
