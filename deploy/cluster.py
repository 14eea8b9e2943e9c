"""Several Tablekeeper processes behind nginx on this machine, sharing one PostgreSQL (``make cluster``).

    python -m deploy.cluster --processes 2 --port 8080 \\
        --database-url postgresql+psycopg://postgres@127.0.0.1:5432/tablekeeper

migrates the database once, starts N app processes on loopback ports, and nginx (Debian's ``nginx-light``) in
a temporary directory of its own (config, pid, logs, temp paths) with deploy/nginx-site.conf; Ctrl-C stops them
all, and SIGHUP (``make roll``) restarts the app processes one at a time, as a deploy during an event does
(docs/DEPLOY.md). Commits made through one process reach the pages of the others by PostgreSQL LISTEN/NOTIFY. The same
pieces serve the two-process test (tests/e2e/test_cluster.py); docs/DEPLOY.md shows them on a host.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from psycopg import sql
from sqlalchemy.engine import make_url

from models.db.engine import make_engine, migrate, normalise

REPO_ROOT = Path(__file__).resolve().parents[1]
SITE = Path(__file__).with_name("nginx-site.conf")
NGINX_CANDIDATES = ("nginx", "/usr/sbin/nginx")
# Started as root (tests, `make cluster` on a fresh machine) nginx would hand its work to the user "nobody", who
# cannot enter this private temporary directory (the cache of NiceGUI's files lives there): the workers stay the
# user who started it. Started as anyone else, nginx ignores the line.
# Each open page holds two connections in nginx (the browser's socket and the one to its app process): 4,096 ran
# out at 1,500 spectators and 500 viewers (tests/bench event day: "worker_connections are not enough", resets).
# 16,384 holds 5,000 spectators and their pages' requests; each needs a file descriptor, hence the raised limit.
MAIN = """user root;
worker_processes 1;
pid @DIR@/nginx.pid;
error_log @DIR@/error.log warn;
worker_rlimit_nofile 65536;
events { worker_connections 16384; }
http {
    access_log off;
    client_body_temp_path @DIR@/client_body;
    proxy_temp_path @DIR@/proxy;
    fastcgi_temp_path @DIR@/fastcgi;
    uwsgi_temp_path @DIR@/uwsgi;
    scgi_temp_path @DIR@/scgi;
    include @DIR@/site.conf;
}
"""


BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so")  # libnginx-mod-http-brotli-filter
BROTLI_TYPES = "text/css text/javascript application/javascript application/json image/svg+xml"
# The server that makes the brotli copy of one of NiceGUI's versioned files, once: at level 11 Quasar's file takes
# about a second of CPU, paid again only when nginx's copy expires (deploy/nginx-site.conf, docs/DEPLOY.md).
BROTLI_SERVER = f"""upstream tk_brotli {{
    server unix:@SOCKET@;
}}
server {{
    listen unix:@SOCKET@;
    brotli on;
    brotli_comp_level 11;
    brotli_types {BROTLI_TYPES};
    location / {{
        proxy_pass http://$http_x_tk_node;  # set by the site's own location, not the browser: the page's process
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header Accept-Encoding "";
    }}
}}"""


def find_nginx() -> str | None:
    return next((path for name in NGINX_CANDIDATES if (path := shutil.which(name))), None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def site_config(listen: str, backends: list[str], server_name: str = "127.0.0.1 localhost",
                cache: Path | None = None, brotli: bool = False) -> str:
    """deploy/nginx-site.conf for these backends (``host:port``), listening on ``listen`` for ``server_name``
    (a cluster on this machine answers to its loopback names only), keeping NiceGUI's versioned files in
    ``cache`` (default: a directory in the system's temporary directory); with ``brotli`` (nginx must load
    BROTLI_MODULE) also a brotli copy of each, made by a small server on a socket beside the cache."""
    cache = cache or Path(tempfile.gettempdir()) / "tablekeeper-nginx-cache"
    text = SITE.read_text().replace("@SERVER_NAME@", server_name)
    if brotli:
        socket_path = cache.with_name(cache.name + ".brotli.sock")
        text = text.replace("@BROTLI_ACCEPTED@", r"    ~*\bbr\b  br;")
        text = text.replace("@BROTLI@", BROTLI_SERVER.replace("@SOCKET@", str(socket_path)))
    else:
        text = text.replace("@BROTLI_ACCEPTED@\n", "").replace("@BROTLI@", "# (no brotli: its module is not loaded)")
    text = text.replace("@CACHE@", str(cache))
    text = text.replace("@SERVERS@", "\n".join(f"    server {b};" for b in backends))
    text = text.replace("@NODES@", "\n".join(f'    "{b}" {b};' for b in backends))
    return text.replace("@LISTEN@", listen)


def ensure_database(database_url: str) -> None:
    """Create the PostgreSQL database of ``database_url`` if it does not exist yet."""
    url = make_url(normalise(database_url))
    conninfo = url.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (url.database,)).fetchone() is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(url.database or "")))


def wait_healthy(url: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{url} exited with {proc.returncode} during start-up")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer /healthz within {timeout:.0f} s")


@dataclass
class Cluster:
    """N app processes on loopback and nginx in front of them, each process's output in ``workdir``."""

    database_url: str
    processes: int = 2
    port: int = 0  # nginx's port; 0: a free one
    workdir: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tk-cluster-")))
    storage_secret: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    backends: list[str] = field(default_factory=list)
    procs: list[subprocess.Popen] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        nginx = find_nginx()
        if nginx is None:
            raise RuntimeError("nginx is not installed (Debian: apt-get install -y nginx-light)")
        self.workdir.mkdir(parents=True, exist_ok=True)
        ensure_database(self.database_url)
        engine = make_engine(normalise(self.database_url))
        try:
            migrate(engine)  # once, before the processes start (each would otherwise race to migrate)
        finally:
            engine.dispose()
        self.port = self.port or free_port()
        try:
            for k in range(self.processes):
                self._start_app(k, free_port(), timeout)
            self._start_nginx(nginx, timeout)
        except BaseException:
            self.stop()
            raise

    def _start_app(self, k: int, port: int, timeout: float) -> None:
        proc = self._spawn(k, port)
        self.procs.append(proc)
        self.backends.append(f"127.0.0.1:{port}")
        wait_healthy(f"http://127.0.0.1:{port}", proc, timeout)

    def _spawn(self, k: int, port: int) -> subprocess.Popen:
        env = {key: v for key, v in os.environ.items() if not key.startswith(("PYTEST_", "NICEGUI_"))}
        env.update(HOST="127.0.0.1", PORT=str(port), DATABASE_URL=self.database_url, PYTHONUNBUFFERED="1",
                   TABLEKEEPER_STORAGE_SECRET=self.storage_secret)
        with open(self.workdir / f"app-{k}.log", "ab") as log:
            return subprocess.Popen([sys.executable, "-m", "webapp.main"], cwd=REPO_ROOT, env=env,
                                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True)

    def restart(self, k: int, timeout: float = 60.0) -> float:
        """Restart app process ``k`` as a deploy does (the code on disk now is what it runs): stopped (SIGTERM, its
        open requests answered), started again on its port, healthy again; the seconds it was away. nginx sends
        its pages and requests to the other processes meanwhile (deploy/nginx-site.conf, ``@tk_any``)."""
        away = time.monotonic()
        old = self.procs[k]
        os.killpg(old.pid, signal.SIGTERM)
        try:
            old.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(old.pid, signal.SIGKILL)
            old.wait()
        port = int(self.backends[k].rsplit(":", 1)[1])
        self.procs[k] = self._spawn(k, port)
        wait_healthy(f"http://{self.backends[k]}", self.procs[k], timeout)
        return time.monotonic() - away

    def roll(self, settle: float = 2.0) -> list[float]:
        """A rolling restart: each app process in turn, the next once the one before answers again and ``settle``
        seconds have passed (its pages came back); the seconds each was away."""
        away = []
        for k in range(len(self.backends)):
            away.append(self.restart(k))
            time.sleep(settle)
        return away

    def _start_nginx(self, nginx: str, timeout: float) -> None:
        home = self.workdir / "nginx"
        home.mkdir(exist_ok=True)
        brotli = BROTLI_MODULE.exists()
        (home / "site.conf").write_text(site_config(f"127.0.0.1:{self.port}", self.backends, cache=home / "cache",
                                                    brotli=brotli))
        main = MAIN.replace("@DIR@", str(home))
        (home / "nginx.conf").write_text(f"load_module {BROTLI_MODULE};\n{main}" if brotli else main)
        with open(self.workdir / "nginx.log", "ab") as log:
            proc = subprocess.Popen([nginx, "-p", str(home), "-c", str(home / "nginx.conf"), "-g", "daemon off;"],
                                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        self.procs.append(proc)
        wait_healthy(self.url, proc, timeout)

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        self.procs.clear()


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m deploy.cluster", description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--port", type=int, default=8080, help="nginx's port on 127.0.0.1")
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""),
                        help="PostgreSQL (postgresql+psycopg://...); default: $DATABASE_URL")
    parser.add_argument("--pid-file", default=".cluster.pid", help="where `make roll` finds this process")
    args = parser.parse_args()
    if not args.database_url.startswith(("postgres", "postgresql")):
        parser.error("several processes share PostgreSQL: give --database-url postgresql+psycopg://...")
    cluster = Cluster(args.database_url, args.processes, args.port)
    cluster.start()
    Path(args.pid_file).write_text(f"{os.getpid()}\n")
    print(f"Tablekeeper on {cluster.url} ({args.processes} processes: {', '.join(cluster.backends)}); "
          f"logs in {cluster.workdir}. Ctrl-C stops it; `make roll` (SIGHUP to pid {os.getpid()}, kept in "
          f"{args.pid_file}) restarts the processes one at a time.", flush=True)
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
        while signal.sigwait({signal.SIGINT, signal.SIGTERM, signal.SIGHUP}) == signal.SIGHUP:
            away = cluster.roll()
            print("Rolled: each process away " + ", ".join(f"{s:.1f}" for s in away) + " s.", flush=True)
    finally:
        cluster.stop()
        Path(args.pid_file).unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
