"""Warlord and warband games to their result, in a real Chromium against the real server: the players end a Warlord game
at the end of a game turn and a warband routs; the table shows who won, the watch page links to the result page, which
shows the winner, how and the timeline. A seat link cannot act for the other side: its buttons for the other side's
models are greyed, say who can, and send nothing; its own side's work.

The games are set up through the API (the setup pages have their own tests); what decides the result is tapped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Page, expect

from tests.e2e.finders import alert, turn_bar
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import command
from tests.rules.warband.game import setup_command as warband_setup
from tests.rules.warlord.game import setup_command as warlord_setup

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

VIEWPORT = {"width": 1180, "height": 820}
LIVE = 5000


def start(server: Server, setup: Any) -> dict[str, Any]:
    status, game = api("POST", server.url("/api/games/start"), {"command": setup.model_dump(mode="json")})
    assert status == 201, game
    return game


def link(server: Server, game: dict[str, Any], page: str, token: str) -> str:
    return server.url(f"/{page}/{game['id']}/{game['tokens'][token]}")


def open_page(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.set_default_timeout(10_000)
    page.goto(url)
    # A tap before the page's socket first connects is refused on purpose ("Not saved..."): a person meets a page
    # that is already live, so the test waits for the connection too.
    page.wait_for_function("() => window.socket !== undefined && window.socket.connected")
    return page


def card(page: Page, name: str) -> Any:
    return page.get_by_role("group", name=name, exact=True)


def test_a_warlord_game_ended_by_the_players_to_its_result_page(browser: Browser, server: Server) -> None:
    game = start(server, warlord_setup())
    table = open_page(browser, link(server, game, "table", "table"))
    watch = open_page(browser, link(server, game, "watch", "watch"))
    try:
        turn = turn_bar(table)
        turn.get_by_role("button", name="End game turn").click()
        expect(turn).to_contain_text("End phase")
        turn.get_by_role("button", name="End the game…").click()
        dialog = table.get_by_role("dialog")
        dialog.get_by_label("What decided it (optional)").fill("Ann holds the shrine")
        dialog.get_by_role("button", name="Ann wins").click()
        result = table.get_by_role("region", name="Result")
        expect(result).to_contain_text("Ann wins when the players ended the game")
        expect(watch.get_by_role("region", name="Result")).to_contain_text(
            "Ann wins when the players ended the game", timeout=LIVE)
        watch.get_by_role("link", name="Result page: timeline and export").click()
        expect(watch).to_have_title("Tablekeeper: result")
        expect(watch.get_by_role("region", name="Result")).to_contain_text(
            "The players ended the game at the end of game turn 1: Ann holds the shrine.")
        expect(watch.get_by_role("region", name="Timeline")).to_contain_text("Game over: Ann wins.")
        result.get_by_role("link", name="Result page: timeline and export").click()
        expect(table.get_by_role("region", name="Result")).to_contain_text("Ended in game turn 1.")
    finally:
        table.context.close()
        watch.context.close()


def test_a_warband_rout_to_its_result_page(browser: Browser, server: Server) -> None:
    game = start(server, warband_setup(treasures=1))
    version = game["version"]
    # Ann loses five units in her first turn; Bob's Thug takes the only token in his: Ann's rout check is due.
    for unit in ("p1-4", "p1-5", "p1-6", "p1-7", "p1-3"):
        version = command(server, game, version, {"type": "warband_incapacitate", "unit": unit})
    version = command(server, game, version, {"type": "warband_next"})
    version = command(server, game, version, {"type": "warband_pick_up", "unit": "p2-4"})
    for _ in range(2):  # Bob's treasure step, then the rest of his turn: Ann's round 2 begins
        version = command(server, game, version, {"type": "warband_next"})
    table = open_page(browser, link(server, game, "table", "seat1"))
    try:
        now = table.get_by_role("region", name="What happens now")
        expect(now).to_contain_text("Ann makes a rout check")
        now.get_by_label("Roll for rout check").fill("11")
        now.get_by_role("button", name="Failed: rout check").click()
        result = table.get_by_role("region", name="Result")
        expect(result).to_contain_text("Bob wins by rout")
        result.get_by_role("link", name="Result page: timeline and export").click()
        expect(table).to_have_title("Tablekeeper: result")
        expect(table.get_by_role("region", name="Result")).to_contain_text(
            "Ann's warband failed its rout check and left the table.")
        expect(table.get_by_role("region", name="Timeline")).to_contain_text("Ann's rout check failed (rolled 11)")
    finally:
        table.context.close()


def test_a_seat_link_cannot_act_for_the_other_side(browser: Browser, server: Server) -> None:
    game = start(server, warlord_setup())
    bob = open_page(browser, link(server, game, "table", "seat2"))
    try:
        knight = card(bob, "Knight").get_by_role("button", name="Activate: Knight", exact=True)
        expect(knight).to_have_attribute("aria-disabled", "true")
        expect(knight).to_have_attribute("title", "Only Ann or the shared table link can activate this model.")
        knight.dispatch_event("click")  # Playwright does not click what is aria-disabled; a finger does
        expect(alert(bob, "Only Ann or the shared table link can activate this model.")).to_be_visible()
        status, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["watch"])
        assert status == 200 and now["version"] == game["version"]  # nothing was sent
        card(bob, "Orc").get_by_role("button", name="Activate: Orc", exact=True).click()  # his own model
        expect(card(bob, "Orc")).to_contain_text("Activated")
        turn_bar(bob).get_by_role("button", name="End the game…").click()
        concede = bob.get_by_role("dialog").get_by_role("button", name="Ann concedes")
        expect(concede).to_have_attribute("aria-disabled", "true")
        expect(bob.get_by_role("dialog").get_by_role("button", name="Bob concedes")).not_to_have_attribute(
            "aria-disabled", "true")
    finally:
        bob.context.close()
