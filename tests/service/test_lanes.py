"""Lanes (DESIGN.md, "Lanes: what may wait for what"; webapp/lanes.py): password checks run in a bounded lane of
their own, a full lane refuses at once with 503 and ``Retry-After``, and a table's command goes on while sign-ins
fill it. On SQLite and PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import anyio.to_thread
import pytest
from fastapi.testclient import TestClient
from starlette.concurrency import run_in_threadpool

from models.service import accounts as accounts_module
from tests.service.site_client import PASSWORD, sign_up, site_client
from tests.service.test_api import AGATHON, GAME, assert_error, command
from webapp import deps
from webapp.lanes import Lane, Lanes, LaneSizes

WAIT = 60.0  # s: a bound on waiting for what must happen (never reached when it works)


class Held:
    """The service's argon2 hasher, held: every hash or check waits until ``go`` is set; ``inside`` counts the
    ones waiting."""

    def __init__(self, hasher: Any) -> None:
        self.hasher, self.go, self.inside = hasher, threading.Event(), 0
        self.changed = threading.Condition()

    def _held(self, work: Callable[[], Any]) -> Any:
        with self.changed:
            self.inside += 1
            self.changed.notify_all()
        assert self.go.wait(WAIT)
        return work()

    def until_inside(self, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.inside >= count, WAIT)

    def verify(self, hashed: str, password: str) -> bool:
        return bool(self._held(lambda: self.hasher.verify(hashed, password)))

    def hash(self, password: str) -> str:
        return str(self._held(lambda: self.hasher.hash(password)))

    def check_needs_rehash(self, hashed: str) -> bool:
        return bool(self.hasher.check_needs_rehash(hashed))


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    for name in ("TABLEKEEPER_SMTP_HOST", "TABLEKEEPER_SITE_URL"):
        monkeypatch.delenv(name, raising=False)
    with site_client(db_url, monkeypatch) as c:
        yield c


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    watched = Held(accounts_module._hasher)
    monkeypatch.setattr(accounts_module, "_hasher", watched)
    yield watched
    watched.go.set()


def lanes(password_workers: int, password_queue: int) -> Lanes:
    made = Lanes(LaneSizes(password_workers=password_workers, password_queue=password_queue))
    deps.current().lanes = made
    return made


def sign_in(client: TestClient, n: int) -> Any:
    return client.post("/api/account/sign-in", json={"email": f"nobody{n}@example.org", "password": PASSWORD})


def until_taken(lane: Lane, count: int) -> None:
    """Until ``count`` calls hold a place in the lane (a request reaches it only after its limits are counted)."""
    deadline = time.monotonic() + WAIT
    while True:
        with lane.lock:
            if lane.taken >= count:
                return
        assert time.monotonic() < deadline, f"the lane never held {count}"
        time.sleep(0.01)


def test_a_full_password_lane_refuses_at_once_with_retry_after_and_counts_nothing(
        client: TestClient, held: Held) -> None:
    lane = lanes(password_workers=1, password_queue=1).passwords
    with ThreadPoolExecutor(2) as pool:
        first = [pool.submit(sign_in, client, n) for n in range(2)]
        held.until_inside(1)  # one checks a password; the other is on its way into the lane's queue
        until_taken(lane, 2)
        refused = sign_in(client, 2)
        body = assert_error(refused, 503, "account.busy")
        assert int(refused.headers["Retry-After"]) >= 1
        assert "try again in" in body["message"] and "second" in body["message"]
        held.go.set()
        assert [f.result(WAIT).status_code for f in first] == [422, 422]  # positive control: those two were checked
    assert sign_in(client, 3).status_code == 422  # the lane is free again


def test_a_table_plays_on_while_sign_ins_fill_the_password_lane(client: TestClient, held: Held) -> None:
    lanes(password_workers=1, password_queue=3)
    game = client.post("/api/games", json=GAME).json()
    with ThreadPoolExecutor(12) as pool:
        flood = [pool.submit(sign_in, client, n) for n in range(12)]
        held.until_inside(1)
        tap = command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 1}, 1)
        assert tap.status_code == 200, tap.text  # answered while every password check still waits
        held.go.set()
        answers = [f.result(WAIT).status_code for f in flood]
    assert answers.count(422) == 4 and answers.count(503) == 8  # 1 checking and 3 queued; the rest refused


def test_sign_ins_in_the_threads_games_use_would_stall_the_table(client: TestClient, held: Held,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control of the test above: sign-ins run as they were before lanes (in anyio's worker threads, which
    the API's game commands use too) hold every thread, and the table's command waits behind them."""
    async def old_way(self: Lane, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await run_in_threadpool(fn, *args, **kwargs)

    monkeypatch.setattr(Lane, "run", old_way)
    game = client.post("/api/games", json=GAME).json()
    limiter = client.portal.call(anyio.to_thread.current_default_thread_limiter)  # type: ignore[union-attr]
    tokens = limiter.total_tokens
    client.portal.call(setattr, limiter, "total_tokens", 4)  # type: ignore[union-attr]
    try:
        with ThreadPoolExecutor(5) as pool:
            flood = [pool.submit(sign_in, client, n) for n in range(4)]
            held.until_inside(4)  # every worker thread waits for a password check
            tap: Future[Any] = pool.submit(command, client, game, {"type": "mark_damage", "model": AGATHON,
                                                                   "amount": 1}, 1)
            until_waiting(client, limiter)
            assert not tap.done()  # the table's command has no thread to run in
            held.go.set()
            assert tap.result(WAIT).status_code == 200 and all(f.result(WAIT).status_code == 422 for f in flood)
    finally:
        client.portal.call(setattr, limiter, "total_tokens", tokens)  # type: ignore[union-attr]


def until_waiting(client: TestClient, limiter: Any) -> None:
    """Until a task waits for one of the limiter's threads."""
    done = threading.Event()

    async def watch() -> None:
        while limiter.statistics().tasks_waiting < 1:
            await anyio.sleep(0.01)
        done.set()

    client.portal.start_task_soon(watch)  # type: ignore[union-attr]
    assert done.wait(WAIT)


def test_an_honest_sign_in_goes_through_the_lane(client: TestClient) -> None:
    sign_up(client, "Ana")
    lanes(password_workers=1, password_queue=0)
    signed = client.post("/api/account/sign-in", json={"email": "ana@example.org", "password": PASSWORD})
    assert signed.status_code == 200 and signed.json()["account"]["name"] == "Ana"
