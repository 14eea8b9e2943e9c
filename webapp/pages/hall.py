"""/events/{id}/hall: the event on a TV in the hall, for everyone in the room and without an account: the round's
tables with their live scores, the round timer, and the standings paging by themselves, in type read across a room.
Like the watch page it holds one board that renders a JSON view in the browser (webapp/components/hall_board.py).
"""

from __future__ import annotations

from fastapi import HTTPException
from nicegui import ui

from models.service import NotFound
from webapp.components.hall_board import HallBoard
from webapp.deps import current

HEAD = ('<link rel="stylesheet" href="/static/tablekeeper.css"><link rel="stylesheet" href="/static/hall.css">'
        '<meta name="theme-color" content="#3b1d4a"><script src="/static/tablekeeper.js" defer></script>')


async def hall_page(event_id: str) -> None:
    hub = current().hall_screens
    try:
        v, view = await hub.view(event_id[:32])
    except NotFound:
        raise HTTPException(status_code=404, detail="There is no event at this address.") from None
    ui.add_head_html(HEAD)
    ui.dark_mode(None)
    hub.add_board(event_id, HallBoard(event_id, v, view, hub.live.service.now_ms()))
