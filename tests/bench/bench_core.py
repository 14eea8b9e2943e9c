"""Benchmarks 1-3: the rules (apply), the service (execute with commit) and a cold load of a long game."""

from __future__ import annotations

import time
from pathlib import Path

from models.catalog import shipped_cards
from models.db.engine import make_engine, migrate
from models.rules import GameState, apply, parse_command, replay
from models.rules.warmachine.builders import setup_game
from models.service import Actor, GameService
from models.service.history import counted
from tests.bench.common import Report, Row, Stats, databases
from tests.bench.script import SIDES, commands_for, play, setup_command

TABLE = Actor(role="table")


def start_state() -> GameState:
    state, _ = apply(GameState(), setup_command(shipped_cards()))
    return state


def bench_rules(report: Report, repeats: int = 30) -> None:
    """(1) Commands applied per second over a realistic mixed script, and the p95 of one apply."""
    start = start_state()
    script = play(start, turns=8).commands  # four rounds, both players
    kinds = len({c.type for c in script})
    timings: list[float] = []
    total = 0.0
    for _ in range(repeats):
        state = start
        for command in script:
            t0 = time.perf_counter()
            state, _ = apply(state, command)
            dt = time.perf_counter() - t0
            timings.append(dt * 1000)
            total += dt
    stats = Stats.of(timings)
    rate = len(timings) / total
    report.add(Row("1 rules", f"apply, {len(script)}-command script ({kinds} command types, 4 rounds) x {repeats}",
                   f"{rate:,.0f} commands/s; {stats.ms()}", "apply p95 < 1 ms", stats.p95 < 1.0))
    # Parsing from JSON (the log, the API) comes on top of apply: measured on its own.
    dumped = [c.model_dump(mode="json") for c in script]
    parse: list[float] = []
    for _ in range(5):
        for data in dumped:
            t0 = time.perf_counter()
            parse_command(data)
            parse.append((time.perf_counter() - t0) * 1000)
    report.add(Row("1 rules", "parse_command (JSON -> typed command)", Stats.of(parse).ms()))


def bench_storage(report: Report, tmp: Path, executes: int = 300, long_game: int = 1000, loads: int = 30) -> None:
    """(2) execute with commit, p50/p95; (3) cold load of a game with ``long_game`` logged commands."""
    start = start_state()
    script = commands_for(start, max(executes, long_game))
    with databases(tmp) as dbs:
        for label, url in dbs:
            engine = make_engine(url)
            migrate(engine)
            service = GameService(engine)
            created = service.start(setup_game("Bench", SIDES))
            version = created.version
            timings: list[float] = []
            cpu: list[float] = []
            for command in script[:executes]:
                t0, c0 = time.perf_counter(), time.thread_time()
                version = service.execute(created.game_id, command, version, TABLE).version
                timings.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
            stats, cpu_stats = Stats.of(timings), Stats.of(cpu)
            target_ok = stats.p95 < 10.0 if label == "SQLite" else None
            report.add(Row("2 service", f"execute with commit, {label}",
                           f"p50 {stats.median:.2f} ms, p95 {stats.p95:.2f} ms, max {stats.max:.2f} ms "
                           f"(n={stats.n}); CPU of the calling thread p50 {cpu_stats.median:.2f} ms, "
                           f"p95 {cpu_stats.p95:.2f} ms", "p95 < 10 ms" if label == "SQLite" else "", target_ok))

            # (3) a game with `long_game` logged commands (setup included), loaded by a fresh service each time.
            game = service.start(setup_game("Long game", SIDES))
            v = game.version
            for command in script[: long_game - 1]:
                v = service.execute(game.game_id, command, v, TABLE).version
            loaded: list[float] = []
            for _ in range(loads):
                fresh = GameService(engine)  # no in-memory state: latest snapshot + the log after it
                t0 = time.perf_counter()
                got, _ = fresh.state(game.game_id)
                loaded.append((time.perf_counter() - t0) * 1000)
                assert got == v
            stats = Stats.of(loaded)
            report.add(Row("3 load", f"cold load, {v} logged commands, {label} (fresh GameService)",
                           stats.ms(), "< 100 ms", stats.p95 < 100.0))
            # Without snapshots (the log alone, replayed from the start): what the snapshots save.
            full: list[float] = []
            for _ in range(max(3, loads // 5)):
                t0 = time.perf_counter()
                rows = GameService(engine).repo.log(game.game_id)
                replay(counted(rows))
                full.append((time.perf_counter() - t0) * 1000)
            report.add(Row("3 load", f"the same game replayed from its whole log, no snapshot, {label}",
                           Stats.of(full).ms(), note="reference: what snapshots every 50 commands save"))
            engine.dispose()
