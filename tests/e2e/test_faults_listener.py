"""Live updates across server processes survive a lost database connection (models/db/notify.py).

Two servers share one fresh PostgreSQL database; a watch page is open on B. The test closes B's LISTEN connection
from the database side (``pg_terminate_backend``, as a restart, failover or proxy timeout does) and keeps the
database closed to new connections for a moment, so B cannot listen again at once. Meanwhile a change goes through
A: its notice reaches nobody on B. Positive controls: B's ``/healthz`` says the listener is down (503), and the
page still shows the old state a second later, so only the listener's re-announce after reconnecting can bring the
change. Then the database opens again and the change must reach B's page within 5 s, by itself.

An event stream (``GET /api/games/{id}/events``) on B catches up the same way: the changes made on A during the
cut reach it by themselves, from the log, in order and with their ids (so ``Last-Event-ID`` stays exact).

Skipped (with the reason printed by ``-rs``) when TEST_DATABASE_URL is unset.
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy.engine import make_url

from models.db.notify import APPLICATION_NAME
from tests.e2e.conftest import Server
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import VIEWPORT, create, horror_web, hurt_horror, web_label

CATCH_UP = 5_000  # ms: the longest a change may take to reach a page on another process after the database is back


def admin(pg_url: str) -> psycopg.Connection:
    """A connection to the server's maintenance database (not the test's own, which the test closes)."""
    base = make_url(os.environ["TEST_DATABASE_URL"]).set(drivername="postgresql")
    return psycopg.connect(base.render_as_string(hide_password=False), autocommit=True)


@pytest.fixture
def two_servers(tmp_path: Path, pg_url: str) -> Iterator[tuple[Server, Server]]:
    servers = [Server(tmp_path / name, pg_url) for name in ("a", "b")]
    for srv in servers:
        srv.workdir.mkdir()
        srv.start()
    try:
        yield servers[0], servers[1]
    finally:
        for srv in servers:
            srv.stop()


def health(server: Server) -> tuple[int, dict[str, Any]]:
    return api("GET", server.url("/healthz"))


def cut_listeners(pg_url: str) -> int:
    """Close every listener connection to the test's database from the database side; how many were closed."""
    name = make_url(pg_url).database
    with admin(pg_url) as conn:
        conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        rows = conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                            "WHERE datname = %s AND application_name = %s", (name, APPLICATION_NAME)).fetchall()
    return len(rows)


def reopen(pg_url: str) -> None:
    with admin(pg_url) as conn:
        conn.execute(f'ALTER DATABASE "{make_url(pg_url).database}" ALLOW_CONNECTIONS true')


def test_a_change_reaches_another_process_after_its_listener_lost_the_database(
        browser: Browser, two_servers: tuple[Server, Server], pg_url: str) -> None:
    a, b = two_servers
    assert health(b) == (200, {**health(b)[1], "ok": True, "listener": "up", "reconnects": 0})
    game = create(a)
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        assert page.goto(b.url(game["watch_url"])).status == 200
        horror = horror_web(page)
        version = hurt_horror(a, game, game["version"], 1)
        expect(horror).to_have_attribute("aria-label", web_label(page, 1), timeout=CATCH_UP)  # live before

        try:
            assert cut_listeners(pg_url) == 2  # A's and B's
            deadline = time.monotonic() + 10
            while health(b)[0] != 503 and time.monotonic() < deadline:
                time.sleep(0.05)
            status, body = health(b)
            assert (status, body["ok"], body["listener"]) == (503, False, "down")  # positive control
            hurt_horror(a, game, version, 2)
            page.wait_for_timeout(1000)
            # Positive control: the notice of that change is lost for B; only the re-announce can bring it.
            expect(horror).to_have_attribute("aria-label", web_label(page, 1))
        finally:
            reopen(pg_url)
        reopened = time.monotonic()

        expect(horror).to_have_attribute("aria-label", web_label(page, 3), timeout=CATCH_UP)
        print(f"the change reached B's page {time.monotonic() - reopened:.2f} s after the database reopened")
        status, body = health(b)
        assert (status, body["ok"], body["listener"]) == (200, True, "up") and body["reconnects"] >= 1
    finally:
        context.close()


class Reader:
    """Reads a server-sent event stream in a thread; each event (id, data) lands in ``events``."""

    def __init__(self, url: str, token: str) -> None:
        self.events: queue.Queue[tuple[int, dict[str, Any]]] = queue.Queue()
        self.ended = threading.Event()
        self._client = httpx.Client(timeout=httpx.Timeout(10, read=None))
        self._thread = threading.Thread(target=self._read, args=(url, token), daemon=True)
        self._thread.start()

    def _read(self, url: str, token: str) -> None:
        try:
            with self._client.stream("GET", url, headers={"X-Token": token}) as stream:
                event: dict[str, str] = {}
                for line in stream.iter_lines():
                    if not line:
                        if "id" in event and "data" in event:
                            self.events.put((int(event["id"]), json.loads(event["data"])))
                        event = {}
                    elif not line.startswith(":"):
                        field, _, value = line.partition(": ")
                        event[field] = value
        except httpx.HTTPError:
            pass
        finally:
            self.ended.set()

    def next(self, within: float) -> tuple[int, dict[str, Any]] | None:
        try:
            return self.events.get(timeout=within)
        except queue.Empty:
            return None

    def close(self) -> None:
        self._client.close()


def test_a_change_made_during_a_listener_cut_reaches_a_stream_on_the_other_process(
        two_servers: tuple[Server, Server], pg_url: str) -> None:
    a, b = two_servers
    game = create(a)
    reader = Reader(b.url(f"/api/games/{game['id']}/events"), game["tokens"]["watch"])
    try:
        first = reader.next(10)
        assert first is not None and first[0] == game["version"]
        version = hurt_horror(a, game, game["version"], 1)
        live = reader.next(CATCH_UP / 1000)
        assert live is not None and live[0] == version  # live before the cut

        try:
            assert cut_listeners(pg_url) == 2  # A's and B's
            deadline = time.monotonic() + 10
            while health(b)[0] != 503 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert health(b)[0] == 503  # positive control: B hears nothing now
            made = [hurt_horror(a, game, version, 1)]
            made.append(hurt_horror(a, game, made[-1], 1))
            assert reader.next(1.0) is None  # positive control: the notices are lost for B's stream
        finally:
            reopen(pg_url)
        reopened = time.monotonic()

        caught = [reader.next(CATCH_UP / 1000) for _ in made]
        print(f"the changes reached B's stream {time.monotonic() - reopened:.2f} s after the database reopened")
        assert [c[0] if c else None for c in caught] == made  # in order, each with its own id
        older, newest = caught[0], caught[1]
        assert older is not None and newest is not None
        assert older[1]["entry"]["seq"] == made[0] and older[1]["view"] is None  # from the log
        assert newest[1]["view"]["v"] == made[1]
        assert not reader.ended.is_set()  # the stream goes on
    finally:
        reader.close()
