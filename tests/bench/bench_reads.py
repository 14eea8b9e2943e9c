"""Benchmark 7: API readers and a tapping table on one process.

A fresh server (SQLite in a temp dir); R readers (aiohttp, one connection each) read ``GET /api/games/{id}``
in a loop for a fixed time: every read is authorised and answered with the bytes of the game's current
edition (models/service/reads.py). Meanwhile a table, in a process of its own, sends ``mark_damage`` through the
API every 250 ms (a tap; each makes a new version, so readers also meet fresh editions): its answer time is the
tap's latency.
"""

from __future__ import annotations

import asyncio
import http.client
import multiprocessing
import time
import urllib.parse
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import aiohttp
import orjson

from tests.bench.bench_fanout import HORROR, OTHER_HORROR, game_body
from tests.bench.common import Report, Row, Stats
from tests.bench.procs import app_server, cpu_seconds, http_json


async def _read_loop(session: aiohttp.ClientSession, url: str, token: str, until: float, counts: list[int]) -> None:
    while time.monotonic() < until:
        async with session.get(url, headers={"X-Token": token}) as response:
            await response.read()
            counts[0 if response.status == 200 else 1] += 1


def _taps(base: str, game: dict, until: float, every: float) -> list[float]:
    """The table's taps until ``until`` (time.monotonic, which every process on the machine shares), each timed.
    They run in a process of their own, as a tablet is a device of its own: in the readers' process each answer
    waited behind 200 readers' on a busy event loop, and that wait was counted as the server's."""
    where = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port, timeout=30)
    times: list[float] = []
    version = game["version"]
    headers = {"Content-Type": "application/json", "X-Token": game["tokens"]["table"]}
    while time.monotonic() < until:
        model = HORROR if len(times) % 2 else OTHER_HORROR
        body = orjson.dumps({"command": {"type": "mark_damage", "model": model, "amount": 1},
                             "expected_version": version})
        t0 = time.perf_counter()
        connection.request("POST", f"/api/games/{game['id']}/commands", body, headers)
        version = orjson.loads(connection.getresponse().read())["version"]
        times.append((time.perf_counter() - t0) * 1000)
        time.sleep(every)
    connection.close()
    return times


async def _level(tmp: Path, readers: int, seconds: float) -> tuple[float, int, Stats, float]:
    server = app_server(tmp / f"reads-{readers}")
    try:
        base = server.url("").rstrip("/")
        game = http_json("POST", server.url("/api/games"), game_body("Reads"))
        url = f"{base}/api/games/{game['id']}"
        counts = [0, 0]  # answered 200, other
        connector = aiohttp.TCPConnector(limit=readers + 1)
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as tablet:
            tablet.submit(int).result()  # the tablet's process is up before the clock starts
            async with aiohttp.ClientSession(connector=connector) as session:
                await _read_loop(session, url, game["tokens"]["watch"], time.monotonic() + 1, [0, 0])  # warm-up
                c0, t0 = cpu_seconds(server.proc.pid), time.monotonic()
                until = t0 + seconds
                tapping = asyncio.get_running_loop().run_in_executor(tablet, _taps, base, game, until, 0.25)
                await asyncio.gather(*(_read_loop(session, url, game["tokens"]["watch"], until, counts)
                                       for _ in range(readers)))
                taps = await tapping
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
                   f"p50 {taps.median:.0f} / p95 {taps.p95:.0f} / max {taps.max:.0f} ms", "p95 < 150 ms",
                   taps.p95 < 150))
