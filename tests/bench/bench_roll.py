"""Benchmark 11: a rolling restart in the middle of an event day (docs/DEPLOY.md "Deploying during an event").

The event day's cluster (deploy/cluster.py: ``processes`` app processes behind nginx on one PostgreSQL) with
``tables`` live tables, each tapping every ``interval`` seconds through nginx as benchmark 9 does, and pages held
open on every process: watch pages and the event page. After a few taps the app processes restart one at a time
(``Cluster.roll``, what ``make roll`` does), and the taps go on until a while after the last one is back.

A tap is sent as a tablet sends it: with its idempotency key, sent again with the same key when its answer is lost
(a refused connection, a 502, a timeout) until it is acknowledged. A page whose socket drops does what NiceGUI's
page script does: it comes back, here by loading the page again (the process that built it is gone); behind nginx
its request reaches another process while its own is away.

Reported: acknowledged taps lost (acknowledged but not in the game's log) and doubled (one tap logged twice), both
to be 0; the pages dropped and how long each took to come back (every one within 10 s); the tap p95 and max during
the roll; how long each process was away.

    python -m tests.bench --only roll
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from deploy.cluster import Cluster, find_nginx
from tests.bench.bench_eventday import _event
from tests.bench.bench_fanout import HORROR, game_body
from tests.bench.common import Report, Row, Stats, pg_base_url, pg_database
from tests.bench.procs import http_json
from tests.bench.spectators import Spectator, close_all

BACK_WITHIN = 10.0  # s: every dropped page back by then


@dataclass(frozen=True)
class Roll:
    tables: int = 64
    watchers: int = 128  # watch pages, spread evenly over the tables and the processes
    viewers: int = 32  # event pages
    processes: int = 4
    interval: float = 2.5
    before: float = 6.0  # s of taps before the roll begins
    after: float = 10.0  # s of taps after the last process is back


@dataclass
class Tapped:
    game: dict[str, Any]
    acknowledged: list[int] = field(default_factory=list)  # the log entry each acknowledged tap names
    during: list[float] = field(default_factory=list)  # ms, taps sent while the roll went on
    resent: int = 0
    refused: Counter[str] = field(default_factory=Counter)  # why taps were refused: the status and the code


@dataclass
class Held:
    """A page held open through the roll; it comes back by itself when its socket drops."""

    page: Spectator
    http: aiohttp.ClientSession
    down_at: float | None = None
    back: list[float] = field(default_factory=list)  # s each drop took to come back
    lost: bool = False


async def _tap(http: aiohttp.ClientSession, base: str, table: Tapped, version: int, rolling: list[bool]) -> int:
    """One tap, sent again with its key until it is answered (at most a minute); the game's version after it."""
    body = {"command": {"type": "mark_damage", "model": HORROR, "amount": 1}, "expected_version": version,
            "command_id": uuid.uuid4().hex}
    url = f"{base}/api/games/{table.game['id']}/commands"
    t0 = time.perf_counter()
    while True:
        try:
            async with http.post(url, json=body, headers={"X-Token": table.game["tokens"]["table"]}) as answer:
                if answer.status == 200:
                    out = await answer.json()
                    break
                if answer.status < 500 or time.perf_counter() - t0 > 60:  # refused: said, not lost
                    said = await answer.json(content_type=None) if answer.status < 500 else {}
                    table.refused[f"{answer.status} {said.get('code', '') if isinstance(said, dict) else ''}"] += 1
                    return version
        except (TimeoutError, aiohttp.ClientError):
            pass
        table.resent += 1
        await asyncio.sleep(0.2)
    if rolling[0]:
        table.during.append((time.perf_counter() - t0) * 1000)
    table.acknowledged.append(out["version"])
    return int(out["version"])


async def _play(http: aiohttp.ClientSession, base: str, table: Tapped, start: float, day: Roll,
                stop: asyncio.Event, rolling: list[bool]) -> None:
    version, k = table.game["version"], 0
    while not stop.is_set():
        await asyncio.sleep(max(0.0, start + k * day.interval - time.monotonic()))
        version = await _tap(http, base, table, version, rolling)
        k += 1


def _hold(held: Held, base: str) -> None:
    """When the page's socket drops, load the page again (until it opens) and count how long that took."""
    assert held.page.sio is not None

    async def dropped(*_: Any) -> None:
        if held.down_at is not None:
            return
        held.down_at = time.monotonic()
        while time.monotonic() - held.down_at < 60:
            again = Spectator(base, held.page.path, keep=False)
            try:
                await again.open(held.http, timeout=10)
            except Exception:  # noqa: BLE001 - its process is away or starting: try again, as a page does
                await again.close()
                await asyncio.sleep(0.25)
                continue
            await held.page.close()
            held.page, held.back = again, [*held.back, time.monotonic() - held.down_at]
            held.down_at = None
            _hold(held, base)
            return
        held.lost = True

    held.page.sio.on("disconnect", dropped)


async def _open(base: str, wanted: list[tuple[str, aiohttp.ClientSession]]) -> tuple[list[Held], str]:
    """Each page opened with its browser's session, 16 at a time; why some did not open ('' when all did)."""
    gate, holds, failures = asyncio.Semaphore(16), [], []

    async def one(path: str, http: aiohttp.ClientSession) -> None:
        async with gate:
            page = Spectator(base, path, keep=False)
            try:
                await page.open(http, timeout=30)
                holds.append(Held(page, http))
            except Exception as exc:  # noqa: BLE001 - counted and reported: the run goes on with who is in
                failures.append(f"{type(exc).__name__}: {exc}"[:200])
                await page.close()

    await asyncio.gather(*(one(path, http) for path, http in wanted))
    return holds, f"{len(failures)} did not open (first: {failures[0]})" if failures else ""


async def _run(database_url: str, tmp: Path, day: Roll) -> list[Row]:
    cluster = Cluster(database_url, day.processes, workdir=tmp / f"roll-{uuid.uuid4().hex[:6]}")
    cluster.start()
    base = cluster.url
    # one browser per process's share: its own cookies, which nginx's answers change when a page moves
    sessions = [aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), cookies={"tk_node": b},
                                      headers={"Accept-Encoding": "gzip"}) for b in cluster.backends]
    holds: list[Held] = []
    try:
        tables = []
        for k in range(day.tables):
            tables.append(Tapped(http_json("POST", base + "/api/games", game_body(f"Table {k + 1}"))))
        event_path = _event(base)
        wanted = [(tables[k % day.tables].game["watch_url"], sessions[k % len(sessions)])
                  for k in range(day.watchers)]
        wanted += [(event_path, sessions[k % len(sessions)]) for k in range(day.viewers)]
        holds, short = await _open(base, wanted)
        for held in holds:
            _hold(held, base)
        stop, rolling = asyncio.Event(), [False]
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as http:
            t0 = time.monotonic()
            players = [asyncio.create_task(_play(http, base, t, t0 + day.interval * k / day.tables, day, stop,
                                                 rolling)) for k, t in enumerate(tables)]
            await asyncio.sleep(day.before)
            rolling[0] = True
            roll_t0 = time.monotonic()
            away = await asyncio.to_thread(cluster.roll)
            roll_s = time.monotonic() - roll_t0
            rolling[0] = False
            await asyncio.sleep(day.after)
            stop.set()
            await asyncio.gather(*players)
            await asyncio.sleep(2)
        lost = doubled = 0
        for t in tables:
            log = http_json("GET", f"{base}/api/games/{t.game['id']}/log?token={t.game['tokens']['table']}")
            logged = [e["seq"] for e in log if e["kind"] == "mark_damage"]
            lost += len(set(t.acknowledged) - set(logged))
            doubled += len(logged) - len(set(t.acknowledged))
        taps = Stats.of([ms for t in tables for ms in t.during])
        backs = [b for h in holds for b in h.back]
        slow = sum(1 for b in backs if b > BACK_WITHIN) + sum(1 for h in holds if h.lost or h.down_at is not None)
        back = Stats.of(backs) if backs else None
        acknowledged = sum(len(t.acknowledged) for t in tables)
        refused = sum((t.refused for t in tables), Counter[str]())
        why = f": {', '.join(f'{n} x {reason}' for reason, n in refused.most_common())}" if refused else ""
        size = (f"{day.tables} tables tapping every {day.interval:.1f} s through nginx, {len(holds)} pages open "
                f"({day.watchers} watch, {day.viewers} event page{'; ' + short if short else ''}), "
                f"{day.processes} processes restarted one at a time ({roll_s:.0f} s)")
        pages = (f"{len(backs)} page drops, each back in p50 {back.median:.1f} / max {back.max:.1f} s"
                 if back else "no page dropped")
        return [Row("11 rolling restart", size,
                    f"{acknowledged} taps acknowledged: {lost} lost, {doubled} doubled "
                    f"({sum(t.resent for t in tables)} sends repeated, {refused.total()} refused{why}); "
                    f"tap during the roll p50 {taps.median:.0f} / "
                    f"p95 {taps.p95:.0f} / max {taps.max:.0f} ms (n={taps.n}); {pages}, {slow} not back within "
                    f"{BACK_WITHIN:.0f} s; each process away " + ", ".join(f"{s:.1f}" for s in away) + " s",
                    f"0 lost, 0 doubled, every page back within {BACK_WITHIN:.0f} s",
                    lost == 0 and doubled == 0 and slow == 0 and not refused)]
    finally:
        await close_all([h.page for h in holds])
        for s in sessions:
            await s.close()
        cluster.stop()


def bench_roll(report: Report, tmp: Path, day: Roll | None = None) -> None:
    day = day or Roll()
    if find_nginx() is None:
        report.add(Row("11 rolling restart", "a rolling restart behind nginx", "skipped: nginx is not installed"))
        return
    pg = pg_base_url()
    if pg is None:
        report.add(Row("11 rolling restart", "a rolling restart behind nginx", "skipped: PostgreSQL not reachable"))
        return
    print(f"  rolling restart: {day.tables} tables, {day.watchers + day.viewers} pages, {day.processes} processes "
          "...", flush=True)
    with pg_database(pg) as database_url:
        for row in asyncio.run(_run(database_url, tmp, day)):
            report.add(row)
