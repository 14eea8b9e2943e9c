"""Spectators without a browser: socket clients that speak NiceGUI 3.18's page protocol.

What a browser does (nicegui/static/nicegui.js, nicegui/client.py, nicegui/nicegui.py):
1. GET the page. The HTML carries ``query: {'client_id': ..., 'next_message_id': ..., 'implicit_handshake':
   True}`` (``socket_io_js_query_params`` in templates/index.html, rendered as a Python dict literal).
2. Open a Socket.IO connection on path ``/_nicegui_ws/socket.io`` whose query holds that object plus a fresh
   ``document_id`` and ``tab_id`` (and ``old_tab_id``). With ``implicit_handshake`` the server's ``connect``
   handler performs the handshake and puts the socket in the room named after the client id.
3. Receive ``update`` messages (``{element_id: element dict, ..., "_id": message id}``) and every 3 s send
   ``ack`` with ``{client_id, next_message_id}`` when new messages came (the server prunes its replay history).
4. A watch page's board (webapp/components/watch.js) then joins its game's room: ``tk_watch`` with
   ``{client, v}`` (the version the page was built at), answered with the whole view if the page is behind;
   from then on each new version arrives once as a ``tk_view`` message (a patch, or the whole view). An event's
   hall screen (webapp/components/hall.js) joins its event's room alike: ``tk_hall_join``, then ``tk_hall``.

A ``Spectator`` does exactly that with python-socketio's AsyncClient (websocket transport, as a browser).
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import gc
import json
import re
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import socketio

QUERY = re.compile(r"query:\s*(\{[^\n]*?\}),\s*\n")
VERSION = re.compile(r'\\"v\\":(\d+)')  # the board's first view, a JSON string inside the page's element data
SOCKET_PATH = "/_nicegui_ws/socket.io"
HALL = re.compile(r"^/events/[^/]+/hall$")


def room_join(path: str) -> str | None:
    """The event a page's board joins its room with (None: a page without a board)."""
    if path.startswith("/watch/"):
        return "tk_watch"
    return "tk_hall_join" if HALL.match(path) else None


def page_query(html: str) -> dict[str, Any]:
    """The socket query object a NiceGUI page hands its JavaScript."""
    match = QUERY.search(html)
    if not match:
        raise ValueError("no socket query in the page (not a NiceGUI page?)")
    return ast.literal_eval(match.group(1))  # rendered as a Python dict literal (True, single quotes)


@dataclass
class Received:
    at: float  # time.time() when the message arrived
    size: int  # bytes of the JSON payload as the server sent it (re-encoded here)
    data: dict[str, Any]


@dataclass
class Spectator:
    """One page (watch or table) held open by a socket client."""

    base: str
    path: str
    keep: bool = True  # keep received update messages (for latency matching)
    client_id: str = ""
    messages: list[Received] = field(default_factory=list)
    sio: socketio.AsyncClient | None = None
    next_message_id: int = 0
    acked: int = -1
    page_bytes: int = 0
    _ack_task: asyncio.Task | None = None

    async def open(self, http: aiohttp.ClientSession, timeout: float = 30.0) -> None:
        async with http.get(self.base + self.path, timeout=aiohttp.ClientTimeout(total=timeout)) as response:
            response.raise_for_status()
            html = await response.text()
            self.page_bytes = len(html)
        query = page_query(html)
        join = room_join(self.path)
        shown = VERSION.search(html) if join is not None else None
        self.client_id = query["client_id"]
        self.next_message_id = int(query.get("next_message_id", 0))
        query.update(document_id=str(uuid.uuid4()), tab_id=str(uuid.uuid4()), old_tab_id="")
        params = {k: (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in query.items()}
        self.sio = socketio.AsyncClient(reconnection=False, ssl_verify=False)
        self.sio.on("update", self._on_update)
        self.sio.on("tk_view", self._on_update)
        self.sio.on("tk_hall", self._on_update)
        # The page's cookies go with the socket too, as a browser's do: behind nginx the sticky-session cookie
        # sends the socket to the process that built the page (deploy/nginx-site.conf).
        cookies = "; ".join(f"{k}={m.value}" for k, m in http.cookie_jar.filter_cookies(self.base).items())
        await self.sio.connect(f"{self.base}/?{urllib.parse.urlencode(params)}", socketio_path=SOCKET_PATH,
                               transports=["websocket"], wait_timeout=timeout,
                               headers={"Cookie": cookies} if cookies else {})
        self._ack_task = asyncio.create_task(self._acks())
        if join is not None and shown is not None:
            answer = await self.sio.call(join, {"client": self.client_id, "v": int(shown.group(1))}, timeout=timeout)
            if not answer.get("ok"):
                raise RuntimeError(f"the page's board could not join its room: {answer}")

    async def _on_update(self, data: dict[str, Any]) -> None:
        now = time.time()
        message_id = data.get("_id")
        if isinstance(message_id, int):
            self.next_message_id = message_id + 1
        if self.keep:
            self.messages.append(Received(now, 0, data))

    async def _acks(self) -> None:
        """As nicegui.js: every 3 s, acknowledge what arrived since the last ack."""
        try:
            while self.sio is not None and self.sio.connected:
                await asyncio.sleep(3)
                if self.acked < self.next_message_id and self.sio.connected:
                    await self.sio.emit("ack", {"client_id": self.client_id, "next_message_id": self.next_message_id})
                    self.acked = self.next_message_id
        except (asyncio.CancelledError, socketio.exceptions.SocketIOError):
            pass

    async def emit_event(self, element_id: int, event_type: str = "click", args: list[Any] | None = None) -> None:
        """Send what a browser sends when a listener fires (for access tests: a forged event)."""
        assert self.sio is not None
        await self.sio.emit("event", {"id": element_id, "client_id": self.client_id, "listener_id": "",
                                      "type": event_type, "args": [json.dumps(a) for a in (args or [])]})

    async def close(self) -> None:
        if self._ack_task is not None:
            self._ack_task.cancel()
        if self.sio is not None:
            with contextlib.suppress(Exception):  # closing a socket the server already dropped
                await self.sio.disconnect()
            self.sio = None


def contains(data: Any, needle: str) -> bool:
    """Whether ``needle`` occurs in any string inside an update message."""
    if isinstance(data, str):
        return needle in data
    if isinstance(data, dict):
        return any(contains(v, needle) for v in data.values())
    if isinstance(data, list | tuple):
        return any(contains(v, needle) for v in data)
    return False


async def open_many(base: str, path: str, count: int, *, concurrency: int = 8, deadline: float = 240.0,
                    keep: bool = True, http: aiohttp.ClientSession | None = None) -> tuple[list[Spectator], str]:
    """Open up to ``count`` pages, ``concurrency`` at a time, until ``deadline`` seconds have passed.

    Returns the open spectators and why it stopped short ('' when all opened).
    """
    own = http is None
    http = http or aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=concurrency * 2),
                                         headers={"Accept-Encoding": "gzip"})
    try:
        return await open_pages(base, [(path, http)] * count, concurrency=concurrency, deadline=deadline, keep=keep)
    finally:
        if own:
            await http.close()


async def open_pages(base: str, pages: list[tuple[str, aiohttp.ClientSession]], *, concurrency: int = 8,
                     deadline: float = 240.0, keep: bool = True, max_failures: int = 5) -> tuple[list[Spectator], str]:
    """Open each (path, session) page, ``concurrency`` at a time, in order, until ``deadline`` seconds have passed
    or ``max_failures`` pages failed to open (each session carries its cookies: behind nginx, its process).

    Returns the open spectators (in the order they opened) and why it stopped short ('' when all opened).
    """
    opened: list[Spectator] = []
    failures: list[str] = []
    end = time.monotonic() + deadline
    queue = iter(pages)

    async def worker() -> None:
        while time.monotonic() < end and len(failures) < max_failures:
            page = next(queue, None)  # no await since the check: the workers share the queue safely
            if page is None:
                return
            path, http = page
            s = Spectator(base, path, keep=keep)
            try:
                await s.open(http, timeout=max(1.0, min(30.0, end - time.monotonic())))
                opened.append(s)
            except Exception as exc:  # noqa: BLE001 - counted and reported, the run goes on with who is in
                failures.append(f"{type(exc).__name__}: {exc}"[:200])
                await s.close()

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    why = ""
    if len(opened) < len(pages):
        why = (f"stopped at {len(opened)} of {len(pages)}: "
               + (f"{len(failures)} failures (first: {failures[0]})" if failures else f"deadline {deadline:.0f} s"))
    return opened, why


async def close_all(spectators: list[Spectator], concurrency: int = 50) -> None:
    for k in range(0, len(spectators), concurrency):
        await asyncio.gather(*(s.close() for s in spectators[k:k + concurrency]))


class QuietCollector:
    """The load generator's own garbage collector kept out of what it measures. This one process stands in for
    every spectator's device, so its heap holds all their sockets and messages; a full collection of it (426 and
    493 ms in one 45 s event day at 2,000 pages, measured) stalls every reading at once, as no single device would.
    Entering collects once and freezes what exists, so later collections skip the open pages; ``pauses`` are the
    full collections still made inside (ms), for the report."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._started = 0.0

    def __enter__(self) -> QuietCollector:
        gc.collect()
        gc.freeze()
        gc.callbacks.append(self._watch)
        return self

    def __exit__(self, *_: object) -> None:
        gc.callbacks.remove(self._watch)
        gc.unfreeze()

    def _watch(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append((time.perf_counter() - self._started) * 1000)

    def said(self) -> str:
        """The pauses in words."""
        if not self.pauses:
            return "the load generator made no full collection"
        return (f"the load generator's own full collections: {len(self.pauses)}, the longest "
                f"{max(self.pauses):.0f} ms")
