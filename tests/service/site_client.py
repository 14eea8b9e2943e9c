"""A TestClient of the whole REST API (games and the hosted site's routes) on a fresh database, and helpers to
make accounts through it. Every site route module adds its router to ROUTERS."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.service.test_api import api_client
from webapp import api_accounts, api_events, api_hall, api_lists, api_live, api_my_cards, api_my_games

ROUTERS = [api_accounts.router, api_live.router, api_events.router, api_hall.router, api_lists.router,
           api_my_cards.router, api_my_games.router]
PASSWORD = "correct horse battery"


@contextmanager
def site_client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    with api_client(db_url, monkeypatch, routers=ROUTERS) as c:
        yield c


def sign_up(client: TestClient, name: str, email: str | None = None) -> dict[str, Any]:
    """A new account; its answer with ``headers`` added (the bearer session to send)."""
    email = email or f"{name.lower()}@example.org"
    r = client.post("/api/account/sign-up", json={"email": email, "password": PASSWORD, "name": name})
    assert r.status_code == 201, r.text
    body = r.json()
    return {**body, "headers": {"Authorization": f"Bearer {body['session']}"}}
