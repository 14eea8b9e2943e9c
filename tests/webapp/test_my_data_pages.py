"""A signed-in person's lists and card book on the pages: kept with the account, not the browser, so another device
signed in to the same account finds them. Through NiceGUI's simulated `user`."""

from __future__ import annotations

import importlib
import json

from nicegui import storage, ui
from nicegui.elements.upload_files import SmallFileUpload
from nicegui.testing import User

from models.catalog.schema import BoxesLayout, Card
from models.rules.warmachine.match import board
from models.service.accounts import Me
from tests.webapp.helpers import card_book, click, completed_foreboder, fill, find, see, service, site_lists
from tests.webapp.test_card_book import start_from_the_form
from tests.webapp.test_list_builder import add


def accounts():  # noqa: ANN201
    return importlib.import_module("webapp.deps").current().accounts


async def sign_in(user: User, name: str) -> Me:
    """Make an account and sign this simulated browser in to it (as the /account page does: the session in the
    browser's user storage)."""
    me, token = accounts().sign_up(f"{name.lower()}@example.org", "correct horse battery", name)
    await user.open("/")
    context = storage.request_contextvar.set(user.client.request)
    try:
        importlib.import_module("webapp.session").keep_session(token, name)
    finally:
        storage.request_contextvar.reset(context)
    return me


async def test_a_list_saved_while_signed_in_is_kept_with_the_account(user: User) -> None:
    me = await sign_in(user, "Ana")
    await user.open("/lists")
    fill(user, "List name", "Club night")
    await add(user, "Agathon", "Lamenter")
    click(user, "Save list")
    await see(user, "Saved “Club night”.")
    assert [s.title for s in site_lists().lists(me.owner)] == ["Club night"]


async def test_a_list_of_the_account_is_offered_when_signed_in(user: User) -> None:
    me = await sign_in(user, "Ana")
    other, _ = accounts().sign_up("bob@example.org", "correct horse battery", "Bob")
    lists = site_lists()
    mine = lists.save(me.owner, lists.import_text("Agathon\nLamenter").army.model_copy(update={"title": "Mine"}))
    lists.save(Me(id=other.id, email="", name="").owner, mine.army.model_copy(update={"title": "Bob's"}))
    await user.open(f"/lists?list_id={mine.id}")
    await see(user, "Mine")
    await user.open("/")
    offered = find(user, "Side 1 saved list", ui.select).options
    assert [str(v) for v in offered.values()] == [f"Mine ({mine.points} pts)"]  # type: ignore[union-attr]


async def test_a_card_pack_imported_while_signed_in_goes_into_the_accounts_book(user: User) -> None:
    me = await sign_in(user, "Ana")
    pack = json.dumps({"cards": [completed_foreboder().model_dump(mode="json")]}).encode()
    await user.open("/cards")
    await find(user, "Import a card pack", ui.upload).handle_uploads(
        [SmallFileUpload("club.json", "application/json", pack)])
    await see(user, "Kept 1 card from the pack in your card book.")
    assert list(service().card_service.for_account(me.id).book()) == ["foreboder"]
    assert card_book(user) == {}  # not in this browser's own book


async def test_a_game_started_while_signed_in_uses_the_accounts_cards(user: User) -> None:
    me = await sign_in(user, "Ana")
    service().card_service.for_account(me.id).save([completed_foreboder()])
    game_id = await start_from_the_form(user)  # the Foreboder's rings are known: no pre-game screen
    assert board(service().state(game_id)[1]).cards["foreboder"].damage.rings == (6, 4, 4)
    assert card_book(user) == {}  # the browser's own book was not used


async def test_the_card_editor_names_a_card_of_the_accounts_book_as_its_own(user: User) -> None:
    me = await sign_in(user, "Ana")
    solo = Card(key="club-solo", name="Club Solo", faction="Infernals", role="solo", cost=3,
                damage=BoxesLayout(boxes=5))
    service().card_service.for_account(me.id).save([solo])
    await user.open("/cards?key=club-solo")
    await see(user, "Edit Club Solo")
    await see(user, "your own card, in your card book")
