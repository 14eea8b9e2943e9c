"""Two app processes behind nginx sharing one PostgreSQL (deploy/cluster.py): a change made at a table served
by one process reaches a watch page served by the other (PostgreSQL LISTEN/NOTIFY, then that process's room).

Skipped, with the reason, when nginx or PostgreSQL (TEST_DATABASE_URL) is not available.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from deploy.cluster import Cluster, find_nginx
from tests.e2e.finders import game_log, model, turn_bar
from tests.e2e.test_faults_crash import api

LIVE = 5000  # ms


@pytest.fixture
def cluster(pg_url: str, tmp_path) -> Iterator[Cluster]:  # noqa: ANN001 - pytest's tmp_path
    if find_nginx() is None:
        pytest.skip("nginx is not installed (Debian: apt-get install -y nginx-light)")
    running = Cluster(pg_url, processes=2, workdir=tmp_path)
    running.start()
    try:
        yield running
    finally:
        running.stop()


def on(browser: Browser, cluster: Cluster, backend: str) -> BrowserContext:
    """A browser whose pages nginx sends to ``backend`` (its sticky-session cookie set beforehand)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "tk_node", "value": backend, "url": cluster.url}])
    return context


# Bob plays Princess Regna with a Foreboder, so she can hand damage on (the dialog "... takes it").
GAME = {"title": "Two processes", "sides": [
    {"player": "Ann", "army": [{"card": "agathon"}, {"card": "guardian-of-souls", "battlegroup_of": 0}]},
    {"player": "Bob", "army": [{"card": "princess-regna"}, {"card": "foreboder", "battlegroup_of": 0}]}]}

def test_a_change_at_a_table_on_one_process_reaches_a_watch_page_on_the_other(browser: Browser,
                                                                             cluster: Cluster) -> None:
    status, game = api("POST", f"{cluster.url}/api/games", GAME)
    assert status == 201, game
    first, second = cluster.backends
    table_context, watch_context = on(browser, cluster, first), on(browser, cluster, second)
    try:
        watch = watch_context.new_page()
        served = watch.goto(f"{cluster.url}{game['watch_url']}")
        assert served.status == 200 and f"tk_node={second}" in (served.header_value("set-cookie") or "")
        table = table_context.new_page()
        served = table.goto(f"{cluster.url}{game['table_url']}")
        assert served.status == 200 and f"tk_node={first}" in (served.header_value("set-cookie") or "")
        expect(turn_bar(watch)).to_contain_text("Activation: Activate every model")  # nothing to decide before

        turn_bar(table).get_by_role("button", name=re.compile(r"^Next")).click()
        expect(turn_bar(table)).to_contain_text("End of turn: Tithe")
        expect(turn_bar(watch)).to_contain_text("End of turn: Tithe", timeout=LIVE)

        regna = model(table, "Princess Regna")
        regna.get_by_label("Damage to apply to Princess Regna").fill("2")
        regna.get_by_role("button", name="Apply damage to Princess Regna").click()
        table.get_by_role("dialog").get_by_role("button", name="Princess Regna takes it").click()
        expect(model(watch, "Princess Regna").get_by_role("img")).to_have_attribute(
            "aria-label", "Damage boxes: 2 of 5 marked", timeout=LIVE)
        expect(game_log(watch)).to_contain_text("Princess Regna suffers 2 damage", timeout=LIVE)
    finally:
        table_context.close()
        watch_context.close()
