"""The shipped nginx site (deploy/nginx-site.conf) keeps NiceGUI's versioned files: a crowd's first visits are
served from nginx's copy, not by an app process each, without one visitor's session cookie reaching another, and
with the compressed and the plain copy kept apart. Everything else still reaches the app on every request. A real
nginx in front of a stand-in backend that counts what it is asked.
"""

from __future__ import annotations

import gzip
import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.nginx_site import StandIn, site_in_front_of

VERSIONED = "/_nicegui/3.18.0/static/quasar.umd.prod.js"
BODY = b"window.Quasar = {};" * 100


class Backend(StandIn):
    """Answers as the app does for a file: gzip when asked, a fresh session cookie, ``Vary: Cookie``."""

    seen: list[tuple[str, str, str]] = []  # (path, Accept-Encoding, Cookie) of every request that reached it

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        encoding = self.headers.get("Accept-Encoding", "")
        Backend.seen.append((self.path, encoding, self.headers.get("Cookie", "")))
        body = gzip.compress(BODY) if "gzip" in encoding else BODY
        self.answer(body, [("Content-Type", "text/javascript"), ("Vary", "Accept-Encoding, Cookie"),
                           ("Cache-Control", "public, max-age=31536000, immutable"),
                           ("Set-Cookie", f"session=visitor-{len(Backend.seen)}; Path=/; HttpOnly"),
                           *([("Content-Encoding", "gzip")] if "gzip" in encoding else [])],
                    404 if "not-loaded-yet" in self.path else 200)


@pytest.fixture(params=[False, True], ids=["gzip", "brotli"])
def nginx(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[int]:
    """nginx's port in front of the stand-in backend; the second run with brotli (its module must be installed)."""
    Backend.seen = []
    with site_in_front_of(Backend, tmp_path, cache=tmp_path / "cache", brotli=request.param) as port:
        yield port


def get(port: int, path: str, visitor: int, gzip_ok: bool) -> tuple[bytes, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Host": "tables.example.org", "Cookie": f"session=visitor-{visitor}"}
    if gzip_ok:
        headers["Accept-Encoding"] = "gzip, deflate"
    try:
        conn.request("GET", path, headers=headers)
        answer = conn.getresponse()
        assert answer.status == 200
        body = answer.read()
        names = {k.lower(): v for k, v in answer.getheaders() if k.lower() != "set-cookie"}
        names["set-cookie"] = "; ".join(v for k, v in answer.getheaders() if k.lower() == "set-cookie")
        return (gzip.decompress(body) if names.get("content-encoding") == "gzip" else body), names
    finally:
        conn.close()


def test_a_versioned_file_is_fetched_from_the_app_once_per_encoding_and_shared_without_cookies(nginx: int) -> None:
    for visitor in range(1, 6):
        body, headers = get(nginx, VERSIONED, visitor, gzip_ok=True)
        assert body == BODY and headers["content-encoding"] == "gzip"
        assert "session=" not in headers["set-cookie"]  # nobody is handed another visitor's (or any) session
        assert headers["vary"] == "Accept-Encoding"
    plain, headers = get(nginx, VERSIONED, 9, gzip_ok=False)
    assert plain == BODY and "content-encoding" not in headers  # a browser without gzip gets the plain copy
    assert [(path, encoding) for path, encoding, _ in Backend.seen] == [(VERSIONED, "gzip"), (VERSIONED, "")]
    assert all(cookie == "" for _, _, cookie in Backend.seen)  # the app is not asked on anyone's behalf


def test_pages_and_our_own_files_still_reach_the_app_every_time(nginx: int) -> None:
    """Positive control: only NiceGUI's versioned files are kept; a page and /static/ are asked for each time."""
    for path in ("/table/g1/t1", "/static/tablekeeper.css"):
        for visitor in (1, 2):
            get(nginx, path, visitor, gzip_ok=True)
    assert [(path, cookie) for path, _, cookie in Backend.seen] == [
        ("/table/g1/t1", "session=visitor-1"), ("/table/g1/t1", "session=visitor-2"),
        ("/static/tablekeeper.css", "session=visitor-1"), ("/static/tablekeeper.css", "session=visitor-2")]


def test_a_browser_that_takes_brotli_gets_nginx_s_brotli_copy_made_once(nginx: int,
                                                                         request: pytest.FixtureRequest) -> None:
    """With the module (over HTTPS a browser asks for brotli): the file is asked of the app once, plain, and every
    brotli-taking visitor gets the same smaller copy; a gzip-taking one still gets gzip. Without it (the gzip run)
    a browser asking for brotli gets gzip."""
    brotli = "brotli" in request.node.callspec.id
    sizes = set()
    for visitor in (1, 2, 3):
        conn = http.client.HTTPConnection("127.0.0.1", nginx, timeout=10)
        conn.request("GET", VERSIONED, headers={"Host": "tables.example.org", "Cookie": f"session=visitor-{visitor}",
                                                "Accept-Encoding": "gzip, deflate, br"})
        answer = conn.getresponse()
        body = answer.read()
        conn.close()
        assert answer.status == 200
        assert answer.getheader("Content-Encoding") == ("br" if brotli else "gzip")
        assert answer.getheader("Set-Cookie") is None
        sizes.add(len(body))
    assert len(sizes) == 1 and sizes.pop() < len(BODY)
    assert [(path, encoding) for path, encoding, _ in Backend.seen] == [(VERSIONED, "" if brotli else "gzip")]
    body, headers = get(nginx, VERSIONED, 4, gzip_ok=True)
    assert body == BODY and headers["content-encoding"] == "gzip"


def test_a_file_a_process_does_not_have_yet_is_not_kept(nginx: int) -> None:
    """A process that has not loaded a component answers 404 for it, with the same year-long Cache-Control: nginx
    must ask again next time (the page's own process has it), not hand the 404 to everyone for a month."""
    missing = "/_nicegui/3.18.0/components/not-loaded-yet/link.js"
    for _ in range(2):
        conn = http.client.HTTPConnection("127.0.0.1", nginx, timeout=10)
        conn.request("GET", missing, headers={"Host": "tables.example.org", "Accept-Encoding": "gzip"})
        answer = conn.getresponse()
        answer.read()
        conn.close()
        assert answer.status == 404
    assert [path for path, _, _ in Backend.seen] == [missing, missing]
