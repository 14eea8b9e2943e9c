"""Full garbage collections kept short while many pages are open, and a warning in the server's log for every one
that pauses the server for long anyway (DESIGN.md "Performance budget": none over 50 ms; the fan-out benchmark
counts those lines, and an operator sees them too).

A full collection walks every object the collector tracks. An open page's objects (its NiceGUI client, elements
and socket) live as long as the page: with 1,000 watch pages open, each full collection took 0.3-0.6 s, and they
made a spectator cost twice what a bare python-socketio broadcast costs per client (tests/bench fan-out,
docs/PERFORMANCE.md). So once more pages are open, what exists then is frozen (``gc.freeze``) and later
collections skip it. The collector never frees what is frozen: once enough of the pages open at the last freeze
have closed, everything is thawed, collected once and frozen again.

The youngest generation is also collected less often (every YOUNG new objects, not CPython's 700). Each page keeps
a few short waits going (NiceGUI's outbox wakes every second, each socket has a writer) and a change sends one
message per page: with a collection every 700 objects, those waits were caught alive, promoted and walked again
and again by older collections, and a spectator of 200 cost 1.4x a bare broadcast's client; at 10,000, 0.75x
(tests/bench fan-out, back-to-back runs).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any, Literal

log = logging.getLogger("tablekeeper.gc")
LONG_MS = 50.0
FLOOR = 50  # pages open: below this, full collections are short anyway and nothing is frozen
STEP = 20  # pages opened (or closed) since the last freeze that are worth a freeze (or a thaw) ...
SHARE = 0.1  # ... or this share of the pages open at the last freeze, whichever is more
EVERY_S = 2.0
YOUNG = 10_000  # new objects between two collections of the youngest generation (CPython's default: 700)
_started: list[float] = []

Action = Literal["freeze", "refresh"]


def _callback(phase: str, info: dict[str, Any]) -> None:
    if info.get("generation") != 2:
        return
    if phase == "start":
        _started[:] = [time.perf_counter()]
    elif _started:
        took = (time.perf_counter() - _started.pop()) * 1000
        if took > LONG_MS:
            log.warning("full garbage collection paused the server for %.0f ms", took)


def install() -> None:
    """Log long full collections and collect the youngest generation every YOUNG objects (see above)."""
    if _callback not in gc.callbacks:
        gc.callbacks.append(_callback)
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])


def decide(frozen: frozenset[str], open_now: frozenset[str]) -> Action | None:
    """What to do, given the pages open at the last freeze and those open now: ``refresh`` (thaw, collect, freeze
    again) once enough frozen pages have closed; ``freeze`` once enough pages have opened; otherwise nothing."""
    enough = max(STEP, SHARE * len(frozen))
    if frozen and len(frozen - open_now) >= enough:
        return "refresh"
    if len(open_now) >= FLOOR and len(open_now - frozen) >= enough:
        return "freeze"
    return None


class Freezer:
    """Freezes the objects of open pages as they accumulate (see the module's docstring); ``pages`` names the
    pages open now."""

    def __init__(self, pages: Callable[[], Iterable[str]]) -> None:
        self.pages = pages
        self.frozen: frozenset[str] = frozenset()

    def tick(self) -> Action | None:
        open_now = frozenset(self.pages())
        action = decide(self.frozen, open_now)
        if action == "refresh":
            gc.unfreeze()
            gc.collect()
        elif action == "freeze":
            gc.collect(1)  # the young garbage goes first, so that little of it is kept
        if action is not None:
            gc.freeze()
            self.frozen = open_now
        return action

    async def run_forever(self, every: float = EVERY_S) -> None:
        while True:
            await asyncio.sleep(every)
            self.tick()
