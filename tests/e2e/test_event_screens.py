"""The event's screens at the sizes people hold them: the event page and /events on a 390 px phone (nothing wider
than the screen, the standings' tiebreakers behind a tap), and the hall screen on a TV at 1920x1080 and 3840x2160.

An eight-player event is made through the REST API (as a club's own software would), its round 1 played out by
concessions, so the pages show full standings and tables. Selectors are roles and accessible names.
"""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.test_event_night import Api, sign_up, tables

PHONE = {"width": 390, "height": 844}
LIVE = 8000  # ms
EVENT = "Saturday Steamroller at the Long Table Club"
NAMES = ("Annabelle", "Bartholomew", "Cid", "Dee", "Evangeline", "Fitzgerald", "Gus", "Henrietta")


def eight_player_event(server: Server) -> str:
    """An event with eight players, round 1 paired and every table's result in (the second player concedes)."""
    with httpx.Client(base_url=server.url("/"), timeout=30) as client:
        olga = Api(client, "Olga")
        r = olga.call("POST", "/api/events", json={"name": EVENT, "day": "2030-01-10", "game_size": 75, "rounds": 3,
                                                   "lists_per_player": 1, "deadline": "2030-01-10T09:00:00Z"})
        assert r.status_code == 201, r.text
        event_id = r.json()["id"]
        players = [Api(client, name) for name in NAMES]
        for player in players:
            player.enter(event_id)
        r = olga.call("POST", f"/api/events/{event_id}/rounds", json={"scenario": "Spread the Net"})
        assert r.status_code == 201, r.text
        for loser in players[1::2]:
            loser.concede(event_id)
    return event_id


def overflow(page: Page) -> int:
    """How many pixels the page is wider than the screen (0: nothing to scroll sideways)."""
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def test_the_event_pages_fit_a_phone(browser: Browser, server: Server) -> None:
    event_id = eight_player_event(server)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
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

        # Signed in, /events adds the form to organise an event: it fits too.
        sign_up(page, server, "Pia")
        page.goto(server.url("/events"))
        expect(page.get_by_role("button", name="Create event")).to_be_visible()
        assert overflow(page) == 0
    finally:
        context.close()
