"""Every Mk III model in the catalog, played from the lists page in a real Chromium (1024 x 768): a Khador list
(Kommander Sorscha, two Juggernauts, a Winter Guard Infantry unit) and a Grymkin list (The King of Nothing, the
two Arcana cards besides its Trump, two Gorehounds) are built by searching the catalog by name, and saved although
the catalog does not know every fact (the Juggernaut's cost, the Trump: the check says "Unknown facts"); a game
starts from them (without the setup wizard), the pre-game screens ask what the cards leave blank (a grid and a
spiral, tapped in with test numbers, and the Trump's name), the Grymkin player reveals his three Arcana cards, and
both players play their first turn.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import action, tap_drawing, turn_bar
from tests.e2e.test_lists import builder, choose, line, save

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TABLET = {"width": 1024, "height": 768}
WAIT = 10_000
JUGGERNAUT = ("--....", "-.....", "--.MMM", "--.CCC", "-...LR", "--....")  # test numbers, drawn by tapping
GOREHOUND = ("......", "........", "......")  # 20 boxes: test numbers
TRUMP = "Trump of the Test"  # test words: what Gil reads off his own card
CASTERS = {"Kat": "Kommander Sorscha", "Gil": "The King of Nothing"}


def find_and_add(page: Page, search: str, name: str, times: int = 1) -> None:
    """Search the catalog by part of a name, then add the card found, as a person does."""
    catalog = page.get_by_role("region", name="Catalog")
    catalog.get_by_role("textbox", name="Search the catalog").fill(search)
    button = catalog.get_by_role("button", name=f"Add {name}", exact=True)
    expect(button).to_be_visible(timeout=WAIT)
    for _ in range(times):
        button.click()


def next_button(page: Page) -> Locator:
    return turn_bar(page).get_by_role("button", name=re.compile(r"^(Next|End turn)"))


def tap_next(page: Page) -> None:
    """Next, then wait until it names the step after (each tap moves the game on by one step)."""
    before = next_button(page).get_attribute("aria-label")
    next_button(page).click()
    expect(next_button(page)).not_to_have_attribute("aria-label", before or "", timeout=WAIT)


def play_first_turn(page: Page, player: str) -> None:
    """Next until the caster may activate, it activates and ends its activation, Next to the other player."""
    bar = turn_bar(page)
    caster = CASTERS[player]
    expect(bar).to_contain_text(f"{player}'s turn", timeout=WAIT)
    activate = page.get_by_role("group", name=caster, exact=True).get_by_role(
        "button", name=f"Activate: {caster}", exact=True)
    for _ in range(12):
        if activate.count():
            break
        tap_next(page)
    else:
        raise AssertionError(f"{player}'s caster never could activate: {bar.inner_text()}")
    activate.click()
    action(page, "End activation", caster).click()
    expect(action(page, "End activation", caster)).to_have_count(0, timeout=WAIT)
    other = next(p for p in CASTERS if p != player)
    for _ in range(12):
        if f"{other}'s turn" in (bar.inner_text() or ""):
            return
        tap_next(page)
    raise AssertionError(f"{player}'s turn never ended: {bar.inner_text()}")


def test_a_khador_and_a_grymkin_list_by_name_to_a_first_turn(server: Server, browser: Browser):
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    try:
        page.goto(server.url("/lists"))
        # -- Kat's Khador: found by name; the Juggernaut's cost is not known, the list is saved all the same ----
        builder(page).get_by_label("List name").fill("Kat's Sorscha")
        choose(page, builder(page), "List faction", "Khador")
        find_and_add(page, "sorscha", "Kommander Sorscha")
        find_and_add(page, "jugger", "Juggernaut", times=2)
        find_and_add(page, "winter guard inf", "Winter Guard Infantry")
        expect(line(page, "Juggernaut, line 3")).to_be_visible(timeout=WAIT)
        choose(page, line(page, "Winter Guard Infantry, line 4"), "Models", "6 models")
        expect(builder(page).get_by_text(re.compile(r"^Unknown facts: Juggernaut: the cost is not known yet")).first
               ).to_be_visible(timeout=WAIT)
        save(page, "Kat's Sorscha")

        # -- Gil's Grymkin: its Trump card is not known, three Arcana cards are picked ---------------------------
        builder(page).get_by_role("button", name="New list").click()
        expect(builder(page).get_by_label("List name")).to_have_value("New list", timeout=WAIT)
        builder(page).get_by_label("List name").fill("Gil's King")
        choose(page, builder(page), "List faction", "Grymkin")
        find_and_add(page, "king of no", "The King of Nothing")
        find_and_add(page, "gorehou", "Gorehound", times=2)
        expect(line(page, "Gorehound, line 3")).to_be_visible(timeout=WAIT)
        king = line(page, "The King of Nothing, line 1")
        for n, name in enumerate(("Desolation", "Labyrinth"), start=1):  # its Trump (not known yet) is the third
            king.get_by_role("combobox", name="Arcana", exact=True).click()  # each pick redraws the line
            expect(page.get_by_role("listbox")).to_be_visible(timeout=WAIT)
            page.get_by_role("option", name=name, exact=True).click()
            if page.get_by_role("listbox").count():
                page.keyboard.press("Escape")
            expect(page.get_by_role("listbox")).to_have_count(0)
            expect(king.get_by_text(name, exact=True)).to_be_visible(timeout=WAIT)
            assert n <= 2
        expect(builder(page).get_by_text(re.compile(r"^Unknown facts: The King of Nothing's Trump card"))
               ).to_be_visible(timeout=WAIT)
        save(page, "Gil's King")

        # -- a game from the two lists; the pre-game screens ask for the grid and the spiral ----------
        page.goto(server.url("/"))
        page.get_by_role("tab", name="Tournament game from lists").click()
        for seat, player, title in ((1, "Kat", "Kat's Sorscha"), (2, "Gil", "Gil's King")):
            side = page.get_by_role("group", name=f"Side {seat} from a list")
            side.get_by_label(f"Side {seat} player name").fill(player)
            side.get_by_role("combobox", name="Saved list", exact=True).click()
            page.get_by_role("option", name=re.compile(rf"^{re.escape(title)} \(")).click()
            expect(page.get_by_role("listbox")).to_have_count(0)
        page.get_by_role("checkbox", name="Setup wizard with lists").click()  # a friendly game: no scenario, no clock
        expect(page.get_by_role("checkbox", name="Setup wizard with lists")).not_to_be_checked()
        page.get_by_role("button", name="Start the game from these lists").click()
        for player, card, strings, grid in (("Kat", "Juggernaut", JUGGERNAUT, True),
                                            ("Gil", "Gorehound", GOREHOUND, False)):
            screen = page.get_by_role("dialog", name=f"{player}: ").filter(has_text="complete them now")
            expect(screen).to_be_visible(timeout=WAIT)
            tap_drawing(screen.get_by_role("group", name=f"{card}'s card", exact=True), strings, grid=grid)
            if player == "Gil":  # the catalog does not know The King of Nothing's Trump card: read off his card
                screen.get_by_role("group", name="The King of Nothing's card", exact=True).get_by_role(
                    "textbox", name="Trump arcana").fill(TRUMP)
            screen.get_by_role("button", name=f"Save {player}'s cards").click()
            expect(screen).to_be_hidden(timeout=WAIT)
        page.wait_for_url(re.compile(r"/table/"), timeout=WAIT * 2)
        expect(turn_bar(page)).to_contain_text("Round 1", timeout=WAIT)

        # -- before the first activation Gil reveals his three Arcana cards: the Trump he typed and two others -----
        action(page, "Choose Arcana cards", "The King of Nothing").click()
        cards = page.get_by_role("dialog").filter(has_text="The King of Nothing's Arcana cards")
        expect(cards.get_by_role("combobox", name="Trump card", exact=True)).to_have_value(TRUMP)
        for field, name in (("Second card", "Desolation"), ("Third card", "Labyrinth")):
            cards.get_by_role("combobox", name=field, exact=True).click()
            page.get_by_role("option", name=name, exact=True).click()
            expect(page.get_by_role("listbox")).to_have_count(0)
        cards.get_by_role("button", name="Reveal the cards").click()
        expect(cards).to_be_hidden(timeout=WAIT)

        # -- the first turn of each player --------------------------------------------------------------------
        play_first_turn(page, "Kat")
        play_first_turn(page, "Gil")
        expect(turn_bar(page)).to_contain_text("Round 2", timeout=WAIT)
    finally:
        context.close()
