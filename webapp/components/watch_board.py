"""The watch page's one element: a Vue component (watch.js) that renders the game's view in the browser.

Spectators are many, so a watch page holds no element tree: its board gets the view of the version it was
opened at, then joins the game's Socket.IO room, where each new version is sent once for all of them
(webapp/live/games.py). Joining is this module's socket event: a page's own socket asks for its board's game (the
page's link was checked when the page was built), and gets the whole view back when it is behind.
"""

from __future__ import annotations

from typing import Any, TypeVar

from nicegui import Client, core
from nicegui.element import Element

from models.service.reads import Edition
from webapp.deps import current
from webapp.live.games import JOIN_EVENT, room

MODES = ("phone", "tv", "overlay")
PARTS = ("score", "turn", "prompt", "result", "clock", "attack", "models", "log")
OVERLAY_PARTS = ("turn", "clock", "score")  # when the URL names none


class WatchBoard(Element, component="watch.js"):
    def __init__(self, game_id: str, edition: Edition, now_ms: int, mode: str = "phone",
                 parts: tuple[str, ...] = (), result_url: str = "", token: str = "") -> None:
        super().__init__()
        self.game_id = game_id
        self.token = token  # the link it was opened with: a revoked link's pages are sent away (webapp/live/now.py)
        # The view as a string: the same object for every page of this version (a dict prop would be copied).
        self._props.update(game=game_id, initial=edition.view_text, serverNow=now_ms, mode=mode,
                           parts=list(parts), resultUrl=result_url)

    def _displayed_contents(self, *, only_visible: bool) -> list[str]:
        """The words the board shows: those of the newest view this process sent to the game's room (what a
        browser on this page renders), for NiceGUI's ``ElementFilter`` and ``User.should_see``."""
        edition = current().live.reads.cached(self.game_id)
        view = edition.view if edition is not None else {}
        return [f"Watching: {view.get('title', '')}", *texts(view)]


def texts(value: Any) -> list[str]:
    """Every string a view shows, in order; of a damage track (drawn in the browser) its description and a
    spiral's heads, the words the drawing holds."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        if "marks" in value and "label" in value:
            return [value["label"], *value.get("heads", ())]
        return [t for v in value.values() for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return []


def parse_view(mode: str | None, parts: str | None) -> tuple[str, tuple[str, ...]]:
    """The page's view (``?view=``) and, for the overlay, its parts (``&parts=turn,clock``); unknown words are
    left out, and an overlay naming no known part shows the turn, the clock and the score."""
    chosen = mode if mode in MODES else "phone"
    wanted = tuple(p for p in (parts or "").split(",") if p in PARTS)
    return chosen, (wanted or OVERLAY_PARTS) if chosen == "overlay" else ()


B = TypeVar("B", bound=Element)


def board_of(client: Client | None, kind: type[B]) -> B | None:
    """The page's board of ``kind`` (a watch page's, the /live page's, a hall screen's), or None."""
    if client is None:
        return None
    return next((e for e in client.elements.values() if isinstance(e, kind)), None)


def own_board(sid: str, data: Any, kind: type[B]) -> B | None:
    """The board of the page a socket's join names (``data["client"]``), if it is that page's own socket: another
    page's socket cannot join its room."""
    if not isinstance(data, dict):
        return None
    client = Client.instances.get(str(data.get("client", "")))
    board = board_of(client, kind)
    if client is None or board is None or client.id not in core.sio.rooms(sid):
        return None
    return board


async def join(sid: str, data: Any = None) -> dict[str, Any]:
    """A watch page's socket joins its game's room. ``data``: ``client`` (the page's client id), ``v`` (the
    version it shows), ``seen`` (a newer version it was told of). Only the page's own socket may join, and
    only its board's game; a page that is behind gets the whole view."""
    board = own_board(sid, data, WatchBoard)
    if board is None:
        return {"ok": False}
    await core.sio.enter_room(sid, room(board.game_id))
    live = current().live
    seen = data.get("seen") if isinstance(data.get("seen"), int) else 0
    edition = live.reads.cached(board.game_id)
    if edition is None or edition.version < seen:
        edition = await live.edition(board.game_id, seen)
    if data.get("v") == edition.version:
        return {"ok": True, "v": edition.version}
    return {"ok": True, **edition.envelope(live.service.now_ms(), whole=True)}


def serve() -> None:
    """Answer the watch pages' join event (called once at start-up, webapp.main.build)."""
    core.sio.on(JOIN_EVENT, join)
