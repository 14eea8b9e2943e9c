"""The people of an event day in a real Chromium: the organiser on a laptop, players on 390x844 phones.

Olga creates an event with a 45-minute deathclock on /events. Ann signs in on her phone and submits a Grymkin list
the catalog cannot fully check (The Heretic's Trump is not in it): it waits for Olga, who approves it, and Ann's
phone says so without a reload. Bob, on his phone, and two players through the API are in with legal lists; Olga
adds a walk-in with a list typed in, checks in everyone but Ann (late), and pairs round 1: Ann is left out and reads
why; Olga reinstates her. Bob opens his game on his own seat link: at the wizard's steps that are the other side's
he reads "Waiting for ...", and he starts the event's clock from his seat. Olga publishes the locked lists and
Ann's phone shows them. Ann drops out from her phone and reads the right words; Olga sees it on her page.
SQLite and PostgreSQL. Selectors are roles and accessible names; every wait is for what a page shows.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.events import HERETIC, PASSWORD, TYPED, Api, choose, organise, part, phone, sign_in, sign_up, wizard

LAPTOP = {"width": 1280, "height": 800}
LIVE = 8000  # ms
EVENT = "Saturday Steamroller"


def api_player(client: httpx.Client, name: str, army: dict[str, Any] | None = None) -> Api:
    """A player made through the API; ``army`` replaces the usual legal list before anything is submitted."""
    player = Api(client, name)
    if army is not None:
        r = player.call("PUT", f"/api/lists/{player.list_id}", json={"army": army})
        assert r.status_code == 200, r.text
    return player


@pytest.mark.parametrize("server", ["sqlite", "postgresql"], indirect=True)
def test_lists_people_and_the_clock_on_an_event_day(browser: Browser, server: Server) -> None:
    laptop = browser.new_context(viewport=LAPTOP)
    ann_phone, bob_phone = phone(browser), phone(browser)
    api = httpx.Client(base_url=server.url("/"), timeout=30)
    try:
        olga, ann, bob = laptop.new_page(), ann_phone.new_page(), bob_phone.new_page()
        for page in (olga, ann, bob):
            page.set_default_timeout(15_000)

        # Olga creates the event with its clock and tables on the laptop.
        sign_up(olga, server, "Olga")
        event_id = organise(olga, server, EVENT, "2030-01-10", clock_minutes=45, table_count=4)
        expect(olga.get_by_text("45 minutes each on the clock")).to_be_visible()

        # Ann (a Heretic list the catalog cannot check) and Bob sign in on their phones and enter.
        ann_api, bob_api = api_player(api, "Ann", HERETIC), api_player(api, "Bob")
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            sign_in(page, server, name)
            page.goto(server.url(f"/events/{event_id}"))
            part(page).get_by_role("button", name="Register for this event").click()
            expect(part(page)).to_contain_text("Your lists: none given yet", timeout=LIVE)
            choose(page, "Your list", re.compile(rf"^{name}'s "))
            part(page).get_by_role("button", name="Submit lists").click()
        expect(part(ann)).to_contain_text("Your lists: lists wait for the organiser's approval", timeout=LIVE)
        expect(part(bob)).to_contain_text("Your lists: Bob's Agathon", timeout=LIVE)
        dee, eve = api_player(api, "Dee"), api_player(api, "Eve")
        for player in (dee, eve):
            player.enter(event_id)
        assert ann_api and bob_api

        # Olga reads Ann's list and approves it: Ann's phone says so.
        lists = olga.get_by_role("region", name="Submitted lists")
        expect(lists).to_contain_text("The Heretic's Trump card is not known yet", timeout=LIVE)
        lists.get_by_label("Note for Ann").fill("Trump checked on the card")
        lists.get_by_role("button", name="Approve Ann's lists").click()
        expect(part(ann)).to_contain_text("lists approved (the organiser's note: Trump checked on the card)",
                                          timeout=LIVE)

        # A walk-in with a typed list; everyone but Ann is checked in; round 1 leaves Ann out.
        players = olga.get_by_role("region", name="Players")
        players.get_by_label("Walk-in's name").fill("Sam")
        players.get_by_label("Walk-in's list").fill(TYPED)
        players.get_by_role("button", name="Add the walk-in").click()
        expect(players).to_contain_text("Sam: lists approved, walk-in, checked in", timeout=LIVE)
        check_in = olga.get_by_role("region", name="Check-in")
        for name in ("Bob", "Dee", "Eve"):
            check_in.get_by_role("button", name=f"Check in {name}").click()
            expect(players).to_contain_text(f"{name}: lists given, checked in", timeout=LIVE)
        olga.get_by_label("Scenario of round 1").fill("Spread the Net")
        olga.get_by_role("button", name="Pair round 1").click()
        expect(olga.get_by_role("heading", name="Round 1 tables")).to_be_visible(timeout=LIVE)
        expect(part(ann)).to_contain_text("You are out of this event: left out: not checked in when round 1 was "
                                          "paired.", timeout=LIVE)
        players.get_by_role("button", name="Check in Ann late, from the next round").click()  # round 2 pairs her
        expect(players).to_contain_text("Ann: lists approved, checked in", timeout=LIVE)
        expect(part(ann)).to_contain_text("Drop out of this event", timeout=LIVE)

        # Bob opens his game on his own seat link; the other side's choices are not his to make.
        bob.reload()
        opens = part(bob).get_by_role("button", name=re.compile(r"^Your game this round: table \d against "))
        opens.click()
        bob.wait_for_url(re.compile(r"/table/[0-9a-f]+/"))
        game_id = bob.url.split("/")[4]
        table = next(p for p in olga_detail(api, olga_session(olga), event_id)["pairings"]
                     if p["game_id"] == game_id)
        table_token = {"X-Token": table["links"]["table"]}
        bob_seat = 0 if table["name_a"] == "Bob" else 1
        expect(wizard(bob)).to_contain_text("Setup, step 3 of 10: Choose objectives", timeout=LIVE)
        wizard(bob).get_by_role("button", name="Confirm the objectives").click()
        # The dice are typed as the players rolled them (no tie to roll again): Bob's opponent has priority.
        opponent = table["name_b"] if bob_seat == 0 else table["name_a"]
        wizard(bob).get_by_label("Bob's die", exact=True).fill("2")
        wizard(bob).get_by_label(f"{opponent}'s die", exact=True).fill("5")
        wizard(bob).get_by_role("button", name="Use these dice").click()
        expect(wizard(bob)).to_contain_text("Waiting for", timeout=LIVE)
        state = api.get(f"/api/games/{game_id}", headers=table_token).json()
        assert state["state"]["pregame"]["priority"] == 1 - bob_seat
        expect(wizard(bob).get_by_role("button", name=re.compile("goes first"))).to_have_count(0)
        send(api, game_id, table_token, {"type": "choose_order", "goes_first": True})
        wizard(bob).get_by_label("Table side", exact=True).fill("the north edge")
        wizard(bob).get_by_role("button", name="Confirm the side").click()
        expect(wizard(bob)).to_contain_text("The event gives each player 45 minutes.", timeout=LIVE)
        wizard(bob).get_by_role("button", name="Start the clock (45 minutes each)").click()
        expect(wizard(bob)).to_contain_text("Setup, step 8 of 10: Before the game begins", timeout=LIVE)
        clock = api.get(f"/api/games/{game_id}", headers=table_token).json()["state"]["clock"]
        assert clock["minutes"] == 45

        # The lists are locked: Olga publishes them and Ann's phone reads Bob's.
        olga.get_by_role("button", name="Publish the lists").click()
        ann_lists = ann.get_by_role("region", name="Submitted lists")
        expect(ann_lists).to_contain_text("Published: everyone reads these lists.", timeout=LIVE)
        expect(ann_lists).to_contain_text("Bob's Agathon")

        # Ann drops out from her phone, asked once more; Olga's page says it in the right words.
        part(ann).get_by_role("button", name="Drop out of this event").click()
        ann.get_by_role("dialog").get_by_role("button", name="Drop out", exact=True).click()
        expect(part(ann)).to_contain_text("You are out of this event: dropped out after round 1.", timeout=LIVE)
        expect(players).to_contain_text("Ann: dropped out after round 1", timeout=LIVE)
        expect(players.get_by_role("button", name="Reinstate Ann")).to_be_visible()
    finally:
        api.close()
        for context in (laptop, ann_phone, bob_phone):
            context.close()


def olga_session(page: Page) -> dict[str, str]:
    """The organiser's API session: the same account signed in through the API (the page's own session stays in
    the browser's server-side storage)."""
    with httpx.Client(base_url=page.url.split("/events")[0], timeout=30) as client:
        r = client.post("/api/account/sign-in", json={"email": "olga@example.org", "password": PASSWORD})
        assert r.status_code == 200, r.text
        return {"Authorization": f"Bearer {r.json()['session']}"}


def olga_detail(client: httpx.Client, headers: dict[str, str], event_id: str) -> dict[str, Any]:
    r = client.get(f"/api/events/{event_id}", headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def send(client: httpx.Client, game_id: str, token: dict[str, str], command: dict[str, Any]) -> None:
    version = client.get(f"/api/games/{game_id}", headers=token).json()["version"]
    r = client.post(f"/api/games/{game_id}/commands", headers=token,
                    json={"command": command, "expected_version": version})
    assert r.status_code == 200, r.text
