"""Lanes for heavy work anyone can cause (DESIGN.md, "Lanes: what may wait for what").

Password hashing (argon2: about 0.3 s of a core and 64 MiB each) and an account's bulk data (its export, a card
pack's import or export) run in small thread pools of their own, never in the worker threads that game commands,
reads and page events use (NiceGUI's ``run.io_bound`` pool, anyio's default limiter for the API). Each lane takes at
most its workers plus a bounded queue of requests; past that a request is refused at once with :class:`Busy` (the
API answers 503 with ``Retry-After``; a page says it in words), so a flood of sign-ins waits in no thread at all
and a table's tap never queues behind it. Sizes are settings (webapp/settings.py).
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from models.service.errors import Busy

P = ParamSpec("P")
R = TypeVar("R")
RETRY_MOST = 60  # s: the longest Retry-After a lane names
FIRST_GUESS = 0.5  # s a task takes, until the lane has timed one


class Lane:
    """At most ``workers`` tasks at once and ``queue`` more waiting; the rest refused as :class:`Busy`."""

    def __init__(self, name: str, workers: int, queue: int, refusal: Callable[[str, int], Busy]) -> None:
        """``refusal(wait in words, Retry-After seconds)``: what a request is told when the lane is full."""
        self.name, self.workers, self.most = name, max(1, workers), max(1, workers) + max(0, queue)
        self.refusal = refusal
        self.pool = ThreadPoolExecutor(self.workers, thread_name_prefix=f"lane-{name}")
        self.taken, self.seconds, self.refused = 0, FIRST_GUESS, 0
        self.lock = threading.Lock()

    async def run(self, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``fn(*args, **kwargs)`` in this lane, awaited without holding any other thread; Busy when full."""
        with self.lock:
            if self.taken >= self.most:
                self.refused += 1
                wait = self.retry_after()
                raise self.refusal(f"{wait} second{'s' if wait != 1 else ''}", wait)
            self.taken += 1

        def timed() -> R:
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds = 0.8 * self.seconds + 0.2 * (time.perf_counter() - started)

        try:
            future: Future[R] = self.pool.submit(timed)
        except BaseException:
            self._free()
            raise
        future.add_done_callback(lambda _: self._free())  # a task given up while queued frees its place too
        return await asyncio.wrap_future(future)

    def _free(self) -> None:
        with self.lock:
            self.taken -= 1

    def retry_after(self) -> int:
        """Seconds until the lane has likely worked through what it holds now (1 to RETRY_MOST)."""
        return min(RETRY_MOST, max(1, math.ceil(self.taken * self.seconds / self.workers)))


@dataclass(frozen=True)
class LaneSizes:
    """Workers and queue places of each lane (defaults for 2 cores: one core may hash while the other plays)."""

    password_workers: int = 1
    password_queue: int = 4
    data_workers: int = 1
    data_queue: int = 2


class Lanes:
    """The lanes of one server process."""

    def __init__(self, sizes: LaneSizes = LaneSizes()) -> None:
        self.passwords = Lane("passwords", sizes.password_workers, sizes.password_queue, lambda wait, after: Busy(
            "account.busy", f"Many people are signing in right now: try again in {wait}.", after))
        self.data = Lane("data", sizes.data_workers, sizes.data_queue, lambda wait, after: Busy(
            "account.data_busy", f"The server is busy with other downloads and imports: try again in {wait}.",
            after))
