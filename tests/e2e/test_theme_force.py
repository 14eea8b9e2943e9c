"""Theme forces in a real Chromium on a tablet (1024 x 768): Ann builds a Dark Legacy list in the list builder, a game
starts from it and an opponent's pasted list, the table shows her theme (applied and reminder effects), and her first
turn ends without any tithe decision (reference README, Infernals, "Theme forces": her horrors pay no tithe on her first
turn), while Bob's first turn, without a theme, still asks for his.

Selectors are roles and accessible names (DESIGN.md, "The web"); every wait is for what the page shows.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import game_log, tap_next_until, tile, turn_bar
from tests.e2e.test_lists import add, builder, choose, legal, save

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TABLET = {"width": 1024, "height": 768}
BOB_LIST = "Agathon, +28\n- Guardian of Souls, 31\n"


def tithe_button(page: Page) -> Locator:
    return turn_bar(page).get_by_role("button", name=re.compile(r"^Pay tithe for "))


def test_a_dark_legacy_list_plays_its_first_turn_without_tithe(server: Server, browser: Browser) -> None:
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        # -- Ann's Dark Legacy list in the list builder -----------------------------------------------------------
        page.goto(server.url("/lists"))
        builder(page).get_by_label("List name").fill("Ann's Legacy")
        add(page, "Agathon", "Guardian of Souls")
        choose(page, builder(page), "Theme force", "Dark Legacy")
        expect(builder(page).get_by_text(re.compile(r"^Theme force Dark Legacy: Horrors pay no tithe"))).to_be_visible()
        legal(page)
        save(page, "Ann's Legacy")

        # -- a game from her saved list and Bob's pasted one, straight to round 1 ----------------------------------
        page.goto(server.url("/"))
        page.get_by_role("tab", name="Tournament game from lists").click()
        ann, bob = (page.get_by_role("group", name=f"Side {n} from a list") for n in (1, 2))
        ann.get_by_label("Side 1 player name").fill("Ann")
        choose(page, ann, "Saved list", "Ann's Legacy (3 pts)")
        bob.get_by_label("Side 2 player name").fill("Bob")
        bob.get_by_label("Side 2 list text").fill(BOB_LIST)
        wizard = page.get_by_role("checkbox", name="Setup wizard with lists")
        wizard.click()
        expect(wizard).not_to_be_checked()
        page.get_by_role("button", name="Start the game from these lists").click()
        page.wait_for_url(re.compile(r"/table/"))

        # -- the table shows Ann's theme: what the app applies, and what the players keep in mind ---------------
        note = page.get_by_role("note", name="Ann's theme force: Dark Legacy")
        expect(note).to_contain_text("Horrors pay no tithe at the end of this player's first turn. (the app "
                                     "applies this)")
        expect(note).to_contain_text('Infernal solos have Reposition 3". (the app applies this)')
        expect(note).to_contain_text("Reminder: One Cultist Band has Ambush.")
        expect(page.get_by_role("note", name=re.compile(r"^Bob's theme force"))).to_have_count(0)

        # -- Ann's first turn ends without a tithe decision; her Guardian stays with all its essence ------------
        expect(turn_bar(page)).to_contain_text("Ann's turn")
        tap_next_until(page, "Bob's turn")
        expect(tithe_button(page)).to_have_count(0)
        expect(turn_bar(page)).to_contain_text("Round 1")
        expect(tile(page.get_by_role("region", name="Ann"), "Guardian of Souls")).to_contain_text("Essence 4 / 4")

        # -- Bob, without a theme, is asked for his Guardian's tithe at the end of his first turn ---------------
        tap_next_until(page, tithe_button(page))
        expect(turn_bar(page).get_by_role("button", name="Pay tithe for Guardian of Souls")).to_be_visible()
        expect(turn_bar(page)).to_contain_text("Bob's turn")
        # The log (a drawer over the page on a tablet, opened last) says why Ann was not asked.
        expect(game_log(page)).to_contain_text("Dark Legacy: no tithe on Ann's first turn.")
    finally:
        context.close()
