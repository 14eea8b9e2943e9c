"""The watch page: a spectator's header and one board that renders the game in the browser (DESIGN.md "Live
updates": many spectators, no element tree each). ``?view=tv`` is laid out for a television (a score strip,
every model a compact tile), ``?view=overlay&parts=turn,clock,score`` for a streaming tool (transparent, only
the parts named)."""

from __future__ import annotations

from nicegui import ui

from webapp.components.watch_board import WatchBoard, parse_view
from webapp.deps import current
from webapp.pages.frame import authorise

HEAD = ('<link rel="stylesheet" href="/static/tablekeeper.css"><link rel="stylesheet" href="/static/warlord.css">'
        '<link rel="stylesheet" href="/static/watch.css"><meta name="theme-color" content="#3b1d4a">'
        # The screen stays awake on a TV or a phone left watching; installable like the table (static/).
        '<link rel="manifest" href="/static/manifest.webmanifest"><script src="/static/tablekeeper.js" defer></script>')


async def watch_page(game_id: str, token: str, view: str | None = None, parts: str | None = None) -> None:
    await authorise(game_id, token)
    live = current().live
    edition = await live.edition(game_id)
    mode, chosen = parse_view(view, parts)
    ui.add_head_html(HEAD)
    board = WatchBoard(game_id, edition, live.service.now_ms(), mode, chosen, f"/result/{game_id}/{token}", token)
    live.add_board(game_id, board)
