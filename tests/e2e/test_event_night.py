"""An event night from sign-up to round 2, in a real Chromium.

Ann and Bob, each on a device of their own (a browser context each), sign up and build a list in the UI; Cid and
Dee are made through the REST API with a list each. Ann organises a 4-player event on /events; all four register
and submit their lists (Ann and Bob on the event page, Cid and Dee through the API). Ann pairs round 1 on the page.
Cid and Dee's game ends through the API, Ann and Bob's through the UI (Bob concedes on his own seat link). A
spectator on a third device, with no account, watches the event page: the tables and the standings change
without a reload. Round 2 is paired with no rematch. Dee deletes the account: its lists, game rows, registration
and sign-in are gone. One refusal is shown in the UI: a page whose session ended (Bob signed out in another tab)
cannot act for him. The API's refusals of the wrong user are tested in tests/service/test_events_api.py. The
night runs on SQLite and on PostgreSQL.

A second test runs two server processes on one PostgreSQL: a round paired and a game ended through one process show
on a spectator's event page served by the other within seconds.

Selectors are roles and accessible names; every wait is for what a page shows.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, expect
from sqlalchemy import create_engine, text

from tests.e2e.conftest import Server
from tests.e2e.events import PASSWORD, Api, build_list, organise, register_and_submit, sign_up, standing, tables
from tests.service.site_client import seed_in_order

VIEWPORT = {"width": 1280, "height": 900}
LIVE = 8000  # ms: a change shows on the other devices within a few seconds
EVENT = "Thursday Steamroller"


def rows_of(server: Server, account_id: str) -> dict[str, int]:
    """How many saved lists, game rows and registrations the database keeps for an account."""
    engine = create_engine(server.database_url)
    try:
        with engine.connect() as c:
            def count(sql: str, value: str) -> int:
                return int(c.execute(text(sql), {"v": value}).scalar_one())
            return {"lists": count("SELECT count(*) FROM army_list WHERE owner = :v", f"account:{account_id}"),
                    "games": count("SELECT count(*) FROM account_game WHERE account_id = :v", account_id),
                    "registrations": count("SELECT count(*) FROM event_player WHERE account_id = :v AND name <> ''",
                                           account_id)}
    finally:
        engine.dispose()


@pytest.mark.parametrize("server", ["sqlite", "postgresql"], indirect=True)
def test_an_event_night_two_devices_two_api_players_and_a_spectator(browser: Browser, server: Server) -> None:
    contexts: list[BrowserContext] = [browser.new_context(viewport=VIEWPORT) for _ in range(3)]
    api = httpx.Client(base_url=server.url("/"), timeout=30)
    try:
        ann, bob, spectator = (c.new_page() for c in contexts)
        for page in (ann, bob, spectator):
            page.set_default_timeout(15_000)

        # Two players on their own devices sign up and build a list each.
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            sign_up(page, server, name)
            build_list(page, server, f"{name}'s Agathon")

        # Ann organises the event.
        event_id = organise(ann, server, EVENT, "2030-01-10", rounds=2)
        expect(ann.get_by_role("heading", name=EVENT)).to_be_visible()

        # A spectator without an account follows it from the events page.
        spectator.goto(server.url("/events"))
        spectator.get_by_role("link", name=EVENT).click()
        expect(spectator.get_by_role("heading", name=EVENT)).to_be_visible()
        players = spectator.get_by_role("region", name="Players")

        # Ann and Bob register on the page; Cid and Dee through the API. The spectator sees them arrive.
        register_and_submit(ann, "Ann")
        bob.goto(server.url("/events"))
        bob.get_by_role("link", name=EVENT).click()
        register_and_submit(bob, "Bob")
        cid, dee = Api(api, "Cid"), Api(api, "Dee")
        for player in (cid, dee):
            player.enter(event_id)
        for name in ("Ann", "Bob", "Cid", "Dee"):
            expect(players).to_contain_text(f"{name}: lists given", timeout=LIVE)

        # Deny by default, in the UI: Bob signs out in another tab; the event page he left open cannot act for him.
        other_tab = contexts[1].new_page()
        other_tab.goto(server.url("/account"))
        other_tab.get_by_role("region", name="Your account").get_by_role("button", name="Sign out").click()
        expect(other_tab.get_by_role("region", name="Sign in")).to_be_visible()  # the session has ended
        bob.get_by_role("button", name="Withdraw from this event").click()
        expect(bob.get_by_role("alert").filter(has_text="Sign in first: your session has ended.")).to_be_visible()
        expect(players).to_contain_text("Bob: lists given")  # nothing changed
        sign_in = other_tab.get_by_role("region", name="Sign in", exact=True)
        sign_in.get_by_label("Email").fill("bob@example.org")
        sign_in.get_by_label("Password").fill(PASSWORD)
        sign_in.get_by_role("button", name="Sign in").click()
        expect(other_tab.get_by_role("heading", name="Signed in as Bob")).to_be_visible(timeout=LIVE)
        other_tab.close()
        expect(bob.get_by_role("button", name="Pair round 1")).to_have_count(0)  # only the organiser pairs

        # Ann pairs round 1: registration order, the spectator sees both tables at once.
        ann.get_by_label("Scenario of round 1").fill("Spread the Net")
        ann.get_by_label("Draw seed (optional)").fill(str(seed_in_order(4)))  # the draw keeps registration order
        ann.get_by_role("button", name="Pair round 1").click()
        expect(tables(spectator)).to_contain_text("Table 1: Ann against Bob: setting up", timeout=LIVE)
        expect(tables(spectator)).to_contain_text("Table 2: Cid against Dee: setting up")
        expect(tables(spectator).get_by_role("link", name="Watch table 2")).to_have_attribute(
            "href", re.compile(r"^/watch/[0-9a-f]+/"))
        expect(tables(ann).get_by_role("link", name="Table 1: table link")).to_be_visible()  # the organiser's
        expect(tables(spectator).get_by_role("link", name="Table 1: table link")).to_have_count(0)

        # Dee concedes through the API: the spectator's standings change without a reload.
        dee.concede(event_id)
        expect(tables(spectator)).to_contain_text("Table 2: Cid against Dee: Cid won (concession)", timeout=LIVE)
        expect(standing(spectator, 1)).to_contain_text("Cid", timeout=LIVE)

        # Ann and Bob's game through the UI: Bob opens his game of the round and concedes on his own link.
        bob.reload()
        bob.get_by_role("button", name="Your game this round: table 1 against Ann").click()
        bob.wait_for_url(re.compile(r"/table/[0-9a-f]+/"))
        bob.get_by_role("button", name="End the game…").click()
        bob.get_by_role("dialog").get_by_role("button", name="Bob concedes").click()
        expect(tables(spectator)).to_contain_text("Table 1: Ann against Bob: Ann won (concession)", timeout=LIVE)
        for rank, name in ((1, "Ann"), (2, "Cid"), (3, "Bob"), (4, "Dee")):
            expect(standing(spectator, rank)).to_contain_text(name, timeout=LIVE)

        # Round 2: winners meet winners, and nobody meets the same opponent twice.
        ann.get_by_label("Scenario of round 2").fill("Recon")
        ann.get_by_role("button", name="Pair round 2").click()
        expect(spectator.get_by_role("heading", name="Round 2 tables")).to_be_visible(timeout=LIVE)
        expect(tables(spectator)).to_contain_text("Table 1: Ann against Cid")
        expect(tables(spectator)).to_contain_text("Table 2: Bob against Dee")
        expect(spectator.get_by_role("region", name="Earlier rounds")).to_contain_text("Ann against Bob")

        # Dee deletes the account: its lists, games, name and sign-in are gone; its round 2 table stays for Bob,
        # who plays it against "a player who left", and its row stays in the standings without a name.
        games = dee.call("GET", "/api/me/games")
        assert games.status_code == 200 and games.json()  # positive control: Dee's games were there
        assert rows_of(server, dee.id) == {"lists": 1, "games": 2, "registrations": 1}
        r = dee.call("DELETE", "/api/account", json={"password": PASSWORD})
        assert r.status_code == 204, r.text
        assert rows_of(server, dee.id) == {"lists": 0, "games": 0, "registrations": 0}
        for path in ("/api/lists", "/api/me/games", "/api/account"):
            assert dee.call("GET", path).status_code == 401
        r = api.post("/api/account/sign-in", json={"email": "dee@example.org", "password": PASSWORD})
        assert r.status_code == 422 and r.json()["code"] == "account.sign_in_failed"
        expect(players).not_to_contain_text("Dee", timeout=LIVE)
        expect(players).to_contain_text("a player who left: left the site; their results stay")
        expect(tables(spectator)).to_contain_text("Table 2: Bob against a player who left")
    finally:
        api.close()
        for context in contexts:
            context.close()


def two_servers(pg_url: str, tmp_path: Path) -> list[Server]:
    """Two server processes on one PostgreSQL database (the hosted site's set-up), started."""
    servers = [Server(tmp_path / n, pg_url) for n in ("a", "b")]
    for s in servers:
        s.workdir.mkdir()
        s.start()  # one after the other: the first migrates the database
    return servers


def organised(api: httpx.Client) -> tuple[Api, str]:
    """Olga, made through the API, and the two-round event she organises."""
    olga = Api(api, "Olga")
    r = olga.call("POST", "/api/events", json={"name": EVENT, "day": "2030-01-10", "game_size": 75, "rounds": 2,
                                               "lists_per_player": 1, "deadline": "2030-01-10T09:00:00Z"})
    assert r.status_code == 201, r.text
    return olga, r.json()["id"]


def test_a_round_paired_and_a_game_ended_on_another_server_process_show_within_seconds(
        browser: Browser, pg_url: str, tmp_path: Path) -> None:
    """Two server processes share one PostgreSQL (the hosted site's set-up): the organiser pairs round 1 and a
    player concedes through process A's API; a spectator's event page served by process B shows the round's
    tables (noticed by B's poll of the event) and then the result and standings (the game's NOTIFY)."""
    servers = two_servers(pg_url, tmp_path)
    context = browser.new_context(viewport=VIEWPORT)
    api = httpx.Client(base_url=servers[0].url("/"), timeout=30)
    try:
        olga, event_id = organised(api)
        players = [Api(api, name) for name in ("Ann", "Bob", "Cid", "Dee")]
        for player in players:
            player.enter(event_id)
        spectator = context.new_page()
        spectator.goto(servers[1].url(f"/events/{event_id}"))
        expect(spectator.get_by_role("heading", name="Tables")).to_be_visible()

        r = olga.call("POST", f"/api/events/{event_id}/rounds", json={"scenario": "Spread the Net",
                                                                       "seed": seed_in_order(4)})
        assert r.status_code == 201, r.text
        expect(tables(spectator)).to_contain_text("Table 2: Cid against Dee: setting up", timeout=LIVE)
        players[3].concede(event_id)
        expect(tables(spectator)).to_contain_text("Table 2: Cid against Dee: Cid won (concession)", timeout=LIVE)
        expect(standing(spectator, 1)).to_contain_text("Cid", timeout=LIVE)
    finally:
        api.close()
        context.close()
        for s in servers:
            s.stop()
