"""Benchmark 4: one server process, N spectators on one game's watch page, a change every 500 ms.

For each N the real app (``python -m webapp.main``, SQLite in a temp dir) is started fresh, N socket clients
open the watch page as a browser does and join the game's room (tests/bench/spectators.py), and a table token
sends ``mark_damage`` (1 on a Guardian of Souls) through the JSON API every 500 ms. Each change makes the web's
aria-label read "outer ring K of 30 marked": the first message (a ``tk_view`` patch) holding that text is when
spectator S saw change K.

- latency: receive time minus the commit stamp of change K (the log row's ``at``, written in the committing
  transaction; same machine, same clock), p50/p95/p99 over all spectators and changes;
- server cost: the server's CPU time (/proc/<pid>/stat) over the changes, minus its idle CPU over an equally
  long window just before (pings, acks), divided by changes x spectators;
- long pauses: the server logs each full garbage collection over 50 ms (webapp/gc_log.py); the lines written
  while the changes ran are counted.

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
from tests.bench.procs import BareServer, Server, app_server, cpu_seconds, http_json, rss_bytes
from tests.bench.script import SIDES
from tests.bench.spectators import close_all, open_many

HORROR = "p1-guardian-of-souls"  # outer ring of 30 boxes: "outer ring K of 30 marked" is unique per change
OTHER_HORROR = "p2-guardian-of-souls"  # marked in the round with one spectator
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
    long_gcs: int = 0  # full garbage collections over 50 ms while the changes ran
    added_ms: float = 0.0  # server CPU ms each spectator adds to a change (beyond the first)
    first_ms: float = 0.0  # server CPU ms of a change with one spectator (the command, view, patch, one send)


def _stamp(at: str) -> float:
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:  # SQLite hands back naive datetimes; they were written in UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


async def _idle_cpu(pid: int, seconds: float) -> float:
    c0, t0 = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(seconds)
    return (cpu_seconds(pid) - c0) / (time.monotonic() - t0)


async def _changes(server: Server, game: dict[str, Any], version: int, model: str, changes: int,
                   interval: float) -> tuple[float, float, float, int]:
    """``changes`` commands (1 damage on ``model``), one every ``interval`` s, then 3 s for the last deliveries:
    (server CPU seconds used, seconds it took, load generator CPU seconds, the game's version after)."""
    loop = asyncio.get_running_loop()
    pid = server.proc.pid
    c1, t1, own1 = cpu_seconds(pid), time.monotonic(), sum(os.times()[:2])
    for k in range(1, changes + 1):
        body = {"command": {"type": "mark_damage", "model": model, "amount": 1}, "expected_version": version}
        out = await loop.run_in_executor(None, lambda b=body: http_json(
            "POST", server.url(f"/api/games/{game['id']}/commands"), b, game["tokens"]["table"]))
        version = out["version"]
        await asyncio.sleep(max(0.0, t1 + k * interval - time.monotonic()))
    await asyncio.sleep(3)  # the last deliveries
    return cpu_seconds(pid) - c1, time.monotonic() - t1, sum(os.times()[:2]) - own1, version


async def nicegui_level(n: int, tmp: Path, changes: int, interval: float) -> Level:
    """Two rounds of changes on a fresh server: with one spectator (what a change costs whoever watches: the
    command, the view, the patch), then with all N; the cost per spectator is what the N - 1 others add."""
    server = app_server(tmp / f"fanout-{n}")
    try:
        base = server.url("").rstrip("/")
        game = http_json("POST", server.url("/api/games"), game_body())
        token = game["tokens"]["table"]
        pid = server.proc.pid
        t_open = time.monotonic()
        first, why = await open_many(base, game["watch_url"], 1)
        await asyncio.sleep(2)
        idle = await _idle_cpu(pid, changes * interval)
        used, took, _, version = await _changes(server, game, game["version"], OTHER_HORROR, changes, interval)
        one = max(0.0, used - idle * took) / changes
        others, why = await open_many(base, game["watch_url"], n - 1, concurrency=8, deadline=300)
        spectators = first + others
        open_s = time.monotonic() - t_open
        await asyncio.sleep(4)  # handshakes settle
        idle = await _idle_cpu(pid, changes * interval)
        for s in spectators:
            s.messages.clear()
        logged = server.stderr_path.stat().st_size if server.stderr_path.exists() else 0
        first_seq = version + 1
        used, took, own, version = await _changes(server, game, version, HORROR, changes, interval)
        rss = rss_bytes(pid)
        long_gcs = _long_gcs(server.stderr_path, logged)
        log = http_json("GET", server.url(f"/api/games/{game['id']}/log?token={token}"))
        commit = {e["seq"]: _stamp(e["at"]) for e in log}
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
        work = max(0.0, used - idle * took) / changes
        added = (work - one) / (count - 1) if count > 1 else work
        return Level(n, count, why, open_s, Stats.of(latencies), missing, work / count * 1000, used / took,
                     total_bytes / (changes * count), own / took, rss / 2**20, long_gcs, added * 1000, one * 1000)
    finally:
        server.stop()


def _long_gcs(stderr: Path, since: int) -> int:
    """Full garbage collections over 50 ms the server logged after byte ``since`` of its stderr."""
    if not stderr.exists():
        return 0
    with stderr.open("rb") as f:
        f.seek(since)
        return f.read().count(b"full garbage collection paused the server")


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


def bench_fanout(report: Report, tmp: Path, levels: tuple[int, ...] = (200, 500, 1000), changes: int = 20,
                 interval: float = 0.5) -> list[tuple[Level, Level]]:
    results: list[tuple[Level, Level]] = []
    for n in levels:
        print(f"  fan-out: {n} spectators ...", flush=True)
        app = asyncio.run(nicegui_level(n, tmp, changes, interval))
        size = max(200, round(app.bytes_per_change))
        bare = asyncio.run(bare_level(app.n or n, size, changes, interval))
        results.append((app, bare))
        ratio = app.added_ms / bare.cost_ms if bare.cost_ms > 0 else float("inf")
        short = f" ({app.why_short})" if app.why_short else ""
        lat = app.latency
        report.add(Row(
            "4 fan-out", f"{app.n} of {n} spectators{short}, {changes} changes every {interval * 1000:.0f} ms",
            f"latency p50 {lat.median:.0f} / p95 {lat.p95:.0f} / p99 {lat.p99:.0f} / max {lat.max:.0f} ms, "
            f"missed {app.missing}; server CPU per change {app.first_ms:.1f} ms with one spectator, each other "
            f"spectator adds {app.added_ms:.3f} ms ({app.cost_ms:.3f} ms per spectator in all, {app.busy:.2f} cores "
            f"busy), {app.bytes_per_change / 1024:.1f} KiB per spectator per change; "
            f"pages opened in {app.open_s:.0f} s; server RSS {app.rss_mb:.0f} MiB; full collections over 50 ms: "
            f"{app.long_gcs}; load generator {app.client_cpu:.2f} cores",
            "p95 < 250 ms at 500; no collection over 50 ms" if n == 500 else "no collection over 50 ms",
            (lat.p95 < 250 and not app.long_gcs) if n == 500 else not app.long_gcs))
        report.add(Row(
            "4 fan-out", f"bare python-socketio broadcast, {bare.n} clients, {size} B message (baseline, same run)",
            f"latency p50 {bare.latency.median:.0f} / p95 {bare.latency.p95:.0f} / p99 {bare.latency.p99:.0f} / "
            f"max {bare.latency.max:.0f} ms, missed {bare.missing}; {bare.cost_ms:.3f} ms CPU per client per "
            f"change ({bare.busy:.2f} cores busy); load generator {bare.client_cpu:.2f} cores",
            "app cost per added spectator <= 1.5x bare", ratio <= 1.5, f"app/bare = {ratio:.2f}x"))
    return results
