"""Server processes for the benchmarks (the app, the bare baseline) and what /proc says about them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.bench.common import REPO_ROOT
from tests.e2e.conftest import Server, free_port

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), from /proc/<pid>/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime (fields 14 and 15 of stat)


def tree_cpu_seconds(pid: int) -> float:
    """CPU time of a process and its direct children (nginx: the master and its workers, which do the work)."""
    total = cpu_seconds(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[1]) == pid:  # ppid (field 4 of stat)
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def http_json(method: str, url: str, body: Any = None, token: str | None = None, timeout: float = 30) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    if token:
        request.add_header("X-Token", token)
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read() or b"null")


def app_server(workdir: Path, database_url: str | None = None, env: dict[str, str] | None = None) -> Server:
    """The real app (python -m webapp.main) on a free port with a SQLite file in ``workdir``; started."""
    workdir.mkdir(parents=True, exist_ok=True)
    server = Server(workdir, database_url or f"sqlite:///{workdir}/bench.db", env=env, startup_timeout=60)
    server.start()
    return server


class BareServer:
    """tests/bench/bare_server.py in a subprocess."""

    def __init__(self) -> None:
        self.port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "NICEGUI_"))}
        env["PYTHONPATH"] = str(REPO_ROOT)
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.bench.bare_server", str(self.port)], cwd=REPO_ROOT,
                                     env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                http_json("GET", self.url("/healthz"), timeout=2)
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the bare socket.io server did not start")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
