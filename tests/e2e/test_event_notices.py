"""Event pages and Live now follow changes made by another server process through PostgreSQL NOTIFY (the hosted
set-up): on PostgreSQL no process polls for them, so whatever process B's pages show of a change made through
process A came by a notice.

Process A takes a registration, a round timer, a round and a game's listing on Live now through its REST API; a
spectator's event page, hall screen and /live page served by process B show each of them without a reload.
"""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from playwright.sync_api import Browser, expect

from tests.e2e.events import Api, tables
from tests.e2e.test_event_night import EVENT, VIEWPORT, organised, two_servers
from tests.service.site_client import seed_in_order

LIVE = 8000  # ms: within seconds


def test_changes_made_through_one_process_show_on_another_processs_pages_by_notice(
        browser: Browser, pg_url: str, tmp_path: Path) -> None:
    servers = two_servers(pg_url, tmp_path)
    context = browser.new_context(viewport=VIEWPORT)
    api = httpx.Client(base_url=servers[0].url("/"), timeout=30)
    try:
        olga, event_id = organised(api)
        ann, bob = Api(api, "Ann"), Api(api, "Bob")
        ann.enter(event_id)
        event_page = context.new_page()
        event_page.goto(servers[1].url(f"/events/{event_id}"))
        players = event_page.get_by_role("region", name="Players")
        expect(players).to_contain_text("Ann: lists given")
        hall = context.new_page()
        hall.goto(servers[1].url(f"/events/{event_id}/hall"))
        expect(hall.get_by_role("heading", name=EVENT)).to_be_visible()
        live = context.new_page()
        live.goto(servers[1].url("/live"))
        expect(live.get_by_text("No game is being shown right now.")).to_be_visible()

        # A registration and its lists (the event's own rows): B's event page shows them.
        bob.enter(event_id)
        expect(players).to_contain_text("Bob: lists given", timeout=LIVE)

        # A round paired and its timer started: B's event page and hall screen show them.
        r = olga.call("POST", f"/api/events/{event_id}/rounds", json={"scenario": "Spread the Net",
                                                                       "seed": seed_in_order(2)})
        assert r.status_code == 201, r.text
        expect(tables(event_page)).to_contain_text("Table 1: Ann against Bob: setting up", timeout=LIVE)
        r = olga.call("POST", f"/api/events/{event_id}/timer", json={"action": "start", "minutes": 50})
        assert r.status_code == 200, r.text
        timer = hall.get_by_role("timer", name="Time left in the round")
        expect(timer).to_have_text(re.compile(r"^(50:00|[1-4]?\d:\d\d)$"), timeout=LIVE)

        # A game listed on Live now through A shows on B's /live, and leaves it when taken off.
        mine = ann.call("GET", f"/api/events/{event_id}/my-game").json()
        seat = {"X-Token": mine["links"]["seat1"]}
        r = api.put(f"/api/games/{mine['game_id']}/listing", headers=seat)
        assert r.status_code == 200, r.text
        expect(live.get_by_role("link", name=mine["links"]["title"])).to_be_visible(timeout=LIVE)
        r = api.delete(f"/api/games/{mine['game_id']}/listing", headers=seat)
        assert r.status_code == 204, r.text
        expect(live.get_by_role("link", name=mine["links"]["title"])).to_have_count(0, timeout=LIVE)
    finally:
        api.close()
        context.close()
        for s in servers:
            s.stop()
