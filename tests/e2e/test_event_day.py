"""An event day's whole story in a real Chromium: a Steamroller Saturday run on the site, from the first list to the
final standings, on SQLite and on PostgreSQL.

Olga organises on a laptop; Ann, Bob, Cid and Dee play on 390x844 phones; Eve, Fay, Gus and Hal through the REST API
(a club's own software), and sign in on phones of their own when their table reports its result; the hall's TV shows
the hall screen (1920x1080, no account). Ann and Bob register as mates of one club. Ann's Grymkin list needs the
organiser's approval (the catalog lacks The Heretic's Trump); Olga approves it and publishes every list when they
lock. Hal is late: round 1 leaves him out and Olga checks him back in for round 2; Sam walks in with a list typed in.

Round 1 is drawn at random from the seed Olga types: the page states the seed, and the club mates are at different
tables (read from the API, whatever the draw). The hall screen shows every table by number, and the round timer Olga
starts, pauses and resumes on the laptop. Cid opens his game on his phone, waits for the choices that are his
opponent's, starts the event's 45-minute clock from his seat and concedes in the app. Two other tables report their
results from the phones: one report is confirmed by the opponent on theirs, the other disputed and settled by Olga
on the laptop; the rest end on their seat links. Dee drops out from her phone; round 2 pairs Hal and not Dee. Once it
is paired, Cid's Undo on his round-1 game is refused on his phone with the reason, and the standings do not move.
Round 2 ends; Olga corrects its first table's result on the laptop, and the event page's correction log says who and
when; the hall screen's tables and standings follow without a reload, and the final standings download as CSV.

Which player sits where is read from the API (the draw is random); selectors are roles and accessible names; every
wait is for what a page shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server
from tests.e2e.events import (
    HERETIC,
    TYPED,
    Api,
    choose,
    fill_result,
    my_result,
    organise,
    part,
    phone,
    sign_in,
    sign_up,
    tables,
    wizard,
)

LAPTOP = {"width": 1280, "height": 800}
SCREEN = {"width": 1920, "height": 1080}
LIVE = 20_000  # ms: a change shows on the other screens within seconds, more while the machine is busy
EVENT = "Saturday Steamroller at the Long Table"
CLUB = "Long Table Club"  # Ann and Bob's: round 1 keeps them apart
SEED = "1012"


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

    def standings(self) -> list[dict[str, Any]]:
        return list(self.client.get(f"/api/events/{self.event_id}/standings.json").json())

    def send(self, game_id: str, token: str, command: dict[str, Any]) -> httpx.Response:
        head = {"X-Token": token}
        version = self.client.get(f"/api/games/{game_id}", headers=head).json()["version"]
        return self.client.post(f"/api/games/{game_id}/commands", headers=head,
                                json={"command": command, "expected_version": version})

    def concede(self, table: dict[str, Any], seat: int) -> None:
        """The player of ``seat`` concedes on their own seat link (the organiser holds every link)."""
        r = self.send(table["game_id"], table["links"][f"seat{seat + 1}"], {"type": "concede", "seat": seat})
        assert r.status_code == 200, r.text


def hall_row(region: Any, *cells: str | int) -> Any:
    """The hall screen's row whose cells begin with ``cells`` (a table's number and players, a standing)."""
    return region.get_by_role("row", name=re.compile("^" + " ".join(re.escape(str(c)) for c in cells) + "( |$)"))


@pytest.fixture(autouse=True)
def patient() -> Iterator[None]:
    """Every expectation here waits as long as a change may take to reach another screen on a busy machine."""
    expect.set_options(timeout=LIVE)
    yield
    expect.set_options(timeout=None)


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
            page.set_default_timeout(LIVE)

        def on_phone(name: str) -> Page:
            """``name``'s phone on the event page (an API player signs in on a phone of their own first)."""
            if name not in pages:
                phones[name] = phone(browser)
                pages[name] = phones[name].new_page()
                pages[name].set_default_timeout(LIVE)
                sign_in(pages[name], server, name)
                pages[name].goto(server.url(f"/events/{day.event_id}"))
            return pages[name]

        # -- before the day: the event, its clock and tables; lists in, one for the organiser to approve --------
        sign_up(olga, server, "Olga")
        day.event_id = organise(olga, server, EVENT, "2030-10-12", rounds=2, clock_minutes=45, table_count=5)
        r = client.post("/api/account/sign-in", json={"email": "olga@example.org", "password": "correct horse battery"})
        day.olga_headers = {"Authorization": f"Bearer {r.json()['session']}"}

        # The hall's TV opens the hall screen from the event page, without an account.
        tv.goto(server.url(f"/events/{day.event_id}"))
        tv.get_by_role("link", name="Hall screen (for a TV in the room)").click()
        tv.wait_for_url(f"**/events/{day.event_id}/hall")
        expect(tv.get_by_role("heading", name=EVENT)).to_be_visible()
        expect(tv.get_by_text("Round 1 is not paired yet.")).to_be_visible()
        hall_standings = tv.get_by_role("region", name="Standings")

        # Four players on their phones (their lists saved through the API, as another device would; Ann and Bob
        # of one club), four through the API.
        for name in ("Ann", "Bob", "Cid", "Dee"):
            day.players[name] = Api(client, name)
        put = day.players["Ann"].call("PUT", f"/api/lists/{day.players['Ann'].list_id}", json={"army": HERETIC})
        assert put.status_code == 200, put.text
        for name, page in pages.items():
            sign_in(page, server, name)
            page.goto(server.url(f"/events/{day.event_id}"))
            if name in ("Ann", "Bob"):
                part(page).get_by_label("Club or team (optional)").fill(CLUB)
            part(page).get_by_role("button", name="Register for this event").click()
            expect(part(page)).to_contain_text("Your lists: none given yet", timeout=LIVE)
            choose(page, "Your list", re.compile(rf"^{name}'s "))
            part(page).get_by_role("button", name="Submit lists").click()
        expect(part(pages["Ann"])).to_contain_text("lists wait for the organiser's approval", timeout=LIVE)
        for name in ("Eve", "Fay", "Gus", "Hal"):
            day.players[name] = Api(client, name)
            day.players[name].enter(day.event_id)

        players = olga.get_by_role("region", name="Players")
        expect(players).to_contain_text("Hal: lists given", timeout=LIVE)  # everyone is in: the lists stay put
        lists = olga.get_by_role("region", name="Submitted lists")
        expect(lists).to_contain_text("The Heretic's Trump card is not known yet", timeout=LIVE)
        lists.get_by_label("Note for Ann").fill("Trump checked on her card")
        lists.get_by_role("button", name="Approve Ann's lists").click()
        expect(part(pages["Ann"])).to_contain_text("lists approved", timeout=LIVE)

        # -- the morning: check-in, a walk-in, Hal late; round 1 drawn at random, club-mates apart -------------
        expect(players).to_contain_text(f"Bob ({CLUB}): lists given", timeout=LIVE)
        players.get_by_label("Walk-in's name").fill("Sam")
        players.get_by_label("Walk-in's list").fill(TYPED)
        players.get_by_role("button", name="Add the walk-in").click()
        expect(players).to_contain_text("Sam: lists approved, walk-in, checked in", timeout=LIVE)
        check_in = olga.get_by_role("region", name="Check-in")  # near the top of the page, one tap for all
        expect(check_in).to_contain_text("Check-in: 1 of 9 players checked in.")  # Sam, the walk-in
        check_in.get_by_role("button", name="Check in all 8").click()
        for name in ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"):
            expect(players).to_contain_text(re.compile(rf"{name}[^:]*: lists (given|approved), checked in"),
                                            timeout=LIVE)
        players.get_by_role("button", name="Check out Hal").click()  # Hal is not here yet after all
        expect(check_in).to_contain_text("Check-in: 8 of 9 players checked in.")
        olga.get_by_label("Scenario of round 1").fill("Spread the Net")
        olga.get_by_label("Draw seed (optional)").fill(SEED)
        olga.get_by_role("button", name="Pair round 1").click()
        expect(olga.get_by_role("heading", name="Round 1 tables")).to_be_visible(timeout=LIVE)
        expect(olga.get_by_text(f"Round 1 was drawn at random with seed {SEED}:")).to_be_visible()
        assert day.detail()["event"]["seed"] == int(SEED)
        round1 = day.tables(1)
        assert len(round1) == 4
        seats = {name: t["table"] for t in round1 for name in (t["name_a"], t["name_b"])}
        assert "Hal" not in seats and seats["Ann"] != seats["Bob"]  # the club mates play elsewhere
        expect(players).to_contain_text("Hal: left out: not checked in when round 1 was paired", timeout=LIVE)

        # The lists locked with the draw: Olga publishes them, and a phone reads them.
        olga.get_by_role("button", name="Publish the lists").click()
        expect(pages["Cid"].get_by_role("region", name="Submitted lists")).to_contain_text("Ann's Heretic",
                                                                                          timeout=LIVE)

        # The hall screen shows every table by number, and the round timer Olga runs from the laptop.
        hall_tables = tv.get_by_role("region", name="Round 1 tables")
        for t in round1:
            expect(hall_row(hall_tables, t["table"], t["name_a"], "against", t["name_b"])).to_be_visible()
        expect(hall_tables).to_contain_text("4 of 4 tables still playing")
        timer = tv.get_by_role("timer", name="Time left in the round")
        expect(timer).to_contain_text("timer not started")
        controls = olga.get_by_role("region", name="Round timer")
        controls.get_by_label("Round length (minutes)").fill("50")
        controls.get_by_role("button", name="Start round timer").click()
        expect(controls).to_contain_text("Round 1 timer running: the round ends at")
        expect(timer).to_have_text(re.compile(r"^(50:00|[1-4]?\d:\d\d)$"))  # counting down from 50 minutes
        controls.get_by_role("button", name="Pause").click()
        expect(controls).to_contain_text(re.compile(r"Round 1 timer paused with [1-5]?\d:\d\d left"))
        expect(timer).to_contain_text("paused")
        controls.get_by_role("button", name="Resume").click()
        expect(controls).to_contain_text("Round 1 timer running")
        expect(timer).not_to_contain_text("paused")

        # -- round 1: one table plays in the app, Cid starting the event's clock from his seat ----------------
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
        winner = clock_table["name_b"] if cid_seat == 0 else clock_table["name_a"]
        expect(hall_row(hall_tables, clock_table["table"])).to_contain_text(f"{winner} won (concession)")

        # Two tables report from the phones (players with accounts: Sam, the walk-in, has none): at the first the
        # opponent confirms the report, at the second disputes it and Olga settles it on the laptop.
        reporting = [t for t in round1 if t is not clock_table and "Sam" not in (t["name_a"], t["name_b"])]
        confirmed, disputed = reporting[0], reporting[1]
        a, b = confirmed["name_a"], confirmed["name_b"]
        reporter = on_phone(a)
        expect(my_result(reporter)).to_contain_text("Round 1: 3 of 4 tables still playing")  # Cid's result in
        my_result(reporter).get_by_role("button", name="Report the result").click()
        fill_result(reporter, a, "scenario", {f"Control points of {a}": 7, f"Control points of {b}": 2,
                                              f"Army points destroyed of {a}": 40}) \
            .get_by_role("button", name="Send the report").click()
        expect(my_result(reporter)).to_contain_text(f"{a} reported: {a} won (scenario). Waiting for your opponent")
        opponent = on_phone(b)
        expect(my_result(opponent)).to_contain_text("Round 1: 3 of 4 tables still playing")
        expect(my_result(opponent)).to_contain_text(f"{a} reported: {a} won (scenario).")
        my_result(opponent).get_by_role("button", name="Confirm the result").click()
        expect(my_result(opponent)).to_contain_text(f"Your result: {a} won (scenario); control points {a} 7, {b} 2")
        expect(my_result(reporter)).to_contain_text("reported and confirmed")
        expect(hall_row(hall_tables, confirmed["table"])).to_contain_text(f"{a} won (scenario)")

        c, d = disputed["name_a"], disputed["name_b"]
        reporter = on_phone(c)
        expect(my_result(reporter)).to_contain_text("Round 1: 2 of 4 tables still playing")
        my_result(reporter).get_by_role("button", name="Report the result").click()
        fill_result(reporter, c, "assassination", {f"Control points of {c}": 3, f"Control points of {d}": 1}) \
            .get_by_role("button", name="Send the report").click()
        expect(my_result(reporter)).to_contain_text(f"{c} reported: {c} won (assassination). Waiting")
        opponent = on_phone(d)
        expect(my_result(opponent)).to_contain_text(f"{c} reported: {c} won (assassination).")
        expect(my_result(opponent)).to_contain_text("Round 1: 2 of 4 tables still playing")
        my_result(opponent).get_by_role("button", name="Dispute the result").click()
        opponent.get_by_role("dialog").get_by_label("Why you dispute it").fill("My warcaster was still standing")
        opponent.get_by_role("dialog").get_by_role("button", name="Send the dispute").click()
        expect(my_result(opponent)).to_contain_text("Disputed: the organiser settles it.")
        expect(tables(olga)).to_contain_text(f"{c} reported: {c} won (assassination), disputed")
        tables(olga).get_by_role("button", name=f"Enter the result of round 1, table {disputed['table']}").click()
        dialog = fill_result(olga, d, "tiebreakers", {f"Control points of {c}": 1, f"Control points of {d}": 3})
        dialog.get_by_label("Note for the correction log").fill("Time was called; the warcaster survived")
        dialog.get_by_role("button", name="Save the result").click()
        expect(tables(olga)).to_contain_text(f"Table {disputed['table']}: {c} against {d}: {d} won")
        expect(my_result(opponent)).to_contain_text(f"Your result: {d} won (tiebreakers at time)")

        for t in round1:  # the last table ends on its seat links (the second player concedes)
            if t not in (clock_table, confirmed, disputed):
                day.concede(t, 1)
        expect(hall_tables).to_contain_text("Every table of round 1 has a result")
        expect(tables(olga)).to_contain_text("Round 1: every table has a result.")

        # -- between rounds: Hal checked in late, Dee drops out from her phone; round 2 ------------------------
        players.get_by_role("button", name="Check in Hal late, from the next round").click()
        expect(players).to_contain_text("Hal: lists given, checked in", timeout=LIVE)
        dee = pages["Dee"]
        expect(part(dee)).to_contain_text("Round 1: every table has a result.")
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
        hall_tables = tv.get_by_role("region", name="Round 2 tables")
        for t in round2:
            expect(hall_row(hall_tables, t["table"], t["name_a"], "against", t["name_b"])).to_be_visible()

        # Round 1 is closed: Cid's Undo of his concession, on his phone, is refused with the reason; nothing moves.
        before = day.standings()
        cid.get_by_role("button", name="Undo last action").click()
        expect(cid.get_by_role("alert").filter(has_text="This game's round is over")).to_be_visible()
        assert day.standings() == before
        r = client.get(f"/api/games/{game}/result", headers={"X-Token": clock_table["watch"]})
        assert r.json()["result"]["how"] == "concession"  # the game is as it ended

        # Round 2 plays out; then Olga corrects its first table on the laptop, and the log says who and when.
        for t in round2:
            day.concede(t, 1)
        expect(hall_tables).to_contain_text("Every table of round 2 has a result")
        expect(tables(olga)).to_contain_text("Round 2: every table has a result.")
        top = next(t for t in round2 if t["table"] == 1)
        a, b = top["name_a"], top["name_b"]
        tables(olga).get_by_role("button", name="Correct the result of round 2, table 1").click()
        dialog = fill_result(olga, b, "assassination", {})
        dialog.get_by_label("Note for the correction log").fill("The wrong seat conceded")
        dialog.get_by_role("button", name="Save the result").click()
        expect(tables(olga)).to_contain_text(f"Table 1: {a} against {b}: {b} won (assassination)")
        log = olga.get_by_role("region", name="Result corrections")
        expect(log).to_contain_text(re.compile(
            rf"Round 2, table 1: corrected by Olga on \d+ \w+ 2\d\d\d, \d\d:\d\d [^:]*: {b} won \(assassination; "
            rf"control points {a} 0, {b} 0; [^)]*; entered by the organiser\), was {a} won \(concession; [^)]*; "
            r"played in the app\)\. Note: The wrong seat conceded"))
        expect(log).to_contain_text(f"Round 1, table {disputed['table']}: entered by Olga on ")
        expect(pages["Bob"].get_by_role("region", name="Result corrections")).to_contain_text(
            "Round 2, table 1: corrected by Olga")  # public, live on a player's phone too

        # The hall screen follows without a reload; the final standings download as CSV.
        expect(hall_row(hall_tables, 1)).to_contain_text(f"{b} won (assassination)")
        final = day.standings()
        wins = {s["name"]: s["wins"] for s in final}
        assert (wins[a], wins[b]) == tuple(next(s["wins"] for s in before if s["name"] == n) + (n == b) for n in (a, b))
        for s in final:
            expect(hall_row(hall_standings, s["rank"], s["name"], s["wins"])).to_be_visible()
        leader = final[0]
        assert leader["wins"] == 2
        with olga.expect_download() as download:
            olga.get_by_role("link", name="Standings as CSV").click()
        assert download.value.suggested_filename.endswith(".csv")
        with open(download.value.path(), encoding="utf-8") as csv:
            lines = csv.read().strip().splitlines()
        assert lines[0].startswith("rank,player,wins") and len(lines) == 10  # nine players, Dee's games kept
        assert lines[1].startswith(f"1,{leader['name']},2,")
        assert any(line.startswith(f"{s['rank']},{b},{s['wins']},") for line in lines for s in final
                   if s["name"] == b)
    finally:
        client.close()
        for context in (laptop, tv_context, *phones.values()):
            context.close()
