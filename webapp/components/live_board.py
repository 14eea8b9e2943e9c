"""The /live page's one element: a Vue component (live_board.js) that renders the Live now list in the browser.

A viewer's page holds no element per game: its board gets the list as it was when the page was built, then joins
the Live now room, where each change is sent once for every viewer of this process (webapp/live/now.py).
Joining is this module's socket event: only a page's own socket joins, and a page that is behind gets the whole
list back.
"""

from __future__ import annotations

from typing import Any

import orjson
from nicegui import core
from nicegui.element import Element

from webapp.components.watch_board import own_board
from webapp.deps import current
from webapp.live.now import JOIN_EVENT, ROOM

EMPTY = "No game is being shown right now."


class LiveBoard(Element, component="live_board.js"):
    def __init__(self, v: int, games: dict[str, dict[str, Any]], now_ms: int) -> None:
        super().__init__()
        self._props.update(initial=orjson.dumps({"v": v, "games": games}).decode(), serverNow=now_ms)

    def _displayed_contents(self, *, only_visible: bool) -> list[Any]:
        """The words the board shows (those of the newest list this process sent), for NiceGUI's ``User``."""
        games = current().live_now.games
        return ["Live now", *(word for line in games.values() for word in words(line))] if games else \
            ["Live now", EMPTY]


def words(line: dict[str, Any]) -> list[str]:
    """The words of one game's line, in the order the browser shows them."""
    players = line["players"]
    shown = [line["title"], line["system"], f"{players[0]} against {players[1]}", line["round"], line["turn"],
             line["phase"]]
    if line.get("cp"):
        shown.append(f"CP {players[0]} {line['cp'][0]} · {players[1]} {line['cp'][1]}")
    return [w for w in shown if w]


async def join(sid: str, data: Any = None) -> dict[str, Any]:
    """A /live page's socket joins the Live now room. ``data``: ``client`` (the page's client id) and ``v`` (the
    list's version it shows). Only the page's own socket may join; a page that is behind gets the whole list."""
    if own_board(sid, data, LiveBoard) is None:
        return {"ok": False}
    await core.sio.enter_room(sid, ROOM)
    live_now = current().live_now
    await live_now.fresh()
    if data.get("v") == live_now.v:
        return {"ok": True, "v": live_now.v}
    return {"ok": True, **live_now.envelope(whole=True)}


def serve() -> None:
    """Answer the /live pages' join event (called once at start-up, webapp.main.build)."""
    core.sio.on(JOIN_EVENT, join)
