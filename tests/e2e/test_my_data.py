"""An account's lists and games across devices, in a real Chromium: a list built without an account moves into the
account made on the same browser, and another device (a second browser context) signed in to the account finds it,
starts a game from it, and finds that game under My games with a watch link that opens. Roles and accessible names as
selectors."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_lists import TABLET, WAIT, add, builder, choose, legal, save

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

EMAIL, PASSWORD = "ana@example.org", "correct horse battery"


def sign_up(page: Page, server: Server) -> None:
    page.goto(server.url("/account"))
    form = page.get_by_role("region", name="Sign up")
    form.get_by_label("Name other players see").fill("Ana")
    form.get_by_label("Email").fill(EMAIL)
    form.get_by_label(re.compile(r"^Password")).fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()


def sign_in(page: Page, server: Server) -> None:
    page.goto(server.url("/account"))
    form = page.get_by_role("region", name="Sign in")
    form.get_by_label("Email").fill(EMAIL)
    form.get_by_label("Password", exact=True).fill(PASSWORD)
    form.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Signed in as Ana")).to_be_visible(timeout=WAIT)


def test_a_list_moves_into_the_account_and_its_game_is_under_my_games_on_another_device(server: Server,
                                                                                         browser: Browser):
    tablet, phone = browser.new_context(viewport=TABLET), browser.new_context(viewport=TABLET)
    try:
        page = tablet.new_page()
        page.goto(server.url("/lists"))
        builder(page).get_by_label("List name").fill("Club night")
        add(page, "Agathon", "Cultist Band", "Umbral Guardian")
        legal(page)
        save(page, "Club night")

        sign_up(page, server)
        offer = page.get_by_role("dialog", name="Move this browser's data into your account")
        expect(offer).to_contain_text("1 saved list", timeout=WAIT)
        offer.get_by_role("button", name="Move them into my account").click()
        expect(offer.get_by_role("status")).to_contain_text("Moved into your account: 1 list", timeout=WAIT)
        offer.get_by_role("button", name="Done").click()
        expect(page.get_by_role("heading", name="Signed in as Ana")).to_be_visible(timeout=WAIT)

        other = phone.new_page()  # another device: nothing of the tablet's browser is here
        sign_in(other, server)
        other.goto(server.url("/"))
        other.get_by_role("tab", name="Tournament game from lists").click()
        for seat, player in ((1, "Ana"), (2, "Bob")):
            side = other.get_by_role("group", name=f"Side {seat} from a list")
            side.get_by_label(f"Side {seat} player name").fill(player)
            choose(other, side, "Saved list", re.compile(r"^Club night \(\d+ pts\)$"))  # type: ignore[arg-type]
        other.get_by_label("Game title from lists").fill("Thursday at the club")
        other.get_by_role("button", name="Start the game from these lists").click()
        other.wait_for_url(re.compile(r"/table/"), timeout=WAIT * 2)

        other.get_by_role("link", name="My games").click()
        games = other.get_by_role("region", name="My games")
        expect(games).to_contain_text("Thursday at the club", timeout=WAIT)
        expect(games).to_contain_text("Warmachine")
        games.get_by_role("link", name="Watch Thursday at the club").click()
        other.wait_for_url(re.compile(r"/watch/"), timeout=WAIT)
        expect(other.get_by_role("region", name="Ana")).to_be_visible(timeout=WAIT)
    finally:
        tablet.close()
        phone.close()
