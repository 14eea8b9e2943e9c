"""Benchmark 9: an event day. Many live tables at once, each with its watchers, the event page and Live now open in
the hall, several app processes behind nginx on one PostgreSQL (deploy/cluster.py).

- ``tables`` games are created through nginx and listed on Live now. Each table sends a command every
  ``interval`` seconds through nginx (``mark_damage``, 1 box on a Guardian of Souls, as a player marks damage),
  the tables' first commands spread evenly over the first interval.
- ``spectators`` open the games' watch pages (tests/bench/spectators.py, as a browser does), spread over the
  tables as people watch: table k draws a share proportional to 1 / (k + 1), so a few tables draw most; and
  spread evenly over the processes by nginx's sticky-session cookie.
- ``viewers`` open Live now and the event page (half each) and stay, receiving what those pages receive.

Reported for each day run: the tap (the command's answer time through nginx) p50 / p95; spectator latency (the
first message showing change K minus change K's commit stamp, as benchmark 4) p50 / p95 and the changes never
seen; CPU per tap of each app process and of nginx, beyond their own at rest; the resident memory of each process
at the end. The load generator (every socket client) runs in this one process on the same machine and cannot hold
the budgeted day (5,000 spectators) beside the servers, so the day runs at two or more smaller sizes and a model
carries them to the budget: the CPU of a tap (app processes and nginx) is a base plus a part per spectator of the
tapped table, fit by least squares over the runs, and the day needs taps/s x (base + per spectator x spectators
per table).

    python -m tests.bench --only eventday --event-tables 4 --event-spectators 20,50 --event-viewers 10 \\
        --event-seconds 30      # a small check
"""

from __future__ import annotations

import asyncio
import math
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from deploy.cluster import Cluster, find_nginx
from tests.bench.bench_fanout import HORROR, WEB_BOXES, commit_stamps, game_body, seen
from tests.bench.common import EventModel, Report, Row, Stats, pg_base_url, pg_database
from tests.bench.procs import cpu_seconds, http_json, rss_bytes, tree_cpu_seconds
from tests.bench.spectators import QuietCollector, Spectator, close_all, open_pages


@dataclass(frozen=True)
class EventDay:
    """The size of the day: DESIGN.md's budget but for the spectators, run at ``spectators`` and modelled at
    ``budget``."""

    tables: int = 64
    spectators: tuple[int, ...] = (500, 1500)  # each a day of its own; the model is fit over them
    budget: int = 5000
    viewers: int = 500
    processes: int = 4
    seconds: float = 40.0
    interval: float = 5.0
    open_deadline: float = 90.0  # seconds to open a day's pages; what is open by then is measured

    @property
    def changes(self) -> int:
        return max(1, min(WEB_BOXES - 1, int(self.seconds / self.interval)))


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
    seqs: list[int] = field(default_factory=list)  # the log entry of each accepted tap
    failed: int = 0


@dataclass
class Measured:
    """One day run's CPU beyond the processes' own at rest."""

    spectators: float  # the tapped table's watchers, on average over the taps
    apps_ms: float  # CPU per tap of all app processes
    nginx_ms: float


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
        table.seqs.append(version)


def _latencies(table: Table, base: str) -> tuple[list[float], int]:
    stamps = commit_stamps(base, table.game)
    return seen(table.watchers, [(k, stamps[seq]) for k, seq in enumerate(table.seqs, start=1)])


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


def _spread(path: str, count: int, sessions: list[aiohttp.ClientSession]) -> list[tuple[str, aiohttp.ClientSession]]:
    """``count`` pages of ``path`` spread evenly over the processes (each share through its process's cookie)."""
    return [(path, sessions[k % len(sessions)]) for k in range(count)]


async def _run(database_url: str, tmp: Path, day: EventDay, spectators: int) -> tuple[list[Row], Measured, float]:
    """One day with ``spectators``: its rows, its CPU per tap and its spectators' p95."""
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
        pages = [page for table, n in zip(tables, shares(spectators, day.tables), strict=True)
                 for page in _spread(table.game["watch_url"], n, sessions)]
        opened, short = await open_pages(base, pages, concurrency=16, deadline=day.open_deadline, max_failures=50)
        for table in tables:
            table.watchers = [s for s in opened if s.path == table.game["watch_url"]]
        pages = _spread("/live", day.viewers - day.viewers // 2, sessions) + _spread(event_path, day.viewers // 2,
                                                                                     sessions)
        viewers, why = await open_pages(base, pages, concurrency=16, keep=False, max_failures=50,
                                        deadline=max(1.0, t_open + day.open_deadline - time.monotonic()))
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
        with QuietCollector() as collector:
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
                f"{spectators} spectators (the busiest table {max(len(t.watchers) for t in tables)}), "
                f"{len(viewers)} of {day.viewers} viewers on Live now and the event page, {day.processes} processes "
                "behind nginx, PostgreSQL")
        opened = f"pages opened in {open_s:.0f} s" + (f" (first shortfall: {short})" if short else "")
        measured = Measured(sum(len(t.watchers) * len(t.taps) for t in tables) / max(1, taps_done), sum(per_tap),
                            nginx_tap)
        return [
            Row("9 event day", size, f"tap p50 {taps.median:.0f} / p95 {taps.p95:.0f} / max {taps.max:.0f} ms "
                                     f"(n={taps.n}, {failed} not accepted); spectators p50 {spectator.median:.0f} / "
                                     f"p95 {spectator.p95:.0f} ms, missed {missed}; {opened}; {collector.said()}",
                "tap p95 < 150 ms, spectator p95 < 250 ms, 0 missed",
                taps.p95 < 150 and spectator.p95 < 250 and missed == 0 and failed == 0),
            Row("9 event day", f"the day with {watchers} spectators: CPU per tap beyond each process's own at rest; "
                               "memory at the end",
                "app processes " + " / ".join(f"{ms:.1f}" for ms in per_tap) + f" ms (in all {sum(per_tap):.1f} ms), "
                f"nginx {nginx_tap:.1f} ms; resident memory " + " / ".join(f"{mb:.0f}" for mb in rss) + " MiB"),
        ], measured, spectator.p95
    finally:
        await close_all([s for t in tables for s in t.watchers] + viewers)
        for http in sessions:
            await http.close()
        cluster.stop()


def fit(points: list[tuple[float, float]]) -> tuple[float, float]:
    """(intercept, slope) of the least-squares line through ``points`` (at least two distinct x)."""
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    slope = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
    return my - slope * mx, slope


def _per_tap(base: float, per: float) -> str:
    return f"{base:.1f} ms {'+' if per >= 0 else '-'} {abs(per):.3f} ms"


def model_row(day: EventDay, runs: list[Measured]) -> tuple[Row, EventModel]:
    """The day at ``day.budget`` spectators from the runs' CPU per tap against the tapped table's spectators."""
    apps = EventModel(*fit([(m.spectators, m.apps_ms) for m in runs]), day.tables, day.interval, day.processes)
    nginx = EventModel(*fit([(m.spectators, m.nginx_ms) for m in runs]), day.tables, day.interval, day.processes)
    total = EventModel(apps.base_ms + nginx.base_ms, apps.per_spectator_ms + nginx.per_spectator_ms, day.tables,
                       day.interval, day.processes)
    each = apps.cores(day.budget) / day.processes
    measured = "; ".join(f"{m.spectators:.1f} -> {m.apps_ms + m.nginx_ms:.1f} ms" for m in runs)
    verdict = (f"{day.processes} processes hold it, each busy {each:.0%} of a core" if each < 1 else
               f"{day.processes} processes do not hold it: each would need {each:.1f} cores and a process uses one; "
               f"{math.ceil(apps.cores(day.budget))} or more processes on as many cores")
    row = Row(
        "9 event day", f"modelled: {day.budget:,} spectators over {day.tables} tables, each tapping every "
                       f"{day.interval:.0f} s, {day.processes} processes behind nginx (from the {len(runs)} days "
                       "above)",
        f"CPU per tap = {_per_tap(total.base_ms, total.per_spectator_ms)} per spectator of the tapped table (app "
        f"processes {_per_tap(apps.base_ms, apps.per_spectator_ms)}, nginx "
        f"{_per_tap(nginx.base_ms, nginx.per_spectator_ms)}; the base includes the {day.viewers} viewers); measured, "
        f"the tapped table's spectators on average -> CPU per tap: {measured}. At {day.budget:,}: "
        f"{day.tables / day.interval:.1f} taps/s x ({_per_tap(total.base_ms, total.per_spectator_ms)} x "
        f"{day.budget / day.tables:.0f}) = {total.cores(day.budget):.2f} cores, app processes "
        f"{apps.cores(day.budget):.2f} and nginx {nginx.cores(day.budget):.2f}",
        f"app processes within {day.processes} cores (one each)", each < 1, verdict)
    return row, total


def bench_eventday(report: Report, tmp: Path, day: EventDay | None = None) -> None:
    day = day or EventDay()
    if find_nginx() is None:
        report.add(Row("9 event day", "an event day behind nginx", "skipped: nginx is not installed"))
        return
    pg = pg_base_url()
    if pg is None:
        report.add(Row("9 event day", "an event day behind nginx", "skipped: PostgreSQL not reachable"))
        return
    runs: list[Measured] = []
    for spectators in day.spectators:
        print(f"  event day: {day.tables} tables, {spectators} spectators, {day.viewers} viewers, "
              f"{day.processes} processes ...", flush=True)
        with pg_database(pg) as database_url:
            rows, measured, p95 = asyncio.run(_run(database_url, tmp, day, spectators))
        for row in rows:
            report.add(row)
        runs.append(measured)
        report.curve.event_p95.append((day.processes, spectators, p95))
        report.curve.event_cores.append((round(measured.spectators * day.tables),
                                         day.tables / day.interval * (measured.apps_ms + measured.nginx_ms) / 1000))
    if len({round(m.spectators, 3) for m in runs}) < 2:
        print("  event day: the model needs days at two or more sizes (--event-spectators 500,1500)", flush=True)
        return
    row, model = model_row(day, runs)
    report.add(row)
    report.curve.event_model, report.curve.event_target = model, day.budget
