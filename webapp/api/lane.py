"""The API's own way through the app: requests under ``/api/`` skip the middleware NiceGUI adds for its pages.

NiceGUI wraps every request for its pages: a signed session cookie and the per-browser storage it names
(``SessionMiddleware``, ``RequestTrackingMiddleware``), a ``Location`` prefix and its static files' cache headers
(``RedirectWithPrefixMiddleware``, ``SetCacheControlMiddleware``). The API uses none of them: its callers show a
link's token or a ``Bearer`` session. Three are ``BaseHTTPMiddleware``s, which hand the request and each part of the
answer from task to task; while 200 readers keep the event loop busy every hand-over waits its turn, and that was
where a table's tap (``POST /api/games/{id}/commands``) spent most of its time (docs/PERFORMANCE.md, "Taps under
readers"). The rest of the stack, ours (bad input, security headers) and FastAPI's, GZip included, stays as it is.
"""

from __future__ import annotations

from nicegui.middlewares import RedirectWithPrefixMiddleware, SetCacheControlMiddleware
from nicegui.storage import RequestTrackingMiddleware
from starlette.middleware.sessions import SessionMiddleware

from webapp.guard import ASGIApp, Receive, Scope, Send

PREFIX = "/api/"
PAGE_ONLY = (SessionMiddleware, RequestTrackingMiddleware, RedirectWithPrefixMiddleware, SetCacheControlMiddleware)


class ApiLane:
    """ASGI: HTTP requests under PREFIX go to ``api`` (the stack without PAGE_ONLY), everything else to ``pages``."""

    def __init__(self, pages: ASGIApp, api: ASGIApp) -> None:
        self.pages, self.api = pages, api

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        api = scope["type"] == "http" and scope["path"].startswith(PREFIX)
        await (self.api if api else self.pages)(scope, receive, send)


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
