"""Benchmark 4: one server process, N spectators on one game's watch page, a change every 500 ms.

For each N the real app (``python -m webapp.main``, SQLite in a temp dir) and the bare baseline
(tests/bench/bare_server.py) are started fresh and kept up together. N socket clients open the app's watch page
as a browser does and join the game's room (tests/bench/spectators.py); N more connect to the bare server. Both
sets stay open while the rounds run, interleaved: app, bare, app, bare, ... (``rounds`` of each), so both meet
the same machine. In an app round a table token sends ``mark_damage`` (1 on a Guardian of Souls) through the JSON
API every 500 ms; in a bare round the bare server broadcasts one message of the size one spectator received per
change in the first app round.

- latency: app, the first message whose damage web shows change K minus change K's commit stamp (the log row's
  ``at``, written in the committing transaction; same machine, same clock); bare, receive time minus the stamp
  taken just before the emit;
- server cost: a server's CPU time (/proc/<pid>/stat) over a round minus its CPU at rest over the window just
  before, which is as long (the other server's round, or for the first app round a window where nothing
  happens). The app's cost per added spectator is ``(cost(N) - cost(1)) / (N - 1)``, cost(1) measured once with
  only the first page open;
- long pauses: the server logs each full garbage collection over 50 ms (webapp/gc_pauses.py); the lines written
  while the changes ran are counted.

The report gives the median of the rounds and their spread (min-max).
"""

from __future__ import annotations

import asyncio
import os
import re
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
import socketio

from tests.bench.common import Report, Row, Stats, spread
from tests.bench.procs import BareServer, app_server, cpu_seconds, http_json, rss_bytes
from tests.bench.script import SIDES
from tests.bench.spectators import QuietCollector, Spectator, close_all, open_many

HORROR = "p1-guardian-of-souls"  # a damage web of 30 + 16 + 10 boxes, filled outer ring first
OTHER_HORROR = "p2-guardian-of-souls"
WEB = re.compile(r"outer ring (\d+) of 30 marked, middle ring (\d+) of 16 marked, centre ring (\d+) of 10 marked")
WEB_BOXES = 56  # the last box destroys the Guardian: at most 55 changes of one mark in a game
CHANGES = 12  # per round: the one-spectator round and 3 app rounds mark 48 boxes
ROUNDS = 3
TARGET_RATIO = 1.3  # app cost per added spectator against the bare broadcast's per client


def game_body(title: str = "Fan-out") -> dict[str, Any]:
    return {"title": title, "sides": [{"player": p, "army": [e.model_dump(exclude_none=True) for e in a]}
                                      for p, a in SIDES]}


def marks_shown(data: Any) -> list[int]:
    """The marks (all rings) of each Guardian's damage web a message shows: change K of one mark shows K."""
    return [sum(map(int, rings)) for rings in WEB.findall(orjson.dumps(data).decode())]


def commit_stamps(base: str, game: dict[str, Any]) -> dict[int, float]:
    """Each logged change's commit stamp (seq -> seconds since the epoch)."""
    log = http_json("GET", f"{base}/api/games/{game['id']}/log?token={game['tokens']['table']}")
    return {e["seq"]: _stamp(e["at"]) for e in log}


def seen(spectators: Iterable[Spectator], changes: list[tuple[int, float]]) -> tuple[list[float], int]:
    """(ms from each change's commit until a spectator's first message showing it, for every spectator and change;
    how many were never seen). ``changes``: (the marks the change leaves, its commit stamp). A page that falls
    behind shows the newest state and skips the ones in between: it has seen the skipped changes then too."""
    latencies: list[float] = []
    missed = 0
    for s in spectators:
        shown = [(m.at, marks) for m in s.messages for marks in marks_shown(m.data)]
        for marks, committed in changes:
            got = next((at for at, n in shown if n >= marks), None)
            if got is None:
                missed += 1
            else:
                latencies.append((got - committed) * 1000)
    return latencies, missed


def _stamp(at: str) -> float:
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:  # SQLite hands back naive datetimes; they were written in UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


@dataclass
class Window:
    """What the servers and the load generator used over one stretch of time."""

    cpu: dict[int, float]  # pid -> CPU seconds
    seconds: float
    own: float  # CPU seconds of this process (the load generator)

    def beyond(self, pid: int, rest: Window) -> float:
        """CPU seconds ``pid`` used beyond its rate at rest over ``rest``."""
        return max(0.0, self.cpu[pid] - rest.cpu[pid] / rest.seconds * self.seconds)


async def _measure(pids: list[int], seconds: float, send: Callable[[int], object] | None = None,
                   changes: int = 0) -> Window:
    """``send(k)`` for k = 1..changes, one every ``seconds / changes`` (in a thread), then 3 s for the last
    deliveries; without ``send``, ``seconds`` + 3 s of rest."""
    loop = asyncio.get_running_loop()
    c0, t0, own0 = {p: cpu_seconds(p) for p in pids}, time.monotonic(), sum(os.times()[:2])
    for k in range(1, changes + 1):
        if send is not None:
            await loop.run_in_executor(None, send, k)
        await asyncio.sleep(max(0.0, t0 + k * seconds / changes - time.monotonic()))
    await asyncio.sleep(max(0.0, t0 + seconds - time.monotonic()) + 3)
    return Window({p: cpu_seconds(p) - c0[p] for p in pids}, time.monotonic() - t0, sum(os.times()[:2]) - own0)


class Marker:
    """The table token that marks the Guardian: each tap one more box."""

    def __init__(self, base: str, game: dict[str, Any]) -> None:
        self.url = f"{base}/api/games/{game['id']}/commands"
        self.token = game["tokens"]["table"]
        self.version = game["version"]
        self.marks = 0
        self.seqs: list[tuple[int, int]] = []  # (seq, marks after it)

    def tap(self, _: int = 0) -> None:
        body = {"command": {"type": "mark_damage", "model": HORROR, "amount": 1}, "expected_version": self.version}
        self.version = http_json("POST", self.url, body, self.token)["version"]
        self.marks += 1
        self.seqs.append((self.version, self.marks))


@dataclass
class Round:
    latency: Stats
    missed: int
    per_change_ms: float  # server CPU per change beyond its own at rest, every spectator or client
    per_spectator_ms: float  # app: what each spectator beyond the first adds; bare: per client
    busy: float  # server cores busy over the round
    client_cpu: float  # load generator cores over the round
    bytes_per_change: float = 0.0  # app: per spectator
    long_gcs: int = 0


@dataclass
class Level:
    n_wanted: int
    n: int
    why_short: str
    open_s: float
    first_ms: float  # server CPU of a change with one spectator (the command, the edition, one send)
    bare_n: int = 0
    size: int = 0  # bytes of the bare broadcast's message
    rss_mb: float = 0.0
    generator: str = ""  # the load generator's own full collections while measuring (QuietCollector.said)
    app: list[Round] = field(default_factory=list)
    bare: list[Round] = field(default_factory=list)

    def ratios(self) -> list[float]:
        """App cost per added spectator over bare cost per client, round by round."""
        return [a.per_spectator_ms / b.per_spectator_ms if b.per_spectator_ms > 0 else float("inf")
                for a, b in zip(self.app, self.bare, strict=True)]


def _long_gcs(stderr: Path, since: int) -> int:
    """Full garbage collections over 50 ms the server logged after byte ``since`` of its stderr."""
    if not stderr.exists():
        return 0
    with stderr.open("rb") as f:
        f.seek(since)
        return f.read().count(b"full garbage collection paused the server")


class _Bare:
    """N clients of the bare server, each keeping (arrival, k, emit stamp) of what it receives."""

    def __init__(self, server: BareServer) -> None:
        self.server = server
        self.clients: list[socketio.AsyncClient] = []
        self.received: list[list[tuple[float, int, float]]] = []

    async def connect(self, n: int) -> None:
        async def one() -> None:
            box: list[tuple[float, int, float]] = []
            client = socketio.AsyncClient(reconnection=False)

            async def on_update(data: dict[str, Any]) -> None:
                box.append((time.time(), data["k"], data["t"]))

            client.on("update", on_update)
            await client.connect(self.server.url(), transports=["websocket"], wait_timeout=30)
            self.clients.append(client)
            self.received.append(box)

        for k in range(0, n, 16):
            await asyncio.gather(*(one() for _ in range(min(16, n - k))))

    def broadcast(self, size: int) -> Callable[[int], object]:
        return lambda k: http_json("POST", self.server.url(f"/broadcast?size={size}&k={k}"))

    async def close(self) -> None:
        for k in range(0, len(self.clients), 50):
            await asyncio.gather(*(c.disconnect() for c in self.clients[k:k + 50]), return_exceptions=True)


async def level(n: int, tmp: Path, changes: int, interval: float, rounds: int) -> Level:
    """One size: cost(1) with the first page alone, then the N pages and N bare clients open and ``rounds``
    interleaved app and bare rounds on them."""
    server = app_server(tmp / f"fanout-{n}")
    bare_server = BareServer()
    bare = _Bare(bare_server)
    spectators: list[Spectator] = []
    try:
        base = server.url("").rstrip("/")
        game = http_json("POST", server.url("/api/games"), game_body())
        table = Marker(base, game)
        app, pids = server.proc.pid, [server.proc.pid, bare_server.pid]
        spectators, why = await open_many(base, game["watch_url"], 1)
        await asyncio.sleep(2)
        seconds = changes * interval
        rest = await _measure(pids, seconds)
        alone = await _measure(pids, seconds, table.tap, changes)
        one = alone.beyond(app, rest) / changes
        t_open = time.monotonic()
        others, why = await open_many(base, game["watch_url"], n - 1, concurrency=8, deadline=300)
        spectators += others
        result = Level(n, len(spectators), why, time.monotonic() - t_open, one * 1000)
        await bare.connect(len(spectators))
        result.bare_n = len(bare.clients)
        await asyncio.sleep(4)  # handshakes settle
        with QuietCollector() as collector:
            before = await _measure(pids, seconds)  # both at rest: what the first app round is measured against
            for _ in range(rounds):
                for s in spectators:
                    s.messages.clear()
                logged = server.stderr_path.stat().st_size if server.stderr_path.exists() else 0
                done = len(table.seqs)
                window = await _measure(pids, seconds, table.tap, changes)
                stamps = commit_stamps(base, game)
                latencies, missed = seen(spectators, [(marks, stamps[seq]) for seq, marks in table.seqs[done:]])
                received = sum(len(orjson.dumps(m.data)) for s in spectators for m in s.messages)
                work = window.beyond(app, before) / changes
                count = len(spectators)
                result.app.append(Round(
                    Stats.of(latencies), missed, work * 1000, (work - one) / (count - 1) * 1000 if count > 1 else work,
                    window.cpu[app] / window.seconds, window.own / window.seconds, received / (changes * count),
                    _long_gcs(server.stderr_path, logged)))
                result.size = result.size or max(200, round(result.app[0].bytes_per_change))
                for box in bare.received:
                    box.clear()
                bare_window = await _measure(pids, seconds, bare.broadcast(result.size), changes)
                bare_latencies = [(at - sent) * 1000 for box in bare.received for at, _, sent in box]
                bare_work = bare_window.beyond(bare_server.pid, window) / changes
                result.bare.append(Round(
                    Stats.of(bare_latencies), changes * result.bare_n - len(bare_latencies), bare_work * 1000,
                    bare_work / max(1, result.bare_n) * 1000, bare_window.cpu[bare_server.pid] / bare_window.seconds,
                    bare_window.own / bare_window.seconds))
                before = bare_window
        result.generator = collector.said()
        result.rss_mb = rss_bytes(app) / 2**20
        return result
    finally:
        await close_all(spectators)
        await bare.close()
        bare_server.stop()
        server.stop()


def bench_fanout(report: Report, tmp: Path, levels: tuple[int, ...] = (200, 500, 1000), changes: int = CHANGES,
                 interval: float = 0.5, rounds: int = ROUNDS) -> list[Level]:
    if changes * (rounds + 1) >= WEB_BOXES:
        raise ValueError(f"{rounds + 1} rounds of {changes} changes would destroy the Guardian ({WEB_BOXES} boxes)")
    results: list[Level] = []
    for n in levels:
        print(f"  fan-out: {n} spectators, {rounds} rounds of app and bare ...", flush=True)
        lv = asyncio.run(level(n, tmp, changes, interval, rounds))
        results.append(lv)
        report_level(report, lv, changes, interval)
    return results


def report_level(report: Report, lv: Level, changes: int, interval: float) -> None:
    app, bare = lv.app, lv.bare
    report.curve.app_cpu += [(1, lv.first_ms)] + [(lv.n, r.per_change_ms) for r in app]
    report.curve.bare_cpu += [(lv.bare_n, r.per_change_ms) for r in bare]
    report.curve.one_game_p95 += [(1, lv.n, r.latency.p95) for r in app]
    p95 = statistics.median(r.latency.p95 for r in app)
    gcs = sum(r.long_gcs for r in app)
    short = f" ({lv.why_short})" if lv.why_short else ""
    every = f"{changes} changes every {interval * 1000:.0f} ms"
    report.add(Row(
        "4 fan-out", f"{lv.n} of {lv.n_wanted} spectators{short}, {len(app)} rounds of {every}; median of the "
                     "rounds (min-max)",
        f"latency p50 {spread([r.latency.median for r in app])} / p95 {spread([r.latency.p95 for r in app])} ms, "
        f"max {max(r.latency.max for r in app):.0f} ms, missed {sum(r.missed for r in app)}; server CPU per change "
        f"{lv.first_ms:.1f} ms with one spectator, {spread([r.per_change_ms for r in app], '.1f')} ms with all; "
        f"each other spectator adds {spread([r.per_spectator_ms for r in app], '.3f')} ms "
        f"({spread([r.busy for r in app], '.2f')} cores busy), "
        f"{statistics.median(r.bytes_per_change for r in app) / 1024:.1f} KiB per spectator per change; pages "
        f"opened in {lv.open_s:.0f} s; server RSS {lv.rss_mb:.0f} MiB; full collections over 50 ms: {gcs}; load "
        f"generator {spread([r.client_cpu for r in app], '.2f')} cores; {lv.generator}",
        "p95 < 250 ms at 500; no collection over 50 ms" if lv.n_wanted == 500 else "no collection over 50 ms",
        (p95 < 250 and not gcs) if lv.n_wanted == 500 else not gcs))
    ratios = lv.ratios()
    median = statistics.median(ratios)
    report.add(Row(
        "4 fan-out", f"bare python-socketio broadcast, {lv.bare_n} clients, {lv.size} B message (baseline, its rounds "
                     "between the app's)",
        f"latency p50 {spread([r.latency.median for r in bare])} / p95 {spread([r.latency.p95 for r in bare])} ms, "
        f"max {max(r.latency.max for r in bare):.0f} ms, missed {sum(r.missed for r in bare)}; "
        f"{spread([r.per_spectator_ms for r in bare], '.3f')} ms CPU per client per change "
        f"({spread([r.busy for r in bare], '.2f')} cores busy); load generator "
        f"{spread([r.client_cpu for r in bare], '.2f')} cores",
        f"app cost per added spectator <= {TARGET_RATIO}x bare (median of the rounds)", 0 < median <= TARGET_RATIO,
        f"app/bare = {spread(ratios, '.2f')}x"))
