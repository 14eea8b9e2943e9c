"""What the game pages' first load would be over HTTPS with brotli (benchmark 6, a "what if" row).

Chromium asks for brotli only over HTTPS, and Debian's nginx compresses with it only with
``libnginx-mod-http-brotli-filter`` installed; deploy/nginx-site.conf does neither yet. This runs nginx with a
self-signed certificate and the brotli filter at level 11 (what files compressed once ahead of time would be) in
front of one app process, which is asked for plain answers. Skipped without nginx, the module or openssl.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from deploy.cluster import find_nginx, free_port
from tests.bench.common import Report, Row

MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so")
TYPES = "text/css text/javascript application/javascript application/json image/svg+xml application/manifest+json"
CONFIG = """load_module @MODULE@;
user root;
worker_processes 1;
pid @DIR@/nginx.pid;
error_log @DIR@/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path @DIR@/client_body;
    proxy_temp_path @DIR@/proxy;
    fastcgi_temp_path @DIR@/fastcgi;
    uwsgi_temp_path @DIR@/uwsgi;
    scgi_temp_path @DIR@/scgi;
    brotli on;
    brotli_comp_level 11;
    brotli_types @TYPES@;
    gzip on;
    gzip_proxied any;
    gzip_types @TYPES@;
    map $http_upgrade $connection_upgrade { default upgrade; '' close; }
    server {
        listen 127.0.0.1:@PORT@ ssl;
        ssl_certificate @DIR@/cert.pem;
        ssl_certificate_key @DIR@/key.pem;
        location / {
            proxy_pass http://127.0.0.1:@APP@;
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Accept-Encoding "";
            proxy_read_timeout 1h;
        }
    }
}
"""


def over_https_with_brotli(report: Report, home: Path, app_base: str, app_port: int,
                           measure: Callable[[str, int], None]) -> None:
    """Run ``measure(app_base, port)`` with nginx over HTTPS with brotli on ``port`` in front of the app."""
    nginx, openssl = find_nginx(), shutil.which("openssl")
    if nginx is None or openssl is None or not MODULE.exists():
        missing = "nginx" if nginx is None else "openssl" if openssl is None else "libnginx-mod-http-brotli-filter"
        report.add(Row("6 tablet", "first loads over HTTPS with brotli", f"skipped: {missing} is not installed"))
        return
    home.mkdir(parents=True, exist_ok=True)
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(home / "key.pem"),
                    "-out", str(home / "cert.pem"), "-days", "1", "-subj", "/CN=127.0.0.1"],
                   check=True, capture_output=True)
    port = free_port()
    text = CONFIG.replace("@MODULE@", str(MODULE)).replace("@TYPES@", TYPES).replace("@DIR@", str(home))
    (home / "nginx.conf").write_text(text.replace("@PORT@", str(port)).replace("@APP@", str(app_port)))
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
