"""The phones and the hall screen of benchmark 10's shared uplink, run inside the benchmark's network namespace (so
every byte they exchange with the server crosses the namespace's rate-limited link): ``python -m tests.bench.crowd``
with a JSON object on stdin (``base``, ``pages``, ``hall``: an event id or ""). Each page is opened as a browser does
(tests/bench/spectators.py) and what it receives is kept; the hall's socket joins its event's room. The process
prints ``ready <opened>`` once every page is open, waits for a line on stdin, and prints what each page received as
one JSON line: for each page the damage marks each message showed and when; for the hall when each message came and
the round's progress it showed."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import aiohttp
import orjson

from tests.bench.bench_fanout import marks_shown
from tests.bench.spectators import Spectator, close_all


async def crowd(base: str, pages: list[str], hall: str) -> None:
    async with aiohttp.ClientSession(headers={"Accept-Encoding": "gzip"}) as http:
        spectators = [Spectator(base, path) for path in pages]
        gate = asyncio.Semaphore(8)

        async def open_one(s: Spectator) -> None:
            async with gate:
                await s.open(http, timeout=60)

        await asyncio.gather(*(open_one(s) for s in spectators))
        screen = None
        if hall:
            screen = Spectator(base, f"/events/{hall}/hall")
            await screen.open(http, timeout=60)
            assert screen.sio is not None
            screen.sio.on("tk_hall", screen._on_update)  # noqa: SLF001 - the same record as the other pages
            answer = await screen.sio.call("tk_hall_join", {"client": screen.client_id, "v": 0}, timeout=60)
            if not answer.get("ok"):
                raise RuntimeError(f"the hall screen could not join its room: {answer}")
        print(f"ready {len(spectators)}", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        out: dict[str, Any] = {"pages": [{"path": s.path, "seen": [(m.at, marks_shown(m.data)) for m in s.messages]}
                                         for s in spectators]}
        if screen is not None:
            out["hall"] = [(m.at, _progress(m.data)) for m in screen.messages]
            await close_all([screen])
        await close_all(spectators)
        print(orjson.dumps(out).decode(), flush=True)


def _progress(data: Any) -> str:
    """The round's progress line a hall message sets ("" when it leaves it as it was)."""
    part = data.get("view") or data.get("patch") or {}
    return str(part.get("progress") or "") if isinstance(part, dict) else ""


def main() -> None:
    asked = json.loads(sys.stdin.readline())
    t0 = time.monotonic()
    asyncio.run(crowd(asked["base"], asked["pages"], asked.get("hall", "")))
    print(f"done in {time.monotonic() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
