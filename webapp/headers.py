"""Security headers on every HTTP answer, pages and API alike (DESIGN.md "Access").

Every link carries its token in the URL, so no page may leak its address (``Referrer-Policy: no-referrer``) or be
framed by another site (``frame-ancestors 'none'``, and ``X-Frame-Options: DENY`` for browsers that predate it).
The Content-Security-Policy is the smallest NiceGUI runs
under, measured in Chromium on every page (tests/e2e/test_headers.py): NiceGUI writes each page's elements into
inline scripts and styles (without ``'unsafe-inline'`` for either, pages stay blank), Vue compiles component
templates in the browser (without ``'unsafe-eval'`` nothing renders), and everything else, the socket included,
comes from this site (``default-src 'self'``; no page needs ``data:`` images or fonts). Nonces or hashes would need
NiceGUI's page template to carry them: hashing the inline scripts of each answer on the way out would also bless
any script injected into it, so ``'unsafe-inline'`` stays, and typed text is escaped as text (test_faults_pages).
"""

from __future__ import annotations

from urllib.parse import parse_qs

from webapp.guard import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
])
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]


def embeddable(scope: Scope) -> bool:
    """The spectator overlay (``/watch/...?view=overlay``) is meant to be framed by streaming tools."""
    return scope["path"].startswith("/watch/") and "overlay" in parse_qs(scope["query_string"].decode()).get("view", [])


def policy(scope: Scope) -> bytes:
    ancestors = "*" if embeddable(scope) else "'none'"
    return f"{CSP}; frame-ancestors {ancestors}".encode()


class SecurityHeaders:
    """ASGI middleware: adds the headers to every HTTP response (an answer's own headers are kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = [*HEADERS, (b"content-security-policy", policy(scope))]
        if not embeddable(scope):  # browsers older than frame-ancestors read this one
            extra.append((b"x-frame-options", b"DENY"))

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in extra if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, with_headers)
