"""The hall screen's one element: a Vue component (hall.js) that renders an event's hall view in the browser.

A hall screen holds no element per table: its board gets the view as it was when the page was built, then joins
the event's hall room, where each change is sent once for every hall screen of this process (webapp/live/hall.py).
Joining is this module's socket event: only a page's own socket joins, and a page that is behind gets the whole
view back.
"""

from __future__ import annotations

from typing import Any

import orjson
from nicegui import core
from nicegui.element import Element

from webapp.components.watch_board import own_board, texts
from webapp.deps import current
from webapp.live.hall import JOIN_EVENT, room


class HallBoard(Element, component="hall.js"):
    def __init__(self, event_id: str, v: int, view: dict[str, Any], now_ms: int) -> None:
        super().__init__()
        self.event_id = event_id
        self._props.update(event=event_id, initial=orjson.dumps({"v": v, "view": view}).decode(), serverNow=now_ms)

    def _displayed_contents(self, *, only_visible: bool) -> list[str]:
        """The words the board shows (those of the newest view this process sent), for NiceGUI's ``User``."""
        _, view = current().hall_screens.views.get(self.event_id, (0, {}))
        return texts(view)


async def join(sid: str, data: Any = None) -> dict[str, Any]:
    """A hall screen's socket joins its event's room. ``data``: ``client`` (the page's client id) and ``v`` (the
    view's version it shows). Only the page's own socket may join; a page that is behind gets the whole view."""
    board = own_board(sid, data, HallBoard)
    if board is None:
        return {"ok": False}
    await core.sio.enter_room(sid, room(board.event_id))
    hub = current().hall_screens
    v, _ = await hub.view(board.event_id)
    if data.get("v") == v:
        return {"ok": True, "v": v}
    return {"ok": True, **hub.envelope(board.event_id, whole=True)}


def serve() -> None:
    """Answer the hall screens' join event (called once at start-up, webapp.main.build)."""
    core.sio.on(JOIN_EVENT, join)
