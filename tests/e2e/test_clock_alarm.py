"""The deathclock's alarm, on the table page and a watch page on a phone: when the running clock reaches one
minute left, and again when it runs out, each page raises its own "tk-clock-alarm" event once, vibrates (the
pages' navigator.vibrate is a stub that records its calls) and flashes the screen. A clock started with a little
over a minute reaches the mark within seconds; a judge then sets 3 seconds and resumes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page

from tests.e2e.test_decisions import new_game
from tests.e2e.test_faults_pages import command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

RECORD = """
window.tkHeard = []; window.tkBuzzed = []; window.tkFlashed = [];
navigator.vibrate = (pattern) => { window.tkBuzzed.push(pattern); return true; };
window.addEventListener("tk-clock-alarm", (e) => window.tkHeard.push(e.detail.kind));
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
    try:
        pages = []
        for context, address in ((table_context, game["table_url"]), (phone_context, game["watch_url"])):
            context.add_init_script(RECORD)
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.goto(server.url(address))
            page.wait_for_function("document.readyState === 'complete'")
            pages.append(page)
        version = command(server, game, game["version"], {"type": "start_clock", "minutes_per_player": 1.2})
        for page in pages:
            recorded(page, "minute")
            assert page.evaluate("window.tkHeard") == ["minute"]  # the minute mark only, for now

        version = command(server, game, version, {"type": "pause_clock"})
        version = command(server, game, version, {"type": "adjust_clock", "seat": 0, "remaining_ms": 3000})
        command(server, game, version, {"type": "resume_clock"})
        for page in pages:
            recorded(page, "out")
    finally:
        table_context.close()
        phone_context.close()
