"""A warning in the server's log for every full garbage collection that pauses the server for long (DESIGN.md
"Performance budget": none over 50 ms). The fan-out benchmark counts these lines; an operator sees them too."""

from __future__ import annotations

import gc
import logging
import time
from typing import Any

log = logging.getLogger("tablekeeper.gc")
LONG_MS = 50.0
_started: list[float] = []


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
    if _callback not in gc.callbacks:
        gc.callbacks.append(_callback)
