"""Benchmark 4: one server process, N spectators on one game's watch page, a change every 500 ms.

For each N the real app (``python -m webapp.main``, SQLite in a temp dir) is started fresh, N socket clients
open the watch page as a browser does (tests/bench/spectators.py), and a table token sends ``mark_damage`` (1 on
a Guardian of Souls) through the JSON API every 500 ms. Each change makes the web's aria-label read
"outer ring K of 30 marked": the first ``update`` message holding that text is when spectator S saw change K.

- latency: receive time minus the commit stamp of change K (the log row's ``at``, written in the committing
  transaction; same machine, same clock), p50/p95/p99 over all spectators and changes;
- server cost: the server's CPU time (/proc/<pid>/stat) over the changes, minus its idle CPU over an equally
  long window just before (pings, acks), divided by changes x spectators.

In the same run the same N clients connect to a bare python-socketio server (tests/bench/bare_server.py) that
broadcasts one message of the same size (the bytes one spectator received per change) every 500 ms; its
latency (receive minus the stamp taken just before the emit) and CPU per client per change are the baseline.
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
import socketio

from tests.bench.common import Report, Row, Stats
from tests.bench.procs import BareServer, app_server, cpu_seconds, http_json, rss_bytes
from tests.bench.script import SIDES
from tests.bench.spectators import close_all, open_many

HORROR = "p1-guardian-of-souls"  # outer ring of 30 boxes: "outer ring K of 30 marked" is unique per change
RING = re.compile(r"outer ring (\d+) of 30 marked")


def game_body(title: str = "Fan-out") -> dict[str, Any]:
    return {"title": title, "sides": [{"player": p, "army": [e.model_dump(exclude_none=True) for e in a]}
                                      for p, a in SIDES]}


@dataclass
class Level:
    n_wanted: int
    n: int
    why_short: str
    open_s: float
    latency: Stats
    missing: int
    cost_ms: float  # server CPU ms per spectator per change
    busy: float  # server CPU cores used while the changes ran
    bytes_per_change: float
    client_cpu: float  # load generator CPU cores used while the changes ran
    rss_mb: float = 0.0


def _stamp(at: str) -> float:
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:  # SQLite hands back naive datetimes; they were written in UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


async def _idle_cpu(pid: int, seconds: float) -> float:
    c0, t0 = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(seconds)
    return (cpu_seconds(pid) - c0) / (time.monotonic() - t0)


async def nicegui_level(n: int, tmp: Path, changes: int, interval: float) -> Level:
    server = app_server(tmp / f"fanout-{n}")
    loop = asyncio.get_running_loop()
    try:
        base = server.url("").rstrip("/")
        game = http_json("POST", server.url("/api/games"), game_body())
        token = game["tokens"]["table"]
        t_open = time.monotonic()
        spectators, why = await open_many(base, game["watch_url"], n, concurrency=8, deadline=300)
        open_s = time.monotonic() - t_open
        await asyncio.sleep(4)  # handshakes settle
        pid = server.proc.pid
        idle = await _idle_cpu(pid, changes * interval)
        for s in spectators:
            s.messages.clear()
        version = game["version"]
        c1, t1, own1 = cpu_seconds(pid), time.monotonic(), sum(os.times()[:2])
        for k in range(1, changes + 1):
            body = {"command": {"type": "mark_damage", "model": HORROR, "amount": 1}, "expected_version": version}
            out = await loop.run_in_executor(None, lambda b=body: http_json(
                "POST", server.url(f"/api/games/{game['id']}/commands"), b, token))
            version = out["version"]
            await asyncio.sleep(max(0.0, t1 + k * interval - time.monotonic()))
        await asyncio.sleep(3)  # the last deliveries
        c2, t2, own2 = cpu_seconds(pid), time.monotonic(), sum(os.times()[:2])
        rss = rss_bytes(pid)
        log = http_json("GET", server.url(f"/api/games/{game['id']}/log?token={token}"))
        commit = {e["seq"]: _stamp(e["at"]) for e in log}
        first_seq = game["version"] + 1
        latencies: list[float] = []
        missing = 0
        total_bytes = 0
        for s in spectators:
            total_bytes += sum(len(orjson.dumps(m.data)) for m in s.messages)
            # When shown: the first message with the web at K or more marks (a page that falls behind shows
            # the newest state and skips the ones in between: it has seen change K then too).
            shown = [(m.at, int(x)) for m in s.messages for x in RING.findall(orjson.dumps(m.data).decode())]
            for k in range(1, changes + 1):
                got = next((at for at, marked in shown if marked >= k), None)
                if got is None:
                    missing += 1
                else:
                    latencies.append((got - commit[first_seq + k - 1]) * 1000)
        await close_all(spectators)
        count = max(1, len(spectators))
        work = max(0.0, (c2 - c1) - idle * (t2 - t1))
        return Level(n, len(spectators), why, open_s, Stats.of(latencies), missing,
                     work / (changes * count) * 1000, (c2 - c1) / (t2 - t1), total_bytes / (changes * count),
                     (own2 - own1) / (t2 - t1), rss / 2**20)
    finally:
        server.stop()


async def bare_level(n: int, size: int, changes: int, interval: float) -> Level:
    bare = BareServer()
    received: list[list[tuple[float, int, float]]] = []
    clients: list[socketio.AsyncClient] = []
    try:
        async def connect() -> None:
            box: list[tuple[float, int, float]] = []
            client = socketio.AsyncClient(reconnection=False)

            async def on_update(data: dict[str, Any]) -> None:
                box.append((time.time(), data["k"], data["t"]))

            client.on("update", on_update)
            await client.connect(bare.url(), transports=["websocket"], wait_timeout=30)
            clients.append(client)
            received.append(box)

        t_open = time.monotonic()
        for k in range(0, n, 16):
            await asyncio.gather(*(connect() for _ in range(min(16, n - k))))
        open_s = time.monotonic() - t_open
        await asyncio.sleep(2)
        idle = await _idle_cpu(bare.pid, changes * interval)
        loop = asyncio.get_running_loop()
        c1, t1, own1 = cpu_seconds(bare.pid), time.monotonic(), sum(os.times()[:2])
        for k in range(1, changes + 1):
            await loop.run_in_executor(None, lambda k=k: http_json("POST", bare.url(f"/broadcast?size={size}&k={k}")))
            await asyncio.sleep(max(0.0, t1 + k * interval - time.monotonic()))
        await asyncio.sleep(3)
        c2, t2, own2 = cpu_seconds(bare.pid), time.monotonic(), sum(os.times()[:2])
        latencies = [(at - sent) * 1000 for box in received for at, _, sent in box]
        missing = changes * len(clients) - len(latencies)
        work = max(0.0, (c2 - c1) - idle * (t2 - t1))
        return Level(n, len(clients), "", open_s, Stats.of(latencies), missing,
                     work / (changes * max(1, len(clients))) * 1000, (c2 - c1) / (t2 - t1), size,
                     (own2 - own1) / (t2 - t1), rss_bytes(bare.pid) / 2**20)
    finally:
        for k in range(0, len(clients), 50):
            await asyncio.gather(*(c.disconnect() for c in clients[k:k + 50]), return_exceptions=True)
        bare.stop()


def bench_fanout(report: Report, tmp: Path, levels: tuple[int, ...] = (50, 200, 500), changes: int = 20,
                 interval: float = 0.5) -> list[tuple[Level, Level]]:
    results: list[tuple[Level, Level]] = []
    for n in levels:
        print(f"  fan-out: {n} spectators ...", flush=True)
        app = asyncio.run(nicegui_level(n, tmp, changes, interval))
        size = max(200, round(app.bytes_per_change))
        bare = asyncio.run(bare_level(app.n or n, size, changes, interval))
        results.append((app, bare))
        ratio = app.cost_ms / bare.cost_ms if bare.cost_ms > 0 else float("inf")
        short = f" ({app.why_short})" if app.why_short else ""
        lat = app.latency
        report.add(Row(
            "4 fan-out", f"{app.n} of {n} spectators{short}, {changes} changes every {interval * 1000:.0f} ms",
            f"latency p50 {lat.median:.0f} / p95 {lat.p95:.0f} / p99 {lat.p99:.0f} / max {lat.max:.0f} ms, "
            f"missed {app.missing}; server {app.cost_ms:.3f} ms CPU per spectator per change "
            f"({app.busy:.2f} cores busy), {app.bytes_per_change / 1024:.1f} KiB per spectator per change; "
            f"pages opened in {app.open_s:.0f} s; server RSS {app.rss_mb:.0f} MiB; load generator "
            f"{app.client_cpu:.2f} cores",
            "p95 < 250 ms at 200" if n == 200 else "", (lat.p95 < 250) if n == 200 else None))
        report.add(Row(
            "4 fan-out", f"bare python-socketio broadcast, {bare.n} clients, {size} B message (baseline, same run)",
            f"latency p50 {bare.latency.median:.0f} / p95 {bare.latency.p95:.0f} / p99 {bare.latency.p99:.0f} / "
            f"max {bare.latency.max:.0f} ms, missed {bare.missing}; {bare.cost_ms:.3f} ms CPU per client per "
            f"change ({bare.busy:.2f} cores busy); load generator {bare.client_cpu:.2f} cores",
            "app cost <= 1.5x bare", ratio <= 1.5, f"app/bare = {ratio:.1f}x"))
    return results
