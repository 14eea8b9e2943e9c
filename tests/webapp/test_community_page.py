"""The community card book on the site (/cards/community) and what it gives a second player: a card one player
published is read by everyone with its provenance, only its author (or a moderator) gets to change it, and the home
page's form and the game use it with no fact typed, saying whose it is. Through NiceGUI's simulated `user`.

Values are test entries typed as a player would, not claimed to be the printed cards'."""

from __future__ import annotations

from nicegui import storage, ui
from nicegui.elements.upload_files import SmallFileUpload
from nicegui.testing import User

from models.catalog import shipped_cards
from models.catalog.schema import Card, GridLayout
from models.rules.warmachine.match import board
from models.service.community import Source
from tests.webapp.helpers import card_book, choose, click, eventually, exists, fill, find, see, service
from tests.webapp.test_my_data_pages import accounts, sign_in
from webapp.components.warmachine.card_book import book_of

GRID = ("......", ".....L", "...LLM", "...MMC", ".....C", "......")  # a test entry


def juggernaut(cost: int = 19):  # noqa: ANN201
    return shipped_cards()["juggernaut"].model_copy(update={"damage": GridLayout(columns=GRID), "cost": cost,
                                                            "fa": "U"})


async def test_a_player_publishes_a_card_of_their_card_book_on_the_page(user: User) -> None:
    me = await sign_in(user, "Ann")
    service().card_service.for_account(me.id).save([juggernaut()])
    await user.open("/cards/community")
    choose(user, "Card to publish", "Juggernaut")
    click(user, "Publish the card")
    await see(user, "Juggernaut: damage track published, cost published, FA published.")
    await see(user, "community: entered by Ann from their printed card")
    assert [f.fact for f in service().card_service.community.card("juggernaut").facts] == ["damage", "cost", "fa"]


async def test_another_player_reads_a_publication_but_only_its_author_may_change_it(user: User) -> None:
    ann, _ = accounts().sign_up("ann@example.org", "correct horse battery", "Ann")
    service().card_service.community.publish(ann.id, juggernaut(), Source("page", "https://example.org/jack"))
    bob = await sign_in(user, "Bob")
    await user.open("/cards/community?key=juggernaut")
    await see(user, "entered by 1 account · used in games")
    await see(user, "the page https://example.org/jack")
    assert not exists(user, "Change Ann's cost")  # Bob may not change Ann's value
    assert not exists(user, "Hide Ann's cost")
    click(user, "Use 19 for cost in my card book")  # the value goes into Bob's own card book
    await see(user, "Juggernaut: your card book now has cost 19.")
    assert service().card_service.for_account(bob.id).book()["juggernaut"].cost == 19


async def test_the_author_changes_their_value_on_the_page(user: User) -> None:
    me = await sign_in(user, "Ann")
    service().card_service.community.publish(me.id, juggernaut())
    await user.open("/cards/community?key=juggernaut")
    fill(user, "New value of Ann's cost", "18")  # positive control: the author has the field
    click(user, "Change Ann's cost")
    await see(user, "cost: changed.")
    await see(user, "cost changed by Ann, version 2: 18")


async def test_a_second_player_starts_the_game_with_no_fact_typed_and_the_game_records_whose(user: User) -> None:
    ann, _ = accounts().sign_up("ann@example.org", "correct horse battery", "Ann")
    service().card_service.community.publish(ann.id, juggernaut())
    kaya = shipped_cards()["kaya-the-wildborne"]
    service().card_service.community.publish(ann.id, kaya.model_copy(update={"stats": kaya.stats.model_copy(
        update={"FURY": 7})}))  # the one fact the game needs that the catalog lacks
    await sign_in(user, "Bob")
    await user.open("/")
    fill(user, "Game title", "Test entries")
    fill(user, "Player 1 name", "Ann")
    fill(user, "Player 2 name", "Bob")
    choose(user, "Player 1 caster", "Kommander Sorscha")
    choose(user, "Player 1 warjack or warbeast", "Juggernaut")
    click(user, "Add warjack or warbeast for player 1")
    await see(user, "community: entered by Ann from their printed card")
    choose(user, "Player 2 caster", "Kaya the Wildborne")
    click(user, "Start game")
    await eventually(lambda: "/table/" in (user.back_history or [""])[-1], "the new game")
    game_id = user.back_history[-1].split("/")[2]
    assert board(service().state(game_id)[1]).cards["juggernaut"].damage == GridLayout(columns=GRID)
    setup = service().repo.log(game_id)[0].command
    assert [(o["fact"], o["by"], o["version"]) for o in setup["origins"]["juggernaut"]] == [
        ("damage", "Ann", 1), ("cost", "Ann", 1), ("fa", "Ann", 1)]


def keep_in_browser(user: User, card: Card) -> None:
    """Keep ``card`` in this simulated browser's own card book, as the card editor does."""
    token = storage.request_contextvar.set(user.client.request)
    try:
        book_of(None).save([card])
    finally:
        storage.request_contextvar.reset(token)


async def test_a_community_pack_asks_before_it_overwrites_the_players_own_value(user: User) -> None:
    """The club tablet: no account, the community book arrives as a pack; the player's own cost stays unless they
    take the pack's."""
    ann, _ = accounts().sign_up("ann@example.org", "correct horse battery", "Ann")
    service().card_service.community.publish(ann.id, juggernaut())
    pack = service().card_service.community.export_pack().encode()
    await user.open("/cards")
    own = shipped_cards()["juggernaut"].model_copy(update={"cost": 18})
    keep_in_browser(user, own)
    upload = find(user, "Import a card pack", ui.upload)
    await upload.handle_uploads([SmallFileUpload("community.json", "application/json", pack)])
    await see(user, "This pack would overwrite your own Juggernaut (cost).")
    click(user, "Keep mine")
    await see(user, "Kept 1 card from the pack in your card book. This pack would overwrite your own Juggernaut "
                    "(cost).")
    assert card_book(user)["juggernaut"].cost == 18 and card_book(user)["juggernaut"].damage == juggernaut().damage
    await upload.handle_uploads([SmallFileUpload("community.json", "application/json", pack)])
    await eventually(lambda: exists(user, "Take the pack's"), "the question again")
    click(user, "Take the pack's")  # positive control: asked, the pack's value is taken
    await eventually(lambda: card_book(user)["juggernaut"].cost == 19, "the pack's cost")
