"""Hot reads answered in front of the whole app: ``GET /api/games/{id}`` and ``/view`` for a reader whose token
was checked lately (models/service/reads.py).

Such a read needs no route: it is the bytes of one edition. Through the full stack it still paid for NiceGUI's
per-request middleware (session cookie, request storage, cache headers, GZip, each a ``BaseHTTPMiddleware``),
about 2 ms of CPU per request and most of the server's time under 200 readers (docs/PERFORMANCE.md, benchmark 7).
When the edition is not known current (a commit was announced, or the database last confirmed it over a second
ago) the front waits for one refresh shared by every such reader (:meth:`Live.fresh_edition`): after each commit
a crowd of readers used to go through the whole stack one by one, each asking the database, and a table's tap
queued behind them. Everything else (a first read, an unknown token, a malformed id, a refresh that failed) is
handed on unchanged to the app, whose route answers the same way: both build the answer with
:func:`cached_answer`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qs

from models.service.reads import Edition
from webapp.guard import ASGIApp, Receive, Scope, Send
from webapp.headers import HEADERS, policy
from webapp.live.games import Live

PATH = re.compile(r"/api/games/([^/]{1,64})(/view)?")

Headers = list[tuple[bytes, bytes]]


def etag(version: int) -> str:
    return f'"{version}"'


def cached_answer(version: int, body: bytes, gzipped: Callable[[], bytes], if_none_match: str | None,
                  accept_encoding: str) -> tuple[int, Headers, bytes]:
    """Status, headers and body for one version's bytes: 304 when the reader holds that version already, else the
    bytes (compressed once per version for readers that accept gzip)."""
    tag = etag(version)
    headers: Headers = [(b"etag", tag.encode()), (b"cache-control", b"no-cache"), (b"vary", b"Accept-Encoding")]
    held = {t.strip().removeprefix("W/") for t in (if_none_match or "").split(",")}
    if tag in held or "*" in held:
        return 304, headers, b""
    headers.append((b"content-type", b"application/json"))
    if "gzip" in accept_encoding:
        return 200, [*headers, (b"content-encoding", b"gzip")], gzipped()
    return 200, headers, body


class HotReads:
    """ASGI middleware, outermost: answers a hot read itself, hands every other request to ``app``."""

    def __init__(self, app: ASGIApp, live: Callable[[], Live]) -> None:
        self.app = app
        self.live = live

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            found = PATH.fullmatch(scope["path"])
            answer = await self._answer(scope, found.group(1), bool(found.group(2))) if found else None
            if answer is not None:
                status, headers, body = answer
                headers += [(b"content-length", str(len(body)).encode()), *HEADERS,
                            (b"content-security-policy", policy(scope))]
                await send({"type": "http.response.start", "status": status, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)

    async def _answer(self, scope: Scope, game_id: str, view: bool) -> tuple[int, Headers, bytes] | None:
        headers = {k: v for k, v in scope["headers"] if k in (b"x-token", b"if-none-match", b"accept-encoding")}
        token = headers.get(b"x-token", b"").decode("latin-1") or _query_token(scope["query_string"])
        live = self.live()
        actor = live.reads.authorized(game_id, token)
        if actor is None:
            return None
        edition: Edition | None = live.reads.current(game_id)
        if edition is None:
            try:
                edition = await live.fresh_edition(game_id)
            except Exception:  # noqa: BLE001 - a game gone, the database away: the app answers as it always has
                return None
        body, gzipped = (edition.view_json, lambda: edition.view_gzip) if view else edition.state_for(actor)
        return cached_answer(edition.version, body, gzipped, headers.get(b"if-none-match", b"").decode("latin-1"),
                             headers.get(b"accept-encoding", b"").decode("latin-1"))


def _query_token(query: bytes) -> str | None:
    if b"token=" not in query:
        return None
    found = parse_qs(query.decode("latin-1")).get("token")
    return found[0] if found else None


def install(app: object, live: Callable[[], Live]) -> None:
    """Put :class:`HotReads` in front of ``app``'s whole middleware stack, once: NiceGUI adds its own middleware
    while ``ui.run`` starts, after ``build`` has run, so a plain ``add_middleware`` here would sit inside it."""
    if getattr(app, "_tk_hot_reads", False):
        return
    build = app.build_middleware_stack  # type: ignore[attr-defined]
    app.build_middleware_stack = lambda: HotReads(build(), live)  # type: ignore[attr-defined]
    app._tk_hot_reads = True  # type: ignore[attr-defined]
