"""A real nginx with the shipped site (deploy/nginx-site.conf) in front of a stand-in backend, for the tests of what
the site itself does: which hosts it answers, what it keeps."""

from __future__ import annotations

import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from deploy.cluster import BROTLI_MODULE, MAIN, find_nginx, free_port, site_config

NAME = "tables.example.org"  # the site's own name


class StandIn(BaseHTTPRequestHandler):
    """A backend in place of the app: it answers through :meth:`answer` and logs nothing."""

    def answer(self, body: bytes, headers: list[tuple[str, str]], status: int = 200) -> None:
        self.send_response(status)
        for name, value in [*headers, ("Content-Length", str(len(body)))]:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def site_in_front_of(backend: type[BaseHTTPRequestHandler], home: Path, **site: Any) -> Iterator[int]:
    """nginx's port, with the site named NAME (``site``: site_config's other options) in front of ``backend``; with
    ``brotli=True`` nginx loads its brotli module (the test is skipped where it is not installed)."""
    binary = find_nginx()
    if binary is None:  # the default set-up needs no nginx: the hosted set-up's test says why it did not run
        pytest.skip("nginx is not installed (Debian: apt-get install -y nginx-light)")
    if site.get("brotli") and not BROTLI_MODULE.exists():
        pytest.skip("nginx's brotli module is not installed (apt-get install -y libnginx-mod-http-brotli-filter)")
    server = ThreadingHTTPServer(("127.0.0.1", 0), backend)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = free_port()
    (home / "site.conf").write_text(site_config(f"127.0.0.1:{port}", [f"127.0.0.1:{server.server_port}"], NAME,
                                                **site))
    main = MAIN.replace("@DIR@", str(home))
    (home / "nginx.conf").write_text(f"load_module {BROTLI_MODULE};\n{main}" if site.get("brotli") else main)
    proc = subprocess.Popen([binary, "-p", str(home), "-c", str(home / "nginx.conf"), "-g", "daemon off;"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, "nginx did not start"
                time.sleep(0.05)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)
        server.shutdown()
        server.server_close()
