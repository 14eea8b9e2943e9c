"""The event's screens at the sizes people hold them: the event page and /events on a 390 px phone (nothing wider
than the screen, the standings' tiebreakers behind a tap), and the hall screen on a TV at 1920x1080 and 3840x2160.

An eight-player event is made through the REST API (as a club's own software would), its round 1 played out by
concessions, so the pages show full standings and tables. Selectors are roles and accessible names.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.events import Api, sign_in, sign_up, tables
from tests.service.site_client import seed_in_order

PHONE = {"width": 390, "height": 844}
TV, TV4K = {"width": 1920, "height": 1080}, {"width": 3840, "height": 2160}
SHOTS = Path(os.environ.get("TK_SCREENSHOTS", tempfile.gettempdir()))  # where the hall screen's pictures go
LIVE = 8000  # ms
EVENT = "Saturday Steamroller at the Long Table Club"
NAMES = ("Annabelle", "Bartholomew", "Cid", "Dee", "Evangeline", "Fitzgerald", "Gus", "Henrietta", "Ivo", "Jana",
         "Kasimir", "Lou", "Maximiliane", "Ned", "Ottoline", "Pip")


# How many lines a word's letters take in an element: 1 when it is not broken in two, -1 when it is not there.
WORD_LINES = """(el, word) => {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const at = node.data.indexOf(word);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  }
  return -1;
}"""

def new_event(client: httpx.Client, players: int) -> tuple[str, Api, list[Api]]:
    """An event organised by Olga with ``players`` players (lists in) and round 1 paired, made through the API."""
    olga = Api(client, "Olga")
    r = olga.call("POST", "/api/events", json={"name": EVENT, "day": "2030-01-10", "game_size": 75, "rounds": 3,
                                               "lists_per_player": 1, "deadline": "2030-01-10T09:00:00Z"})
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    entered = [Api(client, name, f"192.0.2.{n}") for n, name in enumerate(NAMES[:players], start=1)]
    for player in entered:
        player.enter(event_id)
    r = olga.call("POST", f"/api/events/{event_id}/rounds", json={"scenario": "Spread the Net",
                                                                   "seed": seed_in_order(players)})
    assert r.status_code == 201, r.text
    return event_id, olga, entered


def eight_player_event(server: Server) -> str:
    """An event with eight players, round 1 paired and every table's result in (the second player concedes)."""
    with httpx.Client(base_url=server.url("/"), timeout=30) as client:
        event_id, _, players = new_event(client, 8)
        for loser in players[1::2]:
            loser.concede(event_id)
    return event_id


def overflow(page: Page) -> int:
    """How many pixels the page is wider than the screen (0: nothing to scroll sideways)."""
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def test_the_event_pages_fit_a_phone(browser: Browser, server: Server) -> None:
    event_id = eight_player_event(server)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, timezone_id="America/New_York")
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(server.url("/events"))
        expect(page.get_by_role("link", name=EVENT)).to_be_visible()
        assert overflow(page) == 0
        menu = page.get_by_role("link", name="Sign in", exact=True)
        box = menu.bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"]  # the menu stays on the screen

        page.goto(server.url(f"/events/{event_id}"))
        expect(tables(page)).to_contain_text("Table 4: Gus against Henrietta: Gus won (concession)")
        standings = page.get_by_role("region", name="Standings")
        expect(standings.get_by_role("row").nth(1)).to_contain_text("Annabelle")
        assert overflow(page) == 0
        box = page.get_by_role("link", name="Sign in", exact=True).bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"]
        # The tiebreakers are a tap away, and opening them keeps the page in the screen.
        expect(standings.get_by_role("columnheader", name="Control points")).to_be_hidden()
        more = standings.get_by_role("button", name="Tiebreakers of Annabelle")
        expect(more).to_have_attribute("aria-expanded", "false")
        more.click()
        expect(more).to_have_attribute("aria-expanded", "true")
        expect(standings).to_contain_text("Control points 0 · army points destroyed 0")
        assert overflow(page) == 0

        # Signed in, /events adds the form to organise an event: it fits too. It offers the phone's own time zone,
        # and the new event shows its deadline there with UTC beside.
        sign_up(page, server, "Pia")
        page.goto(server.url("/events"))
        form = page.get_by_role("region", name="Organise an event")
        expect(form.get_by_role("combobox", name="Time zone")).to_have_value("America/New_York")
        assert overflow(page) == 0
        form.get_by_label("Event name").fill("Pia's Tuesday")
        form.get_by_label("List deadline: day").fill("2030-01-10")
        form.get_by_role("button", name="Create event").click()
        expect(page.get_by_role("heading", name="Pia's Tuesday")).to_be_visible()
        expect(page.get_by_text("lists lock 10 Jan 2030, 09:00 America/New_York (14:00 UTC)")).to_be_visible()
        assert overflow(page) == 0
    finally:
        context.close()


def type_size(locator: Any) -> float:
    return float(locator.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def test_the_hall_screen_shows_tables_timer_and_standings_changing_without_a_reload(browser: Browser,
                                                                                     server: Server) -> None:
    """A 16-player Saturday: the TV in the hall follows round 1 while the organiser runs the timer from a laptop
    and results come in; the standings page by themselves; readable at 1920x1080 and 3840x2160."""
    client = httpx.Client(base_url=server.url("/"), timeout=30)
    tv_context = browser.new_context(viewport=TV)
    laptop = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        event_id, _, players = new_event(client, 16)
        tv = tv_context.new_page()
        tv.set_default_timeout(15_000)
        organiser = laptop.new_page()
        organiser.set_default_timeout(15_000)

        # The event page links to the hall screen; it opens without an account.
        tv.goto(server.url(f"/events/{event_id}"))
        tv.get_by_role("link", name="Hall screen (for a TV in the room)").click()
        tv.wait_for_url(f"**/events/{event_id}/hall")
        expect(tv.get_by_role("heading", name=EVENT)).to_be_visible()
        expect(tv.get_by_text("Round 1 of 3")).to_be_visible()
        hall_tables = tv.get_by_role("region", name="Round 1 tables")
        expect(hall_tables.get_by_role("row")).to_have_count(9)  # a header and eight tables
        expect(hall_tables.get_by_role("row").nth(1)).to_contain_text("Annabelle against Bartholomew")
        expect(hall_tables).to_contain_text("8 of 8 tables still playing")
        timer = tv.get_by_role("timer", name="Time left in the round")
        expect(timer).to_contain_text("timer not started")

        # The organiser starts the round's timer on the event page: the TV counts it down.
        sign_in(organiser, server, "Olga")
        organiser.goto(server.url(f"/events/{event_id}"))
        controls = organiser.get_by_role("region", name="Round timer")
        controls.get_by_label("Round length (minutes)").fill("50")
        controls.get_by_role("button", name="Start round timer").click()
        expect(controls).to_contain_text("Round 1 timer running: the round ends at")
        expect(timer).to_have_text(re.compile(r"^(50:00|[1-4]?\d:\d\d)$"))  # counting down from 50 minutes
        controls.get_by_role("button", name="Pause").click()
        expect(timer).to_contain_text("paused")
        expect(controls).to_contain_text(re.compile(r"Round 1 timer paused with \d+:\d\d left"))
        controls.get_by_role("button", name="Resume").click()
        expect(timer).not_to_contain_text("paused")

        # Results come in: the tables, the count of tables playing and the standings change without a reload.
        players[1].concede(event_id)
        expect(hall_tables.get_by_role("row").nth(1)).to_contain_text("Annabelle won (concession)", timeout=LIVE)
        expect(hall_tables).to_contain_text("7 of 8 tables still playing")
        # Sixteen players are more than one screen of standings: they page by themselves (each page stays up for
        # a while, so these waits are longer).
        standings = tv.get_by_role("region", name="Standings")
        expect(standings.get_by_role("row", name=re.compile(r"^1 Annabelle 1 "))).to_be_visible(timeout=30_000)
        expect(standings.get_by_role("heading")).to_contain_text("page 1 of 2")
        expect(standings.get_by_role("row", name=re.compile(r"^11 "))).to_be_visible(timeout=30_000)
        expect(standings.get_by_role("row", name=re.compile(r"^1 Annabelle "))).to_have_count(0)

        # Large type: a player's name is at least 2.5 % of the screen's height, at both sizes.
        name = hall_tables.get_by_text("Cid", exact=True)
        time_left = timer.get_by_text(re.compile(r"^\d+:\d\d$"))
        assert type_size(name) >= 0.025 * TV["height"]
        assert type_size(time_left) >= 0.07 * TV["height"]
        tv.screenshot(path=str(SHOTS / "hall-1920x1080.png"))
        tv.set_viewport_size(TV4K)
        expect(tv.get_by_role("heading", name=EVENT)).to_be_visible()
        assert type_size(name) >= 0.025 * TV4K["height"]
        assert type_size(time_left) >= 0.07 * TV4K["height"]
        assert int(tv.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")) == 0
        tv.screenshot(path=str(SHOTS / "hall-3840x2160.png"))
        # On a phone held upright the hall is one column no wider than the screen, and no word breaks in two.
        tv.set_viewport_size({"width": 390, "height": 844})
        expect(tv.get_by_role("heading", name=EVENT)).to_be_visible()
        assert int(tv.evaluate("document.documentElement.scrollWidth")) <= 390
        # The line may wrap between words; the word itself stays on one line (one box for its letters).
        assert hall_tables.get_by_text("against").first.evaluate(WORD_LINES, "against") == 1
        tv.screenshot(path=str(SHOTS / "hall-390x844.png"))
    finally:
        client.close()
        tv_context.close()
        laptop.close()
