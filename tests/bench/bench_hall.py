"""Benchmark 12: a result reaching the hall screens. An event's round is played at every table while hall screens
watch it from across the room; the organiser enters one table's result after another, and each hall screen must
show it (DESIGN.md: "an event change (a result confirmed) reaches the hall screen within 500 ms with one event read
per process").

- An organiser (one account) runs an event of ``tables`` tables: ``2 x tables`` walk-ins (an event holds at most 64
  players, so 32 tables), round 1 paired, every game open.
- ``viewers`` hall screens (``/events/{id}/hall``, spoken as a browser does: tests/bench/spectators.py) spread evenly
  over the processes behind nginx by its sticky-session cookie.
- The organiser enters ``results`` results through the API, one every ``interval`` seconds, each at another table
  (``PUT .../rounds/1/tables/{n}/result``): a change of the event's rows, announced to every process by PostgreSQL
  NOTIFY, read there once and sent once to that process's hall screens.

Reported: the time from a result's commit (the correction log's stamp, the server's clock) to each hall screen's
first message showing it ("{winner} won"), p50 / p95 / max over every screen and result, and the screens that never
showed one. Run at full size by ``make bench``; a small check:

    python -m tests.bench --only hall --hall-tables 4 --hall-viewers 20 --hall-processes 2
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from deploy.cluster import Cluster, find_nginx
from tests.bench.common import Report, Row, Stats, pg_base_url, pg_database
from tests.bench.spectators import QuietCollector, Spectator, close_all, contains, open_pages

TARGET_MS = 500.0


@dataclass(frozen=True)
class HallDay:
    tables: int = 32  # an event's most: 64 players
    viewers: int = 500
    processes: int = 4
    results: int = 16
    interval: float = 2.0  # s between two results: each reaches the screens alone
    open_deadline: float = 90.0  # seconds to open the screens; what is open by then is measured


def _api(method: str, url: str, body: Any = None, session: str | None = None) -> Any:
    """One API call, as the organiser's account when ``session`` is given."""
    headers = {"Content-Type": "application/json"}
    if session:
        headers["Authorization"] = f"Bearer {session}"
    request = urllib.request.Request(url, data=None if body is None else orjson.dumps(body), method=method,
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return orjson.loads(answer.read() or b"null")


def _event(base: str, tables: int) -> tuple[str, str, list[dict[str, Any]]]:
    """An event with ``tables`` tables of walk-ins, round 1 paired: its id, the organiser's session, its tables."""
    who = uuid.uuid4().hex[:8]
    session = _api("POST", f"{base}/api/account/sign-up", {"email": f"hall-{who}@example.org",
                                                           "password": f"hall screen {who}",
                                                           "name": "Organiser"})["session"]
    body = {"name": "Hall screen", "day": time.strftime("%Y-%m-%d"), "deadline": "2099-01-01T00:00:00",
            "rounds": 3, "lists_per_player": 1, "tables": tables}
    event_id = _api("POST", f"{base}/api/events", body, session)["id"]
    for k in range(2 * tables):
        _api("POST", f"{base}/api/events/{event_id}/walk-ins", {"name": f"Player {k + 1:02d}"}, session)
    paired = _api("POST", f"{base}/api/events/{event_id}/rounds", {"scenario": "Spread the Net", "seed": 1}, session)
    return event_id, session, [t for t in paired if t["player_b"] is not None]


def _stamp(at: str) -> float:
    when = datetime.fromisoformat(at)
    return (when if when.tzinfo is not None else when.replace(tzinfo=UTC)).timestamp()


async def _run(database_url: str, tmp: Path, day: HallDay) -> list[Row]:
    cluster = Cluster(database_url, day.processes, workdir=tmp / f"hall-{uuid.uuid4().hex[:6]}")
    cluster.start()
    base = cluster.url
    sessions = [aiohttp.ClientSession(cookies={"tk_node": b}, headers={"Accept-Encoding": "gzip"},
                                      connector=aiohttp.TCPConnector(limit=32)) for b in cluster.backends]
    screens: list[Spectator] = []
    try:
        event_id, organiser, tables = _event(base, day.tables)
        path = f"/events/{event_id}/hall"
        t_open = time.monotonic()
        screens, short = await open_pages(base, [(path, sessions[k % len(sessions)]) for k in range(day.viewers)],
                                          concurrency=16, deadline=day.open_deadline, max_failures=50)
        open_s = time.monotonic() - t_open
        await asyncio.sleep(3)
        for s in screens:
            s.messages.clear()
        entered: list[tuple[int, str]] = []  # (table, the winner's name)
        with QuietCollector() as collector:
            t0 = time.monotonic()
            for k, t in enumerate(tables[:day.results]):
                await asyncio.sleep(max(0.0, t0 + k * day.interval - time.monotonic()))
                url = f"{base}/api/events/{event_id}/rounds/1/tables/{t['table']}/result"
                await asyncio.to_thread(_api, "PUT", url, {"winner": t["player_a"], "how": "concession"}, organiser)
                entered.append((t["table"], t["name_a"]))
            await asyncio.sleep(3)
        stamps = {c["table"]: _stamp(c["at"]) for c in _api("GET", f"{base}/api/events/{event_id}/corrections")}
        latencies: list[float] = []
        missed = 0
        for s in screens:
            for table, winner in entered:
                shown = next((m.at for m in s.messages if contains(m.data, f"{winner} won")), None)
                if shown is None:
                    missed += 1
                else:
                    latencies.append((shown - stamps[table]) * 1000)
        seen = Stats.of(latencies)
        size = (f"an event of {len(tables)} tables, {len(entered)} results entered by its organiser one every "
                f"{day.interval:.0f} s, {len(screens)} of {day.viewers} hall screens over {day.processes} processes "
                "behind nginx, PostgreSQL")
        opened = f"screens opened in {open_s:.0f} s" + (f" (first shortfall: {short})" if short else "")
        return [Row("12 hall screens", size,
                    f"a result to each hall screen p50 {seen.median:.0f} / p95 {seen.p95:.0f} / max {seen.max:.0f} ms "
                    f"(n={seen.n}), missed {missed}; {opened}; {collector.said()}",
                    f"p95 < {TARGET_MS:.0f} ms, 0 missed", seen.p95 < TARGET_MS and missed == 0)]
    finally:
        await close_all(screens)
        for http in sessions:
            await http.close()
        cluster.stop()


def bench_hall(report: Report, tmp: Path, day: HallDay | None = None) -> None:
    day = day or HallDay()
    if find_nginx() is None:
        report.add(Row("12 hall screens", "an event's hall screens behind nginx", "skipped: nginx is not installed"))
        return
    pg = pg_base_url()
    if pg is None:
        report.add(Row("12 hall screens", "an event's hall screens behind nginx", "skipped: PostgreSQL not reachable"))
        return
    print(f"  hall screen: {day.tables} tables, {day.viewers} screens, {day.processes} processes ...", flush=True)
    with pg_database(pg) as database_url:
        for row in asyncio.run(_run(database_url, tmp, day)):
            report.add(row)
