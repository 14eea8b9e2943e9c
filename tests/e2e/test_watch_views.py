"""The watch page's three views in a real Chromium: a phone, a TV (``?view=tv``) and a stream overlay
(``?view=overlay&parts=...``) follow one game of two 75-point armies while the table plays it through the API; and a
page that missed a message on its socket catches up by asking for the whole view; and on a 1080p screen the page
and its TV view fill the width with large type and cut no name, while a phone keeps its own layout.

Selectors are roles and accessible names, as a person (or a screen reader) finds things.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from models.catalog import shipped_cards, shipped_examples
from models.rules.warmachine.list_model import army_entries
from models.rules.warmachine.list_text import parse_text
from tests.e2e.finders import game_log, track, turn_bar
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LIVE = 5000  # ms: a change reaches every view within a second or two (more on a busy machine)
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
GATE = "p1-infernal-gate"  # a structure: a row of 25 damage boxes


def big_game(server: Server) -> dict[str, Any]:
    """Two 75-point armies (the shipped Agathon list on both sides)."""
    cards = shipped_cards()
    army = [e.model_dump(exclude_none=True) for e in army_entries(parse_text(
        shipped_examples()["agathon-75"], cards).army, cards)]
    status, game = api("POST", server.url("/api/games"), {
        "title": "Club night", "sides": [{"player": "Ann", "army": army}, {"player": "Bob", "army": army}]})
    assert status == 201, game
    return game


def open_page(browser: Browser, server: Server, path: str, viewport: dict[str, int]) -> Page:
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(10_000)
    assert page.goto(server.url(path)).status == 200
    return page


def marked(count: int) -> str:
    return f"Damage boxes: {count} of 25 marked"


def wait_until(page: Page, check: Callable[[], bool], what: str) -> None:
    for _ in range(100):
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_game_is_followed_on_a_phone_a_tv_and_a_stream_overlay(browser: Browser, server: Server) -> None:
    game = big_game(server)
    watch = game["watch_url"]
    phone = open_page(browser, server, watch, PHONE)
    tv = open_page(browser, server, f"{watch}?view=tv", TV)
    overlay = open_page(browser, server, f"{watch}?view=overlay&parts=turn,score", TV)
    try:
        for page in (phone, tv, overlay):
            expect(turn_bar(page)).to_contain_text("Ann's turn")

        # The phone: a spectator's header without navigation, a turn line that stays in view, no controls.
        expect(phone.get_by_role("link", name=re.compile("Lists|Cards"))).to_have_count(0)
        expect(phone.get_by_role("button")).to_have_count(1)
        expect(phone.get_by_role("button")).to_have_accessible_name("Switch light or dark theme")
        expect(track(phone, "Infernal Gate").first).to_have_attribute("aria-label", marked(0))
        phone.mouse.wheel(0, 3000)
        phone.wait_for_timeout(300)
        assert phone.evaluate("window.scrollY") > 500, "the phone page is long enough to scroll"
        box = turn_bar(phone).bounding_box()
        assert box is not None and -1 <= box["y"] <= 80, f"the turn line scrolled away: {box}"

        # The TV: a score strip and every model of both armies as a tile, all on one screen.
        expect(tv.get_by_role("region", name="Score")).to_contain_text("Ann")
        for side in ("Ann", "Bob"):  # 15 entries each: casters, horrors, units, solos, the Gate
            expect(tv.get_by_role("region", name=side, exact=True).get_by_role("group")).to_have_count(15)
        assert tv.evaluate("document.scrollingElement.scrollHeight <= window.innerHeight + 1"), \
            "the TV view scrolls"
        expect(game_log(tv)).to_have_count(0)

        # The overlay: transparent, only the parts named in its address.
        assert overlay.evaluate("getComputedStyle(document.body).backgroundColor") in ("rgba(0, 0, 0, 0)",
                                                                                      "transparent")
        expect(overlay.get_by_role("region", name="Score")).to_be_visible()
        expect(game_log(overlay)).to_have_count(0)
        expect(overlay.get_by_role("group", name="Infernal Gate")).to_have_count(0)
        expect(overlay.get_by_text("Watching:")).to_have_count(0)

        # A change at the table shows on each view.
        version = command(server, game, game["version"], {"type": "mark_damage", "model": GATE, "amount": 2})
        for page in (phone, tv):
            expect(track(page, "Infernal Gate").first).to_have_attribute("aria-label", marked(2), timeout=LIVE)
        expect(game_log(phone)).to_contain_text("Infernal Gate suffers 2 damage", timeout=LIVE)
        command(server, game, version, {"type": "advance"})
        for page in (phone, tv, overlay):
            expect(turn_bar(page)).to_contain_text("Activation: Activate every model", timeout=LIVE)
    finally:
        for page in (phone, tv, overlay):
            page.context.close()


def test_a_page_that_missed_a_message_asks_for_the_whole_view(browser: Browser, server: Server) -> None:
    game = big_game(server)
    context = browser.new_context(viewport=PHONE)
    dropped: list[str] = []
    joins: list[str] = []

    def route(page_socket: WebSocketRoute) -> None:
        """Between the page and the server: drops the first view message, and notes each join the page asks."""
        server_socket = page_socket.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if isinstance(message, str) and '"tk_view"' in message and not dropped:
                dropped.append(message)
                return
            page_socket.send(message)

        def to_server(message: str | bytes) -> None:
            if isinstance(message, str) and '"tk_watch"' in message:
                joins.append(message)
            server_socket.send(message)

        server_socket.on_message(to_page)
        page_socket.on_message(to_server)

    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.route_web_socket(re.compile(r"/_nicegui_ws/"), route)
        assert page.goto(server.url(game["watch_url"])).status == 200
        gate = track(page, "Infernal Gate").first
        expect(gate).to_have_attribute("aria-label", marked(0))
        page.wait_for_function("() => window.socket && window.socket.connected")
        wait_until(page, lambda: len(joins) == 1, "the page to join its game's room")

        version = command(server, game, game["version"], {"type": "mark_damage", "model": GATE, "amount": 1})
        wait_until(page, lambda: len(dropped) == 1, "the message to be dropped")
        page.wait_for_timeout(500)
        expect(gate).to_have_attribute("aria-label", marked(0))  # the message never arrived
        assert len(joins) == 1  # the positive control: nothing made the page ask yet

        command(server, game, version, {"type": "mark_damage", "model": GATE, "amount": 2})
        expect(gate).to_have_attribute("aria-label", marked(3), timeout=LIVE)  # both changes
        assert len(joins) == 2 and '"seen":3' in joins[1].replace(" ", "")
    finally:
        context.close()


# Every element of the watch page that shows a player's or a model's name, and the game's title.
NAMES = ".tk-name, .tk-strip-name, .tk-side-name, .tk-trooper-name, .tk-clock-name, .tk-turn-clock, .tk-title"
MEASURE = """(names) => {
  const shown = [...document.querySelectorAll(names)].filter((e) => e.getClientRects().length);
  const boxes = [...document.querySelectorAll('.tk-box-card, .tk-strip-side')].map((e) => e.getBoundingClientRect())
    .filter((b) => b.width);
  const size = (e) => parseFloat(getComputedStyle(e).fontSize) * (e.currentCSSZoom || 1);
  const model = document.querySelector('.tk-name');
  return {
    span: Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left)),
    width: window.innerWidth, scroll: document.scrollingElement.scrollWidth,
    cut: shown.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent),
    names: shown.length, type: size(model), lines: model.getBoundingClientRect().height / size(model),
  };
}"""
LONG = "Sir Aldous of the Seven Drowned Bridges"  # 39 characters: longer than a TV tile's line


def test_a_big_screen_is_filled_with_large_type_and_no_name_is_cut(browser: Browser, server: Server) -> None:
    def side(player: str, *names: str) -> dict[str, Any]:
        return {"player": player, "models": [{"name": n, "tracks": 3} for n in names]}

    status, game = api("POST", server.url("/api/games/start"), {"command": {
        "type": "warlord_setup", "title": "Bridge at dawn",
        "sides": [side("Annabel Featherstonehaugh-Whitcombe", LONG, "Knight"), side("Bob", "Orc", "Troll")]}})
    assert status == 201, game
    for address, viewport, least in ((game["watch_url"], TV, 28), (f"{game['watch_url']}?view=tv", TV, 40),
                                     (f"{game['watch_url']}?view=tv", {"width": 1280, "height": 720}, 24),
                                     (game["watch_url"], PHONE, 16)):
        page = open_page(browser, server, address, viewport)
        try:
            expect(page.get_by_role("group", name=LONG)).to_be_visible()
            seen = page.evaluate(MEASURE, NAMES)
            where = f"{address} at {viewport}: {seen}"
            assert seen["names"] >= 4 and seen["cut"] == [], where
            assert seen["scroll"] <= seen["width"], where
            assert seen["type"] >= least, where  # a model's name, in CSS pixels on the screen
            if viewport["width"] > PHONE["width"]:
                assert seen["span"] >= 0.9 * seen["width"], where  # both sides side by side, edge to edge
            if "view=tv" in address:
                assert seen["lines"] >= 1.8, where  # the long name wraps onto a second line: it would have been cut
        finally:
            page.context.close()
