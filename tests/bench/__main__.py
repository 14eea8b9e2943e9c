"""Runs every benchmark and rewrites the generated part of docs/PERFORMANCE.md (``make bench``).

    python -m tests.bench                 # everything; rewrites the results in docs/PERFORMANCE.md
    python -m tests.bench --only fanout   # some of: rules, service, fanout, memory, reads, lanes, cluster, eventday,
                                          # hall, roll, bytes, tablet, venue
    python -m tests.bench --only fanout,memory,reads,cluster --spectators 20 --pages 20 --cycles 50 --readers 20 \
        --cluster-spectators 20   # a small check

The results go between the ``bench:start`` / ``bench:end`` markers of docs/PERFORMANCE.md and the curves into
docs/bench-curve.png; the analysis around them is written by hand and kept. A run that is not full size prints
them instead (the curves into a temporary file).
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from tests.bench.bench_eventday import EventDay, bench_eventday
from tests.bench.bench_fanout import CHANGES, ROUNDS
from tests.bench.bench_hall import HallDay
from tests.bench.common import REPO_ROOT, Report, Row, machine, pg_base_url

DOC = REPO_ROOT / "docs" / "PERFORMANCE.md"
CURVE = DOC.parent / "bench-curve.png"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"
PARTS = ("rules", "service", "fanout", "memory", "reads", "lanes", "cluster", "eventday", "hall", "roll", "bytes",
         "tablet", "venue")
# Pages opened per second by the load generator on the 2-core machine when it is quiet: one app process (full
# runs), and through nginx with several processes (guesses from the cluster's full run; each run prints its time
# beside the estimate).
APP_PAGES_PER_S, CLUSTER_PAGES_PER_S, EVENT_PAGES_PER_S = 40.0, 100.0, 50.0


def estimate(spectators: tuple[int, ...], pages: int, cycles: int, cluster_spectators: int,
             day: EventDay, hall: HallDay) -> dict[str, float]:
    """Seconds each part should take on a quiet machine: its windows and waits, pages at the rates above."""
    window = CHANGES * 0.5 + 3  # a fan-out round or rest window: the changes, then 3 s for the last deliveries
    fanout = sum(10 + 2 + 2 * window + n / APP_PAGES_PER_S + n / 150 + 4 + (1 + 2 * ROUNDS) * window + 5
                 for n in spectators)
    # three fresh servers, each page count and the drift's settling (closed pages live on 10 s); the cycles twice
    memory = 60 + (pages + 50) / APP_PAGES_PER_S + 2 * cycles * 0.03
    cluster = 2 * (20 + cluster_spectators / CLUSTER_PAGES_PER_S + 4 + 10 + 13 + 5)  # 20 s: start and stop
    eventday = sum(25 + 0.1 * day.tables + 3 + min(day.open_deadline, (n + day.viewers) / EVENT_PAGES_PER_S) + 4
                   + min(10, 2 * day.interval) + day.changes * day.interval + 3 + 10 for n in day.spectators)
    # start, the event's walk-ins and round, the screens, the results, stop
    screens = 20 + 0.1 * hall.tables + min(hall.open_deadline, hall.viewers / EVENT_PAGES_PER_S) + 3 \
        + hall.results * hall.interval + 3 + 10
    roll = 20 + 160 / EVENT_PAGES_PER_S + 6 + 4 * 12 + 10 + 10  # start, pages, taps, four restarts, after, stop
    lanes = 2 * (20 + 2 * (15 + 1) + (20 + 3 + 5) + (60 + 3 + 5))  # per database: start, accounts, flood, load
    return {"rules": 2, "service": 10, "fanout": fanout, "memory": memory, "reads": 25, "lanes": lanes,
            "cluster": cluster, "eventday": eventday, "hall": screens, "roll": roll, "bytes": 60, "tablet": 30,
            "venue": 180}


def run(only: list[str], spectators: tuple[int, ...], pages: int, cycles: int, readers: int,
        cluster_spectators: int, day: EventDay, hall: HallDay) -> Report:
    from tests.bench.bench_cluster import bench_cluster
    from tests.bench.bench_core import bench_rules, bench_storage
    from tests.bench.bench_fanout import bench_fanout
    from tests.bench.bench_hall import bench_hall
    from tests.bench.bench_lanes import bench_lanes
    from tests.bench.bench_pages import first_load_bytes, memory, tablet
    from tests.bench.bench_reads import bench_reads
    from tests.bench.bench_roll import bench_roll
    from tests.bench.bench_venue import bench_venue

    report = Report()
    tmp = Path(tempfile.mkdtemp(prefix="tk-bench-"))
    expected = estimate(spectators, pages, cycles, cluster_spectators, day, hall)
    print("time estimate: " + ", ".join(f"{p} {expected[p]:.0f} s" for p in PARTS if p in only)
          + f"; in all {sum(expected[p] for p in only) / 60:.0f} min", flush=True)
    import asyncio

    steps: dict[str, Callable[[], object]] = {
        "rules": lambda: bench_rules(report),
        "service": lambda: bench_storage(report, tmp),
        "fanout": lambda: bench_fanout(report, tmp, spectators),
        "memory": lambda: asyncio.run(memory(report, tmp, watch_pages=pages, cycles=cycles)),
        "reads": lambda: bench_reads(report, tmp, readers),
        "lanes": lambda: bench_lanes(report, tmp),
        "cluster": lambda: bench_cluster(report, tmp, cluster_spectators),
        "eventday": lambda: bench_eventday(report, tmp, day),
        "hall": lambda: bench_hall(report, tmp, hall),
        "roll": lambda: bench_roll(report, tmp),
        "bytes": lambda: first_load_bytes(report, tmp),  # sync Playwright too: after every asyncio part
        "tablet": lambda: tablet(report, tmp),  # sync Playwright leaves no loop for asyncio.run after it
        "venue": lambda: bench_venue(report, tmp),  # sync Playwright too; its socket clients in a process of their own
    }
    for name in PARTS:
        if name not in only:
            continue
        print(f"== {name} (load average {os.getloadavg()[0]:.2f})", flush=True)
        t0 = time.monotonic()
        try:
            steps[name]()
        except Exception as exc:  # noqa: BLE001 - one broken benchmark must not hide the others' numbers
            traceback.print_exc()
            report.add(Row(name, "benchmark failed", f"{type(exc).__name__}: {exc}"[:300], ok=False))
        report.notes.append(f"{name}: {time.monotonic() - t0:.0f} s (estimated {expected[name]:.0f} s), load average "
                            f"after {os.getloadavg()[0]:.2f}")
    return report


def render(report: Report, started: str, seconds: float, load_before: float, curve: str = "") -> str:
    m = machine()
    pg = pg_base_url()
    lines = [
        START,
        "",
        f"Generated by `make bench` (`.venv/bin/python -m tests.bench`) on {started}, {seconds / 60:.0f} min.",
        "",
        "| machine | |",
        "| --- | --- |",
        f"| cores (nproc) | {m['nproc']} |",
        f"| CPU | {m['cpu']} |",
        f"| RAM | {m['ram']} |",
        f"| OS | {m['os']} |",
        f"| Python | {m['python']} |",
        f"| NiceGUI / SQLAlchemy | {m['nicegui']} / {m['sqlalchemy']} |",
        f"| python-socketio / uvicorn / psycopg | {m['python-socketio']} / {m['uvicorn']} / {m['psycopg']} |",
        f"| Chromium | {m['chromium']} |",
        "| PostgreSQL | " + ("reachable (TEST_DATABASE_URL or the local default)" if pg
                             else "not reachable: its rows are skipped") + " |",
        f"| load average (1 min) at start | {load_before:.2f} (other work on the machine shares its 2 cores) |",
        "",
        "| # | what | result | target | met |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in report.rows:
        met = {True: "yes", False: "**no**", None: ""}[row.ok]
        result = row.result + (f" ({row.note})" if row.note else "")
        lines.append(f"| {row.bench} | {row.what} | {result} | {row.target} | {met} |")
    if curve:
        lines += ["", f"![Server CPU per change against spectators, app and bare; spectator p95 against processes; the "
                      f"event day's measured points and model]({curve})"]
    lines += ["", "Run times: " + "; ".join(report.notes) + ".", "", END]
    return "\n".join(lines)


def _draw(report: Report, path: Path) -> bool:
    """The curves into ``path``; a failure to draw is printed and must not lose the table."""
    from tests.bench.curve import draw

    try:
        return draw(report.curve, path)
    except Exception:  # noqa: BLE001 - the numbers matter more than the picture
        traceback.print_exc()
        return False


def write(block: str) -> None:
    text = DOC.read_text() if DOC.exists() else f"# Performance\n\n{START}\n{END}\n"
    if START in text and END in text:
        head, rest = text.split(START, 1)
        _, tail = rest.split(END, 1)
        text = head + block + tail
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    DOC.write_text(text)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench")
    parser.add_argument("--only", default=",".join(PARTS), help="comma-separated: " + ", ".join(PARTS))
    parser.add_argument("--spectators", default="200,500,1000", help="fan-out: spectators per level, comma-separated")
    parser.add_argument("--pages", type=int, default=200, help="memory: watch pages open at once")
    parser.add_argument("--cycles", type=int, default=1000, help="memory: watch-page connect/disconnect cycles")
    parser.add_argument("--readers", type=int, default=200, help="reads: concurrent API readers")
    parser.add_argument("--cluster-spectators", type=int, default=500, help="cluster: spectators over all processes")
    full = EventDay()
    parser.add_argument("--event-tables", type=int, default=full.tables, help="event day: live tables")
    parser.add_argument("--event-spectators", default=",".join(map(str, full.spectators)),
                        help=f"event day: spectators over all tables, one day per size, comma-separated (two or "
                             f"more sizes: the model carries them to {full.budget:,})")
    parser.add_argument("--event-viewers", type=int, default=full.viewers,
                        help="event day: viewers on Live now and the event page")
    parser.add_argument("--event-processes", type=int, default=full.processes, help="event day: app processes")
    parser.add_argument("--event-seconds", type=float, default=full.seconds,
                        help="event day: how long the tables play (one command per table every 5 s)")
    screens = HallDay()
    parser.add_argument("--hall-tables", type=int, default=screens.tables, help="hall screen: the event's tables")
    parser.add_argument("--hall-viewers", type=int, default=screens.viewers, help="hall screen: hall screens open")
    parser.add_argument("--hall-processes", type=int, default=screens.processes, help="hall screen: app processes")
    args = parser.parse_args()
    only = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = set(only) - set(PARTS)
    if unknown:
        parser.error(f"unknown: {', '.join(sorted(unknown))}")
    started = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    load_before = os.getloadavg()[0]
    t0 = time.monotonic()
    spectators = tuple(int(n) for n in args.spectators.split(",") if n.strip())
    day = EventDay(tables=args.event_tables, viewers=args.event_viewers,
                   spectators=tuple(int(n) for n in args.event_spectators.split(",") if n.strip()),
                   processes=args.event_processes, seconds=args.event_seconds)
    hall = HallDay(tables=args.hall_tables, viewers=args.hall_viewers, processes=args.hall_processes,
                   results=min(HallDay.results, args.hall_tables))
    report = run(only, spectators, args.pages, args.cycles, args.readers, args.cluster_spectators, day, hall)
    sizes = ("spectators", "pages", "cycles", "readers", "cluster_spectators", "event_tables", "event_spectators",
             "event_viewers", "event_processes", "event_seconds", "hall_tables", "hall_viewers", "hall_processes")
    full_size = all(getattr(args, k) == parser.get_default(k) for k in sizes)
    if set(only) == set(PARTS) and full_size:
        drawn = _draw(report, CURVE)
        write(render(report, started, time.monotonic() - t0, load_before, CURVE.name if drawn else ""))
        print(f"wrote {DOC.relative_to(REPO_ROOT)}" + (f" and {CURVE.relative_to(REPO_ROOT)}" if drawn else ""))
    else:
        curve = Path(tempfile.mkdtemp(prefix="tk-bench-curve-")) / CURVE.name
        drawn = _draw(report, curve)
        print(render(report, started, time.monotonic() - t0, load_before, str(curve) if drawn else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
