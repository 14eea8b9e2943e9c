"""The site's "Live now" list: every listed game that is still being played, one line each (its title, system,
players, round, score and clocks: models/service/views/summary.py, taken from the game's edition).

One list per server process, sent to its viewers once per change: a JSON merge patch from the list before,
emitted once to the Socket.IO room of the /live pages (webapp/components/live_board.py renders it in the browser;
no element tree per game per viewer). A commit of a listed game updates its line at once (Live's commit hook,
which hears other processes' commits too); games listed or unlisted by another process are found by reading the
listings again when they change (a listing taken off by another process revokes its watch link here too). On
PostgreSQL each change of the listings is announced by NOTIFY (models/db/site_notices.py) and heard by the listener
(after a lost connection, the listings are read again at once); with SQLite (one process) the listings are read
every POLL seconds while this process has viewers (of /live, or of a watch page): one small query per process,
whatever the number of viewers.

A finished game leaves the list with the commit that ends it (its listing stays: an undo of the ending brings it
back). Live now is for games being played; whoever is watching one keeps its result on the watch view, and keeping
finished games for a while would need an expiry every process agrees on.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from typing import Any

from nicegui import ui

from models.service import NotFound
from models.service.listings import ListingService
from models.service.views import diff
from models.service.views.summary import summary
from webapp.blocking import io
from webapp.live.games import Live

log = logging.getLogger(__name__)
POLL = 2.0  # s: how often the listings are read again while this process has viewers
ROOM = "live-now"  # the Socket.IO room of the /live pages
LIST_EVENT = "tk_live"  # server -> /live page: the list's patch (or the whole list)
JOIN_EVENT = "tk_live_join"  # /live page -> server: join the room; answered with the list when it is behind
WATCH_URL = "/watch/{game_id}/{token}"
OVER = "over"


class LiveNow:
    def __init__(self, live: Live, listings: ListingService) -> None:
        self.live, self.listings = live, listings
        self.games: dict[str, dict[str, Any]] = {}  # game -> its line, listed games still being played
        # This process's version of the list (a page that missed one asks for the whole list); it starts from the
        # time, so a page that outlived a restarted server never takes the new numbers for its own.
        self.v = live.service.now_ms()
        self.boards: weakref.WeakSet[Any] = weakref.WeakSet()  # the /live pages' boards in this process
        self._listed: dict[str, tuple[str, int, str]] = {}  # game -> watch token, version read, when listed
        self._heard: dict[str, int] = {}  # listed game -> newest version a commit notice announced
        self._read_at = float("-inf")
        self._lock = asyncio.Lock()
        self._reading: asyncio.Future[None] | None = None  # the reading of the listings under way, if any
        self._tasks: set[asyncio.Future[None]] = set()
        live.on_commit(self.changed)
        live.on_site_change(self._listings_changed)

    def add_board(self, board: Any) -> None:
        self.boards.add(board)

    def envelope(self, whole: bool = False, patch: Any = None, base: int = 0) -> dict[str, Any]:
        """What a /live page is sent: the patch from ``base``, or the whole list; ``now`` (server time) lets the
        browser count running clocks down by the server's time."""
        now = self.live.service.now_ms()
        if whole:
            return {"v": self.v, "games": self.games, "now": now}
        return {"v": self.v, "base": base, "patch": patch, "now": now}

    def changed(self, game_id: str, version: int) -> None:
        """A commit of any game (from any thread): a listed game's line is made again at once while anyone views
        /live, else on the next reading of the list."""
        if game_id in self._listed:
            self._heard[game_id] = max(version, self._heard.get(game_id, 0))
            if self.boards:
                self.live.soon(lambda: self._spawn(self._remake()))

    def _listings_changed(self, kind: str, _key: str) -> None:
        """A notice that the listings changed (on the listener's thread): read them again while anyone views
        them."""
        if kind == "listings" and (self.boards or self.live.watching()):
            self.live.soon(lambda: self._spawn(self.refresh()))

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def fresh(self, within: float = POLL) -> dict[str, dict[str, Any]]:
        """The list, with the listings read again when the last reading is older than ``within`` seconds (pages
        opening at once share one reading)."""
        if time.monotonic() - self._read_at >= within:
            if self._reading is None or self._reading.done():
                self._reading = asyncio.ensure_future(self.refresh())
            await asyncio.shield(self._reading)
        elif any(self._heard.get(g, 0) > listed[1] for g, listed in list(self._listed.items())):
            await self._remake()
        return self.games

    async def refresh(self) -> None:
        """Read the listings again (one query) and bring every listed game's line up to date (after this process
        listed or unlisted a game, a reading of its own: one under way may have started before)."""
        asked = time.monotonic()
        listed = await io(self.listings.listed)
        if listed is None:  # the app is stopping
            return
        before, self._listed = self._listed, {g.game_id: (g.watch_token, g.version, g.listed) for g in listed}
        for game_id, (token, _, _) in before.items():
            if self._listed.get(game_id, ("",))[0] != token:  # taken off, here or by another process
                self.revoke(game_id, token)
        self._heard = {g: v for g, v in list(self._heard.items()) if g in self._listed}
        self._read_at = asked
        await self._remake()

    def revoke(self, game_id: str, token: str) -> None:
        """A listing's watch link was revoked: this process stops trusting it at once, and its watch pages opened
        with it go back to Live now (a link taken off Live now shows the game no more)."""
        self.live.reads.forget_token(game_id, token)
        for board in self.live.boards(game_id):
            if getattr(board, "token", None) == token and not board.client.is_deleted:
                with board.client:
                    ui.navigate.to("/live")

    async def _remake(self) -> None:
        """Every listed game's line at the newest version heard of; the change sent once to the viewers."""
        async with self._lock:
            games: dict[str, dict[str, Any]] = {}
            for game_id, (token, version, listed) in list(self._listed.items()):
                at_least = max(version, self._heard.get(game_id, 0))
                edition = self.live.reads.cached(game_id)
                if edition is None or edition.version < at_least:  # else known without a worker thread
                    try:
                        edition = await self.live.edition(game_id, at_least)
                    except NotFound:
                        continue
                self._listed[game_id] = (token, edition.version, listed)
                if edition.state.phase != OVER:
                    games[game_id] = summary(edition.view, WATCH_URL.format(game_id=game_id, token=token), listed)
            if games == self.games:
                return
            patch, base = diff(self.games, games), self.v
            self.games, self.v = games, self.v + 1
            if self.boards:
                await self.live.emit(LIST_EVENT, self.envelope(patch=patch, base=base), room=ROOM)

    async def poll_forever(self) -> None:
        """Read the listings every POLL seconds while this process has viewers of /live or of a watch page (runs as
        long as the server); with notices of the listings' changes (PostgreSQL) it is not needed and ends."""
        while not self.live.notified():
            await asyncio.sleep(POLL)
            if not self.boards and not self.live.watching():
                continue
            try:
                await self.refresh()
            except Exception:  # noqa: BLE001 - one failed reading must not end the updates
                log.exception("Could not read the Live now listings")
