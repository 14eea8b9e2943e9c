"""The watch page's board (webapp/components/watch_board.py) and its room (webapp/live/games.py) through NiceGUI's
`user` fixture: one message per commit for every watch page of a game, which sockets may join a game's room,
and the whole view for a page that is behind. The browser's side (watch.js) is checked in tests/e2e.

The fixture's pages have no real socket: joining is called as Socket.IO would call it, with the server's room
bookkeeping stood in for by the test (which sid is in which room).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from nicegui import core
from nicegui.testing import User

from models.rules.warmachine.damage import MarkDamage
from models.service import Actor, Created
from tests.webapp.helpers import (
    board,
    eventually,
    new_game,
    record_broadcasts,
    service,
    table_url,
    version,
    watch_url,
    watched,
)
from webapp.components.watch_board import join
from webapp.live.games import room

TABLE = Actor(role="table")
GUARDIAN = "p1-guardian-of-souls"


@pytest.fixture
def game(user: User) -> Created:
    return new_game()


@pytest.fixture
def sockets(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Socket.IO's rooms as the test sets them: ``rooms[sid]`` (a page's socket is in its client's room);
    ``joined`` records what joining added."""
    found: dict[str, Any] = {"rooms": {}, "joined": []}
    monkeypatch.setattr(core.sio, "rooms", lambda sid, namespace=None: found["rooms"].get(sid, []))

    async def enter_room(sid: str, name: str, namespace: str | None = None) -> None:
        found["joined"].append((sid, name))

    monkeypatch.setattr(core.sio, "enter_room", enter_room)
    return found


def hurt(game: Created, amount: int = 1) -> int:
    return service().execute(game.game_id, MarkDamage(model=GUARDIAN, amount=amount), version(game), TABLE).version


async def test_one_message_per_commit_reaches_every_watch_page_of_the_game(
        user: User, create_user: Callable[[], User], game: Created) -> None:
    other = new_game("Other game")
    for url in (watch_url(game), watch_url(game), watch_url(game), watch_url(other)):
        await create_user().open(url)
    sent = record_broadcasts()
    now = hurt(game, 2)
    await eventually(lambda: len(sent) == 1, "the broadcast")
    hurt(game, 1)
    await eventually(lambda: len(sent) == 2, "the second broadcast")
    assert [(event, target) for event, _, target in sent] == [("tk_view", room(game.game_id))] * 2
    first, second = (message for _, message, _ in sent)
    assert (first["base"], first["v"], second["base"], second["v"]) == (now - 1, now, now, now + 1)
    assert "outer ring 2 of 30 marked" in first["patch"]["cards"][GUARDIAN]["track"]["label"]
    assert set(second["patch"]) == {"v", "cards", "log"}  # only what changed


async def test_only_a_watch_pages_own_socket_joins_its_games_room(
        user: User, create_user: Callable[[], User], game: Created, sockets: dict[str, Any]) -> None:
    spectator, player = create_user(), create_user()
    await spectator.open(watch_url(game))
    await player.open(table_url(game))
    page, table = spectator.client.id, player.client.id
    sockets["rooms"].update({"own": [page], "stranger": ["someone-else"], "table": [table]})
    shown = board(spectator).props["initial"]
    ask = {"client": page, "v": 1}

    assert (await join("stranger", ask))["ok"] is False  # not this page's socket
    assert (await join("table", {"client": table, "v": 1}))["ok"] is False  # a table page has no board
    for nonsense in (None, "x", {"client": 5}, {"v": 1}):
        assert (await join("own", nonsense))["ok"] is False
    assert sockets["joined"] == []
    assert await join("own", ask) == {"ok": True, "v": 1}  # the positive control
    assert sockets["joined"] == [("own", room(game.game_id))]
    assert board(spectator).props["initial"] is shown  # joining sends nothing to the page's element


async def test_a_page_behind_gets_the_whole_view_when_it_asks(
        user: User, create_user: Callable[[], User], game: Created, sockets: dict[str, Any]) -> None:
    spectator = create_user()
    await spectator.open(watch_url(game))
    sockets["rooms"]["own"] = [spectator.client.id]
    now = hurt(game, 3)
    await eventually(lambda: watched(spectator)["v"] == now, "the new version")
    answer = await join("own", {"client": spectator.client.id, "v": 1, "seen": now})
    assert answer["v"] == now and answer["view"] == watched(spectator) and answer["game"] == game.game_id
    assert "outer ring 3 of 30 marked" in answer["view"]["cards"][GUARDIAN]["track"]["label"]
    assert "patch" not in answer
