"""Benchmark 8: several processes behind nginx sharing PostgreSQL (deploy/cluster.py), spectators spread over them.

For each number of processes P a fresh cluster is started on a fresh PostgreSQL database; N spectators open the
watch page through nginx, spread evenly over the processes by nginx's sticky-session cookie, and join the game's
room. A table token sends ``mark_damage`` through nginx every 500 ms (to whichever process nginx picks): each
change reaches the other processes by LISTEN/NOTIFY. Latency is measured as in benchmark 4; the CPU is that of all
app processes together (and nginx's on its own), per change.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp

from deploy.cluster import Cluster, find_nginx
from tests.bench.bench_fanout import Marker, commit_stamps, game_body, seen
from tests.bench.common import Report, Row, Stats, pg_base_url, pg_database
from tests.bench.procs import cpu_seconds, http_json, tree_cpu_seconds
from tests.bench.spectators import QuietCollector, close_all, open_many


async def _level(database_url: str, tmp: Path, processes: int, n: int, changes: int,
                 interval: float) -> tuple[Stats, int, float, float, int, str]:
    cluster = Cluster(database_url, processes, workdir=tmp / f"cluster-{processes}-{n}")
    cluster.start()
    sessions: list[aiohttp.ClientSession] = []
    try:
        game = http_json("POST", cluster.url + "/api/games", game_body("Cluster"))
        spectators = []
        for k, backend in enumerate(cluster.backends):
            http = aiohttp.ClientSession(cookies={"tk_node": backend})
            sessions.append(http)
            share = n // processes + (1 if k < n % processes else 0)
            opened, _ = await open_many(cluster.url, game["watch_url"], share, concurrency=8, deadline=300,
                                        http=http)
            spectators += opened
        await asyncio.sleep(4)
        apps, nginx = [p.pid for p in cluster.procs[:-1]], cluster.procs[-1].pid
        idle0, t_idle = sum(map(cpu_seconds, apps)), time.monotonic()
        await asyncio.sleep(changes * interval)  # the processes' own work at rest (pings, acks), subtracted below
        idle = (sum(map(cpu_seconds, apps)) - idle0) / (time.monotonic() - t_idle)
        for s in spectators:
            s.messages.clear()
        loop = asyncio.get_running_loop()
        table = Marker(cluster.url, game)
        with QuietCollector() as collector:
            c_apps, c_nginx, t0 = sum(map(cpu_seconds, apps)), tree_cpu_seconds(nginx), time.monotonic()
            for k in range(1, changes + 1):
                await loop.run_in_executor(None, table.tap)
                await asyncio.sleep(max(0.0, t0 + k * interval - time.monotonic()))
            await asyncio.sleep(3)
        took = time.monotonic() - t0
        used_apps = max(0.0, sum(map(cpu_seconds, apps)) - c_apps - idle * took)
        used_nginx = tree_cpu_seconds(nginx) - c_nginx
        stamps = commit_stamps(cluster.url, game)
        latencies, missing = seen(spectators, [(marks, stamps[seq]) for seq, marks in table.seqs])
        await close_all(spectators)
        return (Stats.of(latencies), missing, used_apps / changes * 1000, used_nginx / changes * 1000, len(spectators),
                collector.said())
    finally:
        for http in sessions:
            await http.close()
        cluster.stop()


def bench_cluster(report: Report, tmp: Path, spectators: int = 500, processes: tuple[int, ...] = (2, 4),
                  changes: int = 20, interval: float = 0.5) -> None:
    if find_nginx() is None:
        report.add(Row("8 cluster", "several processes behind nginx", "skipped: nginx is not installed"))
        return
    base = pg_base_url()
    if base is None:
        report.add(Row("8 cluster", "several processes behind nginx", "skipped: PostgreSQL not reachable"))
        return
    for p in processes:
        print(f"  cluster: {p} processes, {spectators} spectators ...", flush=True)
        with pg_database(base) as database_url:
            lat, missing, apps_ms, nginx_ms, n, generator = asyncio.run(
                _level(database_url, tmp, p, spectators, changes, interval))
            report.curve.one_game_p95.append((p, n, lat.p95))
            report.add(Row("8 cluster", f"{p} processes behind nginx, {n} spectators spread over them, {changes} "
                                        f"changes every {interval * 1000:.0f} ms",
                           f"latency p50 {lat.median:.0f} / p95 {lat.p95:.0f} / p99 {lat.p99:.0f} / max "
                           f"{lat.max:.0f} ms, missed {missing}; CPU per change (beyond the processes' own at rest): "
                           f"app processes {apps_ms:.1f} ms in all, nginx {nginx_ms:.1f} ms; {generator}",
                           "p95 < 250 ms",
                           lat.p95 < 250))
