"""Issue 23 "Done when", in a real Chromium: a Steamroller Saturday run on the site, from the lists to the final
standings, with the parts that have landed so far (the note at the end says what it does not play yet).

Olga organises on a laptop; Ann, Bob, Cid and Dee play on 390x844 phones; Eve, Fay, Gus and Hal through the REST API
(a club's own software); a spectator's screen follows the event page without an account. Ann's Grymkin list needs
the organiser's approval (the catalog lacks The Heretic's Trump); Olga approves it and publishes every list when
they lock. Hal is late: round 1 leaves him out and Olga checks him back in for round 2; Sam walks in and plays with a
list typed in. In round 1 Cid opens his game on his phone, waits for the choices that are his opponent's and
starts the event's 45-minute clock from his seat, then concedes in the app; the other tables end on their seat
links. Dee drops out from her phone; round 2 pairs Hal and not Dee. The final standings are downloaded as CSV.
SQLite and PostgreSQL. Selectors are roles and accessible names; every wait is for what a page shows.

Not played here yet, because their parts had not landed on main when this test was written: the hall screen (its
tables, round timer and paging standings), the random draw with club avoidance, results reported from the phones
with a confirmation and a dispute settled by the organiser, the organiser's correction, and the refused round-1 undo.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.e2e.conftest import Server
from tests.e2e.test_event_night import Api, choose, sign_up
from tests.e2e.test_event_people import HERETIC, TYPED, part, sign_in, wizard

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SCREEN = {"width": 1920, "height": 1080}
LIVE = 10_000  # ms: a change shows on the other screens within seconds
EVENT = "Saturday Steamroller at the Long Table"


class Day:
    """Everything the test holds: the server, an API client, the organiser's API session and the players."""

    def __init__(self, server: Server, client: httpx.Client) -> None:
        self.server, self.client = server, client
        self.players: dict[str, Api] = {}
        self.event_id = ""
        self.olga_headers: dict[str, str] = {}

    def detail(self) -> dict[str, Any]:
        r = self.client.get(f"/api/events/{self.event_id}", headers=self.olga_headers)
        assert r.status_code == 200, r.text
        return dict(r.json())

    def tables(self, round_no: int) -> list[dict[str, Any]]:
        return [p for p in self.detail()["pairings"] if p["round"] == round_no and p["player_b"]]

    def send(self, game_id: str, token: str, command: dict[str, Any]) -> httpx.Response:
        head = {"X-Token": token}
        version = self.client.get(f"/api/games/{game_id}", headers=head).json()["version"]
        return self.client.post(f"/api/games/{game_id}/commands", headers=head,
                                json={"command": command, "expected_version": version})

    def concede(self, table: dict[str, Any], seat: int) -> None:
        """The player of ``seat`` concedes on their own seat link (the organiser holds every link)."""
        r = self.send(table["game_id"], table["links"][f"seat{seat + 1}"], {"type": "concede", "seat": seat})
        assert r.status_code == 200, r.text


def phone(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)


@pytest.mark.parametrize("server", ["sqlite", "postgresql"], indirect=True)
def test_a_steamroller_saturday_from_the_first_list_to_the_final_standings(browser: Browser,
                                                                           server: Server) -> None:
    laptop, tv_context = browser.new_context(viewport=LAPTOP), browser.new_context(viewport=SCREEN)
    phones = {name: phone(browser) for name in ("Ann", "Bob", "Cid", "Dee")}
    client = httpx.Client(base_url=server.url("/"), timeout=30)
    day = Day(server, client)
    try:
        olga, tv = laptop.new_page(), tv_context.new_page()
        pages = {name: context.new_page() for name, context in phones.items()}
        for page in (olga, tv, *pages.values()):
            page.set_default_timeout(20_000)

        # -- before the day: the event, its clock and tables; lists in, one for the organiser to approve --------
        sign_up(olga, server, "Olga")
        olga.goto(server.url("/events"))
        form = olga.get_by_role("region", name="Organise an event")
        form.get_by_label("Event name").fill(EVENT)
        form.get_by_label("Day", exact=True).fill("2030-10-12")
        choose(olga, "Lists per player", "One list")
        form.get_by_label("Rounds").fill("2")
        form.get_by_label("Deathclock: minutes per player").fill("45")
        form.get_by_label("Tables").fill("5")
        form.get_by_label("List deadline: day").fill("2030-10-12")
        form.get_by_role("button", name="Create event").click()
        olga.wait_for_url(re.compile(r"/events/[0-9a-f]+$"))
        day.event_id = olga.url.rsplit("/", 1)[1]
        r = client.post("/api/account/sign-in", json={"email": "olga@example.org", "password": "correct horse battery"})
        day.olga_headers = {"Authorization": f"Bearer {r.json()['session']}"}

        # A spectator's screen without an account follows the event page.
        tv.goto(server.url(f"/events/{day.event_id}"))
        expect(tv.get_by_role("heading", name=EVENT)).to_be_visible()
        spectator_tables = tv.get_by_role("region", name="Tables", exact=True)

        # Four players on their phones (their lists saved through the API, as another device would), four through
        # the API.
        for name in ("Ann", "Bob", "Cid", "Dee"):
            day.players[name] = Api(client, name)
        put = day.players["Ann"].call("PUT", f"/api/lists/{day.players['Ann'].list_id}", json={"army": HERETIC})
        assert put.status_code == 200, put.text
        for name, page in pages.items():
            sign_in(page, server, name)
            page.goto(server.url(f"/events/{day.event_id}"))
            part(page).get_by_role("button", name="Register for this event").click()
            expect(part(page)).to_contain_text("Your lists: none given yet", timeout=LIVE)
            choose(page, "Your list", re.compile(rf"^{name}'s "))
            part(page).get_by_role("button", name="Submit lists").click()
        expect(part(pages["Ann"])).to_contain_text("lists wait for the organiser's approval", timeout=LIVE)
        for name in ("Eve", "Fay", "Gus", "Hal"):
            day.players[name] = Api(client, name)
            day.players[name].enter(day.event_id)

        lists = olga.get_by_role("region", name="Submitted lists")
        expect(lists).to_contain_text("The Heretic's Trump card is not known yet", timeout=LIVE)
        lists.get_by_label("Note for Ann").fill("Trump checked on her card")
        lists.get_by_role("button", name="Approve Ann's lists").click()
        expect(part(pages["Ann"])).to_contain_text("lists approved", timeout=LIVE)

        # -- the morning: check-in, a walk-in, Hal late; round 1 drawn at random, club-mates apart -------------
        players = olga.get_by_role("region", name="Players")
        players.get_by_label("Walk-in's name").fill("Sam")
        players.get_by_label("Walk-in's list").fill(TYPED)
        players.get_by_role("button", name="Add the walk-in").click()
        expect(players).to_contain_text("Sam: lists approved, walk-in, checked in", timeout=LIVE)
        for name in ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"):
            players.get_by_role("button", name=f"Check in {name}").click()
            expect(players).to_contain_text(re.compile(rf"{name}[^:]*: lists (given|approved), checked in"),
                                            timeout=LIVE)
        olga.get_by_label("Scenario of round 1").fill("Spread the Net")
        olga.get_by_role("button", name="Pair round 1").click()
        expect(olga.get_by_role("heading", name="Round 1 tables")).to_be_visible(timeout=LIVE)
        round1 = day.tables(1)
        assert len(round1) == 4
        expect(players).to_contain_text("Hal: left out: not checked in when round 1 was paired", timeout=LIVE)

        # The lists locked with the draw: Olga publishes them, and a phone reads them.
        olga.get_by_role("button", name="Publish the lists").click()
        expect(pages["Cid"].get_by_role("region", name="Submitted lists")).to_contain_text("Ann's Heretic",
                                                                                          timeout=LIVE)

        for t in round1:
            expect(spectator_tables).to_contain_text(f"{t['name_a']} against {t['name_b']}", timeout=LIVE)

        # -- round 1: two tables play in the app, one starting the event's clock from a seat ----------------
        cid = pages["Cid"]
        cid.reload()
        part(cid).get_by_role("button", name=re.compile(r"^Your game this round: table \d against ")).click()
        cid.wait_for_url(re.compile(r"/table/[0-9a-f]+/"))
        clock_table = next(t for t in round1 if t["game_id"] == cid.url.split("/")[4])
        cid_seat = 0 if clock_table["name_a"] == "Cid" else 1
        game, table_link = clock_table["game_id"], clock_table["links"]["table"]
        expect(wizard(cid)).to_contain_text("Choose objectives", timeout=LIVE)
        wizard(cid).get_by_role("button", name="Confirm the objectives").click()
        expect(wizard(cid)).to_contain_text("Roll for priority", timeout=LIVE)
        while day.send(game, table_link, {"type": "roll_priority"}).json()["state"]["pregame"]["priority"] is None:
            continue  # a tie: roll again
        state = client.get(f"/api/games/{game}", headers={"X-Token": table_link}).json()["state"]
        if state["pregame"]["priority"] != cid_seat:  # the opponent's choice: Cid's phone waits for it
            expect(wizard(cid)).to_contain_text("Waiting for", timeout=LIVE)
        assert day.send(game, table_link, {"type": "choose_order", "goes_first": True}).status_code == 200
        assert day.send(game, table_link, {"type": "choose_side", "side": "north"}).status_code == 200
        expect(wizard(cid)).to_contain_text("The event gives each player 45 minutes.", timeout=LIVE)
        wizard(cid).get_by_role("button", name="Start the clock (45 minutes each)").click()
        expect(wizard(cid)).to_contain_text("Before the game begins", timeout=LIVE)
        clock = client.get(f"/api/games/{game}", headers={"X-Token": table_link}).json()["state"]["clock"]
        assert clock["remaining_ms"][1 - clock["running"]] == 45 * 60_000
        cid.get_by_role("button", name="End the game…").click()
        cid.get_by_role("dialog").get_by_role("button", name="Cid concedes").click()
        for t in round1:  # the other tables end on their own seat links (the second player concedes)
            if t is not clock_table:
                day.concede(t, 1)
        winner = clock_table["name_b"] if cid_seat == 0 else clock_table["name_a"]
        expect(spectator_tables).to_contain_text(f"{winner} won (concession)", timeout=LIVE)  # without a reload

        # -- between rounds: Hal checked in late, Dee drops out from her phone; round 2 ------------------------
        players.get_by_role("button", name="Reinstate Hal").click()
        expect(players).to_contain_text("Hal: lists given, checked in", timeout=LIVE)
        dee = pages["Dee"]
        part(dee).get_by_role("button", name="Drop out of this event").click()
        dee.get_by_role("dialog").get_by_role("button", name="Drop out", exact=True).click()
        expect(part(dee)).to_contain_text("You are out of this event: dropped out after round 1.", timeout=LIVE)
        expect(players).to_contain_text("Dee: dropped out after round 1", timeout=LIVE)

        olga.get_by_label("Scenario of round 2").fill("Recon")
        olga.get_by_role("button", name="Pair round 2").click()
        expect(olga.get_by_role("heading", name="Round 2 tables")).to_be_visible(timeout=LIVE)
        round2 = day.tables(2)
        names2 = {n for t in round2 for n in (t["name_a"], t["name_b"])}
        assert len(round2) == 4 and "Hal" in names2 and "Dee" not in names2
        expect(tv.get_by_role("heading", name="Round 2 tables")).to_be_visible(timeout=LIVE)

        # Round 2 plays out; the spectator's standings follow, and the final ones are downloaded.
        for t in round2:
            day.concede(t, 1)
        leader = client.get(f"/api/events/{day.event_id}/standings.json").json()[0]
        assert leader["wins"] == 2
        expect(tv.get_by_role("region", name="Standings").get_by_role("row").nth(1)).to_contain_text(
            leader["name"], timeout=LIVE)
        with olga.expect_download() as download:
            olga.get_by_role("link", name="Standings as CSV").click()
        assert download.value.suggested_filename.endswith(".csv")
        with open(download.value.path(), encoding="utf-8") as csv:
            lines = csv.read().strip().splitlines()
        assert lines[0].startswith("rank,player,wins") and len(lines) == 10  # nine players, Dee's games kept
        assert lines[1].startswith(f"1,{leader['name']},2,")
    finally:
        client.close()
        for context in (laptop, tv_context, *phones.values()):
            context.close()

