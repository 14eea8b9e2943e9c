"""Error pages in our own words, with a way home, instead of raw JSON or NiceGUI's exception page.

A wrong key and an unknown game get the same page (frame.authorise raises the same 404 for both), so a stranger
learns nothing about which games exist. The API (``/api/...``) and other non-page routes keep their JSON errors.
"""

from __future__ import annotations

from fastapi import Request, Response
from fastapi.exception_handlers import http_exception_handler
from nicegui import Client, app, core, ui
from nicegui.page import page
from starlette.exceptions import HTTPException

from webapp.pages.frame import frame

GAME_PAGES = ("/table/", "/watch/", "/result/")
GENERIC = {"Not Found", "Forbidden", "Method Not Allowed"}


def install() -> None:
    for status in (403, 404, 405):
        app.add_exception_handler(status, friendly_error)


def _is_page(request: Request) -> bool:
    """A NiceGUI page, or no route at all (a mistyped address): what a person opens in the browser."""
    endpoint = request.scope.get("endpoint")
    return bool(request.scope.get("nicegui_page_path")) or endpoint is None or endpoint is core.app


async def friendly_error(request: Request, exc: Exception) -> Response:
    if not isinstance(exc, HTTPException) or request.url.path.startswith("/api/") or not _is_page(request):
        return await http_exception_handler(request, exc)  # type: ignore[arg-type]
    detail = str(exc.detail or "")
    with Client(page(""), request=request) as client:
        error_page(exc.status_code, request.url.path, "" if detail in GENERIC else detail)
    return client.build_response(request, exc.status_code)


def error_page(status: int, path: str, detail: str) -> None:
    game = path.startswith(GAME_PAGES)
    if status == 403:
        heading, advice = "This link cannot open this page", "Use the link that was shared for this page."
    elif game:
        heading = "No game here"
        advice = ("The link may be incomplete, or the game was deleted. Ask the person who shared it to send the "
                  "whole link again.")
    else:
        heading, advice = "Page not found", "Check the address, or start from the home page."
    frame("")
    with ui.column().classes("tk-error items-start gap-3"):
        ui.label(heading).classes("text-h5").props('role="heading" aria-level="1"')
        ui.label(detail or ("There is no game at this address." if game else "There is no page at this address."))
        ui.label(advice)
        ui.button("Go to the home page", icon="home", on_click=lambda: ui.navigate.to("/")).props("no-caps")
