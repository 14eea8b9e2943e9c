"""What a page's first load puts on the wire, counted two ways (benchmark 6, the first-load rows).

- ``Relay``: a TCP relay on a loopback port in front of the server (the app, or nginx) that counts every byte
  sent to the browser: status lines, headers, bodies, the socket's frames, and what the page's service worker
  fetches for itself (which the page's own network events do not show). This is the number that is reported.
- ``resources``: the page's own network events (CDP, service worker blocked so that every file is fetched by
  the page and shows up): bytes on the wire per file, to see what the total is made of.

Nothing here times anything: the byte counts of a first load with an empty cache repeat within a few KiB (cookies
and ids differ in length).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from dataclasses import dataclass, field
from typing import Any

QUIET = 1.5  # seconds without a byte to the browser: the load (and the service worker's installation) is over


class Relay:
    """A TCP relay from a free loopback port to ``host:port`` that counts the bytes sent back to the client."""

    def __init__(self, host: str, port: int, scheme: str = "http") -> None:
        self.target = (host, port)
        self.scheme = scheme  # what the browser speaks through the relay (https: the bytes counted are TLS records)
        self.down = 0  # bytes from the server to the browser
        self.last = time.monotonic()
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.base_events.Server | None = None
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(started,), daemon=True, name="wire relay")
        self._thread.start()
        started.wait(10)

    def _run(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = self._server.sockets[0].getsockname()[1]
        started.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, counted: bool) -> None:
            try:
                while chunk := await src.read(65536):
                    if counted:
                        self.down += len(chunk)
                        self.last = time.monotonic()
                    dst.write(chunk)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        with contextlib.suppress(asyncio.CancelledError):  # the relay closing with a connection still open
            await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))

    def url(self, path: str = "") -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}{path}"

    def reset(self) -> None:
        self.down = 0
        self.last = time.monotonic()

    def wait_quiet(self, quiet: float = QUIET, timeout: float = 60.0) -> int:
        """Wait until nothing has reached the browser for ``quiet`` seconds; the bytes counted since ``reset``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and time.monotonic() - self.last < quiet:
            time.sleep(0.1)
        return self.down

    def close(self) -> None:
        async def shut() -> None:
            if self._server is not None:
                self._server.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()


@dataclass
class Resource:
    url: str
    wire: int = 0  # bytes on the wire (headers and the encoded body)
    body: int = 0  # bytes of the body once decoded
    encoding: str = ""


@dataclass
class Load:
    """One first load: everything sent to the browser (the relay's count) and the files the page fetched."""

    total: int
    resources: list[Resource] = field(default_factory=list)

    def largest(self, n: int = 6) -> str:
        top = sorted(self.resources, key=lambda r: -r.wire)[:n]
        return ", ".join(f"{_name(r.url)} {r.wire / 1024:.0f}" for r in top)


def _name(url: str) -> str:
    """A file's name; "the page" for the game page itself (its last part is a secret token)."""
    path = url.split("://", 1)[-1].partition("/")[2]
    return "the page" if path.startswith(("table/", "watch/")) else path.rsplit("/", 1)[-1] or url


def first_load(browser: Any, relay: Relay, path: str, ready: Any, encodings: str = "") -> Load:
    """Open ``path`` through ``relay`` in a fresh context (empty cache, service worker allowed) and count what
    reached the browser until the line went quiet; then again with the service worker blocked, per file.
    ``ready(page)`` waits until the page shows what it is for. ``encodings``: the Accept-Encoding to send instead
    of Chromium's own (which offers brotli to a secure origin, loopback included, and only gzip to a plain-HTTP
    address on a LAN)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, ignore_https_errors=True,
                                  extra_http_headers={"Accept-Encoding": encodings} if encodings else None)
    try:
        page = context.new_page()
        relay.reset()
        page.goto(relay.url(path), wait_until="commit")
        ready(page)
        total = relay.wait_quiet()
    finally:
        context.close()
    return Load(total, _per_file(browser, relay.url(path), ready, encodings))


def _per_file(browser: Any, url: str, ready: Any, encodings: str) -> list[Resource]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block",
                                  ignore_https_errors=True,
                                  extra_http_headers={"Accept-Encoding": encodings} if encodings else None)
    files: dict[str, Resource] = {}
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")

        def received(e: dict[str, Any]) -> None:
            headers = {k.lower(): v for k, v in e["response"]["headers"].items()}
            files.setdefault(e["requestId"], Resource(e["response"]["url"])).encoding = \
                headers.get("content-encoding", "")

        def data(e: dict[str, Any]) -> None:
            files.setdefault(e["requestId"], Resource("")).body += e["dataLength"]

        def finished(e: dict[str, Any]) -> None:
            files.setdefault(e["requestId"], Resource("")).wire = int(e["encodedDataLength"])

        cdp.on("Network.responseReceived", received)
        cdp.on("Network.dataReceived", data)
        cdp.on("Network.loadingFinished", finished)
        page.goto(url, wait_until="commit")
        ready(page)
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(int(QUIET * 1000))
    finally:
        context.close()
    return [r for r in files.values() if r.url]
