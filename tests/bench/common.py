"""What every benchmark shares: percentiles, result rows for docs/PERFORMANCE.md, the machine, databases."""

from __future__ import annotations

import os
import platform
import statistics
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PG_DEFAULT = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), nearest-rank on the sorted values; nan when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


@dataclass
class Stats:
    n: int
    median: float
    p95: float
    p99: float
    max: float

    @classmethod
    def of(cls, values: list[float]) -> Stats:
        return cls(len(values), statistics.median(values) if values else float("nan"), pct(values, 95),
                   pct(values, 99), max(values) if values else float("nan"))

    def ms(self) -> str:
        return f"median {self.median:.3f} ms, p95 {self.p95:.3f} ms, max {self.max:.3f} ms (n={self.n})"


@dataclass
class Row:
    """One line of the results table."""

    bench: str
    what: str
    result: str
    target: str = ""
    ok: bool | None = None  # None: no target
    note: str = ""


def spread(values: list[float], fmt: str = ".0f") -> str:
    """The median of a few rounds' values and their range: ``12 (10-15)``, ``0.1 (-0.2 to 0.3)``."""
    low, high = min(values), max(values)
    return f"{statistics.median(values):{fmt}} ({low:{fmt}}{'-' if low >= 0 else ' to '}{high:{fmt}})"


@dataclass
class EventModel:
    """CPU per tap of an event day = base + per spectator x the table's spectators (fit from measured days)."""

    base_ms: float  # app processes and nginx
    per_spectator_ms: float
    tables: int
    interval: float  # s between a table's taps
    processes: int

    def cores(self, spectators: int) -> float:
        """CPU seconds per second the day needs: taps/s x (base + per spectator x spectators per table)."""
        return self.tables / self.interval * (self.base_ms + self.per_spectator_ms * spectators / self.tables) / 1000


@dataclass
class Curve:
    """The measured points docs/bench-curve.png draws."""

    app_cpu: list[tuple[int, float]] = field(default_factory=list)  # (spectators, app CPU ms per change), a round
    bare_cpu: list[tuple[int, float]] = field(default_factory=list)  # (clients, bare CPU ms per change), a round
    one_game_p95: list[tuple[int, int, float]] = field(default_factory=list)  # (processes, spectators, p95 ms)
    event_p95: list[tuple[int, int, float]] = field(default_factory=list)  # (processes, spectators, p95 ms)
    event_cores: list[tuple[int, float]] = field(default_factory=list)  # (spectators, cores busy on the taps)
    event_model: EventModel | None = None
    event_target: int = 0  # the spectators the model is carried to
    venue_bytes: list[tuple[str, str, float]] = field(default_factory=list)  # (change, build, bytes per change)


@dataclass
class Report:
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    curve: Curve = field(default_factory=Curve)

    def add(self, row: Row) -> None:
        self.rows.append(row)
        mark = {True: "ok", False: "MISSED", None: ""}[row.ok]
        print(f"  [{row.bench}] {row.what}: {row.result}  {row.target} {mark} {row.note}".rstrip(), flush=True)


def machine() -> dict[str, str]:
    import importlib.metadata as md

    def version(name: str) -> str:
        try:
            return md.version(name)
        except md.PackageNotFoundError:
            return "-"

    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = "unknown"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                ram = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    return {
        "nproc": str(os.cpu_count()),
        "cpu": cpu,
        "ram": ram,
        "os": f"{platform.system()} {platform.release()}",
        "python": sys.version.split()[0],
        "nicegui": version("nicegui"),
        "sqlalchemy": version("sqlalchemy"),
        "python-socketio": version("python-socketio"),
        "uvicorn": version("uvicorn"),
        "psycopg": version("psycopg"),
        "chromium": chromium_version(),
    }


def chromium_version() -> str:
    import subprocess

    from tests.e2e.conftest import find_chromium

    path = find_chromium()
    if not path:
        return "-"
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20).stdout
        return out.strip() or "-"
    except (OSError, subprocess.SubprocessError):
        return "-"


def pg_base_url() -> str | None:
    """TEST_DATABASE_URL, else the local default when it answers; None when PostgreSQL is not reachable."""
    url = os.environ.get("TEST_DATABASE_URL") or PG_DEFAULT
    try:
        import psycopg

        from tests.conftest import _pg_conninfo

        with psycopg.connect(_pg_conninfo(url), connect_timeout=3):
            return url
    except Exception:  # noqa: BLE001 - any failure means "not reachable": the PostgreSQL rows are skipped
        return None


@contextmanager
def pg_database(base: str) -> Iterator[str]:
    """A fresh PostgreSQL database next to ``base``'s, dropped afterwards."""
    import psycopg
    from sqlalchemy.engine import make_url

    from tests.conftest import _pg_conninfo

    name = f"tk_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(_pg_conninfo(base), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(_pg_conninfo(base), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def databases(tmp: Path) -> Iterator[list[tuple[str, str]]]:
    """[(label, url)]: a SQLite file in ``tmp`` and, when reachable, a fresh PostgreSQL database."""
    base = pg_base_url()
    sqlite = ("SQLite", f"sqlite:///{tmp}/bench-{uuid.uuid4().hex[:6]}.db")
    if base is None:
        yield [sqlite]
        return
    with pg_database(base) as url:
        yield [sqlite, ("PostgreSQL", url)]
