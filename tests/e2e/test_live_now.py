"""Live now in a real Chromium: a player shows a game on Live now from the table's Share links dialog; a spectator's
/live page (another browser context) shows it, follows the table's turns without reloading and opens its watch view; the
player takes it off: the spectator's watch view goes back to Live now, where the game is gone, and the watch link Live
now handed out stops working.

Selectors are roles and accessible names, as a person (or a screen reader) finds things.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.bench.script import SIDES
from tests.e2e.finders import alert, turn_bar
from tests.e2e.test_accessibility import axe, describe, violations  # noqa: F401 - axe is a fixture
from tests.e2e.test_decisions import play_on_until
from tests.e2e.test_faults_crash import api
from tests.e2e.test_tablet_layout import open_table

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TITLE = "Club night on Live now"
TABLET = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def new_game(server: Server) -> dict[str, Any]:
    sides = [{"player": name, "army": [e.model_dump(exclude_none=True) for e in army]} for name, army in SIDES]
    status, game = api("POST", server.url("/api/games"), {"title": TITLE, "sides": sides})
    assert status == 201, game
    return game


def show_on_live_now(table: Page, on: bool) -> None:
    """Flip the table's "Show on Live now" switch in the Share links dialog, as a player does, and close it."""
    table.get_by_role("button", name="Share links").click()
    dialog = table.get_by_role("dialog")
    switch = dialog.get_by_role("switch", name="Show on Live now")
    expect(switch).to_have_attribute("aria-checked", "false" if on else "true")
    switch.click()
    expect(alert(table, "This game is on Live now." if on else "This game is off Live now.")).to_be_visible()
    expect(switch).to_have_attribute("aria-checked", "true" if on else "false")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def test_a_listed_game_is_followed_on_live_now_until_its_players_take_it_off(browser: Browser,
                                                                           server: Server) -> None:
    game = new_game(server)
    table = open_table(browser, server, game, TABLET)
    spectator = browser.new_context(viewport=PHONE).new_page()
    spectator.set_default_timeout(10_000)
    try:
        assert spectator.goto(server.url("/")).status == 200
        spectator.get_by_role("link", name="Live now").click()
        expect(spectator.get_by_role("heading", name="Live now")).to_be_visible()
        expect(spectator.get_by_text("No game is being shown right now.")).to_be_visible()

        show_on_live_now(table, on=True)
        line = spectator.get_by_role("group", name=TITLE)
        expect(line).to_be_visible()
        expect(line).to_contain_text("Warmachine · Ann against Bob")
        expect(line).to_contain_text("Round 1")

        play_on_until(table, "Round 2")  # Next, at the table, through both players' turns
        expect(line).to_contain_text("Round 2")  # the spectator's page was not reloaded

        stays = spectator.context.new_page()  # a second tab that stays on Live now
        assert stays.goto(server.url("/live")).status == 200
        expect(stays.get_by_role("group", name=TITLE)).to_contain_text("Round 2")

        line.get_by_role("link", name=TITLE).click()
        expect(spectator).to_have_url(re.compile(rf"/watch/{game['id']}/"))
        expect(turn_bar(spectator)).to_contain_text("Round 2")
        listed_watch = spectator.url
        assert not listed_watch.endswith(game["tokens"]["watch"])  # a watch link of the listing's own

        show_on_live_now(table, on=False)
        expect(stays.get_by_role("group", name=TITLE)).to_have_count(0)  # gone without a reload
        expect(stays.get_by_text("No game is being shown right now.")).to_be_visible()
        expect(spectator).to_have_url(server.url("/live"))  # the watch view opened from Live now went back there
        expect(line).to_have_count(0)
        assert spectator.goto(listed_watch).status == 404
    finally:
        table.context.close()
        spectator.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_live_now_has_no_serious_or_critical_violation(browser: Browser, server: Server, axe: str,  # noqa: F811
                                                       scheme: str) -> None:
    game = new_game(server)
    status, _ = api("PUT", server.url(f"/api/games/{game['id']}/listing"), token=game["tokens"]["table"])
    assert status == 200
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(server.url("/live"))
        expect(page.get_by_role("group", name=TITLE)).to_be_visible()
        page.wait_for_load_state("networkidle")
        found = violations(page, axe)
        assert found == [], describe("live now", scheme, found)
        link = page.get_by_role("link", name=TITLE).bounding_box()
        assert link is not None and link["height"] >= 48  # a finger's touch target
    finally:
        context.close()
