"""The deathclock's alarm, on the table page and a watch page on a phone: when the running clock reaches one
minute left, and again when it runs out, each page raises its own "tk-clock-alarm" event once, vibrates (the
pages' navigator.vibrate is a stub that records its calls) and flashes the screen. A clock started with a little
over a minute reaches the mark within seconds; a judge then sets 8 seconds and resumes, and the phone hears of it
only after the time has run out (a slow connection): it sounds as soon as it hears, as the clock ran out after the
server said it was running (not 8 seconds later, as if the news were new). A page opened after that stays quiet."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, WebSocketRoute

from tests.e2e.test_decisions import new_game
from tests.e2e.test_faults_pages import command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

RECORD = """
window.tkHeard = []; window.tkBuzzed = []; window.tkFlashed = [];
navigator.vibrate = (pattern) => { window.tkBuzzed.push(pattern); return true; };
window.tkHeardAt = {};
window.addEventListener("tk-clock-alarm", (e) => {
  window.tkHeard.push(e.detail.kind);
  window.tkHeardAt[e.detail.kind] = Date.now();
});
new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => {
  if (n.classList && n.classList.contains("tk-alarm-flash")) window.tkFlashed.push(n.textContent);
}))).observe(document, { childList: true, subtree: true });
"""
WAIT = 40_000  # the clock's own seconds, and a loaded machine's


def recorded(page: Page, kind: str) -> None:
    """The page heard ``kind`` once, vibrated for it and flashed it."""
    page.wait_for_function(f"window.tkHeard.includes('{kind}')", timeout=WAIT)
    words = "One minute left" if kind == "minute" else "Time is up"
    page.wait_for_function(f"window.tkFlashed.includes('{words}')", timeout=WAIT)
    heard = page.evaluate("window.tkHeard")
    assert heard.count(kind) == 1, heard  # once, however many faces show the clock
    assert len(page.evaluate("window.tkBuzzed")) == len(heard)


def test_the_clock_alarm_fires_at_one_minute_and_at_zero(browser: Browser, server: Server) -> None:
    game = new_game(server)
    table_context = browser.new_context(viewport={"width": 1180, "height": 820}, has_touch=True)
    phone_context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    held: list[str | bytes] = []  # the server's messages to the phone, while its connection is slow
    slow = [False]
    lines: list[WebSocketRoute] = []

    def phone_line(page_side: WebSocketRoute) -> None:
        """The phone's socket: the server's messages wait while the line is slow; its pings (which keep the
        connection) do not."""
        def on_message(message: str | bytes) -> None:
            if (slow[0] or held) and str(message).startswith("42"):
                held.append(message)
            else:
                page_side.send(message)
        page_side.connect_to_server().on_message(on_message)
        lines.append(page_side)

    try:
        pages = []
        for context, address in ((table_context, game["table_url"]), (phone_context, game["watch_url"])):
            context.add_init_script(RECORD)
            page = context.new_page()
            page.set_default_timeout(15_000)
            if context is phone_context:
                page.route_web_socket(re.compile("_nicegui_ws"), phone_line)
            page.goto(server.url(address))
            page.wait_for_function("window.socket && window.socket.connected")
            pages.append(page)
        table, phone = pages
        version = command(server, game, game["version"], {"type": "start_clock", "minutes_per_player": 1.2})
        for page in pages:
            recorded(page, "minute")
            assert page.evaluate("window.tkHeard") == ["minute"]  # the minute mark only, for now

        version = command(server, game, version, {"type": "pause_clock"})
        version = command(server, game, version, {"type": "adjust_clock", "seat": 0, "remaining_ms": 8000})
        slow[0] = True
        command(server, game, version, {"type": "resume_clock"})
        recorded(table, "out")
        assert phone.evaluate("window.tkHeard") == ["minute"]  # it has not heard that the clock runs again
        slow[0] = False
        told = phone.evaluate("Date.now()")
        while held:
            lines[0].send(held.pop(0))
        recorded(phone, "out")
        # at once, not 8 seconds on (the margin is for a busy machine)
        assert phone.evaluate("window.tkHeardAt.out") - told < 4000

        late = phone_context.new_page()  # opened with the time already out: no alarm
        late.goto(server.url(game["watch_url"]))
        late.wait_for_function("window.socket && window.socket.connected")
        late.wait_for_timeout(1500)
        assert late.evaluate("window.tkHeard") == []
    finally:
        table_context.close()
        phone_context.close()
