"""Bad input stopped at the door with a 4xx and a sentence, before any parser or handler can choke on it.

- :class:`BodyGuard`, ASGI middleware for request bodies under ``/api``: too big (413), not UTF-8, nested deeper
  than any real request, a NUL character or a lone surrogate in a string (400). The JSON parser would otherwise
  recurse until it fails (a 500 for 50,000 nested arrays), and PostgreSQL refuses NUL in text (another 500).
- :class:`PathGuard`, ASGI middleware for every address: a path holding a control character (NUL included) or
  bytes that are not UTF-8 names no id of ours, so it is a 404 before any route reads an id from it (PostgreSQL
  refuses NUL in text: every route would have to know). One check where ids enter, for pages and the API alike.
- :func:`ignore_unknown_listeners`: socket events naming an element or listener a page does not have are dropped
  with one log line per page, instead of a traceback per event in the server log.

Errors are flat ``{"code", "message"}`` bodies, like every other error of the API (webapp/api/base.py).
"""

from __future__ import annotations

import functools
import json
import logging
import re
import weakref
from collections.abc import Awaitable, Callable, MutableMapping
from itertools import accumulate
from typing import Any

from nicegui import Client, core

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

BODY_LIMIT = 256 * 1024  # bytes; the biggest real request (a setup with two full armies' cards) is ~40 KiB
DEPTH_LIMIT = 64  # brackets; real requests nest less than 10 deep
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|.)", re.DOTALL)


def body_problem(body: bytes) -> tuple[str, str] | None:
    """(code, message) for a body no handler should see, else None. Linear in the body's length: brackets are
    counted outside strings, escapes read left to right (``\\\\u0000`` is a backslash and text, not a NUL)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "request.encoding", "The request body is not valid UTF-8 text."
    steps = [1 if b in "[{" else -1 for b in _BRACKETS.findall(_STRING.sub('""', text))]
    if steps and max(accumulate(steps)) > DEPTH_LIMIT:
        return "request.too_deep", f"The request nests more than {DEPTH_LIMIT} levels deep."
    if "\x00" in text:
        return "request.nul", "The request contains a NUL character, which no text may hold."
    if "\\u" in text:
        return _escape_problem(text)
    return None


def bad_path(path: str) -> bool:
    """Whether a decoded path holds what no address of ours has: a control character, or U+FFFD where the
    server could not decode bytes as UTF-8."""
    return any(ch < " " or "\x7f" <= ch <= "\x9f" or ch == "\ufffd" for ch in path)


class PathGuard:
    """Answers 404 for a path :func:`bad_path` refuses: the API's flat JSON error, a page's "Page not found"."""

    def __init__(self, app: ASGIApp, api_prefix: str = "/api/", nowhere: str = "/not-found") -> None:
        self.app, self.api_prefix, self.nowhere = app, api_prefix, nowhere

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and bad_path(scope["path"]):
            if scope["path"].startswith(self.api_prefix):
                await _refuse(send, 404, "request.not_found", "There is nothing at this address.")
                return
            scope = {**scope, "path": self.nowhere, "raw_path": self.nowhere.encode()}  # our own 404 page
        await self.app(scope, receive, send)


def _escape_problem(text: str) -> tuple[str, str] | None:
    high_ends = -1  # where the last high surrogate escape ended, when it still waits for its low half
    for m in _ESCAPE.finditer(text):
        code = int(m.group(1), 16) if m.group(1) else None
        if high_ends >= 0 and (m.start() != high_ends or code is None or not 0xDC00 <= code <= 0xDFFF):
            break
        if code == 0:
            return "request.nul", "The request contains a NUL character (\\u0000), which no text may hold."
        if code is not None and 0xD800 <= code <= 0xDBFF:
            high_ends = m.end()
        elif code is not None and 0xDC00 <= code <= 0xDFFF and high_ends < 0:
            break
        else:
            high_ends = -1
    else:
        if high_ends < 0:
            return None
    return "request.surrogate", "The request contains half of a character (an unpaired \\ud800-\\udfff escape)."


class BodyGuard:
    """Checks the body of every POST/PUT/PATCH under ``prefix`` before the app parses it."""

    def __init__(self, app: ASGIApp, prefix: str = "/api", limit: int = BODY_LIMIT) -> None:
        self.app, self.prefix, self.limit = app, prefix, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH")
                or not scope["path"].startswith(self.prefix)):
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:
            await _refuse(send, 413, "request.too_large", self._too_large())
            return
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > self.limit:
                await _refuse(send, 413, "request.too_large", self._too_large())
                return
        body = b"".join(chunks)
        if (problem := body_problem(body)) is not None:
            await _refuse(send, 400, *problem)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # e.g. http.disconnect
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    def _too_large(self) -> str:
        return f"The request body is larger than {self.limit // 1024} KiB."


async def _refuse(send: Send, status: int, code: str, message: str) -> None:
    body = json.dumps({"code": code, "message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


# -- socket events -------------------------------------------------------------------------------------------

_warned: weakref.WeakSet[Client] = weakref.WeakSet()


def _verdict(data: tuple[Any, ...]) -> tuple[bool, Client | None]:
    """Whether NiceGUI may handle an ``event`` message, and when not, the page to warn about (None: drop quietly,
    as NiceGUI itself does for an unknown page or an element that is gone).

    Reads ``Element._event_listeners``, private in NiceGUI 3.x: without it, listener ids are not checked.
    """
    msg = data[0] if len(data) == 1 else None
    if not isinstance(msg, dict) or not isinstance(msg.get("client_id"), str):
        return False, None
    client = Client.instances.get(msg["client_id"])
    element_id = msg.get("id")
    element = client.elements.get(element_id) if client is not None and isinstance(element_id, int) else None
    if client is None or element is None:
        return False, None
    listeners = getattr(element, "_event_listeners", None)
    if isinstance(listeners, dict) and msg.get("listener_id") not in listeners:
        return False, client
    args = msg.get("args", [])
    if not isinstance(args, list) or not all(a is None or isinstance(a, str) for a in args):
        return False, client
    try:
        [json.loads(a) for a in args if a is not None]
    except ValueError:
        return False, client
    return True, None


def ignore_unknown_listeners() -> bool:
    """Wrap NiceGUI's socket ``event`` handler so forged events are dropped quietly; True when installed.

    NiceGUI 3.18 raises (and the server logs a traceback) for an unknown listener id, a missing field or arguments
    that are not JSON. The handler table is python-socketio's ``handlers``; if an upgrade moves it, this does
    nothing.
    """
    handlers = getattr(core.sio, "handlers", None)
    if not isinstance(handlers, dict):
        return False
    original = handlers.get("/", {}).get("event")
    if original is None or getattr(original, "tk_guarded", False):
        return False

    @functools.wraps(original)
    def guarded(sid: str, *data: Any) -> Any:
        ok, client = _verdict(data)
        if ok:
            return original(sid, *data)
        if client is not None and client not in _warned:
            _warned.add(client)
            log.warning("Ignoring socket events for elements or listeners a page does not have")
        return None

    guarded.tk_guarded = True  # type: ignore[attr-defined]
    handlers["/"]["event"] = guarded
    return True
