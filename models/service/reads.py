"""Reads served from one edition per game and version: the state and the spectators' view of a game are built
and serialised once per version, and every reader (watch pages, API readers, event streams) gets the same bytes.

An edition is made on the first read of a new version (or right after a commit, by the fan-out) from the
previous edition of the game: the view's log gets only the entries since, and the patch from the previous view
is what the spectators of that version are sent. Thread-safe: readers run in worker threads.

Most reads touch no database at all (:meth:`Reads.current`, :meth:`Reads.authorized`): each commit is announced
to this process (its own commits at once, other processes' by their notices), and an edition is trusted as
current while no newer version was announced and the database confirmed it less than FRESH seconds ago (a notice
that comes late or never cannot leave a reader behind for longer). A link's token, once checked, is trusted for
TOKEN_TTL seconds.
"""

from __future__ import annotations

import gzip
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import orjson

from models.rules import GameState
from models.service import views
from models.service.access import SPECTATOR, Actor, readable
from models.service.games import GameService
from models.service.history import LogEntry
from models.service.views.game import build

KEEP = 256  # games whose newest edition is kept
FRESH = 1.0  # s: how long an edition the database confirmed is served without asking again
TOKEN_TTL = 30.0  # s: how long a checked token is trusted without asking again
TOKENS_KEPT = 10_000
GZIP_LEVEL = 6


def entry_json(e: LogEntry) -> dict[str, Any]:
    """A log entry as the API and the event stream show it."""
    return {"seq": e.seq, "kind": e.kind, "texts": list(e.texts), "actor": e.actor, "undone": e.undone,
            "at": e.at}


@dataclass(frozen=True)
class Edition:
    """One version of one game, with what every reader is sent (each serialised on first use, then kept)."""

    game_id: str
    version: int
    state: GameState
    view: views.View
    entry: LogEntry | None  # the log entry that made this version (None when it was not read)
    base: int | None = None  # the version ``patch`` starts from
    patch: dict[str, Any] | None = field(default=None, compare=False)
    # The state's bytes (and gzip) per link kind that the game keeps something sealed from (state_for).
    sealed: dict[tuple[str, int | None], tuple[bytes, bytes]] = field(default_factory=dict, compare=False)

    @cached_property
    def state_json(self) -> bytes:
        """The body of ``GET /api/games/{id}``."""
        return orjson.dumps({"id": self.game_id, "version": self.version,
                             "state": self.state.model_dump(mode="json")})

    @cached_property
    def view_json(self) -> bytes:
        """The body of ``GET /api/games/{id}/view``."""
        return orjson.dumps(self.view)

    @cached_property
    def state_gzip(self) -> bytes:
        """``state_json`` compressed once, for every reader that accepts gzip."""
        return gzip.compress(self.state_json, GZIP_LEVEL)

    def state_for(self, actor: Actor) -> tuple[bytes, Callable[[], bytes]]:
        """The body of ``GET /api/games/{id}`` for ``actor``'s link, and its gzip: the shared bytes, unless the
        game keeps something sealed from that link for now (access.readable), then that link's own, made once."""
        shown = readable(self.state, actor)
        if shown is self.state:
            return self.state_json, lambda: self.state_gzip
        key = (actor.role, actor.seat)
        if key not in self.sealed:
            body = orjson.dumps({"id": self.game_id, "version": self.version, "state": shown.model_dump(mode="json")})
            self.sealed[key] = (body, gzip.compress(body, GZIP_LEVEL))
        body, zipped = self.sealed[key]
        return body, lambda: zipped

    @cached_property
    def view_gzip(self) -> bytes:
        return gzip.compress(self.view_json, GZIP_LEVEL)

    @cached_property
    def view_text(self) -> str:
        """The view for a page's first paint (a string: one object shared by every page of this version)."""
        return self.view_json.decode()

    @cached_property
    def event(self) -> bytes:
        """This version as one server-sent event: its log entry and the whole view."""
        entry = entry_json(self.entry) if self.entry else None
        return sse(self.version, {"version": self.version, "entry": entry, "view": self.view})

    def envelope(self, now_ms: int, whole: bool = False) -> dict[str, Any]:
        """What a watch page's socket is sent: the patch from ``base`` when there is one, else the whole view.
        ``now_ms`` (server time) lets the browser count a running clock down by the server's time."""
        if whole or self.patch is None:
            return {"game": self.game_id, "v": self.version, "view": self.view, "now": now_ms}
        return {"game": self.game_id, "v": self.version, "base": self.base, "patch": self.patch, "now": now_ms}


def sse(event_id: int, data: Any) -> bytes:
    """One server-sent event named ``commit`` (its id: the version, for Last-Event-ID)."""
    return b"id: %d\nevent: commit\ndata: %s\n\n" % (event_id, orjson.dumps(data))


class Reads:
    """The newest edition of each game read lately (at most KEEP games)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._editions: OrderedDict[str, Edition] = OrderedDict()
        self._lock = threading.Lock()
        self._building: dict[str, threading.Lock] = {}
        self._announced: dict[str, int] = {}  # game -> newest version announced to this process
        self._confirmed: dict[str, float] = {}  # game -> when the database last confirmed its edition
        self._tokens: OrderedDict[tuple[str, str], tuple[float, Actor]] = OrderedDict()

    def announce(self, game_id: str, version: int) -> None:
        """A commit made ``game_id`` reach ``version`` (called at once, from any thread)."""
        with self._lock:
            if version > self._announced.get(game_id, 0):
                self._announced[game_id] = version

    def announced(self, game_id: str) -> int:
        """The newest version of ``game_id`` announced to this process (0: none yet)."""
        with self._lock:
            return self._announced.get(game_id, 0)

    def current(self, game_id: str) -> Edition | None:
        """The game's edition if it is known to be current without asking the database, else None."""
        with self._lock:
            made = self._editions.get(game_id)
            if made is None or made.version < self._announced.get(game_id, 0):
                return None
            fresh = time.monotonic() - self._confirmed.get(game_id, 0.0) < FRESH
        return made if fresh else None

    def authorized(self, game_id: str, token: str | None) -> Actor | None:
        """Who ``token`` makes its holder in the game, if it was checked lately; None: check it."""
        with self._lock:
            found = self._tokens.get((game_id, token or ""))
        return found[1] if found is not None and time.monotonic() - found[0] < TOKEN_TTL else None

    def authorize(self, game_id: str, token: str | None) -> Actor:
        """GameService.authorize, remembered for TOKEN_TTL seconds when it succeeds."""
        actor = self.service.authorize(game_id, token)
        with self._lock:
            self._tokens[(game_id, token or "")] = (time.monotonic(), actor)
            self._tokens.move_to_end((game_id, token or ""))
            while len(self._tokens) > TOKENS_KEPT:
                self._tokens.popitem(last=False)
        return actor

    def forget_token(self, game_id: str, token: str) -> None:
        """Stop trusting a revoked token in this process at once (other processes stop within TOKEN_TTL)."""
        with self._lock:
            self._tokens.pop((game_id, token), None)

    def forget_game(self, game_id: str) -> None:
        """Stop trusting any remembered token of the game (some of its links ended): each is checked again."""
        with self._lock:
            for key in [k for k in self._tokens if k[0] == game_id]:
                del self._tokens[key]

    def cached(self, game_id: str) -> Edition | None:
        """The newest edition made so far, without asking the database (None: none yet)."""
        with self._lock:
            return self._editions.get(game_id)

    def edition(self, game_id: str, at_least: int = 0) -> Edition:
        """The game's current edition (NotFound for an unknown game). With ``at_least`` an edition already made
        at that version or later is current enough, and the database is not asked."""
        known = self.cached(game_id)
        if known is not None and at_least and known.version >= at_least:
            return known
        asked = time.monotonic()
        version = self.service.version(game_id)
        if known is not None and version == known.version:
            self._confirm(game_id, asked)
            return known
        with self._lock:
            building = self._building.setdefault(game_id, threading.Lock())
        with building:  # one build per version: later callers find it made
            known = self.cached(game_id)
            if known is not None and version is not None and known.version >= version:
                return known
            made = self._make(game_id, known)
            self._confirm(game_id, asked)
            return made

    def _confirm(self, game_id: str, at: float) -> None:
        with self._lock:
            self._confirmed[game_id] = max(at, self._confirmed.get(game_id, 0.0))

    def _make(self, game_id: str, previous: Edition | None) -> Edition:
        version, state = self.service.state(game_id)
        after = previous.version if previous is not None else max(0, version - views.LOG_SHOWN)
        entries = [e for e in self.service.log(game_id, after) if e.seq <= version]
        log = views.log_tail(previous.view["log"] if previous is not None else {}, entries)
        view = build(version, readable(state, SPECTATOR), log)
        entry = next((e for e in entries if e.seq == version), None)
        made = Edition(game_id, version, state, view, entry,
                       base=previous.version if previous is not None else None,
                       patch=views.diff(previous.view, view) if previous is not None else None)
        with self._lock:
            self._editions[game_id] = made
            self._editions.move_to_end(game_id)
            while len(self._editions) > KEEP:
                old, _ = self._editions.popitem(last=False)
                self._building.pop(old, None)
                self._announced.pop(old, None)
                self._confirmed.pop(old, None)
        return made
