"""Entering cards fast from the printed card: a warjack's grid typed column by column as short codes (drawn beside
as it is typed, bad codes refused in words as they are typed), a warbeast's spiral branch by branch, "start from"
another entered card and mirror; and the screen for every card of a list that lacks a fact, with its progress,
reached from the list builder and the card book page. The numbers typed are test entries, as a player types them.
"""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction
from sqlmodel import Session, select

from models.db.tables import ArmyList
from tests.webapp.helpers import (
    card_book,
    choose,
    click,
    exists,
    fill,
    find,
    region,
    see,
    service,
    shows,
)
from tests.webapp.test_my_data_pages import sign_in

# A light warjack's grid as codes: boxes, then system letters from the bottom up (test entries).
CHARGER_CODES = ("4", "5 L L", "4 M M M", "4 C C C", "5 R R", "4")
CHARGER_GRID = ("--....", "-...LL", "--.MMM", "--.CCC", "-...RR", "--....")


async def charger_on_the_pregame_screen(user: User) -> ui.element:
    await user.open("/")
    fill(user, "Game title", "Agathon against Haley")
    for seat, name, caster in ((1, "Ann", "Agathon"), (2, "Bob", "Captain Victoria Haley")):
        fill(user, f"Player {seat} name", name)
        choose(user, f"Player {seat} caster", caster)
    choose(user, "Player 2 warjack or warbeast", "Charger")
    click(user, "Add warjack or warbeast for player 2")
    await see(user, "Charger")
    click(user, "Start game")
    await see(user, "Bob: 1 card needs facts: complete them now")
    return region(user, "Charger's card")


def code_field(user: User, name: str, within: ui.element | None = None) -> ui.input:
    return find(user, name, ui.input, within)  # type: ignore[return-value]


async def test_a_grid_typed_column_by_column_is_drawn_beside_and_kept(user: User) -> None:
    charger = await charger_on_the_pregame_screen(user)
    fill(user, "Column 2", "5 L L", charger)
    await see(user, "5 boxes drawn of the 26 on the card.", charger)
    assert exists(user, "Column 2, box 6: L box (Left arm)", ui.button, charger)
    assert exists(user, "Column 2, box 2: box", ui.button, charger)
    assert exists(user, "Column 2, box 1: no box", ui.button, charger)
    for n, code in enumerate(CHARGER_CODES, start=1):
        fill(user, f"Column {n}", code, charger)
    await see(user, "26 boxes drawn of the 26 on the card.", charger)
    click(user, "Save Bob's cards")
    await see(user, "Round 1")
    assert card_book(user)["charger"].damage.columns == CHARGER_GRID


async def test_a_bad_column_code_is_refused_in_words_as_it_is_typed_and_nothing_is_kept(user: User) -> None:
    charger = await charger_on_the_pregame_screen(user)
    for n, code in enumerate(CHARGER_CODES, start=1):
        fill(user, f"Column {n}", code, charger)
    await see(user, "26 boxes drawn of the 26 on the card.", charger)
    fill(user, "Column 3", "4 M X", charger)  # X is no system
    field = code_field(user, "Column 3", charger)
    assert field.error == ("Column 3: X is not a system letter (use . for a plain box; L left arm, R right arm, "
                           "M movement, C cortex, H head, A arc node).")
    fill(user, "Column 4", "7", charger)  # a light warjack's column holds six boxes at most
    assert code_field(user, "Column 4", charger).error == "Column 4: a column of this grid has at most 6 boxes."
    await see(user, "18 boxes drawn of the 26 on the card.", charger)  # a bad code draws nothing of its column
    click(user, "Save Bob's cards")
    await see(user, "Charger: Column 3: X is not a system letter")
    assert card_book(user) == {}
    # A positive control: the same screen takes the codes once they are right.
    fill(user, "Column 3", "4 M M M", charger)
    fill(user, "Column 4", "4 C C C", charger)
    assert code_field(user, "Column 3", charger).error is None
    click(user, "Save Bob's cards")
    await see(user, "Round 1")
    assert card_book(user)["charger"].damage.columns == CHARGER_GRID


async def test_a_tapped_box_rewrites_its_column_code_and_mirror_turns_the_grid_round(user: User) -> None:
    charger = await charger_on_the_pregame_screen(user)
    for n, code in enumerate(CHARGER_CODES, start=1):
        fill(user, f"Column {n}", code, charger)
    click(user, "Column 1, box 1: no box", charger)
    assert code_field(user, "Column 1", charger).value == "5"
    fill(user, "Column 1", "4", charger)
    click(user, "Mirror left and right", charger)
    assert [code_field(user, f"Column {n}", charger).value for n in range(1, 7)] == \
        ["4", "5 L L", "4 C C C", "4 M M M", "5 R R", "4"]


def saved_list_id() -> str:
    with Session(service().repo.engine) as session:
        return session.exec(select(ArmyList)).one().id


async def khador_list(user: User) -> str:
    await user.open("/lists")
    fill(user, "List name", "Friday Khador")
    choose(user, "Catalog faction", "Khador")
    for name in ("Kommander Sorscha", "Juggernaut", "Destroyer"):
        fill(user, "Search the catalog", name)
        click(user, f"Add {name}", within=region(user, "Catalog"))
    click(user, "Enter its cards")
    await see(user, "Saved “Friday Khador”.")
    return saved_list_id()


async def test_every_card_of_a_list_is_entered_on_one_screen_with_its_progress(user: User) -> None:
    list_id = await khador_list(user)
    await user.open(f"/cards/list/{list_id}")
    await see(user, "0 of 3 cards complete")
    sorscha, jugg, destroyer = (region(user, f"{n}'s card") for n in ("Kommander Sorscha", "Juggernaut", "Destroyer"))
    assert find(user, "Kommander Sorscha SPD", ui.input, sorscha).props.get("inputmode") == "numeric"
    fill(user, "Kommander Sorscha CMD", "9", sorscha)
    click(user, "Save Kommander Sorscha", sorscha)
    await see(user, "1 of 3 cards complete")

    for stat, value in zip(("SPD", "STR", "MAT", "RAT", "DEF", "ARM"), ("4", "12", "7", "4", "10", "19"), strict=True):
        fill(user, f"Juggernaut {stat}", value, jugg)
    for n, code in enumerate(("4", "5 L L", "6 L M C", "6 R M C", "5 R R", "4"), start=1):
        fill(user, f"Column {n}", code, jugg)
    fill(user, "Juggernaut cost", "19", jugg)
    fill(user, "Juggernaut FA", "u", jugg)
    fill(user, "Weapon 1 name", "Ice Axe", jugg)
    fill(user, "Weapon 1 RNG", "2", jugg)
    fill(user, "Weapon 1 POW", "16", jugg)
    click(user, "Save Juggernaut", jugg)
    await see(user, "2 of 3 cards complete")
    kept = card_book(user)["juggernaut"]
    assert (kept.stats.MAT, kept.stats.ARM, kept.cost, kept.fa) == (7, 19, 19, "U")
    assert kept.damage.columns == ("--....", "-...LL", "...CML", "...CMR", "-...RR", "--....")
    assert [(w.name, w.rng, w.pow) for w in kept.weapons] == [("Ice Axe", "2", 16)]

    # The Destroyer starts from the Juggernaut's grid, just saved; a bad stat is refused and nothing is kept.
    choose(user, "Start from", "Juggernaut", destroyer)
    assert code_field(user, "Column 3", destroyer).value == "6 L M C"
    fill(user, "Destroyer ARM", "99", destroyer)
    click(user, "Save Destroyer", destroyer)
    await see(user, "Destroyer: ARM: enter a whole number from 0 to 40, or leave it empty.")
    assert "destroyer" not in card_book(user)
    assert shows(user, "2 of 3 cards complete")
    for stat, value in zip(("SPD", "STR", "MAT", "RAT", "DEF", "ARM"), ("4", "12", "6", "5", "10", "19"), strict=True):
        fill(user, f"Destroyer {stat}", value, destroyer)
    fill(user, "Destroyer cost", "18", destroyer)
    fill(user, "Destroyer FA", "U", destroyer)
    click(user, "Save Destroyer", destroyer)
    await see(user, "3 of 3 cards complete")
    assert card_book(user)["destroyer"].damage.columns == kept.damage.columns


async def test_the_card_book_page_leads_to_a_lists_cards(user: User) -> None:
    list_id = await khador_list(user)
    await user.open("/cards")
    picker = region(user, "A list's cards")
    assert shows(user, "Every card of one of your lists that still lacks a fact, on one screen.", picker)
    click(user, "Enter its cards", picker)
    await see(user, "Cards of “Friday Khador”")
    assert list_id


async def test_another_browser_cannot_open_a_players_list_screen(user: User, create_user) -> None:  # noqa: ANN001
    list_id = await khador_list(user)
    other = create_user()
    await other.open(f"/cards/list/{list_id}")
    await other.should_see("There is no list of yours at this address.")
    # A positive control: its owner sees it.
    await user.open(f"/cards/list/{list_id}")
    await see(user, "0 of 3 cards complete")


async def test_the_pregame_screen_takes_a_spiral_branch_by_branch_and_the_stat_line_the_card_lacks(user: User
                                                                                                     ) -> None:
    await user.open("/")
    fill(user, "Game title", "Kaya against Agathon")
    for seat, name, caster in ((1, "Ann", "Agathon"), (2, "Bob", "Kaya the Wildborne")):
        fill(user, f"Player {seat} name", name)
        choose(user, f"Player {seat} caster", caster)
    choose(user, "Player 2 warjack or warbeast", "Feral Warpwolf")
    click(user, "Add warjack or warbeast for player 2")
    await see(user, "Feral Warpwolf")
    click(user, "Start game")
    await see(user, "Bob: 2 cards need facts: complete them now")
    kaya, wolf = region(user, "Kaya the Wildborne's card"), region(user, "Feral Warpwolf's card")
    fill(user, "FURY", "7", kaya)
    fill(user, "FURY", "4", wolf)
    fill(user, "THR", "9", wolf)
    for branch, code in (("Mind branch", "6 M M"), ("Body branch", "7 2"), ("Spirit branch", "6 S S")):
        fill(user, branch, code, wolf)
    await see(user, "19 boxes drawn.", wolf)
    assert exists(user, "Body branch, box 7: B box (Body)", ui.button, wolf)
    fill(user, "Body branch", "7 M", wolf)
    assert code_field(user, "Body branch", wolf).error == \
        "Body branch: its aspect boxes are B (Body); M is not one of them."
    fill(user, "Body branch", "7 2", wolf)
    fill(user, "Feral Warpwolf ARM", "99", wolf)  # no stat is that high
    click(user, "Save Bob's cards")
    await see(user, "Feral Warpwolf, ARM: enter a whole number from 0 to 40, or leave it empty.")
    assert card_book(user) == {}
    fill(user, "Feral Warpwolf ARM", "16", wolf)
    fill(user, "Feral Warpwolf MAT", "7", wolf)
    click(user, "Save Bob's cards")
    await see(user, "Round 1")
    kept = card_book(user)["feral-warpwolf"]
    assert kept.damage.branches == ("....MM", ".....BB", "....SS")
    assert (kept.stats.FURY, kept.stats.THR, kept.stats.MAT, kept.stats.ARM, kept.stats.SPD) == (4, 9, 7, 16, None)


async def test_a_signed_in_player_publishes_what_they_save_on_a_lists_screen_with_its_source(user: User) -> None:
    me = await sign_in(user, "Ann")
    list_id = await khador_list(user)
    await user.open(f"/cards/list/{list_id}")
    jugg = region(user, "Juggernaut's card")
    for n, code in enumerate(("4", "5 L L", "6 L M C", "6 R M C", "5 R R", "4"), start=1):
        fill(user, f"Column {n}", code, jugg)
    fill(user, "Juggernaut cost", "19", jugg)
    click(user, "Save Juggernaut", jugg)  # not asked to publish: kept in the card book only
    await see(user, "Saved Juggernaut in your card book.")
    community = service().card_service.community
    assert community.card("juggernaut").facts == ()
    UserInteraction(user, {find(user, "Also publish them to the community book", ui.switch)}, None).click()
    choose(user, "Where the facts come from", "A page (its address)")
    fill(user, "Page address or pack name", "not an address")
    click(user, "Save Juggernaut", jugg)
    await see(user, "A page source is the page's address (http:// or https://).")
    assert community.card("juggernaut").facts == ()
    fill(user, "Page address or pack name", "https://example.org/juggernaut")
    click(user, "Save Juggernaut", jugg)
    await see(user, "Published to the community book: Juggernaut: damage track published, cost published.")
    facts = community.card("juggernaut").facts
    assert [f.fact for f in facts] == ["damage", "cost"]
    assert me.id


async def test_without_an_account_a_lists_screen_says_how_to_publish(user: User) -> None:
    list_id = await khador_list(user)
    await user.open(f"/cards/list/{list_id}")
    await see(user, "Sign in to publish the cards you enter to the community card book, so other players need not "
                    "type them again.")
    assert not exists(user, "Also publish them to the community book")
