"""Cards belong to someone, in a real Chromium: Ann completes the Foreboder's card on the pre-game screen; her catalog
(the lists page) now knows its web, while another person's browser (a second context: other cookies, another card book)
and the site's `GET /api/cards` still show the shipped card. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.finders import complete_pregame, track

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TABLET = {"width": 1024, "height": 768}
RINGS = {"Boxes in the outer ring": 6, "Boxes in the middle ring": 4, "Boxes in the centre ring": 4}
KNOWN = "Damage web: 14 boxes; outer 6, middle 4, centre 4"
UNKNOWN = "Damage web: 14 boxes; rings not known"


def choose(page: Page, group: str, field: str, option: str) -> None:
    page.get_by_role("group", name=group, exact=True).get_by_role("combobox", name=field, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)


def start_game(page: Page, server: Server) -> None:
    """Ann: Agathon with a Foreboder (its web rings not in the catalog); Bob: Princess Regna."""
    page.goto(server.url("/"))
    page.get_by_role("textbox", name="Game title", exact=True).fill("Cards game")
    page.get_by_role("textbox", name="Player 1 name").fill("Ann")
    page.get_by_role("textbox", name="Player 2 name").fill("Bob")
    choose(page, "Player 1", "Caster", "Agathon")
    choose(page, "Player 1", "Horror", "Foreboder")
    page.get_by_role("button", name="Add horror for player 1").click()
    expect(page.get_by_role("button", name="Remove Foreboder")).to_be_visible()
    choose(page, "Player 2", "Caster", "Princess Regna")
    page.get_by_role("button", name="Start game", exact=True).click()
    complete_pregame(page, "Ann", {"Foreboder": RINGS})
    expect(page).to_have_url(re.compile(r"/table/[0-9a-f]+/[\w-]+$"))


def catalog_says(page: Page, server: Server, text: str) -> None:
    """The Foreboder's details in this browser's catalog (the lists page)."""
    page.goto(server.url("/lists"))
    page.get_by_role("region", name="Catalog").get_by_role("button", name="Show Foreboder", exact=True).click()
    expect(page.get_by_role("region", name="Card details")).to_contain_text(text)


@pytest.mark.parametrize("server", ["sqlite", "postgresql"], indirect=True)
def test_a_card_completed_before_the_game_is_in_its_players_catalog_only(browser: Browser, server: Server) -> None:
    ann_context = browser.new_context(viewport=TABLET)
    other_context = browser.new_context(viewport=TABLET)
    try:
        ann = ann_context.new_page()
        ann.set_default_timeout(10_000)
        start_game(ann, server)
        expect(track(ann, "Foreboder")).to_have_attribute("aria-label", re.compile(r"^Damage web: outer ring 0 of 6"))

        catalog_says(ann, server, KNOWN)

        other = other_context.new_page()
        other.set_default_timeout(10_000)
        catalog_says(other, server, UNKNOWN)
        site = {c["key"]: c for c in other.request.get(server.url("/api/cards")).json()}
        assert site["foreboder"]["damage"]["rings"] is None
    finally:
        ann_context.close()
        other_context.close()
