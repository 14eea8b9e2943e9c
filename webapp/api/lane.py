"""The API's and the pages' sockets' own ways through the app: requests under ``/api/`` skip the middleware NiceGUI
adds for its pages, and the pages' Socket.IO connections skip the whole stack.

NiceGUI wraps every request for its pages: a signed session cookie and the per-browser storage it names
(``SessionMiddleware``, ``RequestTrackingMiddleware``), a ``Location`` prefix and its static files' cache headers
(``RedirectWithPrefixMiddleware``, ``SetCacheControlMiddleware``). The API uses none of them: its callers show a
link's token or a ``Bearer`` session. Three are ``BaseHTTPMiddleware``s, which hand the request and each part of the
answer from task to task; while 200 readers keep the event loop busy every hand-over waits its turn, and that was
where a table's tap (``POST /api/games/{id}/commands``) spent most of its time (docs/PERFORMANCE.md, "Taps under
readers"). The rest of the stack, ours (bad input, security headers) and FastAPI's, GZip included, stays as it is.

A page's Socket.IO connection (a WebSocket under ``/_nicegui_ws/``) needs none of the stack: the page it serves was
built, with its session, when the page was requested, and the stack's layers only watch HTTP answers. Yet two of
them (the session and FastAPI's error handling) wrap every message the socket sends, which made each spectator of a
change cost 1.3-1.4x what a bare python-socketio broadcast costs per client (tests/bench fan-out). The socket goes
straight to NiceGUI's Socket.IO app, as Starlette's mount would hand it over.
"""

from __future__ import annotations

from nicegui.middlewares import RedirectWithPrefixMiddleware, SetCacheControlMiddleware
from nicegui.nicegui import sio_app
from nicegui.storage import RequestTrackingMiddleware
from starlette.middleware.sessions import SessionMiddleware

from webapp.guard import ASGIApp, Receive, Scope, Send

PREFIX = "/api/"
SOCKETS = "/_nicegui_ws"  # where NiceGUI mounts its Socket.IO app
PAGE_ONLY = (SessionMiddleware, RequestTrackingMiddleware, RedirectWithPrefixMiddleware, SetCacheControlMiddleware)


class ApiLane:
    """ASGI: HTTP requests under PREFIX go to ``api`` (the stack without PAGE_ONLY), WebSockets under SOCKETS to
    ``sockets`` (NiceGUI's Socket.IO app), everything else to ``pages``."""

    def __init__(self, pages: ASGIApp, api: ASGIApp, sockets: ASGIApp = sio_app) -> None:
        self.pages, self.api, self.sockets = pages, api, sockets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]  # "lifespan" has no path
        if kind == "websocket" and scope["path"].startswith(SOCKETS + "/"):
            root = scope.get("root_path", "")
            await self.sockets({**scope, "app_root_path": scope.get("app_root_path", root),
                                "root_path": root + SOCKETS}, receive, send)
        elif kind == "http" and scope["path"].startswith(PREFIX):
            await self.api(scope, receive, send)
        else:
            await self.pages(scope, receive, send)


def install(app: object) -> None:
    """Build ``app``'s stack twice when it starts, the second time without PAGE_ONLY (NiceGUI adds its middleware
    while ``ui.run`` starts, after ``build``, so the lists are read then, not now). Once per app."""
    if getattr(app, "_tk_api_lane", False):
        return
    build = app.build_middleware_stack  # type: ignore[attr-defined]

    def both() -> ApiLane:
        pages = build()
        every = app.user_middleware  # type: ignore[attr-defined]
        app.user_middleware = [m for m in every if m.cls not in PAGE_ONLY]  # type: ignore[attr-defined]
        try:
            return ApiLane(pages, build())
        finally:
            app.user_middleware = every  # type: ignore[attr-defined]

    app.build_middleware_stack = both  # type: ignore[attr-defined]
    app._tk_api_lane = True  # type: ignore[attr-defined]
