"""End-to-end fixtures: the real app as a subprocess and Debian's Chromium through pytest-playwright.

Runs in its own pytest process (`make test` does that): sync Playwright and NiceGUI's async `user` tests
do not share an event loop (PLATFORM.md, pitfall 3).
"""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import migrated_sqlite
from tests.e2e import axe_sweep

REPO_ROOT = Path(__file__).resolve().parents[2]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Nothing leaves the machine: every host but 127.0.0.1 fails to resolve (use 127.0.0.1, not localhost).
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


def find_chromium() -> str | None:
    """$CHROMIUM, else Debian's Chromium, else None (Playwright's own download)."""
    candidates = [os.environ.get("CHROMIUM"), "/usr/lib/chromium/chromium", "/usr/bin/chromium"]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright has no CLI flag for the browser binary: point it at the system Chromium here."""
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    args.setdefault("headless", True)
    if path := find_chromium():
        args["executable_path"] = path
    return args


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The app (`python -m webapp.main`) in a subprocess on 127.0.0.1, a free port and its own database.

    The port and database stay the same across `restart()`, so a test can kill the server mid-game and check
    that the state survives. stdout/stderr are appended to files in `workdir` (see `logs()`).
    """

    def __init__(self, workdir: Path, database_url: str, *, cwd: Path = REPO_ROOT, port: int | None = None,
                 env: dict[str, str] | None = None, startup_timeout: float = 30.0):
        self.workdir, self.database_url, self.cwd = workdir, database_url, cwd
        self.port = port or free_port()
        self.extra_env = env or {}
        self.startup_timeout = startup_timeout
        self.stdout_path, self.stderr_path = workdir / "server.stdout.log", workdir / "server.stderr.log"
        self.proc: subprocess.Popen | None = None

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"

    def env(self) -> dict[str, str]:
        # PYTEST_CURRENT_TEST makes NiceGUI think it runs under its own screen test (PLATFORM.md, pitfall 2).
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "NICEGUI_"))}
        env.update(PORT=str(self.port), HOST="127.0.0.1", DATABASE_URL=self.database_url,
                   TABLEKEEPER_STORAGE_SECRET="test", PYTHONUNBUFFERED="1")
        env.update(self.extra_env)  # a test may override any of these
        return env

    def start(self) -> None:
        """Start the server and wait until GET /healthz answers 200."""
        assert self.proc is None or self.proc.poll() is not None, "server already running"
        with open(self.stdout_path, "ab") as out, open(self.stderr_path, "ab") as err:
            # Own session: kill()/stop() reach any child process too (e.g. a reload watcher's worker).
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "webapp.main"], cwd=self.cwd, env=self.env(),
                stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True,
            )
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                code = self.proc.returncode
                raise RuntimeError(f"server exited with {code} during start-up\n{self.logs()}")
            try:
                with urllib.request.urlopen(self.url("/healthz"), timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"server did not answer /healthz within {self.startup_timeout} s\n{self.logs()}")

    def _signal(self, sig: int, timeout: float) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def kill(self) -> None:
        """SIGKILL, as a crash or a pulled plug: no shutdown handlers run."""
        self._signal(signal.SIGKILL, timeout=10)

    def stop(self) -> None:
        """SIGTERM, a clean shutdown (SIGKILL after 10 s)."""
        self._signal(signal.SIGTERM, timeout=10)

    def restart(self, hard: bool = True) -> None:
        """Kill -9 (or stop cleanly with hard=False) and start again on the same port and database."""
        self.kill() if hard else self.stop()
        self.start()

    def logs(self) -> str:
        def read(p: Path) -> str:
            return p.read_text(errors="replace") if p.exists() else ""
        out, err = read(self.stdout_path), read(self.stderr_path)
        return f"--- server stdout ---\n{out}\n--- server stderr ---\n{err}"


_REPORTS = pytest.StashKey[dict]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Remember each phase's report so fixtures can tell whether the test failed."""
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


def pytest_configure(config: pytest.Config) -> None:
    axe_sweep.install()


def _fail_on_axe_findings(item: pytest.Item) -> None:
    if found := axe_sweep.SWEEP.take(item.nodeid):
        pytest.fail(axe_sweep.report(found), pytrace=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """The axe sweep's findings in the states a test reached fail that test when it is strict, else are listed at
    the end of the run (tests/e2e/axe_sweep.py)."""
    axe_sweep.SWEEP.take(item.nodeid)
    result = yield
    _fail_on_axe_findings(item)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    """Pages a fixture closes are swept as they close: what they showed last counts too."""
    result = yield
    _fail_on_axe_findings(item)
    return result


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.write_line(axe_sweep.summary())


@pytest.fixture
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A running app on SQLite in tmp_path. The server's output is printed when the test fails.

    `@pytest.mark.parametrize("server", ["postgresql"], indirect=True)` runs it on a fresh PostgreSQL
    database instead (skipped without TEST_DATABASE_URL).
    """
    kind = getattr(request, "param", "sqlite")
    database_url = request.getfixturevalue("migrated_pg_url") if kind == "postgresql" else migrated_sqlite(
        request.getfixturevalue("sqlite_template"), tmp_path / "e2e.db")
    srv = Server(tmp_path, database_url)
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()
        reports = request.node.stash.get(_REPORTS, {})
        if any(r.failed for r in reports.values()):
            print(srv.logs())

