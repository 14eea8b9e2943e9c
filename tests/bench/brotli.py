"""The game pages' first load over HTTPS through the shipped nginx site with brotli (benchmark 6).

Chromium asks for brotli only over HTTPS. This runs deploy/nginx-site.conf (with its brotli part, so Debian's
``libnginx-mod-http-brotli-filter`` must be installed) listening with TLS on a self-signed certificate, in front
of one app process. Skipped without nginx, the module or openssl.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from deploy.cluster import BROTLI_MODULE, MAIN, find_nginx, free_port, site_config
from tests.bench.common import Report, Row


def over_https_with_brotli(report: Report, home: Path, app_base: str, app_port: int,
                           measure: Callable[[str, int], None]) -> None:
    """Run ``measure(app_base, port)`` with nginx over HTTPS with brotli on ``port`` in front of the app."""
    nginx, openssl = find_nginx(), shutil.which("openssl")
    if nginx is None or openssl is None or not BROTLI_MODULE.exists():
        missing = "nginx" if nginx is None else "openssl" if openssl is None else "libnginx-mod-http-brotli-filter"
        report.add(Row("6 tablet", "first loads over HTTPS with brotli", f"skipped: {missing} is not installed"))
        return
    home.mkdir(parents=True, exist_ok=True)
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(home / "key.pem"),
                    "-out", str(home / "cert.pem"), "-days", "1", "-subj", "/CN=127.0.0.1"],
                   check=True, capture_output=True)
    port = free_port()
    (home / "site.conf").write_text(site_config(f"127.0.0.1:{port} ssl", [f"127.0.0.1:{app_port}"],
                                                cache=home / "cache", brotli=True))
    tls = f"ssl_certificate {home / 'cert.pem'};\n    ssl_certificate_key {home / 'key.pem'};\n    include"
    main = MAIN.replace("@DIR@", str(home)).replace("include", tls, 1)
    (home / "nginx.conf").write_text(f"load_module {BROTLI_MODULE};\n{main}")
    proc = subprocess.Popen([nginx, "-p", str(home), "-c", str(home / "nginx.conf"), "-g", "daemon off;"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start: {(home / 'error.log').read_text()[-500:]}") from None
                time.sleep(0.05)
        measure(app_base, port)
    finally:
        proc.terminate()
        proc.wait(10)
