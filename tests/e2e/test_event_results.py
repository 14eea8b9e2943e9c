"""Results of an event's tables as people give them, in a real Chromium on SQLite and PostgreSQL.

Six players, two of them on phone-sized devices (Ann and Bob), the rest through the REST API; the organiser (Olga)
on a laptop. Round 1: Ann reports her table's result on her phone and Bob confirms it on his; at table 2 Cid's report
is disputed by Dee and the organiser settles it from the event page; at table 3 Fay concedes in the app. "Pair
round 2" names the table still without a result; the organiser sees the tables still playing. Once round 2 is paired,
Fay's Undo on her round-1 seat link is refused with the reason and the standings do not move; the organiser corrects
a round-1 result from the page, and the correction log keeps it. The API's refusals of the wrong user are in
tests/service/test_event_results_api.py.

Selectors are roles and accessible names; every wait is for what a page shows.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.e2e.conftest import Server
from tests.e2e.events import Api, fill_result, my_result, sign_in, standing, tables
from tests.service.site_client import seed_in_order

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
LAPTOP = {"width": 1280, "height": 900}
LIVE = 8000  # ms: a change shows on the other devices within a few seconds


@pytest.mark.parametrize("server", ["sqlite", "postgresql"], indirect=True)
def test_players_report_and_confirm_a_dispute_is_settled_and_a_closed_round_stays_closed(
        browser: Browser, server: Server) -> None:
    contexts: list[BrowserContext] = [browser.new_context(viewport=v) for v in (PHONE, PHONE, LAPTOP, TABLET)]
    api = httpx.Client(base_url=server.url("/"), timeout=30)
    try:
        ann, bob, olga, fay_seat = (c.new_page() for c in contexts)
        for page in (ann, bob, olga, fay_seat):
            page.set_default_timeout(15_000)
        organiser = Api(api, "Olga")
        r = organiser.call("POST", "/api/events", json={
            "name": "Saturday Steamroller", "day": "2030-01-10", "game_size": 75, "rounds": 2, "lists_per_player": 1,
            "deadline": "2030-01-10T09:00:00Z"})
        assert r.status_code == 201, r.text
        event_id = r.json()["id"]
        players = {name: Api(api, name) for name in ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")}
        for player in players.values():
            player.enter(event_id)
        r = organiser.call("POST", f"/api/events/{event_id}/rounds", json={"scenario": "Spread the Net",
                                                                            "seed": seed_in_order(6)})
        assert r.status_code == 201, r.text
        for page, name in ((ann, "Ann"), (bob, "Bob"), (olga, "Olga")):
            sign_in(page, server, name)
            page.goto(server.url(f"/events/{event_id}"))
        expect(tables(olga)).to_contain_text("Round 1: 3 of 3 tables still playing (tables 1, 2, 3).")

        # Ann reports from her phone; Bob sees it arrive and confirms it on his.
        my_result(ann).get_by_role("button", name="Report the result").click()
        dialog = fill_result(ann, "Ann", "scenario", {"Control points of Ann": 7, "Control points of Bob": 2,
                                                       "Army points destroyed of Ann": 40})
        dialog.get_by_role("button", name="Send the report").click()
        expect(my_result(ann)).to_contain_text("Ann reported: Ann won (scenario). Waiting for your opponent",
                                               timeout=LIVE)
        expect(my_result(bob)).to_contain_text("Ann reported: Ann won (scenario).", timeout=LIVE)
        my_result(bob).get_by_role("button", name="Confirm the result").click()
        expect(my_result(bob)).to_contain_text("Your result: Ann won (scenario); control points Ann 7, Bob 2",
                                               timeout=LIVE)
        expect(my_result(ann)).to_contain_text("reported and confirmed", timeout=LIVE)
        expect(tables(olga)).to_contain_text("Round 1: 2 of 3 tables still playing (tables 2, 3).", timeout=LIVE)

        # Table 2: Cid reports, Dee disputes (both through the API); the organiser sees it and pairing waits.
        cid, dee = players["Cid"], players["Dee"]
        table2 = f"/api/events/{event_id}/rounds/1/tables/2"
        r = cid.call("POST", f"{table2}/report", json={"winner": cid.id, "how": "assassination",
                                                       "control_points": [3, 1]})
        assert r.status_code == 204, r.text
        assert dee.call("POST", f"{table2}/dispute", json={"note": "My caster was alive"}).status_code == 204
        expect(tables(olga)).to_contain_text("Cid reported: Cid won (assassination), disputed", timeout=LIVE)
        players["Fay"].concede(event_id)  # table 3 plays in the app: Eve wins
        expect(tables(olga)).to_contain_text("Round 1: 1 of 3 tables still playing (table 2).", timeout=LIVE)
        olga.get_by_label("Scenario of round 2").fill("Recon")
        olga.get_by_role("button", name="Pair round 2").click()
        expect(olga.get_by_role("alert").filter(has_text="Round 1 is still being played at table 2")).to_be_visible()

        # The organiser settles table 2 from the event page.
        tables(olga).get_by_role("button", name="Enter the result of round 1, table 2").click()
        dialog = fill_result(olga, "Dee", "tiebreakers", {"Control points of Cid": 1, "Control points of Dee": 3})
        dialog.get_by_label("Note for the correction log").fill("Dee's caster survived: time called")
        dialog.get_by_role("button", name="Save the result").click()
        expect(tables(olga)).to_contain_text("Table 2: Cid against Dee: Dee won", timeout=LIVE)
        expect(tables(olga)).to_contain_text("Round 1: every table has a result.")

        # Round 2 is paired; Fay's Undo on her round-1 seat link is refused and nothing moves.
        fay = players["Fay"]
        round1 = fay.call("GET", f"/api/events/{event_id}").json()
        game = next(p for p in round1["pairings"] if fay.id in (p["player_a"], p["player_b"]))
        seat = "seat1" if game["player_a"] == fay.id else "seat2"
        olga.get_by_role("button", name="Pair round 2").click()
        expect(olga.get_by_role("heading", name="Round 2 tables")).to_be_visible(timeout=LIVE)
        before = api.get(f"/api/events/{event_id}/standings.json").json()
        fay_seat.goto(server.url(f"/table/{game['game_id']}/{game['links'][seat]}"))
        fay_seat.get_by_role("button", name="Undo last action").click()
        expect(fay_seat.get_by_role("alert").filter(has_text="This game's round is over")).to_be_visible()
        r = api.get(f"/api/games/{game['game_id']}/result", headers={"X-Token": game["watch"]})
        assert r.json()["result"]["how"] == "concession"  # the game is as it ended
        assert api.get(f"/api/events/{event_id}/standings.json").json() == before
        expect(standing(olga, 1)).to_contain_text("Ann")

        # Only the organiser's correction changes a closed round: Olga corrects table 1 in Earlier rounds.
        earlier = olga.get_by_role("region", name="Earlier rounds")
        earlier.get_by_role("button", name="Correct the result of round 1, table 1").click()
        dialog = fill_result(olga, "Bob", "assassination", {"Control points of Ann": 2, "Control points of Bob": 2})
        dialog.get_by_label("Note for the correction log").fill("Reported the wrong way round")
        dialog.get_by_role("button", name="Save the result").click()
        expect(earlier).to_contain_text("Table 1: Ann against Bob: Bob won (assassination)", timeout=LIVE)
        log = api.get(f"/api/events/{event_id}/corrections").json()
        assert [(c["table"], c["by"], c["note"]) for c in log] == [
            (2, "Olga", "Dee's caster survived: time called"), (1, "Olga", "Reported the wrong way round")]
        assert re.search("confirmed", str(log[1]["before"]))
    finally:
        api.close()
        for context in contexts:
            context.close()
