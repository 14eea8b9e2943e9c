"""The Live now page (/live) and the table's "Show on Live now" switch through NiceGUI's `user` fixture: a player
lists a game and a viewer's /live shows it, one message per change for every viewer, a game listed by another
server process shows within a few seconds, and a watch link sees no switch. The browser's side (live_board.js)
is checked in tests/e2e/test_live_now.py."""

from __future__ import annotations

import importlib
from collections.abc import Callable

import pytest
from nicegui import ui
from nicegui.testing import User

from models.rules.warmachine.damage import MarkDamage
from models.service import Actor, Created
from tests.webapp.helpers import click, elements, eventually, exists, find, record_broadcasts, see, service, table_url
from tests.webapp.test_warband_page import new_warband_game
from tests.webapp.test_warlord_page import warlord_game
from webapp.components.live_board import LiveBoard
from webapp.live.now import LIST_EVENT, POLL, ROOM

TABLE = Actor(role="table")


def live_now():  # type: ignore[no-untyped-def]
    return importlib.import_module("webapp.deps").current().live_now


def switch(user: User) -> ui.switch:
    found = find(user, "Show on Live now", ui.switch)
    assert isinstance(found, ui.switch)
    return found


def off(user: User) -> bool:
    """The switch is shown off, and ready (it waits greyed until the dialog has read whether the game is listed)."""
    return exists(user, "Show on Live now", ui.switch) and switch(user).value is False and \
        "disable" not in switch(user).props


async def list_from_the_table(user: User, game: Created, token: str = "table") -> None:
    await user.open(table_url(game, token))
    click(user, "Share links")
    await eventually(lambda: off(user), "the switch to show the game is not listed")
    switch(user).set_value(True)
    await see(user, "This game is on Live now.")


async def test_a_game_listed_at_the_table_shows_on_live_now(user: User, create_user: Callable[[], User],
                                                           game: Created) -> None:
    viewer = create_user()
    await viewer.open("/live")
    await viewer.should_see("No game is being shown right now.")
    await list_from_the_table(user, game)
    await viewer.should_see("Friday game")
    await viewer.should_see("Ann against Bob")
    await viewer.should_see("Round 1")


async def test_a_seat_link_lists_and_takes_off_its_game(user: User, game: Created) -> None:
    await list_from_the_table(user, game, "seat2")
    assert game.game_id in live_now().games
    switch(user).set_value(False)
    await see(user, "This game is off Live now.")
    assert game.game_id not in live_now().games
    await user.open(table_url(game, "seat1"))  # the other player's device shows it off too
    click(user, "Share links")
    await eventually(lambda: off(user), "the switch to show the game is off")


async def test_a_change_is_sent_once_to_every_viewer(user: User, create_user: Callable[[], User],
                                                     game: Created) -> None:
    viewers = [create_user() for _ in range(3)]
    for viewer in viewers:
        await viewer.open("/live")
    await list_from_the_table(user, game)
    sent = record_broadcasts()
    at = service().state(game.game_id)[0]
    service().execute(game.game_id, MarkDamage(model="p1-guardian-of-souls", amount=1), at, TABLE)
    service().execute(game.game_id, {"type": "advance"}, at + 1, TABLE)
    await eventually(lambda: any(e == LIST_EVENT for e, _, _ in sent), "the list's change")
    await eventually(lambda: live_now().games[game.game_id]["phase"] != "", "the new phase")
    changes = [(data, room) for event, data, room in sent if event == LIST_EVENT]
    assert all(room == ROOM for _, room in changes)
    assert all("patch" in data and "games" not in data for data, _ in changes)  # a patch, not the whole list
    assert len(changes) <= 2  # the damage changes no line: at most one message per line's change


async def test_a_game_listed_by_another_server_process_shows_within_seconds(create_user: Callable[[], User],
                                                                             game: Created) -> None:
    viewer = create_user()
    await viewer.open("/live")
    assert len(elements(viewer, LiveBoard)) == 1
    listings = importlib.import_module("webapp.deps").current().listings
    listings.list_game(game.game_id, TABLE)  # straight to the database, as another process would
    await eventually(lambda: game.game_id in live_now().games, "the poll to find it")
    await viewer.should_see("Friday game")
    assert POLL <= 3


async def test_a_finished_game_cannot_be_listed_from_the_table(user: User, game: Created) -> None:
    service().execute(game.game_id, {"type": "concede", "seat": 1}, service().state(game.game_id)[0], TABLE)
    await user.open(table_url(game))
    click(user, "Share links")
    await eventually(lambda: off(user), "the dialog to open")
    switch(user).set_value(True)
    await see(user, "This game has ended: Live now shows only games still being played.")
    await eventually(lambda: off(user), "the switch to go back off")
    assert game.game_id not in live_now().games


async def test_the_listed_watch_link_opens_the_watch_view_and_nothing_else(user: User, game: Created) -> None:
    listings = importlib.import_module("webapp.deps").current().listings
    token = listings.list_game(game.game_id, TABLE)
    table = await user.http_client.get(f"/table/{game.game_id}/{token}")
    assert table.status_code == 403 and "A watch link cannot open the table." in table.text
    await user.open(f"/watch/{game.game_id}/{token}")
    await see(user, "Watching: Friday game")
    assert (await user.http_client.get(table_url(game))).status_code == 200  # positive control


@pytest.mark.parametrize("system", ["warlord", "warband"])
async def test_a_warlord_or_warband_table_lists_its_game_too(user: User, create_user: Callable[[], User],
                                                             system: str) -> None:
    start = warlord_game if system == "warlord" else new_warband_game
    game = start()
    await list_from_the_table(user, game)
    viewer = create_user()
    await viewer.open("/live")
    await viewer.should_see(system.capitalize())
    assert game.game_id in live_now().games


async def test_a_watch_page_on_a_link_taken_off_live_now_goes_back_to_live_now(user: User, game: Created) -> None:
    """Taken off by another server process (straight in the database): this process's reading of the listings
    revokes the link here too, and its watch page leaves for /live."""
    listings = importlib.import_module("webapp.deps").current().listings
    token = listings.list_game(game.game_id, TABLE)
    await user.open(f"/watch/{game.game_id}/{token}")
    await see(user, "Watching: Friday game")
    await live_now().fresh()
    assert listings.unlist(game.game_id, TABLE) == token
    await eventually(lambda: user.back_history[-1:] == ["/live"], "the watch page to leave")
    await see(user, "No game is being shown right now.")
    assert (await user.http_client.get(f"/watch/{game.game_id}/{token}")).status_code == 404
    assert (await user.http_client.get(f"/watch/{game.game_id}/{game.tokens['watch']}")).status_code == 200
