"""A signed-in person's games on the pages: a game started while signed in is kept in the account, a table page offers
to keep a game the account lacks, My games shows every game with its links, and signing in offers to move this browser's
lists, cards and game links in. Through NiceGUI's simulated `user`."""

from __future__ import annotations

import importlib

from nicegui import ui
from nicegui.testing import User

from models.service import Actor
from models.service.accounts import Me
from tests.webapp.helpers import (
    click,
    eventually,
    exists,
    fill,
    fill_new_game,
    find,
    new_game,
    see,
    service,
    site_lists,
    table_url,
)
from tests.webapp.test_list_builder import add
from tests.webapp.test_my_data_pages import sign_in


def my_data():  # noqa: ANN201
    return importlib.import_module("webapp.deps").current().my_data


async def test_a_game_started_while_signed_in_is_kept_in_the_account(user: User) -> None:
    me = await sign_in(user, "Ana")
    await fill_new_game(user, "Club game")
    click(user, "Start game")
    await eventually(lambda: bool(my_data().my_games(me)), "the game to be kept")
    [kept] = my_data().my_games(me)
    assert kept.title == "Club game" and set(kept.links) == {"table", "seat1", "seat2", "watch"}


async def test_a_table_page_offers_to_keep_a_game_the_account_lacks(user: User) -> None:
    game = new_game()
    await user.open(table_url(game))
    assert not exists(user, "Keep this game in my account", ui.button)  # signed out: nothing to keep it in
    me = await sign_in(user, "Ana")
    await user.open(table_url(game, "seat1"))
    click(user, "Keep this game in my account")
    await see(user, "Kept in your account")
    [kept] = my_data().my_games(me)
    assert kept.links == {"seat1": game.tokens["seat1"]}
    await user.open(table_url(game, "seat1"))
    assert not exists(user, "Keep this game in my account", ui.button)  # kept already


async def test_my_games_shows_each_game_with_its_links(user: User) -> None:
    me = await sign_in(user, "Ana")
    playing, finished = new_game("Playing"), new_game("Finished")
    for game, title in ((playing, "Playing"), (finished, "Finished")):
        my_data().keep_game(me, game.game_id, {"title": title, **game.tokens})
    service().execute(finished.game_id, {"type": "concede", "seat": 1}, 1, Actor(role="table"))
    await user.open("/")
    assert find(user, "My games", ui.link).props["href"] == "/games"  # the header's link, when signed in
    assert exists(user, "Watch Finished", within=find(user, "Your games", ui.column))  # the home page's list
    await user.open("/games")
    await see(user, "Ann wins by concession")
    games = find(user, "My games", ui.column)
    assert exists(user, "Watch Playing", within=games) and exists(user, "Resume Playing", within=games)
    assert exists(user, "Result of Finished", within=games) and not exists(user, "Result of Playing")
    assert find(user, "Watch Finished").props["href"] == f"/watch/{finished.game_id}/{finished.tokens['watch']}"


async def test_my_games_asks_a_signed_out_person_to_sign_in(user: User) -> None:
    await user.open("/games")
    await see(user, "Sign in to see the games kept in your account, on any device.")


async def save_a_list_then_sign_in(user: User) -> Me:
    """Save a list in this browser without an account, then sign in on the /account page."""
    await user.open("/lists")
    fill(user, "List name", "Club night")
    await add(user, "Agathon")
    click(user, "Save list")
    await see(user, "Saved “Club night”.")
    me, _ = importlib.import_module("webapp.deps").current().accounts.sign_up("ana@example.org",
                                                                               "correct horse battery", "Ana")
    await user.open("/account")
    form = find(user, "Sign in", ui.card)
    fill(user, "Email", "ana@example.org", within=form)
    fill(user, "Password", "correct horse battery", within=form)
    click(user, "Sign in", within=form)
    return me


async def test_signing_in_offers_to_move_this_browsers_data_in(user: User) -> None:
    me = await save_a_list_then_sign_in(user)
    await see(user, "This browser keeps 1 saved list that your account does not have.")
    click(user, "Move them into my account")
    await see(user, "Moved into your account: 1 list, 0 cards and 0 games.")
    click(user, "Done")
    await see(user, "Signed in as Ana")
    assert [s.title for s in site_lists().lists(me.owner)] == ["Club night"]


async def test_not_now_leaves_this_browsers_data_where_it_is(user: User) -> None:
    me = await save_a_list_then_sign_in(user)
    await see(user, "This browser keeps 1 saved list that your account does not have.")
    click(user, "Not now")
    await see(user, "Signed in as Ana")
    assert site_lists().lists(me.owner) == []
    await user.open("/lists")
    assert [str(v) for v in find(user, "Saved lists", ui.select).options.values()] == []  # type: ignore[union-attr]



def test_a_finished_warlord_game_reads_as_finished(tmp_path) -> None:  # noqa: ANN001 - pytest's tmp_path
    """My games says a game is finished by its own system's result, not by Warmachine's board (which a Warlord or
    warband game does not have)."""
    from models.db.engine import make_engine, migrate
    from models.rules.warlord.damage import WarlordDamage
    from models.service import GameService
    from tests.rules.warlord.game import GHOST, ORC, ZOMBIE
    from tests.rules.warlord.game import setup_command as warlord_setup
    from webapp.components.my_games import progress

    engine = make_engine(f"sqlite:///{tmp_path}/t.db")
    migrate(engine)
    service = GameService(engine)
    game_id = service.start(warlord_setup()).game_id
    assert progress(service.state(game_id)[1]) == "round 1"  # the positive control: still going
    for model in (ORC, GHOST, ZOMBIE):
        service.execute(game_id, WarlordDamage(model=model, amount=3), service.state(game_id)[0], Actor(role="table"))
    assert progress(service.state(game_id)[1]) == "finished in round 1"
    engine.dispose()
