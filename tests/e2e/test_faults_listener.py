"""Live updates across server processes survive a lost database connection (issue 10, models/db/notify.py).

Two servers share one fresh PostgreSQL database; a watch page is open on B. The test closes B's LISTEN connection
from the database side (``pg_terminate_backend``, as a restart, failover or proxy timeout does) and keeps the
database closed to new connections for a moment, so B cannot listen again at once. Meanwhile a change goes through
A: its notice reaches nobody on B. Positive controls: B's ``/healthz`` says the listener is down (503), and the
page still shows the old state a second later, so only the listener's re-announce after reconnecting can bring the
change. Then the database opens again and the change must reach B's page within 5 s, by itself.

Skipped (with the reason printed by ``-rs``) when TEST_DATABASE_URL is unset.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy.engine import make_url

from models.db.notify import APPLICATION_NAME
from tests.e2e.conftest import Server
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import VIEWPORT, create, horror_web, hurt_horror, web_label

CATCH_UP = 5_000  # ms: the bound for a change to reach a page on another process after the database is back


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
