"""Lanes under a sign-in flood (DESIGN.md, "Lanes: what may wait for what"; docs/RELIABILITY.md), one app process on
SQLite and on PostgreSQL, each with a baseline in the same run:

- flood: 10 client addresses x 30 parallel wrong sign-ins for emails without an account (each refused as busy sent
  again after its Retry-After), while a table taps (a command every 100 ms, timed in a process of its own, as a
  tablet is); baseline: the same taps alone;
- load: 200 event-stream watchers of the game and 50 sign-ins a second (45 wrong, from ever new addresses, and 5
  honest ones with the right password), while the table taps; a stream's delivery is the time from a tap's sending
  to the watcher reading its commit; ``/healthz`` is asked every 0.5 s; baseline: 20 watchers and 5 sign-ins a second.

A tap is ``mark_damage`` and its undo in turn, so a game takes any number of them.

    python -m tests.bench --only lanes
"""

from __future__ import annotations

import asyncio
import http.client
import multiprocessing
import time
import urllib.parse
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import orjson

from tests.bench.bench_fanout import HORROR, game_body
from tests.bench.common import Report, Row, Stats, databases
from tests.bench.procs import app_server, http_json

PASSWORD = "correct horse battery"
TAP_EVERY = 0.1  # s between a table's taps
HONEST = 20  # accounts that sign in with their right password during the load


def _ready() -> None:
    """Nothing: submitted first, so the tablet's process has imported this module before it is timed."""


def _taps(base: str, game: dict[str, Any], start: float, until: float) -> tuple[list[float], int, dict[int, float]]:
    """The table's taps from ``start`` to ``until`` (time.monotonic, shared by every process): each one's answer
    time in ms, how many were not acknowledged, and when the tap that made each version was sent."""
    where = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port, timeout=60)
    headers = {"Content-Type": "application/json", "X-Token": game["tokens"]["table"]}
    times, failed, sent = list[float](), 0, dict[int, float]()
    version = game["version"]
    while time.monotonic() < start:
        time.sleep(0.01)
    while time.monotonic() < until:
        undo = len(times) % 2 == 1
        body = {"expected_version": version} if undo else {
            "command": {"type": "mark_damage", "model": HORROR, "amount": 1}, "expected_version": version}
        t0 = time.monotonic()
        try:
            connection.request("POST", f"/api/games/{game['id']}/{'undo' if undo else 'commands'}",
                               orjson.dumps(body), headers)
            answer = connection.getresponse()
            data = orjson.loads(answer.read())
        except OSError:
            failed += 1
            connection.close()
            continue
        if answer.status != 200:
            failed += 1
            continue
        version = data["version"]
        sent[version] = t0
        times.append((time.monotonic() - t0) * 1000)
        time.sleep(max(0.0, TAP_EVERY - (time.monotonic() - t0)))
    connection.close()
    return times, failed, sent


@dataclass
class Load:
    """What the load's side saw."""

    answers: dict[str, int] = field(default_factory=dict)  # sign-in answers by status and code
    honest_offered: int = 0
    honest_in: int = 0
    received: list[dict[int, float]] = field(default_factory=list)  # per watcher: version -> when read
    health: list[float] = field(default_factory=list)  # /healthz answer times (s); inf: no answer within 2 s

    def count(self, key: str) -> None:
        self.answers[key] = self.answers.get(key, 0) + 1


async def _sign_in(session: aiohttp.ClientSession, base: str, email: str, password: str, address: str,
                   load: Load) -> tuple[int, float]:
    """The answer's status and its Retry-After (s)."""
    try:
        async with session.post(f"{base}/api/account/sign-in", json={"email": email, "password": password},
                                headers={"X-Forwarded-For": address},
                                timeout=aiohttp.ClientTimeout(total=120)) as answer:
            body = await answer.json(content_type=None)
            load.count(f"{answer.status} {body.get('code', 'signed in') if isinstance(body, dict) else ''}")
            return answer.status, float(answer.headers.get("Retry-After") or 1)
    except (TimeoutError, aiohttp.ClientError):
        load.count("no answer")
        return 0, 1.0


async def _attacker(session: aiohttp.ClientSession, base: str, address: str, n: int, until: float,
                    load: Load) -> None:
    """One wrong sign-in, sent again after each busy answer's Retry-After until it is checked (or the window
    ends); an attacker that ignores Retry-After floods requests, not sign-ins, which no lane absorbs."""
    while time.monotonic() < until:
        status, wait = await _sign_in(session, base, f"nobody-{n}@example.org", "a wrong password", address, load)
        if status != 503:
            return
        await asyncio.sleep(wait)


async def _watch(session: aiohttp.ClientSession, base: str, game: dict[str, Any], until: float,
                 got: dict[int, float]) -> None:
    """One watcher of the game's event stream: when each version's commit was read."""
    try:
        async with session.get(f"{base}/api/games/{game['id']}/events", headers={"X-Token": game["tokens"]["watch"]},
                               timeout=aiohttp.ClientTimeout(total=None, sock_read=30)) as stream:
            while time.monotonic() < until:
                line = await stream.content.readline()
                if not line:
                    return
                if line.startswith(b"id: "):
                    got[int(line[4:])] = time.monotonic()
    except (TimeoutError, aiohttp.ClientError):
        return


async def _health(session: aiohttp.ClientSession, base: str, until: float, load: Load) -> None:
    while time.monotonic() < until:
        t0 = time.monotonic()
        try:
            async with session.get(f"{base}/healthz", timeout=aiohttp.ClientTimeout(total=2)) as answer:
                await answer.read()
                load.health.append(time.monotonic() - t0 if answer.status == 200 else float("inf"))
        except (TimeoutError, aiohttp.ClientError):
            load.health.append(float("inf"))
        await asyncio.sleep(max(0.0, 0.5 - (time.monotonic() - t0)))


async def _paced(session: aiohttp.ClientSession, base: str, per_s: float, until: float, load: Load) -> None:
    """``per_s`` sign-ins a second, sent whether or not earlier ones were answered: nine wrong ones (each from a new
    address, for an email without an account) to one honest one (an account's right password, its own address)."""
    tasks: list[asyncio.Task[Any]] = []
    n = 0
    next_at = time.monotonic()
    while next_at < until:
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        if n % 10 == 9:
            honest = n // 10 % HONEST
            load.honest_offered += 1

            async def one(k: int = honest) -> None:
                status, _ = await _sign_in(session, base, f"honest{k}@example.org", PASSWORD, f"198.51.100.{k + 1}",
                                           load)
                load.honest_in += status == 200

            tasks.append(asyncio.create_task(one()))
        else:
            address = f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
            tasks.append(asyncio.create_task(_sign_in(session, base, f"guess{n}@example.org", "a wrong password",
                                                      address, load)))
        n += 1
        next_at += 1 / per_s
    await asyncio.gather(*tasks)


def _honest_accounts(base: str) -> None:
    """HONEST accounts, each made from its own address (one address may make 10 an hour)."""
    for k in range(HONEST):
        request = urllib.request.Request(f"{base}/api/account/sign-up", method="POST", data=orjson.dumps({
            "email": f"honest{k}@example.org", "password": PASSWORD, "name": f"Honest {k}"}), headers={
            "Content-Type": "application/json", "X-Forwarded-For": f"198.51.100.{k + 1}"})
        with urllib.request.urlopen(request, timeout=120) as made:
            assert made.status == 201


async def _flood(base: str, game: dict[str, Any], tablet: ProcessPoolExecutor, seconds: float,
                 attackers: int) -> tuple[Stats, int, Load]:
    """Taps for ``seconds``, with ``attackers`` per each of 10 addresses signing in wrongly meanwhile."""
    load = Load()
    start = time.monotonic() + 1
    until = start + seconds
    tapping = asyncio.get_running_loop().run_in_executor(tablet, _taps, base, game, start, until)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        await asyncio.gather(*(_attacker(session, base, f"203.0.113.{a + 1}", a * attackers + i, until, load)
                               for a in range(10 if attackers else 0) for i in range(attackers)))
    times, failed, _ = await tapping
    return Stats.of(times), failed, load


async def _load(base: str, game: dict[str, Any], tablet: ProcessPoolExecutor, seconds: float, watchers: int,
                per_s: float) -> tuple[Stats, int, dict[int, float], Load]:
    load = Load(received=[{} for _ in range(watchers)])
    start = time.monotonic() + 3  # the watchers are connected by then
    until = start + seconds
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        watching = [asyncio.create_task(_watch(session, base, game, until + 5, got)) for got in load.received]
        healthy = asyncio.create_task(_health(session, base, until + 5, load))
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        tapping = asyncio.get_running_loop().run_in_executor(tablet, _taps, base, game, start, until)
        await _paced(session, base, per_s, until, load)
        times, failed, sent = await tapping
        last = max(sent, default=game["version"])
        settle = time.monotonic() + 5  # the last deliveries
        while time.monotonic() < settle and any(last not in got for got in load.received):
            await asyncio.sleep(0.1)
        for task in (*watching, healthy):
            task.cancel()
        await asyncio.gather(*watching, healthy, return_exceptions=True)
    return Stats.of(times), failed, sent, load


def _delivery(sent: dict[int, float], load: Load) -> tuple[Stats, int]:
    """Delivery times (ms) of every tap's version to every watcher, and how many never arrived."""
    times, missing = [], 0
    for got in load.received:
        for version, at in sent.items():
            if version in got:
                times.append((got[version] - at) * 1000)
            else:
                missing += 1
    return Stats.of(times), missing


def _answers(load: Load) -> str:
    return ", ".join(f"{n} {key}" for key, n in sorted(load.answers.items(), key=lambda kv: -kv[1]))


def _one_database(report: Report, tmp: Path, label: str, url: str, flood_s: float, load_s: float) -> None:
    server = app_server(tmp / f"lanes-{label}", url)
    try:
        base = server.url("").rstrip("/")
        _honest_accounts(base)
        game = http_json("POST", server.url("/api/games"), game_body("Lanes"))
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as tablet:
            tablet.submit(_ready).result()  # the tablet's process is up, this module read, before the clock starts
            alone, alone_failed, _ = asyncio.run(_flood(base, game, tablet, flood_s, 0))
            game.update(http_json("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["watch"]))
            flooded, flood_failed, flood = asyncio.run(_flood(base, game, tablet, flood_s, 30))
            game.update(http_json("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["watch"]))
            base_taps, base_failed, base_sent, base_load = asyncio.run(_load(base, game, tablet, load_s / 3, 20, 5))
            game.update(http_json("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["watch"]))
            taps, failed, sent, load = asyncio.run(_load(base, game, tablet, load_s, 200, 50))
        report.add(Row("lanes", f"{label}: a table's taps alone, {flood_s:.0f} s (baseline)",
                       f"p50 {alone.median:.0f} / p95 {alone.p95:.0f} ms; {alone.n} acknowledged, {alone_failed} not"))
        report.add(Row("lanes", f"{label}: the same taps under 10 addresses x 30 parallel wrong sign-ins (no account)",
                       f"p50 {flooded.median:.0f} / p95 {flooded.p95:.0f} / max {flooded.max:.0f} ms; {flooded.n} "
                       f"acknowledged, {flood_failed} not; sign-ins answered: {_answers(flood)}",
                       "p95 < 200 ms, every tap acknowledged", flooded.p95 < 200 and flood_failed == 0))
        for name, (t, f, s, ld), watchers, per_s, seconds in (
                ("baseline", (base_taps, base_failed, base_sent, base_load), 20, 5, load_s / 3),
                ("load", (taps, failed, sent, load), 200, 50, load_s)):
            delivery, missing = _delivery(s, ld)
            down = sum(h == float("inf") for h in ld.health)
            slowest = max((h for h in ld.health if h != float("inf")), default=float("nan"))
            honest = f"{ld.honest_in} of {ld.honest_offered} honest sign-ins in ({ld.honest_in / seconds:.1f}/s)"
            met = None if name == "baseline" else (f == 0 and t.p95 < 300 and delivery.p95 < 500 and missing == 0
                                                   and down == 0)
            report.add(Row("lanes", f"{label}: {watchers} stream watchers + {per_s} sign-ins/s for {seconds:.0f} s "
                                    f"({name}), a tap every {TAP_EVERY * 1000:.0f} ms",
                           f"commands {t.n} acknowledged, {f} not, p95 {t.p95:.0f} ms; delivery p95 "
                           f"{delivery.p95:.0f} ms, {missing} missing; /healthz {len(ld.health) - down} of "
                           f"{len(ld.health)} answered (slowest {slowest * 1000:.0f} ms); {honest}; sign-ins "
                           f"answered: {_answers(ld)}",
                           "" if met is None else "every command acknowledged, p95 < 300 ms; delivery p95 < 500 ms, "
                           "none missing; /healthz throughout", met))
    finally:
        server.stop()


def bench_lanes(report: Report, tmp: Path, flood_s: float = 15.0, load_s: float = 60.0) -> None:
    with databases(tmp) as dbs:
        for label, url in dbs:
            print(f"  lanes: {label} ...", flush=True)
            _one_database(report, tmp, label, url, flood_s, load_s)
