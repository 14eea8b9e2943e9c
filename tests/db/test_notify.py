"""The PostgreSQL listener (models/db/notify.py) against a fake connection: it survives lost connections.

The fake plays a script of connections: each either fails to open, or delivers some notices and then dies
(with an error, as after ``pg_terminate_backend``, or silently: only the periodic check finds out).
The real database is exercised end to end in tests/e2e/test_faults_listener.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from types import SimpleNamespace
from typing import Any

import psycopg
import pytest

from models.db.notify import Listener, backoff, parse, parse_site


@dataclass
class FakeConnection:
    """Delivers ``notices``, then dies: ``loud`` raises from ``notifies()``, silent only fails the next query."""

    notices: list[str] = field(default_factory=list)
    loud: bool = True
    alive: bool = True  # the last connection of a script stays up
    queries: list[str] = field(default_factory=list)

    def __enter__(self) -> FakeConnection:
        return self

    def __exit__(self, *_: object) -> None:
        pass

    def execute(self, sql: str) -> None:
        self.queries.append(sql)
        if sql == "SELECT 1" and not self.alive:
            raise psycopg.OperationalError("server closed the connection unexpectedly")

    def notifies(self, timeout: float) -> Iterator[SimpleNamespace]:
        while self.notices:
            yield SimpleNamespace(payload=self.notices.pop(0))
        if not self.alive and self.loud:
            raise psycopg.OperationalError("terminating connection due to administrator command")
        time.sleep(timeout)


class Script:
    """``connect`` for the listener: each call takes the next entry (an exception is raised, not returned)."""

    def __init__(self, *entries: FakeConnection | Exception) -> None:
        self.entries, self.calls = list(entries), 0

    def __call__(self, conninfo: str, **options: Any) -> FakeConnection:
        assert options["autocommit"] and options["keepalives"] == 1
        entry = self.entries[min(self.calls, len(self.entries) - 1)]
        self.calls += 1
        if isinstance(entry, Exception):
            raise entry
        return entry


def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def started(script: Script) -> tuple[Listener, list[tuple[str, int]], list[int]]:
    notices: list[tuple[str, int]] = []
    connects: list[int] = []
    listener = Listener("postgresql://fake", lambda g, v: notices.append((g, v)), lambda: connects.append(1),
                        connect=script, first_delay=0.01, max_delay=0.04, check_every=0.02)
    listener.start()
    return listener, notices, connects


def test_reconnect_waits_double_each_time_from_half_a_second_up_to_ten() -> None:
    assert list(islice(backoff(), 7)) == [0.5, 1, 2, 4, 8, 10, 10]


def test_notices_from_other_servers_are_read_and_junk_payloads_ignored() -> None:
    assert parse("ab12:7") == ("ab12", 7)
    assert [parse(p) for p in ("", "ab12", "ab12:", ":3", "ab12:x", "ab12:-1")] == [None] * 6


def test_the_sites_notices_name_an_event_or_the_listings_and_nothing_else() -> None:
    assert parse_site("event/3e78c6cb") == ("event", "3e78c6cb")
    assert parse_site("event/*") == ("event", "*")
    assert parse_site("listings/") == ("listings", "")
    assert [parse_site(p) for p in ("", "event", "game/ab", "ab12:7", "event/ab:7")] == [None] * 5
    assert parse("event/3e78c6cb") is None and parse("listings/") is None  # never taken for a game's


def test_an_events_and_the_listings_notices_go_to_their_own_callback_and_games_to_theirs() -> None:
    site: list[tuple[str, str]] = []
    notices: list[tuple[str, int]] = []
    script = Script(FakeConnection(["event/e1", "g1:4", "listings/", "junk", "event/*"]))
    listener = Listener("postgresql://fake", lambda g, v: notices.append((g, v)), lambda: None,
                        on_site=lambda k, key: site.append((k, key)), connect=script, check_every=0.02)
    listener.start()
    try:
        assert wait_until(lambda: len(site) == 3), site
        assert site == [("event", "e1"), ("listings", ""), ("event", "*")]
        assert notices == [("g1", 4)]
    finally:
        listener.stop(timeout=1)


def test_only_postgresql_needs_a_listener() -> None:
    assert Listener.for_url("sqlite:///x.db", print, print) is None
    listener = Listener.for_url("postgresql+psycopg://u:pw@h:5/db", print, print)
    assert listener is not None and listener.conninfo == "postgresql://u:pw@h:5/db"


def test_a_terminated_connection_is_reopened_and_followed_games_are_announced_again() -> None:
    refused = psycopg.OperationalError("the database system is starting up")
    script = Script(FakeConnection(["g1:2"], alive=False), refused, refused, FakeConnection(["g1:5"]))
    listener, notices, connects = started(script)
    try:
        assert wait_until(lambda: notices == [("g1", 2), ("g1", 5)]), notices
        assert listener.up and listener.reconnects == 1 and script.calls == 4
        # Once per connection that listens: the games followed are re-read after the outage.
        assert len(connects) == 2
    finally:
        listener.stop(timeout=1)


def test_a_connection_that_died_silently_is_found_by_the_periodic_check() -> None:
    silent = FakeConnection(loud=False, alive=False)
    script = Script(silent, FakeConnection(["g2:3"]))
    listener, notices, connects = started(script)
    try:
        assert wait_until(lambda: notices == [("g2", 3)]), notices
        assert "SELECT 1" in silent.queries and listener.reconnects == 1 and len(connects) == 2
    finally:
        listener.stop(timeout=1)


def test_the_listener_says_it_is_down_while_the_database_cannot_be_reached() -> None:
    script = Script(psycopg.OperationalError("connection refused"))
    listener, notices, connects = started(script)
    try:
        assert wait_until(lambda: script.calls >= 3)  # it keeps trying
        assert listener.status() == {"up": False, "reconnects": 0}
        assert "connection refused" in listener.last_error and not connects
    finally:
        listener.stop(timeout=1)


def test_a_failing_callback_does_not_stop_the_listener(caplog: pytest.LogCaptureFixture) -> None:
    seen: list[tuple[str, int]] = []

    def on_notice(game_id: str, version: int) -> None:
        seen.append((game_id, version))
        if version == 1:
            raise RuntimeError("a page's bug")

    listener = Listener("postgresql://fake", on_notice, lambda: None, connect=Script(FakeConnection(["a:1", "a:2"])),
                        check_every=0.02)
    listener.start()
    try:
        assert wait_until(lambda: seen == [("a", 1), ("a", 2)]), seen
        assert listener.up and "A listener callback failed" in caplog.text
    finally:
        listener.stop(timeout=1)
