"""The header every page shares, and loading a game for a link (404 / 403 pages instead of tracebacks)."""

from __future__ import annotations

from fastapi import HTTPException
from nicegui import ui

from models.service import Actor, NotFound
from webapp.blocking import io
from webapp.components import icons
from webapp.deps import current
from webapp.session import header_name
from webapp.view import GameConnection


def frame(title: str) -> ui.header:
    """The shared head and header; a game page builds its turn line into the returned (fixed) header."""
    ui.add_head_html('<link rel="stylesheet" href="/static/tablekeeper.css">'
                     '<link rel="stylesheet" href="/static/theme.css">'
                     '<link rel="manifest" href="/static/manifest.webmanifest">'
                     '<link rel="apple-touch-icon" href="/static/icons/icon-192.png">'
                     '<meta name="theme-color" content="#3b1d4a">'
                     '<script src="/static/tablekeeper.js" defer></script>')
    ui.colors(primary="#5b2a86", secondary="#1f6f8b", accent="#e0a800", warning="#b35c00", info="#0e7490")
    dark = ui.dark_mode(None)
    with ui.header().classes("tk-header items-center") as header:
        ui.link("Tablekeeper", "/").classes("tk-brand")
        if title:  # the home page's header says "Tablekeeper" once
            ui.label(title).classes("tk-title")
        ui.space()
        ui.link("Live now", "/live").classes("tk-nav")
        ui.link("Lists", "/lists").classes("tk-nav")
        ui.link("Cards", "/cards").classes("tk-nav")
        ui.link("Events", "/events").classes("tk-nav")
        if header_name():
            ui.link("My games", "/games").classes("tk-nav")
        ui.link(header_name() or "Sign in", "/account").classes("tk-nav tk-account-link")
        ui.button(icon=icons.CONTRAST, on_click=lambda: dark.set_value(not dark.value)).props(
            'flat round color=white aria-label="Switch light or dark theme"')
    return header


async def authorise(game_id: str, token: str) -> Actor:
    """Who a link makes its holder in the game it points to, or stop with a clear 404 page."""
    try:
        return await io(current().service.authorize, game_id, token)
    except NotFound:  # an unknown game and a key that does not open it look alike
        raise HTTPException(status_code=404, detail="There is no game at this address.") from None


async def open_game(game_id: str, token: str) -> GameConnection:
    """Authorise a link and load the game it points to, or stop with a clear 404 page."""
    deps = current()
    actor = await authorise(game_id, token)
    try:
        version, state = await io(deps.service.state, game_id)
    except NotFound:
        raise HTTPException(status_code=404, detail="There is no game at this address.") from None
    return GameConnection(deps, game_id, actor, version, state, token)
