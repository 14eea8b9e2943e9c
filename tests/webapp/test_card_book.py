"""The card book (cards belong to someone): a card a player completes at the table goes into this browser's card book
and is offered in this browser's next game, never in another browser's nor the site's; the card book travels as a card
pack (export on /cards, import on the home page); the operator saves site cards.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from nicegui import ui
from nicegui.elements.upload_files import SmallFileUpload
from nicegui.testing import User

from models.rules.warmachine.match import board
from models.service import Created
from tests.webapp.helpers import (
    card_book,
    choose,
    click,
    completed_foreboder,
    eventually,
    exists,
    fill,
    find,
    model_card,
    see,
    service,
    table_url,
)

OPERATOR = "operator-secret-token"
FOREBODER_WEB = "Damage web: outer ring 0 of 6 marked, middle ring 0 of 4 marked, centre ring 0 of 4 marked"


async def complete_the_foreboder(user: User, game: Created) -> None:
    """At the table: the Foreboder's web rings typed in from the player's own card."""
    await user.open(table_url(game))
    click(user, "Complete Foreboder's card", within=model_card(user, "Ann", "Foreboder"))
    await see(user, "The web has 14 boxes in all.")
    for ring, boxes in (("outer", "6"), ("middle", "4"), ("centre", "4")):
        fill(user, f"Boxes in the {ring} ring", boxes)
    click(user, "Save card")
    await see(user, FOREBODER_WEB, model_card(user, "Ann", "Foreboder"))
    # the game's copy shows first; the browser's card book keeps it a moment later (under load, later still)
    await eventually(lambda: "foreboder" in card_book(user), "the card book to keep the Foreboder")


async def start_from_the_form(user: User, to_table: bool = True) -> str:
    """The home page's new-game form: Agathon with a Foreboder against Princess Regna; the new game's id (with
    ``to_table``: the Foreboder's rings are in this browser's card book, so the game starts at once)."""
    await user.open("/")
    await see(user, "New Warmachine Mk III game")
    fill(user, "Game title", "Next game")
    for seat, name in ((1, "Ann"), (2, "Bob")):
        fill(user, f"Player {seat} name", name)
    choose(user, "Player 1 caster", "Agathon")
    choose(user, "Player 1 horror", "Foreboder")
    click(user, "Add horror for player 1")
    choose(user, "Player 2 caster", "Princess Regna")
    click(user, "Start game")
    if not to_table:
        return ""
    await eventually(lambda: "/table/" in (user.back_history or [""])[-1], "the new game")
    return user.back_history[-1].split("/")[2]


async def test_a_card_completed_at_the_table_is_offered_in_this_browsers_next_game(
        user: User, create_user: Callable[[], User], game: Created) -> None:
    await complete_the_foreboder(user, game)
    assert card_book(user)["foreboder"].damage.rings == (6, 4, 4)
    assert service().cards()["foreboder"].damage.rings is None

    mine = await start_from_the_form(user)
    assert board(service().state(mine)[1]).cards["foreboder"].damage.rings == (6, 4, 4)
    assert not exists(user, "Complete Foreboder's card", ui.button)

    someone_else = create_user()  # another browser's book is empty: asked for the rings before the game
    await start_from_the_form(someone_else, to_table=False)
    await see(someone_else, "Ann: 1 card needs facts: complete them now")
    assert card_book(someone_else) == {}


async def test_a_card_pack_goes_from_one_browser_to_another(user: User, create_user: Callable[[], User],
                                                            game: Created) -> None:
    """A club shares one pack: exported from the card editor in one browser, imported on the home page of
    another; a bad pack is refused with a message and changes nothing."""
    await complete_the_foreboder(user, game)
    await user.open("/cards")
    click(user, "Export my card book as a card pack")
    pack = (await user.download.next()).content
    assert [c["key"] for c in json.loads(pack)["cards"]] == ["foreboder"]

    friend = create_user()
    await friend.open("/")
    upload = find(friend, "Import a card pack", ui.upload)
    await upload.handle_uploads([SmallFileUpload("broken.json", "application/json", b'{"cards": []}')])
    await see(friend, "That file holds no cards. No card was kept.")
    assert card_book(friend) == {}
    await upload.handle_uploads([SmallFileUpload("club.json", "application/json", pack)])
    await see(friend, "Kept 1 card from the pack in your card book.")
    assert card_book(friend) == card_book(user)
    theirs = await start_from_the_form(friend)
    assert board(service().state(theirs)[1]).cards["foreboder"].damage.rings == (6, 4, 4)


async def test_a_pack_that_rewrites_a_shipped_card_keeps_nothing(user: User) -> None:
    agathon = service().cards()["agathon"].model_dump(mode="json")
    pack = json.dumps({"cards": [completed_foreboder().model_dump(mode="json"), {**agathon, "name": "Nobody"}]})
    await user.open("/")
    await find(user, "Import a card pack", ui.upload).handle_uploads(
        [SmallFileUpload("bad.json", "application/json", pack.encode())])
    await see(user, "Card 2: the shipped card Agathon already gives its name")
    assert card_book(user) == {}


@pytest.fixture
def operator_token(monkeypatch: pytest.MonkeyPatch) -> str:
    """The site's operator token, set before the `user` fixture starts the app."""
    monkeypatch.setenv("TABLEKEEPER_OPERATOR_TOKEN", OPERATOR)
    return OPERATOR


async def test_the_operator_saves_a_card_for_the_whole_site(operator_token: str, user: User) -> None:
    await user.open("/cards?key=desolator")
    await see(user, "Edit Desolator")
    fill(user, "ESSENCE", "4")
    assert not exists(user, "Save card for the whole site", ui.button)
    fill(user, "Operator token", "a guess")
    click(user, "Sign in as operator")
    await see(user, "That is not the operator token.")
    assert not exists(user, "Save card for the whole site", ui.button)
    fill(user, "Operator token", operator_token)
    click(user, "Sign in as operator")
    await see(user, "Operator: cards may now be saved for the whole site.")
    click(user, "Save card for the whole site")
    await see(user, "Saved the card Desolator for the whole site.")
    assert service().cards()["desolator"].stats.ESSENCE == 4
    assert card_book(user) == {}


async def test_without_an_operator_token_nobody_signs_in(user: User) -> None:
    await user.open("/cards")
    await see(user, "Card packs")
    assert not exists(user, "Operator token") and not exists(user, "Save card for the whole site", ui.button)
