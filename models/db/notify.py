"""PostgreSQL LISTEN for "game G is now at version V" from other server processes (DESIGN.md "Live updates"), and
for the site's own changes: "event E changed", "the Live now listings changed" (models/db/site_notices.py).

A notice is a wake-up, not the data, and a connection can be lost without a word (database restart, failover, a
proxy's idle timeout, ``pg_terminate_backend``). So the listener reconnects by itself with back-off, notices a
dead connection (TCP keepalives plus a query every ``check_every`` seconds without a notice), and after every
(re)connect calls ``on_connect``: whoever follows games re-reads them, because notices sent while it was away
are gone for good.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

CHANNEL = "tablekeeper"
EVENT, LISTINGS, LINKS = "event", "listings", "links"  # the site's notices: "event/<id>" (or "event/*"), "listings/",
# "links/<game id>" (a link of the game ended)
APPLICATION_NAME = "tablekeeper listener"  # how the listener's connection shows in pg_stat_activity
FIRST_DELAY, MAX_DELAY = 0.5, 10.0  # seconds between reconnect attempts: 0.5, 1, 2, 4, 8, 10, 10, ...
# libpq closes a silent connection after ~10 + 3 * 5 s without an answer to TCP keepalives (and a write that stays
# unacknowledged for 30 s): a peer that vanished without a FIN is noticed even while no query runs.
CONNECT_OPTIONS: dict[str, Any] = {"autocommit": True, "application_name": APPLICATION_NAME, "connect_timeout": 10,
                                   "keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5,
                                   "keepalives_count": 3, "tcp_user_timeout": 30_000}


def backoff(first: float = FIRST_DELAY, most: float = MAX_DELAY) -> Iterator[float]:
    """Delays before each reconnect attempt of one outage: doubling from ``first`` up to ``most``."""
    delay = first
    while True:
        yield delay
        delay = min(delay * 2, most)


def parse(payload: str) -> tuple[str, int] | None:
    """``"game:version"`` as sent by the repository; None for anything else (ignored)."""
    game_id, _, version = payload.rpartition(":")
    return (game_id, int(version)) if game_id and version.isdigit() else None


def parse_site(payload: str) -> tuple[str, str] | None:
    """``"event/<id>"``, ``"listings/"`` or ``"links/<game id>"`` as sent for the site's own rows
    (models/db/site_notices.py) as (kind, key); None for anything else."""
    kind, slash, key = payload.partition("/")
    return (kind, key) if slash and kind in (EVENT, LISTINGS, LINKS) and ":" not in key else None


class Listener:
    """LISTENs on :data:`CHANNEL` in a daemon thread for as long as the process runs.

    ``on_notice(game_id, version)``, ``on_site(kind, key)`` (an event's or the listings' change) and
    ``on_connect()`` run on the listener's thread. ``connect`` is ``psycopg.connect`` (a fake in tests).
    """

    def __init__(self, conninfo: str, on_notice: Callable[[str, int], None], on_connect: Callable[[], None], *,
                 on_site: Callable[[str, str], None] | None = None, connect: Callable[..., Any] = psycopg.connect,
                 first_delay: float = FIRST_DELAY, max_delay: float = MAX_DELAY, check_every: float = 5.0) -> None:
        self.conninfo = conninfo
        self.on_notice, self.on_connect, self.on_site = on_notice, on_connect, on_site
        self._connect = connect
        self.first_delay, self.max_delay, self.check_every = first_delay, max_delay, check_every
        self.up = False
        self.reconnects = 0  # successful connects after the first one
        self.last_error = ""
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def for_url(cls, database_url: str, on_notice: Callable[[str, int], None], on_connect: Callable[[], None],
                **options: Any) -> Listener | None:
        """A listener for a PostgreSQL SQLAlchemy URL; None for any other database (one process, no need)."""
        url = make_url(database_url)
        if url.get_backend_name() != "postgresql":
            return None
        conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        return cls(conninfo, on_notice, on_connect, **options)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, daemon=True, name="pg-listen")
        self._thread.start()

    def stop(self, timeout: float | None = None) -> None:
        """Ask the thread to end (it notices within ``check_every`` seconds); wait up to ``timeout``."""
        self._stopping.set()
        if self._thread is not None and timeout:
            self._thread.join(timeout)

    def status(self) -> dict[str, Any]:
        return {"up": self.up, "reconnects": self.reconnects}

    def _run(self) -> None:
        connected_before = False
        delays = backoff(self.first_delay, self.max_delay)
        while not self._stopping.is_set():
            try:
                with self._connect(self.conninfo, **CONNECT_OPTIONS) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.up = True
                    if connected_before:
                        self.reconnects += 1
                        log.warning("Listening for other servers' changes again (reconnect %d)", self.reconnects)
                    connected_before = True
                    delays = backoff(self.first_delay, self.max_delay)
                    self._call(self.on_connect)  # after LISTEN: a change is either re-read now or announced later
                    self._follow(conn)
            except (psycopg.Error, OSError) as exc:
                if self.up or not self.last_error:
                    log.warning("Lost the database connection that listens for other servers' changes: %s", exc)
                self.last_error = str(exc) or type(exc).__name__
            finally:
                self.up = False
            self._stopping.wait(next(delays))

    def _follow(self, conn: Any) -> None:
        while not self._stopping.is_set():
            quiet = True
            for note in conn.notifies(timeout=self.check_every):
                quiet = False
                if (parsed := parse(note.payload)) is not None:
                    self._call(self.on_notice, *parsed)
                elif self.on_site is not None and (site := parse_site(note.payload)) is not None:
                    self._call(self.on_site, *site)
            if quiet:
                conn.execute("SELECT 1")  # a connection that died silently raises here

    @staticmethod
    def _call(callback: Callable[..., None], *args: Any) -> None:
        """A failing callback is a bug to log, not a reason to stop listening."""
        try:
            callback(*args)
        except Exception:
            log.exception("A listener callback failed")
