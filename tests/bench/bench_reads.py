"""Benchmark 7: API readers and a tapping table on one process.

A fresh server (SQLite in a temp dir); R readers (aiohttp, one connection each) read ``GET /api/games/{id}``
in a loop for a fixed time: every read is authorised and answered with the bytes of the game's current
edition (models/service/reads.py). Meanwhile a table sends ``mark_damage`` through the API every 250 ms (a tap;
each makes a new version, so readers also meet fresh editions): its answer time is the tap's latency.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp

from tests.bench.bench_fanout import HORROR, OTHER_HORROR, game_body
from tests.bench.common import Report, Row, Stats
from tests.bench.procs import app_server, cpu_seconds, http_json


async def _read_loop(http: aiohttp.ClientSession, url: str, token: str, until: float, counts: list[int]) -> None:
    while time.monotonic() < until:
        async with http.get(url, headers={"X-Token": token}) as response:
            await response.read()
            counts[0 if response.status == 200 else 1] += 1


async def _taps(http: aiohttp.ClientSession, base: str, game: dict, until: float, every: float) -> list[float]:
    times: list[float] = []
    version = game["version"]
    url = f"{base}/api/games/{game['id']}/commands"
    while time.monotonic() < until:
        model = HORROR if len(times) % 2 else OTHER_HORROR
        t0 = time.perf_counter()
        async with http.post(url, json={"command": {"type": "mark_damage", "model": model, "amount": 1},
                                        "expected_version": version},
                             headers={"X-Token": game["tokens"]["table"]}) as response:
            version = (await response.json())["version"]
        times.append((time.perf_counter() - t0) * 1000)
        await asyncio.sleep(every)
    return times


async def _level(tmp: Path, readers: int, seconds: float) -> tuple[float, int, Stats, float]:
    server = app_server(tmp / f"reads-{readers}")
    try:
        base = server.url("").rstrip("/")
        game = http_json("POST", server.url("/api/games"), game_body("Reads"))
        url = f"{base}/api/games/{game['id']}"
        counts = [0, 0]  # answered 200, other
        connector = aiohttp.TCPConnector(limit=readers + 2)
        async with aiohttp.ClientSession(connector=connector) as http:
            await _read_loop(http, url, game["tokens"]["watch"], time.monotonic() + 1, [0, 0])  # warm-up
            c0, t0 = cpu_seconds(server.proc.pid), time.monotonic()
            until = t0 + seconds
            tasks = [_read_loop(http, url, game["tokens"]["watch"], until, counts) for _ in range(readers)]
            taps = (await asyncio.gather(*tasks, _taps(http, base, game, until, 0.25)))[-1]
            took = time.monotonic() - t0
            busy = (cpu_seconds(server.proc.pid) - c0) / took
        return counts[0] / took, counts[1], Stats.of(taps), busy
    finally:
        server.stop()


def bench_reads(report: Report, tmp: Path, readers: int = 200, seconds: float = 20.0) -> None:
    print(f"  reads: {readers} readers ...", flush=True)
    rate, failed, taps, busy = asyncio.run(_level(tmp, readers, seconds))
    report.add(Row("7 reads", f"GET /api/games/{{id}} by {readers} concurrent readers, {seconds:.0f} s, one process",
                   f"{rate:,.0f} reads/s answered ({failed} not 200); server {busy:.2f} cores busy",
                   ">= 2,000 reads/s", rate >= 2000))
    report.add(Row("7 reads", f"a table tap (POST a command) every 250 ms meanwhile ({taps.n} taps)",
                   f"p50 {taps.median:.0f} / p95 {taps.p95:.0f} / max {taps.max:.0f} ms", "p95 < 200 ms",
                   taps.p95 < 200))
