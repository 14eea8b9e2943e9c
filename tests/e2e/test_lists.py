"""The list builder in a real Chromium on the tablet layout (1024 x 768): build an Infernals list and an opponent's list
from scratch, run into validation problems and fix them, save both, start a game from the two saved lists and find every
model of both lists on the table page.

Selectors are roles and accessible names (DESIGN.md, "The web"): catalog buttons "Add <model>", list lines as
groups "<model>, line <n>" holding their fields, the player sides of the table as regions named after players.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import complete_pregame, tile

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TABLET = {"width": 1024, "height": 768}
WAIT = 5000


def add(page: Page, *names: str) -> None:
    catalog = page.get_by_role("region", name="Catalog")
    for name in names:
        catalog.get_by_role("button", name=f"Add {name}", exact=True).click()


def builder(page: Page) -> Locator:
    return page.get_by_role("region", name="Army list")


def line(page: Page, name: str) -> Locator:
    return builder(page).get_by_role("group", name=name, exact=True)


def choose(page: Page, where: Locator, field: str, option: str) -> None:
    """Pick an option of a select and wait for its menu to go: Quasar hands the focus back to the select as the
    menu hides, and a field filled before that can lose its text to the select."""
    where.get_by_role("combobox", name=field, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)


def points(page: Page, text: str) -> None:
    expect(builder(page).get_by_text(text, exact=True)).to_be_visible(timeout=WAIT)


def problem(page: Page, text: str) -> Locator:
    return builder(page).get_by_text(re.compile(re.escape(text)))


def legal(page: Page) -> None:
    expect(builder(page).get_by_text("This list is legal.")).to_be_visible(timeout=WAIT)


def save(page: Page, title: str) -> None:
    builder(page).get_by_role("button", name="Save list").click()
    expect(page.get_by_role("alert").filter(has_text=f"Saved “{title}”.")).to_be_visible(timeout=WAIT)


def test_two_lists_from_scratch_to_the_table(server: Server, browser: Browser):
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    try:
        page.goto(server.url("/lists"))

        # -- Ann's Infernals: a horror before any master, and a character taken twice --------------------------
        builder(page).get_by_label("List name").fill("Ann's Agathon")
        add(page, "Tormentor")
        expect(problem(page, "Tormentor must start in the battlegroup of a model with Essence Manipulation")
               ).to_be_visible(timeout=WAIT)
        add(page, "Agathon")
        choose(page, line(page, "Tormentor, line 1"), "Battlegroup", "Agathon (line 2)")
        expect(problem(page, "Tormentor must start in the battlegroup")).to_have_count(0, timeout=WAIT)
        legal(page)
        add(page, "Lamenter", "Cultist Band", "Orin Midwinter", "Princess Regna", "Foreboder", "Princess Regna")
        expect(problem(page, "Princess Regna is a character")).to_be_visible(timeout=WAIT)
        builder(page).get_by_role("button", name=re.compile(r"^Remove Princess Regna, line \d+$")).last.click()
        expect(problem(page, "Princess Regna is a character")).to_have_count(0, timeout=WAIT)
        choose(page, line(page, "Cultist Band, line 4"), "Models", "6 models")
        legal(page)
        points(page, "Points: 21 / 75")  # Agathon's 28 pay for his horrors; band 7, Orin 4, Regna 6, Foreboder 4
        save(page, "Ann's Agathon")

        # -- Bob's Infernals: over the game size, then a bigger game -----------------------------------------
        builder(page).get_by_role("button", name="New list").click()
        # The builder is redrawn for the new list: type its name only once that is done, or the redraw wipes it.
        expect(builder(page).get_by_label("List name")).to_have_value("New list", timeout=WAIT)
        expect(line(page, "Agathon, line 2")).to_have_count(0, timeout=WAIT)
        builder(page).get_by_label("List name").fill("Bob's Omodamos")
        expect(builder(page).get_by_label("List name")).to_have_value("Bob's Omodamos")
        choose(page, builder(page), "Game size", "25 points")
        add(page, "Omodamos", "Tormentor", "Tormentor", "Umbral Guardian", "Umbral Guardian", "Infernal Gate")
        expect(problem(page, "The list uses 24 points of 25")).to_have_count(0)
        add(page, "Umbral Guardian")
        expect(problem(page, "The list uses 30 points of 25: 5 too many.")).to_be_visible(timeout=WAIT)
        choose(page, builder(page), "Game size", "50 points")
        legal(page)
        points(page, "Points: 30 / 50")
        save(page, "Bob's Omodamos")

        # -- a game from the two saved lists ----------------------------------------------------------------------
        page.goto(server.url("/"))
        page.get_by_role("tab", name="Tournament game from lists").click()
        for seat, player, title in ((1, "Ann", "Ann's Agathon"), (2, "Bob", "Bob's Omodamos")):
            side = page.get_by_role("group", name=f"Side {seat} from a list")
            side.get_by_label(f"Side {seat} player name").fill(player)
            label = f"{title} ({21 if seat == 1 else 30} pts)"
            choose(page, side, "Saved list", label)
            expect(side.get_by_role("combobox", name="Saved list", exact=True)).to_have_value(label, timeout=WAIT)
        page.get_by_role("button", name="Start the game from these lists").click()
        # What the catalog leaves blank is asked before the game, one screen per side (test numbers).
        rings = ("Boxes in the outer ring", "Boxes in the middle ring", "Boxes in the centre ring")
        complete_pregame(page, "Ann", {"Tormentor": dict(zip(rings, (12, 7, 5), strict=True)),
                                       "Lamenter": dict(zip(rings, (8, 6, 4), strict=True)),
                                       "Foreboder": dict(zip(rings, (8, 4, 2), strict=True)),
                                       "Orin Midwinter": {"Damage boxes": 5}})
        complete_pregame(page, "Bob", {"Omodamos": {"ESSENCE": 7, "Damage boxes": 18}})
        page.wait_for_url(re.compile(r"/table/"), timeout=WAIT * 2)

        ann = page.get_by_role("region", name="Ann")
        for name in ("Agathon", "Tormentor", "Lamenter", "Cultist Band", "Orin Midwinter", "Princess Regna",
                     "Foreboder"):
            expect(tile(ann, name)).to_be_visible(timeout=WAIT)
        expect(tile(ann, "Cultist Band")).to_contain_text("6 of 6 models")
        bob = page.get_by_role("region", name="Bob")
        for name in ("Omodamos", "Tormentor", "Tormentor 2", "Umbral Guardian", "Umbral Guardian 2",
                     "Umbral Guardian 3", "Infernal Gate"):
            expect(tile(bob, name)).to_be_visible(timeout=WAIT)
    finally:
        context.close()
