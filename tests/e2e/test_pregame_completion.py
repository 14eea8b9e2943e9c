"""The pre-game screen in a real Chromium on a touch tablet: Ann fields Captain Victoria Haley with a Charger (the
catalog has no grid for it) against Bea's Agathon. Before the game starts one screen asks Ann for the Charger's grid;
she draws it by tapping boxes (a short grid is refused first), saves, and the game starts with the grid on the table;
she plays the first step. Her next game uses the card from her card book without asking.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, expect

from tests.e2e.finders import alert, tap_next, track

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TABLET = {"width": 1180, "height": 820}
# The Charger's 26 boxes as drawn here, top to bottom, column by column ('-' no box, '.' a box, a letter a
# system box); each sign is that many taps on an empty cell.
GRID = ("--....", "-...LL", "--.MMM", "--.CCC", "-...RR", "--....")
TAPS = {"-": 0, ".": 1, "L": 2, "R": 3, "M": 4, "C": 5}


def choose(page: Page, group: str, field: str, option: str) -> None:
    page.get_by_role("group", name=group, exact=True).get_by_role("combobox", name=field, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)


def fill_form(page: Page, server: Server, title: str) -> None:
    """The quick form: Ann (Haley and a Charger) goes first against Bea (Agathon)."""
    page.goto(server.url("/"))
    page.get_by_role("textbox", name="Game title", exact=True).fill(title)
    page.get_by_role("textbox", name="Player 1 name").fill("Ann")
    page.get_by_role("textbox", name="Player 2 name").fill("Bea")
    choose(page, "Player 1", "Caster", "Captain Victoria Haley")
    choose(page, "Player 1", "Warjack or warbeast", "Charger")
    page.get_by_role("button", name="Add warjack or warbeast for player 1").click()
    expect(page.get_by_role("button", name="Remove Charger")).to_be_visible()
    choose(page, "Player 2", "Caster", "Agathon")


def cell(page: Page, column: int, box: int):  # noqa: ANN201 - a Playwright locator
    return page.get_by_role("button", name=re.compile(rf"^Column {column}, box {box}: "))


def test_a_warjack_grid_is_tapped_in_before_the_game_and_kept(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=TABLET, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        fill_form(page, server, "Haley against Agathon")
        page.get_by_role("button", name="Start game", exact=True).click()

        screen = page.get_by_role("dialog", name="Ann: 1 card needs facts")
        expect(screen).to_contain_text("Ann: 1 card needs facts: complete them now")
        expect(page).not_to_have_url(re.compile(r"/table/"))
        charger = screen.get_by_role("group", name="Charger's card")
        expect(charger).to_contain_text("0 boxes drawn of the 26 on the card.")

        # One column only: refused, nothing started.
        for box in range(3, 7):
            cell(page, 1, box).tap()
        expect(charger).to_contain_text("4 boxes drawn of the 26 on the card.")
        screen.get_by_role("button", name="Save Ann's cards").click()
        expect(alert(page, "Columns 2, 3, 4, 5, 6 have no box")).to_be_visible()
        expect(screen).to_contain_text(  # and it stays next to the grid
            "Charger: Columns 2, 3, 4, 5, 6 have no box: tap the boxes each column has on your card.")
        expect(page).not_to_have_url(re.compile(r"/table/"))

        for column, signs in enumerate(GRID[1:], start=2):
            for box, sign in enumerate(signs, start=1):
                for _ in range(TAPS[sign]):
                    cell(page, column, box).tap()
        expect(cell(page, 2, 5)).to_have_accessible_name("Column 2, box 5: L box (Left arm)")
        expect(cell(page, 4, 6)).to_have_accessible_name("Column 4, box 6: C box (Cortex)")
        expect(charger).to_contain_text("26 boxes drawn of the 26 on the card.")
        size = cell(page, 3, 3).bounding_box()
        assert size and size["width"] >= 44 and size["height"] >= 44, size

        screen.get_by_role("button", name="Save Ann's cards").click()
        expect(page).to_have_url(re.compile(r"/table/[0-9a-f]+/[\w-]+$"))
        expect(track(page, "Charger")).to_have_attribute(
            "aria-label", re.compile(r"^Damage grid: column 1 0 of 4 marked, column 2 0 of 5 marked, .*"
                                     r"column 6 0 of 4 marked; nothing crippled$"))

        # The first step of Ann's turn.
        tap_next(page)

        # Her next game takes the Charger from her card book: no screen.
        fill_form(page, server, "Second game")
        page.get_by_role("button", name="Start game", exact=True).click()
        expect(page).to_have_url(re.compile(r"/table/[0-9a-f]+/[\w-]+$"))
        expect(track(page, "Charger")).to_have_attribute("aria-label", re.compile(r"^Damage grid: column 1 0 of 4"))
    finally:
        context.close()
