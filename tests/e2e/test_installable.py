"""The tablet as an installed app: a manifest with icons, a service worker that keeps the shell and says plainly when
there is no connection, a screen kept awake during a game, and a tap made while the connection is down refused with a
message instead of being sent later."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.e2e.finders import alert, turn_bar
from tests.e2e.test_faults_crash import api, new_game

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TABLET = {"width": 1180, "height": 820}
# Counts the page's wake lock requests (headless Chromium has no screen to keep on).
FAKE_WAKE_LOCK = """
window.__wakeRequests = 0;
Object.defineProperty(navigator, "wakeLock", {value: {request: async (kind) => {
  window.__wakeRequests += 1;
  return {type: kind, released: false, addEventListener() {}, release: async () => {}};
}}});
"""


def version(server: Server, game: dict) -> int:
    status, body = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["watch"])
    assert status == 200, body
    return body["version"]


def test_the_manifest_names_the_app_with_installable_icons(server: Server) -> None:
    with urllib.request.urlopen(server.url("/static/manifest.webmanifest")) as response:
        manifest = json.loads(response.read())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with urllib.request.urlopen(server.url(icon["src"])) as response:
            assert response.headers["Content-Type"] == icon["type"]


def test_an_installed_page_loaded_without_a_network_says_so(browser: Browser, server: Server) -> None:
    game = new_game(server)
    table_url = server.url(f"/table/{game['id']}/{game['tokens']['table']}")
    context = browser.new_context(viewport=TABLET)
    try:
        page = context.new_page()
        page.goto(server.url("/"))
        page.evaluate("() => navigator.serviceWorker.ready")
        page.goto(table_url)
        expect(turn_bar(page)).to_contain_text("Ann's turn")  # online: the live page, not the offline one
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")

        context.set_offline(True)
        page.goto(table_url)
        expect(page.get_by_role("heading", name="No connection to the server")).to_be_visible()
        context.set_offline(False)
        page.get_by_role("link", name="Try again").click()
        expect(turn_bar(page)).to_contain_text("Ann's turn")
    finally:
        context.close()


def test_a_game_page_keeps_the_screen_awake_and_the_home_page_does_not(browser: Browser, server: Server) -> None:
    game = new_game(server)
    context = browser.new_context(viewport=TABLET)
    context.add_init_script(FAKE_WAKE_LOCK)
    try:
        page = context.new_page()
        page.goto(server.url("/"))
        page.wait_for_load_state("load")
        assert page.evaluate("() => window.__wakeRequests") == 0
        tokens = game["tokens"]
        for path in (f"/table/{game['id']}/{tokens['table']}", f"/watch/{game['id']}/{tokens['watch']}"):
            page.goto(server.url(path))
            page.wait_for_function("() => window.__wakeRequests === 1")
    finally:
        context.close()


def tap_next(page: Page) -> None:
    turn_bar(page).get_by_role("button", name=re.compile(r"^Next")).click()


def test_a_tap_while_the_connection_is_down_says_it_was_not_saved_and_changes_nothing(browser: Browser,
                                                                                       server: Server) -> None:
    game = new_game(server)
    context = browser.new_context(viewport=TABLET, has_touch=True)
    try:
        page = context.new_page()
        page.goto(server.url(f"/table/{game['id']}/{game['tokens']['table']}"))
        expect(turn_bar(page)).to_contain_text("Ann's turn")
        before = version(server, game)

        context.set_offline(True)
        page.wait_for_function("() => window.socket && !window.socket.connected")
        tap_next(page)
        expect(alert(page, "Not saved: this device has lost its connection")).to_be_visible()
        context.set_offline(False)
        page.wait_for_function("() => window.socket.connected", timeout=15_000)
        page.wait_for_timeout(500)  # anything the socket had held back would arrive now
        assert version(server, game) == before

        tap_next(page)  # positive control: the same tap, connected, is saved
        page.wait_for_function(f"async () => (await (await fetch('/api/games/{game['id']}?token="
                               f"{game['tokens']['watch']}')).json()).version === {before + 1}")
    finally:
        context.close()


def test_a_tap_while_the_page_first_connects_is_sent_when_it_connects_or_taken_back(browser: Browser,
                                                                                     server: Server) -> None:
    """A tap in the moment before a page's socket connects is sent as it connects; one the page cannot send within
    a few seconds is taken back, saying so, and stays back when the page connects after all."""
    game = new_game(server)
    context = browser.new_context(viewport=TABLET, has_touch=True)

    def connecting() -> tuple[Page, list[WebSocketRoute]]:
        page = context.new_page()
        lines: list[WebSocketRoute] = []
        page.route_web_socket(re.compile("_nicegui_ws"), lambda ws: lines.append(ws))  # answered when we say
        page.route(re.compile("_nicegui_ws"), lambda route: route.abort())  # no long-polling fallback
        page.goto(server.url(f"/table/{game['id']}/{game['tokens']['table']}"))
        expect(turn_bar(page)).to_contain_text("Ann's turn")
        page.wait_for_function("() => window.socket !== undefined")
        return page, lines

    try:
        before = version(server, game)
        slow, slow_lines = connecting()
        tap_next(slow)
        expect(alert(slow, "Not saved: this page is still connecting to the server")).to_be_visible()
        expect(alert(slow, "lost its connection")).to_have_count(0)
        slow_lines[0].connect_to_server()  # it connects after all: the tap it took back stays back
        slow.wait_for_function("() => window.socket.connected")
        slow.wait_for_timeout(500)
        assert version(server, game) == before

        quick, quick_lines = connecting()  # positive control: connected within moments, the same tap is saved
        tap_next(quick)
        quick_lines[0].connect_to_server()
        quick.wait_for_function(f"async () => (await (await fetch('/api/games/{game['id']}?token="
                                f"{game['tokens']['watch']}')).json()).version === {before + 1}")
        expect(alert(quick, "Not saved")).to_have_count(0)
    finally:
        context.close()
