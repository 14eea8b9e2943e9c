"""Benchmark 9: an event day. Many live tables at once, each with its watchers, the event page and Live now open in
the hall, several app processes behind nginx on one PostgreSQL (deploy/cluster.py).

- ``tables`` games are created through nginx and listed on Live now. Each table sends a command every
  ``interval`` seconds through nginx (``mark_damage``, 1 box on a Guardian of Souls, as a player marks damage),
  the tables' first commands spread evenly over the first interval.
- ``spectators`` open the games' watch pages (tests/bench/spectators.py, as a browser does), spread over the
  tables as people watch: table k draws a share proportional to 1 / (k + 1), so a few tables draw most; and
  spread evenly over the processes by nginx's sticky-session cookie.
- ``viewers`` open Live now and the event page (half each) and stay, receiving what those pages receive.

Reported: the tap (the command's answer time through nginx) p50 / p95; spectator latency (the first message
showing change K minus change K's commit stamp, as benchmark 4) p50 / p95 and the changes never seen; CPU per
tap of each app process and of nginx, beyond their own at rest; the resident memory of each process at the end.
The load generator (every socket client) runs in this one process on the same machine: where it cannot keep up,
the rows say how many pages it managed to open.

    python -m tests.bench --only eventday --event-tables 4 --event-spectators 50 --event-viewers 10 \\
        --event-seconds 30      # a small check
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from deploy.cluster import Cluster, find_nginx
from tests.bench.bench_fanout import HORROR, RING, _stamp, game_body
from tests.bench.common import Report, Row, Stats, pg_base_url, pg_database
from tests.bench.procs import cpu_seconds, http_json, rss_bytes, tree_cpu_seconds
from tests.bench.spectators import Spectator, close_all, open_many

MAX_CHANGES = 30  # the Guardian's outer ring has 30 boxes: "outer ring K of 30 marked" names change K


@dataclass(frozen=True)
class EventDay:
    """The size of the day. The defaults are the day DESIGN.md budgets for."""

    tables: int = 64
    spectators: int = 5000
    viewers: int = 500
    processes: int = 4
    seconds: float = 60.0
    interval: float = 5.0
    open_deadline: float = 300.0  # seconds to open every page; what is open by then is measured

    @property
    def changes(self) -> int:
        return max(1, min(MAX_CHANGES, int(self.seconds / self.interval)))


def shares(total: int, n: int) -> list[int]:
    """``total`` split over ``n`` tables, table k weighted 1 / (k + 1) (largest remainders, so they add up)."""
    weights = [1 / (k + 1) for k in range(n)]
    exact = [total * w / sum(weights) for w in weights]
    parts = [int(x) for x in exact]
    for k in sorted(range(n), key=lambda k: exact[k] - parts[k], reverse=True)[:total - sum(parts)]:
        parts[k] += 1
    return parts


@dataclass
class Table:
    game: dict[str, Any]
    watchers: list[Spectator]
    taps: list[float]  # ms, the command's answer time through nginx
    failed: int = 0


async def _play(http: aiohttp.ClientSession, base: str, table: Table, start: float, day: EventDay) -> None:
    game, version = table.game, table.game["version"]
    url = f"{base}/api/games/{game['id']}/commands"
    for k in range(day.changes):
        await asyncio.sleep(max(0.0, start + k * day.interval - time.monotonic()))
        body = {"command": {"type": "mark_damage", "model": HORROR, "amount": 1}, "expected_version": version}
        t0 = time.perf_counter()
        try:
            async with http.post(url, json=body, headers={"X-Token": game["tokens"]["table"]}) as answer:
                out = await answer.json()
                if answer.status != 200:
                    table.failed += 1
                    continue
        except (TimeoutError, aiohttp.ClientError):
            table.failed += 1
            continue
        table.taps.append((time.perf_counter() - t0) * 1000)
        version = out["version"]


def _latencies(table: Table, base: str) -> tuple[list[float], int]:
    game = table.game
    log = http_json("GET", f"{base}/api/games/{game['id']}/log?token={game['tokens']['table']}")
    first = game["version"] + 1
    commit = {e["seq"]: _stamp(e["at"]) for e in log}
    done = len(table.taps)  # changes that were committed (a failed tap makes no change)
    latencies, missed = [], 0
    for s in table.watchers:
        shown = [(m.at, int(x)) for m in s.messages for x in RING.findall(orjson.dumps(m.data).decode())]
        for k in range(1, done + 1):
            got = next((at for at, marked in shown if marked >= k), None)
            if got is None:
                missed += 1
            else:
                latencies.append((got - commit[first + k - 1]) * 1000)
    return latencies, missed


def _event(base: str) -> str:
    """An event organised by a fresh account: the page the hall's viewers keep open."""
    who = uuid.uuid4().hex[:8]
    signed = http_json("POST", f"{base}/api/account/sign-up",
                       {"email": f"organiser-{who}@example.org", "password": f"event day {who}", "name": "Organiser"})
    body = {"name": "Event day", "day": time.strftime("%Y-%m-%d"), "deadline": "2099-01-01T00:00:00"}
    request = urllib.request.Request(f"{base}/api/events", data=orjson.dumps(body), method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {signed['session']}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return f"/events/{orjson.loads(answer.read())['id']}"


async def _open_spread(base: str, path: str, count: int, sessions: list[aiohttp.ClientSession], keep: bool,
                       end: float) -> tuple[list[Spectator], str]:
    """``count`` pages of ``path`` spread evenly over the processes (each share through its process's cookie),
    until the monotonic time ``end``; the pages opened and why it stopped short ('' when all opened)."""
    opened: list[Spectator] = []
    why = ""
    for k, http in enumerate(sessions):
        share = count // len(sessions) + (1 if k < count % len(sessions) else 0)
        left = end - time.monotonic()
        if share and left < 1:
            why = why or f"{path}: the time for opening pages had run out"
        elif share:
            got, short = await open_many(base, path, share, concurrency=8, deadline=left, keep=keep, http=http)
            opened += got
            why = why or short
    return opened, why


async def _run(database_url: str, tmp: Path, day: EventDay) -> list[Row]:
    cluster = Cluster(database_url, day.processes, workdir=tmp / f"eventday-{uuid.uuid4().hex[:6]}")
    cluster.start()
    base = cluster.url
    sessions = [aiohttp.ClientSession(cookies={"tk_node": b}, headers={"Accept-Encoding": "gzip"},
                                      connector=aiohttp.TCPConnector(limit=32)) for b in cluster.backends]
    tables: list[Table] = []
    viewers: list[Spectator] = []
    try:
        for k in range(day.tables):
            game = http_json("POST", base + "/api/games", game_body(f"Table {k + 1}"))
            http_json("PUT", f"{base}/api/games/{game['id']}/listing", {}, game["tokens"]["table"])
            tables.append(Table(game, [], []))
        event_path = _event(base)
        t_open = time.monotonic()
        end, short = t_open + day.open_deadline, ""
        for table, n in zip(tables, shares(day.spectators, day.tables), strict=True):
            table.watchers, why = await _open_spread(base, table.game["watch_url"], n, sessions, True, end)
            short = short or why
        for path, n in (("/live", day.viewers - day.viewers // 2), (event_path, day.viewers // 2)):
            got, why = await _open_spread(base, path, n, sessions, False, end)
            viewers += got
            short = short or why
        open_s = time.monotonic() - t_open
        await asyncio.sleep(4)
        apps, nginx = [p.pid for p in cluster.procs[:-1]], cluster.procs[-1].pid
        rest0, t_rest = [cpu_seconds(p) for p in apps], time.monotonic()
        nginx_rest0 = tree_cpu_seconds(nginx)
        await asyncio.sleep(min(10.0, day.interval * 2))  # each process's own work at rest (pings, acks, clocks)
        rest_s = time.monotonic() - t_rest
        rest = [(cpu_seconds(p) - c) / rest_s for p, c in zip(apps, rest0, strict=True)]
        nginx_rest = (tree_cpu_seconds(nginx) - nginx_rest0) / rest_s
        for table in tables:
            for s in table.watchers:
                s.messages.clear()
        cpu0, nginx0, t0 = [cpu_seconds(p) for p in apps], tree_cpu_seconds(nginx), time.monotonic()
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as http:
            await asyncio.gather(*(_play(http, base, table, t0 + day.interval * k / day.tables, day)
                                   for k, table in enumerate(tables)))
        await asyncio.sleep(3)
        took = time.monotonic() - t0
        taps_done = sum(len(t.taps) for t in tables)
        per_tap = [max(0.0, cpu_seconds(p) - c - r * took) / max(1, taps_done) * 1000
                   for p, c, r in zip(apps, cpu0, rest, strict=True)]
        nginx_tap = max(0.0, tree_cpu_seconds(nginx) - nginx0 - nginx_rest * took) / max(1, taps_done) * 1000
        rss = [rss_bytes(p) / 2**20 for p in apps]
        latencies, missed = [], 0
        for table in tables:
            lat, miss = _latencies(table, base)
            latencies += lat
            missed += miss
        taps = Stats.of([ms for t in tables for ms in t.taps])
        spectator = Stats.of(latencies)
        watchers = sum(len(t.watchers) for t in tables)
        failed = sum(t.failed for t in tables)
        size = (f"{day.tables} tables, a command each every {day.interval:.0f} s for {took:.0f} s, {watchers} of "
                f"{day.spectators} spectators (the busiest table {max(len(t.watchers) for t in tables)}), "
                f"{len(viewers)} of {day.viewers} viewers on Live now and the event page, {day.processes} processes "
                "behind nginx, PostgreSQL")
        opened = f"pages opened in {open_s:.0f} s" + (f" (first shortfall: {short})" if short else "")
        return [
            Row("9 event day", size, f"tap p50 {taps.median:.0f} / p95 {taps.p95:.0f} / max {taps.max:.0f} ms "
                                     f"(n={taps.n}, {failed} not accepted); spectators p50 {spectator.median:.0f} / "
                                     f"p95 {spectator.p95:.0f} ms, missed {missed}; {opened}",
                "tap p95 < 150 ms, spectator p95 < 250 ms, 0 missed",
                taps.p95 < 150 and spectator.p95 < 250 and missed == 0 and failed == 0),
            Row("9 event day", "CPU per tap beyond each process's own at rest; memory at the end",
                "app processes " + " / ".join(f"{ms:.1f}" for ms in per_tap) + f" ms (in all {sum(per_tap):.1f} ms), "
                f"nginx {nginx_tap:.1f} ms; resident memory " + " / ".join(f"{mb:.0f}" for mb in rss) + " MiB"),
        ]
    finally:
        await close_all([s for t in tables for s in t.watchers] + viewers)
        for http in sessions:
            await http.close()
        cluster.stop()


def bench_eventday(report: Report, tmp: Path, day: EventDay | None = None) -> None:
    day = day or EventDay()
    if find_nginx() is None:
        report.add(Row("9 event day", "an event day behind nginx", "skipped: nginx is not installed"))
        return
    pg = pg_base_url()
    if pg is None:
        report.add(Row("9 event day", "an event day behind nginx", "skipped: PostgreSQL not reachable"))
        return
    print(f"  event day: {day.tables} tables, {day.spectators} spectators, {day.viewers} viewers, "
          f"{day.processes} processes ...", flush=True)
    with pg_database(pg) as database_url:
        for row in asyncio.run(_run(database_url, tmp, day)):
            report.add(row)
