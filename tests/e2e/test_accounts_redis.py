"""Sessions in Redis when NICEGUI_REDIS_URL is set: a browser signed in on one server process is still signed in after
that process is killed and another one starts, with a storage folder of its own, so only Redis can have kept the
session. Skipped, with the reason, when Redis or the `redis` package is not there."""

from __future__ import annotations

import socket
import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.test_accounts import PASSWORD, card, sign_in, signed_in_as

if TYPE_CHECKING:
    from redis import Redis

REDIS_URL = "redis://127.0.0.1:6379"


def redis_or_skip() -> Redis:
    try:
        import redis
    except ImportError:
        pytest.skip("the redis package is not installed (pip install 'nicegui[redis]')")
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError as error:
        pytest.skip(f"no Redis at {REDIS_URL}: {error}")
    return redis.Redis.from_url(REDIS_URL)


def test_a_signed_in_browser_stays_signed_in_across_a_restart_with_redis(browser: Browser, tmp_path: Path) -> None:
    store = redis_or_skip()
    prefix = f"tablekeeper-test-{uuid.uuid4().hex[:8]}:"
    server = Server(tmp_path, f"sqlite:///{tmp_path}/e2e.db", env={
        "NICEGUI_REDIS_URL": REDIS_URL, "NICEGUI_REDIS_KEY_PREFIX": prefix,
        "NICEGUI_STORAGE_PATH": str(tmp_path / "storage-first")})
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        server.start()
        page = context.new_page()
        made = page.request.post(server.url("/api/account/sign-up"), data={
            "email": "cai@example.org", "password": PASSWORD, "name": "Cai"})
        assert made.status == 201, made.text()
        page.goto(server.url("/account"))
        sign_in(page, "cai@example.org", PASSWORD)
        signed_in_as(page, "Cai")
        deadline = time.monotonic() + 10
        while not any(b"session" in (store.get(key) or b"") for key in store.scan_iter(f"{prefix}user-*")):
            assert time.monotonic() < deadline, "the session never reached Redis"
            time.sleep(0.1)

        # The open tab lives through the restart as a person's would: its socket reconnects, the new server does
        # not know its page and NiceGUI reloads it. That reload is awaited, never raced: a goto made meanwhile was
        # aborted by it (net::ERR_ABORTED, or a goto that never saw its own load event).
        server.kill()
        server.extra_env["NICEGUI_STORAGE_PATH"] = str(tmp_path / "storage-second")  # nothing kept on disk
        with page.expect_event("load"):
            server.start()
        signed_in_as(page, "Cai")
        fresh = context.new_page()  # and a tab opened now
        fresh.goto(server.url("/account"))
        signed_in_as(fresh, "Cai")
        assert not any((tmp_path / "storage-second").glob("storage-user-*"))

        card(fresh, "Your account").get_by_role("button", name="Sign out").click()  # and signing out sticks
        expect(card(fresh, "Sign in")).to_be_visible()
    finally:
        context.close()
        server.stop()
        for key in store.scan_iter(f"{prefix}*"):
            store.delete(key)
