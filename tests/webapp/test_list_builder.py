"""The list builder (/lists), the card editor (/cards) and starting a game from lists (/), through NiceGUI's
simulated `user`. Each test runs the real app on a SQLite file of its own (tests/webapp/conftest.py)."""

from __future__ import annotations

import json

from nicegui import ui
from nicegui.testing import User
from sqlmodel import Session, select

from models.catalog import shipped_cards, shipped_examples
from models.db.tables import ArmyList
from models.rules.warmachine.list_model import parse_army
from models.rules.warmachine.match import board
from models.service.lists import ListService
from tests.webapp.helpers import (
    card_book,
    choose,
    click,
    complete_pregame,
    eventually,
    exists,
    fill,
    find,
    region,
    see,
    service,
    shows,
    site_lists,
)


def lists() -> ListService:
    return site_lists()


def saved_rows() -> list[ArmyList]:
    with Session(service().repo.engine) as s:
        return list(s.exec(select(ArmyList)).all())


def builder(user: User):  # noqa: ANN201
    return region(user, "Army list")


async def add(user: User, *names: str) -> None:
    for name in names:
        click(user, f"Add {name}", within=region(user, "Catalog"))


async def test_a_list_shows_points_and_battlegroup_points_live(user: User):
    await user.open("/lists")
    await add(user, "Agathon", "Tormentor")
    await see(user, "Points: 0 / 75", builder(user))
    await see(user, "Agathon: battlegroup points 12 / 28 (16 unspent, lost)", builder(user))
    await add(user, "Umbral Guardian", "Cultist Band")
    await see(user, "Points: 11 / 75", builder(user))
    choose(user, "Models in Cultist Band, line 4", "6 models")
    await see(user, "Points: 13 / 75", builder(user))
    await see(user, "This list is legal.", builder(user))


async def test_a_validation_problem_shows_and_goes_when_fixed(user: User):
    await user.open("/lists")
    await add(user, "Tormentor")
    await see(user, "Tormentor must start in the battlegroup of a model with Essence Manipulation", builder(user))
    await see(user, "A list needs a warcaster, warlock or infernal master.", builder(user))
    await add(user, "Agathon")
    choose(user, "Battlegroup of Tormentor, line 1", "Agathon (line 2)")
    await see(user, "This list is legal.", builder(user))
    assert not shows(user, "must start in the battlegroup", builder(user))
    choose(user, "Game size", "25 points")
    await add(user, "Infernal Gate", "Infernal Gate", "Infernal Gate")
    await see(user, "Infernal Gate may be included at most 2 times", builder(user))
    await see(user, "The list uses 36 points of 25: 11 too many.", builder(user))
    click(user, "Remove Infernal Gate, line 5", within=builder(user))
    choose(user, "Game size", "50 points")
    await see(user, "This list is legal.", builder(user))


async def test_catalog_search_and_card_details_with_source_and_missing_facts(user: User):
    await user.open("/lists")
    fill(user, "Search the catalog", "soul")
    catalog = region(user, "Catalog")
    await see(user, "3 cards", catalog)
    click(user, "Show Harvester of Souls", within=catalog)
    details = region(user, "Card details")
    await see(user, "Not known yet: ESSENCE, cost, FA.", details)
    await see(user, "Source: reference README", details)
    choose(user, "Catalog faction", "Grymkin")
    fill(user, "Search the catalog", "")
    grymkin = sum(card.faction == "Grymkin" for card in shipped_cards().values())
    await see(user, f"{grymkin} cards", catalog)


async def test_save_rename_duplicate_and_delete(user: User):
    await user.open("/lists")
    fill(user, "List name", "Friday <b>night</b>")
    await add(user, "Agathon", "Lamenter")
    click(user, "Save list")
    await see(user, "Saved “Friday <b>night</b>”.")
    assert [r.title for r in saved_rows()] == ["Friday <b>night</b>"]
    click(user, "Rename list")
    fill(user, "New name", "x" * 61)
    click(user, "Apply the new name")
    await see(user, "A list's name can be at most 60 characters.")
    fill(user, "New name", "Sunday")
    click(user, "Apply the new name")
    await see(user, "Renamed to “Sunday”.")
    click(user, "Save as a copy")
    await see(user, "Saved a copy: “Copy of Sunday”.")
    assert sorted(r.title for r in saved_rows()) == ["Copy of Sunday", "Sunday"]
    click(user, "Delete list")
    click(user, "Yes, delete the list")
    await see(user, "List deleted.")
    assert [r.title for r in saved_rows()] == ["Sunday"]
    army = parse_army(saved_rows()[0].data)
    assert [e.card for e in army.entries] == ["agathon", "lamenter"]


async def test_lists_are_kept_per_browser(user: User, create_user):  # noqa: ANN001
    await user.open("/lists")
    await add(user, "Agathon")
    click(user, "Save list")
    await see(user, "Saved “New list”.")
    other: User = create_user()
    await other.open("/lists")
    select = find(other, "Saved lists", ui.select)
    assert select.options == {}


async def test_export_and_import_text(user: User):
    await user.open("/lists")
    await add(user, "Agathon", "Tormentor", "Cultist Band", "Orin Midwinter")
    click(user, "Export as text")
    await see(user, "The list as text")  # the text is written in a worker thread
    area = find(user, "List text", ui.textarea)
    assert "Agathon, +28\n- Tormentor, 12\nCultist Band (4 models), 5\n- Orin Midwinter, 4\n" in area.value
    click(user, "Import from text")
    fill(user, "Text to import", "Title: Pasted\nOmodamos, +28\n- Soul Stalker\n- Gargantuan Thing, 40\nHowlers\n")
    click(user, "Read the list")
    await see(user, "- Gargantuan Thing, 40 — no card of that name")
    b = builder(user)
    await see(user, "Soul Stalker", b)
    await see(user, "Unknown facts: Howlers: the unit costs are not known yet (the list counts without it; "
                    "complete the card in the card editor).", b)
    assert find(user, "List name", ui.input).value == "Pasted"


async def test_a_huge_paste_changes_nothing(user: User):
    await user.open("/lists")
    await add(user, "Agathon")
    click(user, "Import from text")
    fill(user, "Text to import", "junk " * 20_000)
    click(user, "Read the list")
    await see(user, "That text is too long for a list")
    await see(user, "Points: 0 / 75", builder(user))
    assert find(user, "List name", ui.input).value == "New list"


async def test_an_example_list_can_be_loaded(user: User):
    await user.open("/lists")
    click(user, "Import from text")
    choose(user, "Example lists", "agathon 75")
    click(user, "Read the list")
    await see(user, "Points: 60 / 75", builder(user))
    await see(user, "This list is legal.", builder(user))


# -- the card editor --------------------------------------------------------------------------------------
async def test_card_editor_completes_a_card_into_the_card_book(user: User):
    await user.open("/cards?key=desolator")
    await see(user, "Edit Desolator")
    fill(user, "ESSENCE", "4")
    fill(user, "Cost", "15")
    fill(user, "FA", "u")
    for ring, n in (("outer", "8"), ("middle", "6"), ("centre", "6")):
        fill(user, f"Boxes in the {ring} ring", n)
    click(user, "Save card in my card book")
    await see(user, "Saved the card Desolator in your card book.")
    card = card_book(user)["desolator"]
    assert (card.stats.ESSENCE, card.cost, card.fa, card.damage.rings) == (4, 15, "U", (8, 6, 6))
    assert card.card_id == 4406  # the shipped facts are kept
    assert lists().cards()["desolator"].stats.ESSENCE is None  # the site's catalog is not changed
    assert not exists(user, "Save card for the whole site", ui.button)  # no operator token on this site


async def test_card_editor_refuses_bad_numbers_and_saves_nothing(user: User):
    await user.open("/cards?key=tormentor")
    await see(user, "Edit Tormentor")
    fill(user, "SPD", "-3")
    click(user, "Save card in my card book")
    await see(user, "SPD: enter a whole number from 0 to 40, or leave it empty when not known. Nothing was saved.")
    fill(user, "SPD", "5")
    for ring, n in (("outer", "10"), ("middle", "10"), ("centre", "10")):
        fill(user, f"Boxes in the {ring} ring", n)
    click(user, "Save card in my card book")
    await see(user, "The three rings must add up to the web's 24 boxes. Nothing was saved.")
    assert card_book(user) == {}


async def test_card_editor_keeps_the_facts_a_shipped_card_gives(user: User):
    await user.open("/cards?key=agathon")
    await see(user, "Edit Agathon")
    fill(user, "SPD", "9")
    click(user, "Save card in my card book")
    await see(user, "Agathon: the shipped card Agathon already gives its SPD: only what it leaves empty can be filled "
                    "in. To change them, write your own card under another name. Nothing was saved.")
    fill(user, "SPD", "6")
    fill(user, "Rules, one per line", "r" * 501)
    click(user, "Save card in my card book")
    await see(user, "Rules: at most 20 lines of 500 characters. Nothing was saved.")
    assert card_book(user) == {}


async def test_card_editor_creates_a_card_and_exports_the_card_book(user: User):
    await user.open("/cards")
    fill(user, "Name", "Test Warlock")
    fill(user, "Faction", "Grymkin")
    choose(user, "Role", "Warlock")
    fill(user, "Battlegroup points", "27")
    fill(user, "Trump arcana", "The Shadow")
    fill(user, "Damage boxes", "18")
    click(user, "Save card in my card book")
    await see(user, "Saved the card Test Warlock in your card book.")
    assert card_book(user)["test-warlock"].trump == "The Shadow"
    assert "test-warlock" not in lists().cards()
    click(user, "Export my card book as a card pack")
    response = await user.download.next()
    data = json.loads(response.content)
    assert [c["key"] for c in data["cards"]] == ["test-warlock"]


async def test_the_missing_view_lists_incomplete_cards(user: User):
    await user.open("/cards")
    view = region(user, "Card list")
    await see(user, "the first 120 shown, search by name to find the others", view)
    fill(user, "Search cards", "zaat")
    await see(user, "Zaateroth (Infernals)", view)
    await see(user, "Missing: ESSENCE, damage boxes, battlegroup points", view)
    assert not shows(user, "Agathon (Infernals)", view)
    click(user, "Edit Zaateroth", within=view)
    await see(user, "Edit Zaateroth")


# -- a game from lists ------------------------------------------------------------------------------------
async def test_start_a_game_from_a_saved_list_and_a_pasted_one(user: User):
    await user.open("/lists")
    fill(user, "List name", "My Agathon")
    await add(user, "Agathon", "Princess Regna", "Foreboder", "Tormentor")
    # each horror joins the latest master that may take it: the Foreboder Regna, the Tormentor Agathon
    assert find(user, "Battlegroup of Foreboder, line 4", ui.select).value == 2
    assert find(user, "Battlegroup of Tormentor, line 2", ui.select).value == 0
    click(user, "Save list")
    await see(user, "Saved “My Agathon”.")
    await user.open("/")
    fill(user, "Side 1 player name", "Ann")
    choose(user, "Side 1 saved list", "My Agathon (10 pts)")
    fill(user, "Side 2 player name", "Bob")
    fill(user, "Side 2 list text", shipped_examples()["omodamos-50"])
    click(user, "Start the game from these lists")
    assert await complete_pregame(user) == ["Ann", "Bob"]  # their cards lack facts: asked before the game
    await eventually(lambda: _games() == 1, "the game to start")
    _, state = service().state(_game_id(user))
    mine = {m.card for m in board(state).models if m.seat == 0}
    assert mine == {"agathon", "tormentor", "princess-regna", "foreboder"}
    regna = next(m for m in board(state).models if m.card == "princess-regna")
    assert next(m for m in board(state).models if m.card == "foreboder").battlegroup == regna.id
    assert sum(1 for m in board(state).models if m.seat == 1 and m.card == "tormentor") == 2


async def test_a_pasted_list_with_unknown_lines_asks_first(user: User):
    await user.open("/")
    fill(user, "Side 1 list text", "Agathon, +28\n- Tormentor, 12\nMystery Model, 9\n")
    fill(user, "Side 2 list text", shipped_examples()["omodamos-50"])
    click(user, "Start the game from these lists")
    await see(user, "Player 1: 1 line(s) of the pasted list were not recognised")
    await see(user, "Mystery Model, 9 — no card of that name")
    assert _games() == 0
    click(user, "Start the game from these lists")
    await complete_pregame(user)
    await eventually(lambda: _games() == 1, "the game to start")


async def test_a_list_that_breaks_a_rule_does_not_start_a_game(user: User):
    await user.open("/")
    fill(user, "Side 1 list text", "Agathon\nTormentor\n")
    fill(user, "Side 2 list text", shipped_examples()["omodamos-50"])
    click(user, "Start the game from these lists")
    await see(user, "Player 1's list: Tormentor must start in the battlegroup")
    assert _games() == 0


def _games() -> int:
    from models.db.tables import Game

    with Session(service().repo.engine) as s:
        return len(s.exec(select(Game)).all())


def _game_id(user: User) -> str:
    from models.db.tables import Game

    with Session(service().repo.engine) as s:
        return s.exec(select(Game)).one().id


async def test_the_builder_refuses_two_agathons_and_offers_no_master_to_a_warbeast(user: User):
    """A caster is a character (two Agathons refused); an infernal master's battlegroup takes horrors only (doc
    001 "Horrors"), so a Cage Rager is not offered Agathon's battlegroup."""
    await user.open("/lists")
    await add(user, "Agathon", "Agathon")
    await see(user, "Agathon is a character: an army may include only one; this list has 2.", builder(user))
    assert not shows(user, "This list is legal.", builder(user))
    click(user, "Remove Agathon, line 2")
    await see(user, "This list is legal.", builder(user))
    choose(user, "Catalog faction", "All factions")
    await see(user, "the first 60 shown, search by name to find the others", region(user, "Catalog"))
    fill(user, "Search the catalog", "cage rag")
    await add(user, "Cage Rager")
    rager = find(user, "Battlegroup of Cage Rager, line 2", ui.select)
    assert set(rager.options.values()) == {"No battlegroup"}
    await see(user, "Cage Rager is not of the Infernals faction.", builder(user))


async def test_a_theme_force_is_chosen_checked_and_kept_with_the_list(user: User):
    """Reference README, Infernals, "Theme forces": the builder offers the themes of the list's faction, says what
    the theme does, refuses what it does not allow (theme.horror_not_allowed) and keeps it with the saved list."""
    await user.open("/lists")
    fill(user, "List name", "Hearts")
    await add(user, "Agathon", "Tormentor")
    assert set(find(user, "Theme force", ui.select).options.values()) == {"No theme", "Dark Legacy",
                                                                          "Hearts of Darkness"}
    choose(user, "Theme force", "Hearts of Darkness")
    await see(user, "In Hearts of Darkness the only horrors are Princess Regna's lesser and light horrors; "
                    "Tormentor is not one.", builder(user))
    choose(user, "Theme force", "Dark Legacy")
    await see(user, "This list is legal.", builder(user))
    await see(user, "Theme force Dark Legacy: Horrors pay no tithe at the end of this player's first turn. "
                    "Infernal solos have Reposition 3\". One Cultist Band has Ambush.", builder(user))
    click(user, "Save list")
    await see(user, "Saved “Hearts”.")
    assert [parse_army(r.data).theme for r in saved_rows()] == ["dark-legacy"]
    choose(user, "List faction", "Grymkin")
    await eventually(lambda: find(user, "Theme force", ui.select).value == "none", "the theme to go")
