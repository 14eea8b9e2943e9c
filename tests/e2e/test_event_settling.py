"""The organiser settles tables as a person would, in a real Chromium, on SQLite and PostgreSQL: a dispute from the
report it disputes, and a walk-in's table confirmed in one tap.

Ann, Bob and Cid play on phones; Sam walks in without an account; Olga organises on a laptop. At table 1 Ann
reports and Bob disputes it (an empty reason is refused in words first); Olga reads the reason and the reported
numbers on the event page, opens "Enter the result", finds the form filled from the report, changes one number and
saves it. At table 2 Cid reports against Sam: his phone says the organiser confirms it (Sam has no account), Olga
accepts it in one tap, Cid's phone says so without a reload, and round 2 pairs.

Selectors are roles and accessible names; every wait is for what a page shows.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.e2e.conftest import Server
from tests.e2e.events import LIVE, Api, fill_result, my_result, phone, sign_in, tables
from tests.service.site_client import seed_in_order

LAPTOP = {"width": 1280, "height": 900}


@pytest.mark.parametrize("server", ["sqlite", "postgresql"], indirect=True)
def test_the_organiser_settles_a_dispute_from_the_report_and_confirms_a_walk_ins_table(browser: Browser,
                                                                                      server: Server) -> None:
    contexts: list[BrowserContext] = [phone(browser) for _ in range(3)] + [browser.new_context(viewport=LAPTOP)]
    api = httpx.Client(base_url=server.url("/"), timeout=30)
    try:
        ann, bob, cid, olga = (c.new_page() for c in contexts)
        for page in (ann, bob, cid, olga):
            page.set_default_timeout(LIVE)
        organiser = Api(api, "Olga")
        r = organiser.call("POST", "/api/events", json={
            "name": "Club night", "day": "2030-01-10", "game_size": 75, "rounds": 2, "lists_per_player": 1,
            "deadline": "2030-01-10T09:00:00Z"})
        assert r.status_code == 201, r.text
        event_id = r.json()["id"]
        players = {name: Api(api, name) for name in ("Ann", "Bob", "Cid")}
        for player in players.values():
            player.enter(event_id)
        r = organiser.call("POST", f"/api/events/{event_id}/walk-ins", json={"name": "Sam", "list": "Agathon"})
        assert r.status_code == 201, r.text
        for player in players.values():
            r = organiser.call("PUT", f"/api/events/{event_id}/players/{player.id}/check-in", json={"present": True})
            assert r.status_code == 204, r.text
        r = organiser.call("POST", f"/api/events/{event_id}/rounds", json={"scenario": "Spread the Net",
                                                                            "seed": seed_in_order(4)})
        assert r.status_code == 201, r.text
        assert [(t["name_a"], t["name_b"]) for t in r.json()] == [("Ann", "Bob"), ("Cid", "Sam")]
        for page, name in ((ann, "Ann"), (bob, "Bob"), (cid, "Cid"), (olga, "Olga")):
            sign_in(page, server, name)
            page.goto(server.url(f"/events/{event_id}"))

        # Table 1: Ann reports, Bob disputes it (saying nothing first, which is refused in words).
        my_result(ann).get_by_role("button", name="Report the result").click()
        fill_result(ann, "Ann", "scenario", {"Control points of Ann": 6, "Control points of Bob": 1,
                                             "Army points destroyed of Ann": 40,
                                             "Army points destroyed of Bob": 12}) \
            .get_by_role("button", name="Send the report").click()
        expect(my_result(bob)).to_contain_text("Ann reported: Ann won (scenario).")
        expect(my_result(bob)).to_contain_text("Reported control points Ann 6, Bob 1; army points destroyed Ann 40, "
                                               "Bob 12.")
        my_result(bob).get_by_role("button", name="Dispute the result").click()
        bob.get_by_role("dialog").get_by_role("button", name="Send the dispute").click()
        expect(bob.get_by_role("alert").filter(has_text="Say why you dispute the report")).to_be_visible()
        bob.get_by_role("dialog").get_by_label("Why you dispute it").fill("I held the zone: 3 control points")
        bob.get_by_role("dialog").get_by_role("button", name="Send the dispute").click()
        expect(my_result(bob)).to_contain_text("Disputed: the organiser settles it.")

        # Olga reads the reason and the numbers, and the form starts from the report.
        report = olga.get_by_role("group", name="Report of round 1, table 1")
        expect(report).to_contain_text("Ann reported: Ann won (scenario): control points Ann 6, Bob 1; army points "
                                       "destroyed Ann 40, Bob 12.")
        expect(report).to_contain_text("Bob disputes it: \u201cI held the zone: 3 control points\u201d")
        tables(olga).get_by_role("button", name="Enter the result of round 1, table 1").click()
        dialog = olga.get_by_role("dialog")
        expect(dialog).to_contain_text("Bob disputes it: \u201cI held the zone: 3 control points\u201d")
        expect(dialog.get_by_role("combobox", name="Winner")).to_have_value("Ann")
        expect(dialog.get_by_role("combobox", name="How")).to_have_value("scenario")
        expect(dialog.get_by_label("Army points destroyed of Ann", exact=True)).to_have_value("40")
        expect(dialog.get_by_label("Control points of Ann", exact=True)).to_have_value("6")
        dialog.get_by_label("Control points of Bob", exact=True).fill("3")  # the one number in dispute
        dialog.get_by_role("button", name="Save the result").click()
        expect(olga.get_by_role("alert").filter(has_text="won by being 5 control points ahead; 6 to 3 is 3 ahead")) \
            .to_be_visible()  # refused in words; the form stays as filled
        choose_how = dialog.get_by_role("combobox", name="How")
        choose_how.click()
        olga.get_by_role("option", name="tiebreakers at time").click()
        dialog.get_by_label("Note for the correction log").fill("Bob held the zone")
        dialog.get_by_role("button", name="Save the result").click()
        expect(tables(olga)).to_contain_text("Table 1: Ann against Bob: Ann won (tiebreakers at time)")
        expect(my_result(bob)).to_contain_text("Your result: Ann won (tiebreakers at time); control points Ann 6, "
                                               "Bob 3; army points destroyed Ann 40, Bob 12; entered by the organiser")

        # Table 2: Cid reports against Sam, a walk-in; Olga confirms it in one tap and Cid's phone is told.
        my_result(cid).get_by_role("button", name="Report the result").click()
        fill_result(cid, "Cid", "assassination", {"Control points of Cid": 2, "Control points of Sam": 1}) \
            .get_by_role("button", name="Send the report").click()
        expect(my_result(cid)).to_contain_text("Cid reported: Cid won (assassination). Waiting for the organiser to "
                                               "confirm it: Sam plays without an account.")
        waiting = olga.get_by_role("group", name="Report of round 1, table 2")
        expect(waiting).to_contain_text("Sam plays without an account: confirm the report for them.")
        waiting.get_by_role("button", name="Accept Cid's report at round 1, table 2").click()
        expect(my_result(cid)).to_contain_text("Your result: Cid won (assassination); control points Cid 2, Sam 1; "
                                               "army points destroyed Cid 0, Sam 0; reported, accepted by the "
                                               "organiser")
        expect(tables(olga)).to_contain_text("Round 1: every table has a result.")
        log = olga.get_by_role("region", name="Result corrections")
        expect(log).to_contain_text("Round 1, table 2: Cid's report accepted by Olga on ")
        olga.get_by_label("Scenario of round 2").fill("Recon II")
        olga.get_by_role("button", name="Pair round 2").click()
        expect(olga.get_by_role("heading", name="Round 2 tables")).to_be_visible()
    finally:
        api.close()
        for context in contexts:
            context.close()
