"""Security headers in a real Chromium against the real server (webapp/headers.py).

Every page runs under the Content-Security-Policy without a single violation (console errors and
``securitypolicyviolation`` events are both collected) and still works: the theme button answers through the
socket. No page can be framed by another site, except the spectator overlay (``/watch/...?view=overlay``).
"""

from __future__ import annotations

import html
import http.server
import re
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.test_faults_crash import api, new_game
from tests.rules.warband.game import setup_command as warband_setup
from tests.rules.warlord.game import setup_command as warlord_setup

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

VIEWPORT = {"width": 1280, "height": 900}
# Collects what the browser blocked, before any script of the page runs (init scripts are not subject to the CSP).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
    e => window.__violations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline')));
"""


def started(server: Server, command: Any) -> dict[str, Any]:
    status, game = api("POST", server.url("/api/games/start"), {"command": command.model_dump(mode="json")})
    assert status == 201, game
    return game


def pages(server: Server) -> dict[str, str]:
    game = new_game(server, "Headers")
    warlord, warband = started(server, warlord_setup()), started(server, warband_setup())
    return {
        "home": "/", "lists": "/lists", "cards": "/cards", "warlord new": "/warlord/new", "warband new": "/warband",
        "table": game["table_url"], "seat": game["seat_urls"][0], "watch": game["watch_url"],
        "result": f"/result/{game['id']}/{game['tokens']['watch']}",
        "warlord table": warlord["table_url"], "warband table": warband["table_url"],
    }


def violations(page: Page, console: list[str]) -> list[str]:
    return console + page.evaluate("window.__violations")


def test_every_page_runs_under_the_content_security_policy_and_works(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        for name, path in pages(server).items():
            console.clear()
            response = page.goto(server.url(path))
            assert response is not None and response.status == 200, name
            assert "frame-ancestors 'none'" in response.headers["content-security-policy"], name
            theme = page.get_by_role("button", name="Switch light or dark theme")
            theme.click()  # the page answers through its socket: the server switches the theme
            expect(page.locator("body"), name).to_have_class(re.compile(r"\bbody--dark\b"))
            assert violations(page, console) == [], name
    finally:
        context.close()


def test_the_interactive_api_page_works_under_the_policy(browser: Browser, server: Server) -> None:
    """/docs loads its script from this site (a CDN's would be blocked: the page stayed blank); /redoc leads there."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        response = page.goto(server.url("/docs"))
        assert response is not None and response.status == 200
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
        assert response.headers["x-frame-options"] == "DENY"
        expect(page.get_by_role("heading", name=re.compile("Tablekeeper"))).to_be_visible()
        expect(page.get_by_text("Sign in: a new session token")).to_be_visible()
        assert violations(page, console) == []
        page.goto(server.url("/redoc"))
        expect(page).to_have_url(server.url("/docs"))
    finally:
        context.close()


def test_positive_control_a_policy_without_eval_is_caught(browser: Browser, server: Server) -> None:
    """The check above can fail: the same page under the policy minus 'unsafe-eval' (rewritten on its way to the
    browser) reports violations, because Vue compiles NiceGUI's templates with eval."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []

    def without_eval(route: Route) -> None:
        response = route.fetch()
        policy = response.headers["content-security-policy"].replace(" 'unsafe-eval'", "")
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": policy})

    try:
        page = context.new_page()
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        page.route(server.url("/"), without_eval)
        page.goto(server.url("/"))
        page.wait_for_function("() => window.__violations.length > 0", timeout=10_000)
        assert any("eval" in v for v in violations(page, console)), violations(page, console)
    finally:
        context.close()


class FramingSite(http.server.BaseHTTPRequestHandler):
    """Another site (another origin on this machine, as a streaming tool's page would be): ``/?src=URL`` is a
    page with ``URL`` in an iframe."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        src = parse_qs(urlsplit(self.path).query)["src"][0]
        body = f'<iframe src="{html.escape(src)}" width="800" height="600"></iframe>'.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: Any) -> None:
        pass


@pytest.fixture
def other_site() -> Iterator[str]:
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FramingSite)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{site.server_address[1]}/"
    site.shutdown()
    site.server_close()


def framed(page: Page, other_site: str, url: str) -> bool:
    """Whether ``url`` loads (and its page works) inside an iframe of the other site's page."""
    page.goto(other_site + "?" + urlencode({"src": url}))
    frame = page.frame_locator("iframe")
    # Every page has the theme switch but the overlay, which shows only the parts it was asked for (the turn).
    shown = frame.get_by_role("button", name="Switch light or dark theme").or_(frame.get_by_role("region", name="Turn"))
    try:
        expect(shown.first).to_be_visible(timeout=5000)
    except AssertionError:
        return False
    return True


def test_only_the_spectator_overlay_may_be_framed_by_another_site(browser: Browser, server: Server,
                                                                  other_site: str) -> None:
    game = new_game(server, "Framing")
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        for path in ("/", game["table_url"], game["seat_urls"][0], game["watch_url"]):
            assert not framed(page, other_site, server.url(path)), path
        assert framed(page, other_site, server.url(game["watch_url"] + "?view=overlay"))  # positive control
    finally:
        context.close()
