"""A warband game (doc 004, the Upkeep phase) in a real Chromium against the real server, as people play it.

Started from the home page's "Warband" link; the watch link (from Share links) is open in a second browser
context and sees every change. Ann's first turn records a spell and a stunned enemy; Bob's upkeep recovers his
hero and picks up treasure with an event under it; Ann's next upkeep asks for her spell's Morale check (failed: the
spell ends). The server is then killed and started again: nothing is lost. Undo ends the test.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import game_log, turn_bar, watch_address

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LIVE = 2000
VIEWPORT = {"width": 1280, "height": 900}


def unit(page: Page, side: str, name: str) -> Locator:
    return page.get_by_role("region", name=side, exact=True).get_by_role("group", name=name, exact=True)


def both(table: Page, watch: Page, check: Callable[[Page], None]) -> None:
    check(table)
    check(watch)


def test_a_warband_turn_with_its_upkeep_while_a_friend_watches(browser: Browser, server: Server) -> None:
    table_context = browser.new_context(viewport=VIEWPORT)
    watch_context = browser.new_context(viewport=VIEWPORT)
    try:
        table = table_context.new_page()
        table.set_default_timeout(10_000)

        # 1. From the home page to a new warband game.
        table.goto(server.url("/"))
        table.get_by_role("link", name="Warband", exact=True).click()
        expect(table).to_have_title("Tablekeeper: new warband game")
        table.get_by_label("Game title", exact=True).fill("Cellar raid")
        table.get_by_label("Player 1 name", exact=True).fill("Ann")
        table.get_by_label("Player 1 unit 1 name", exact=True).fill("Captain")
        table.get_by_role("checkbox", name="Player 1 unit 1 is a hero").click()
        table.get_by_label("Player 1 unit 1 Morale", exact=True).fill("7")
        table.get_by_role("button", name="Add unit for player 1").click()
        table.get_by_label("Player 1 unit 2 name", exact=True).fill("Sister")
        table.get_by_role("checkbox", name="Player 1 unit 2 is a caster").click()
        table.get_by_label("Player 2 name", exact=True).fill("Bob")
        table.get_by_label("Player 2 unit 1 name", exact=True).fill("Boss")
        table.get_by_role("checkbox", name="Player 2 unit 1 is a hero").click()
        table.get_by_label("Player 2 unit 1 Morale", exact=True).fill("6")
        table.get_by_role("button", name="Add unit for player 2").click()
        table.get_by_label("Player 2 unit 2 name", exact=True).fill("Wolf")
        table.get_by_role("checkbox", name="Player 2 unit 2 can carry treasure").click()
        table.get_by_label("Treasure tokens", exact=True).fill("2")
        table.get_by_role("button", name="Start game").click()
        expect(table).to_have_url(re.compile(r"/table/"))
        expect(turn_bar(table)).to_contain_text("Ann's turn")
        expect(turn_bar(table)).not_to_contain_text("Upkeep:")  # every upkeep step had nothing to do
        expect(game_log(table)).to_contain_text("Treasure: skipped in the first player's first turn.")

        # 2. The watch link on a second device: live, and no controls.
        watch_url = watch_address(table)
        watch = watch_context.new_page()
        watch.set_default_timeout(10_000)
        assert watch.goto(watch_url).status == 200
        expect(turn_bar(watch)).to_contain_text("Ann's turn")
        expect(watch.get_by_role("button")).to_have_count(1)  # the theme switch only

        # 3. Ann's first turn: Sister starts an ongoing spell; Bob's Boss is stunned.
        unit(table, "Ann", "Sister").get_by_role("button", name="Start spell: Sister").click()
        table.get_by_label("Spell name").fill("Ward")
        table.get_by_role("button", name="Start spell", exact=True).click()
        unit(table, "Bob", "Boss").get_by_role("button", name="Stunned: Boss").click()
        both(table, watch, lambda p: expect(unit(p, "Bob", "Boss")).to_contain_text("Stunned", timeout=LIVE))
        both(table, watch, lambda p: expect(unit(p, "Ann", "Sister")).to_contain_text("Ongoing spells: Ward",
                                                                                       timeout=LIVE))
        # The Wolf cannot carry treasure; nobody picks up outside the Treasure step (the button is not shown).
        expect(unit(table, "Bob", "Wolf")).to_contain_text("Cannot carry treasure")
        expect(table.get_by_role("button", name=re.compile("^Pick up treasure"))).to_have_count(0)

        # 4. Bob's upkeep: the Boss recovers to Dazed; in the Treasure step it picks up a token with an event.
        turn_bar(table).get_by_role("button", name="End turn: hand over to Bob").click()
        both(table, watch, lambda p: expect(turn_bar(p)).to_contain_text("Upkeep: Treasure", timeout=LIVE))
        both(table, watch, lambda p: expect(unit(p, "Bob", "Boss")).to_contain_text("Dazed", timeout=LIVE))
        expect(game_log(watch)).to_contain_text("Recover: Boss goes from Stunned to Dazed.", timeout=LIVE)
        unit(table, "Bob", "Boss").get_by_role("button", name="Pick up treasure: Boss").click()
        dialog = table.get_by_role("dialog")
        dialog.get_by_role("radio", name="Event token: an event").click()
        dialog.get_by_label("d20 result").fill("25")
        dialog.get_by_role("button", name="Pick it up").click()
        expect(table.get_by_role("alert").filter(has_text="Enter the d20 result")).to_be_visible()
        dialog.get_by_label("d20 result").fill("14")
        dialog.get_by_label("What the campaign sheet says").fill("<b>Ghouls</b> rise")
        dialog.get_by_role("button", name="Pick it up").click()
        expect(dialog).to_be_hidden()
        both(table, watch, lambda p: expect(unit(p, "Bob", "Boss")).to_contain_text(
            "Carries a treasure token. Carries a treasure token: it may not run.", timeout=LIVE))
        both(table, watch, lambda p: expect(game_log(p)).to_contain_text(
            "An event! Bob triggered it (d20 14): <b>Ghouls</b> rise.", timeout=LIVE))  # typed text stays text

        # 5. Bob's turn ends; Ann's upkeep skips the neutrals (Bob's event) and asks for Ward's Morale check.
        turn_bar(table).get_by_role("button", name="Next: done with Treasure").click()
        turn_bar(table).get_by_role("button", name="End turn: hand over to Ann").click()
        both(table, watch, lambda p: expect(turn_bar(p)).to_contain_text("Round 2", timeout=LIVE))
        expect(game_log(table)).to_contain_text("Neutrals: skipped, Ann triggered no event")
        turn_bar(table).get_by_role("button", name="Next: done with Treasure").click()
        both(table, watch, lambda p: expect(turn_bar(p)).to_contain_text("Upkeep: Ongoing spells", timeout=LIVE))
        table.get_by_label("Roll for Ward (Sister)").fill("2")
        table.get_by_role("button", name="Failed: Ward (Sister)").click()
        both(table, watch, lambda p: expect(game_log(p)).to_contain_text(
            "Sister's Morale check for Ward failed (rolled 2): Ward ends.", timeout=LIVE))
        expect(unit(watch, "Ann", "Sister")).not_to_contain_text("Ongoing spells")
        turn_bar(table).get_by_role("button", name="Next: done with Ongoing spells").click()
        # "Rest of the turn" is also the last name in the list of steps: wait for the step itself to change.
        both(table, watch, lambda p: expect(turn_bar(p)).not_to_contain_text("Upkeep: Ongoing spells",
                                                                             timeout=LIVE))

        # 6. The server dies and comes back: both pages show the same game.
        before = turn_bar(watch).inner_text(), unit(watch, "Bob", "Boss").inner_text()
        with table.expect_event("load", timeout=30_000), watch.expect_event("load", timeout=30_000):
            server.restart(hard=True)
        expect(turn_bar(watch)).to_contain_text("Rest of the turn")
        assert (turn_bar(watch).inner_text(), unit(watch, "Bob", "Boss").inner_text()) == before

        # 7. Undo the spell check's Next at the table: the watch page follows.
        turn_bar(table).get_by_role("button", name="Undo last action").click()
        both(table, watch, lambda p: expect(turn_bar(p)).to_contain_text("Upkeep: Ongoing spells", timeout=LIVE))
        expect(game_log(watch)).to_contain_text("Undone: ", timeout=LIVE)
    finally:
        table_context.close()
        watch_context.close()
