"""Hot reads (webapp/api/hot_reads.py): a reader whose token was checked lately gets the game's current edition from
in front of the app, with the same bytes and headers as the route would send; anything not known to be current
and allowed goes through the app. Each test counts what reached the app, so it can fail both ways."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from models.db.engine import make_engine, migrate
from models.service import GameService
from models.service.reads import Edition
from tests.service.test_api import AGATHON, GAME, build_app, command
from webapp import deps
from webapp.api import hot_reads
from webapp.guard import Receive, Scope, Send
from webapp.headers import SecurityHeaders
from webapp.live.games import Live


class Counted:
    """The app behind the front, counting the reads of a game that reach it."""

    def __init__(self, app: Any) -> None:
        self.app, self.reads = app, 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/games/") and scope["method"] == "GET":
            self.reads += 1
        await self.app(scope, receive, send)


@pytest.fixture
def live(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Live]:
    """The app's live reads on a fresh database, installed as the running app's."""
    engine = make_engine(db_url)
    migrate(engine)
    monkeypatch.setattr(deps, "_current", None)
    live = Live(GameService(engine))
    deps.install(deps.Deps(engine=engine, service=live.service, live=live))
    yield live
    engine.dispose()


@pytest.fixture
def front(live: Live) -> Iterator[tuple[TestClient, Counted]]:
    app = build_app(live)
    app.add_middleware(SecurityHeaders)  # as webapp.main builds it: the front must send the same headers
    build = app.build_middleware_stack
    counted: list[Counted] = []
    app.build_middleware_stack = lambda: counted.append(Counted(build())) or counted[-1]  # type: ignore[method-assign]
    hot_reads.install(app, lambda: live)
    with TestClient(app) as client:
        yield client, counted[0]


def started(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/games", json=GAME)
    assert response.status_code == 201, response.text
    return response.json()


@pytest.mark.parametrize("path", ["", "/view"])
def test_a_second_read_is_answered_in_front_of_the_app_with_the_same_bytes_and_headers(
        front: tuple[TestClient, Counted], path: str) -> None:
    client, app = front
    game = started(client)
    url, watch = f"/api/games/{game['id']}{path}", {"X-Token": game["tokens"]["watch"]}
    first = client.get(url, headers=watch)
    assert first.status_code == 200 and app.reads == 1  # the first read checks the token: through the app
    second = client.get(url, headers=watch)
    assert app.reads == 1, "the second read should not have reached the app"
    assert second.content == first.content
    for name in ("etag", "cache-control", "vary", "content-type", "content-security-policy",
                 "x-content-type-options", "referrer-policy"):
        assert second.headers[name] == first.headers[name], name
    held = client.get(url, headers={**watch, "If-None-Match": first.headers["ETag"]})
    assert held.status_code == 304 and held.content == b"" and app.reads == 1
    by_query = client.get(url, params={"token": game["tokens"]["watch"]})
    assert by_query.content == first.content and app.reads == 1


def test_a_wrong_token_is_never_answered_in_front(front: tuple[TestClient, Counted]) -> None:
    client, app = front
    game = started(client)
    url = f"/api/games/{game['id']}"
    assert client.get(url, headers={"X-Token": game["tokens"]["watch"]}).status_code == 200  # edition made
    wrong = client.get(url, headers={"X-Token": "not-" + game["tokens"]["watch"]})
    assert wrong.status_code == 404 and app.reads == 2
    assert client.get(url, params={"token": ""}).status_code == 404 and app.reads == 3
    assert client.get(url, headers={"X-Token": game["tokens"]["watch"]}).status_code == 200
    assert app.reads == 3  # the positive control: the right token is answered in front


def test_after_a_commit_the_front_never_serves_the_older_version(front: tuple[TestClient, Counted]) -> None:
    client, app = front
    game = started(client)
    url, watch = f"/api/games/{game['id']}", {"X-Token": game["tokens"]["watch"]}
    assert client.get(url, headers=watch).json()["version"] == 1
    reads_before = app.reads
    assert command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 1}, 1).status_code == 200
    assert client.get(url, headers=watch).json()["version"] == 2
    assert app.reads == reads_before  # the front made the new version itself: a known reader never needs the app


def test_a_refresh_that_fails_is_answered_by_the_app(front: tuple[TestClient, Counted],
                                                     live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    client, app = front
    game = started(client)
    url, watch = f"/api/games/{game['id']}", {"X-Token": game["tokens"]["watch"]}
    assert client.get(url, headers=watch).status_code == 200 and app.reads == 1
    assert command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 1}, 1).status_code == 200

    async def broken(game_id: str) -> Edition:
        raise OSError("the database is away")

    monkeypatch.setattr(live, "fresh_edition", broken)
    answer = client.get(url, headers=watch)
    assert answer.status_code == 200 and answer.json()["version"] == 2 and app.reads == 2


async def test_readers_of_a_stale_edition_share_one_refresh_and_a_tap_is_answered_meanwhile(
        live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    """While every reader waits for the one refresh (held back here), a table's command is still answered: a
    write never queues behind reads."""
    app = build_app(live)
    hot_reads.install(app, lambda: live)
    held, refreshes, waiting = threading.Event(), [0], [0]
    edition, fresh = live.reads.edition, live.fresh_edition

    def held_edition(game_id: str, at_least: int = 0) -> Edition:
        refreshes[0] += 1
        assert held.wait(10), "the refresh was never let go"
        return edition(game_id, at_least)

    async def counted_fresh(game_id: str) -> Edition:
        waiting[0] += 1
        return await fresh(game_id)

    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://tk") as http:
        created = await http.post("/api/games", json=GAME)
        game = created.json()
        url, watch = f"/api/games/{game['id']}", {"X-Token": game["tokens"]["watch"]}
        assert (await http.get(url, headers=watch)).json()["version"] == 1  # the token is checked: a known reader
        await asyncio.to_thread(live.reads.announce, game["id"], 2)  # as another process's commit would
        monkeypatch.setattr(live.reads, "edition", held_edition)
        monkeypatch.setattr(live, "fresh_edition", counted_fresh)
        readers = [asyncio.ensure_future(http.get(url, headers=watch)) for _ in range(20)]
        try:
            for _ in range(500):  # until every reader waits in the front (or it is plain they never will)
                if waiting[0] == len(readers):
                    break
                await asyncio.sleep(0.01)
            assert waiting[0] == len(readers), "the readers did not wait for a refresh in front of the app"
            tap = await http.post(f"{url}/commands", headers={"X-Token": game["tokens"]["table"]}, json={
                "command": {"type": "mark_damage", "model": AGATHON, "amount": 1}, "expected_version": 1})
            assert tap.status_code == 200 and tap.json()["version"] == 2
            assert not any(r.done() for r in readers)  # the tap was answered while every read was still waiting
        finally:
            held.set()
        answers = await asyncio.gather(*readers)
    assert [a.json()["version"] for a in answers] == [2] * len(readers)
    assert refreshes[0] == 1  # one database check for all twenty readers


def test_only_reads_of_a_game_are_answered_in_front(front: tuple[TestClient, Counted]) -> None:
    client, app = front
    game = started(client)
    watch = {"X-Token": game["tokens"]["watch"]}
    assert client.get(f"/api/games/{game['id']}", headers=watch).status_code == 200
    log = client.get(f"/api/games/{game['id']}/log", headers=watch)
    assert log.status_code == 200 and app.reads == 2
    too_long = client.get(f"/api/games/{'x' * 65}", headers=watch)
    assert too_long.status_code == 422 and app.reads == 3
