"""An event's venue sign-up link in a real Chromium: the organiser makes it and sees its address and QR code on the
event page; a player on another device opens it, signs up, and lands on the event registered."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.events import LIVE, PASSWORD, organise, part, sign_up


def test_a_player_signs_up_and_registers_through_the_organisers_venue_link(browser: Browser, server: Server) -> None:
    desk, player = (browser.new_context(viewport={"width": 1024, "height": 768}) for _ in range(2))
    try:
        olga = desk.new_page()
        sign_up(olga, server, "Olga")
        organise(olga, server, "Hall Steamroller", "2030-01-10")
        venue = olga.get_by_role("group", name="Venue sign-up link")
        venue.get_by_role("button", name="Make a venue sign-up link").click()
        expect(venue.get_by_role("img", name="QR code of the venue sign-up link")).to_be_visible(timeout=LIVE)
        link = venue.get_by_role("link", name="/join/").get_attribute("href")
        assert link and link.startswith(server.url("/events/"))

        ann = player.new_page()
        ann.goto(link)
        expect(ann.get_by_role("heading", name="Play in Hall Steamroller")).to_be_visible()
        form = ann.get_by_role("region", name="Sign up", exact=True)
        form.get_by_label("Name other players see").fill("Ann")
        form.get_by_label("Email").fill("ann@example.org")
        form.get_by_label("Password").fill(PASSWORD)
        form.get_by_role("button", name="Sign up").click()
        expect(part(ann)).to_contain_text("Your lists: none given yet", timeout=LIVE)  # on the event, registered
        expect(ann.get_by_role("banner").get_by_role("link", name="Ann")).to_be_visible()
        players = olga.get_by_role("region", name="Players", exact=True)
        expect(players).to_contain_text("Ann", timeout=LIVE)  # the organiser's page shows the new player
    finally:
        desk.close()
        player.close()
