"""The shipped nginx site (deploy/nginx-site.conf) answers for its own name only: a request naming another host is
dropped before it reaches the app, so no answer of the app can be made to point at a forged host. A real nginx in
front of a stand-in backend.
"""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.nginx_site import StandIn, site_in_front_of


class Backend(StandIn):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.answer(f"app saw host {self.headers['Host']}".encode(), [])


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[int]:
    """nginx's port, with the site named tables.example.org in front of a backend that says which host it saw."""
    with site_in_front_of(Backend, tmp_path) as port:
        yield port


def get(port: int, host: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/account", headers={"Host": host})
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def test_the_site_answers_for_its_own_name(nginx: int) -> None:
    assert get(nginx, "tables.example.org") == (200, "app saw host tables.example.org")


def test_a_request_for_another_host_is_dropped_before_the_app(nginx: int) -> None:
    for forged in ("evil.example", "tables.example.org.evil.example", "127.0.0.1"):
        with pytest.raises((http.client.RemoteDisconnected, ConnectionResetError)):
            get(nginx, forged)
