"""/live: the site's Live now page, every listed game still being played with its round, score and clocks,
each opening its watch view. Many may view it: each page is the shared header and one board that renders the
list in the browser (webapp/components/live_board.py)."""

from __future__ import annotations

from nicegui import ui

from webapp.components.live_board import LiveBoard
from webapp.deps import current
from webapp.pages.frame import frame


async def live_page() -> None:
    frame("")
    ui.add_head_html('<link rel="stylesheet" href="/static/live.css">')
    live_now = current().live_now
    games = await live_now.fresh()
    live_now.add_board(LiveBoard(live_now.v, games, live_now.live.service.now_ms()))
