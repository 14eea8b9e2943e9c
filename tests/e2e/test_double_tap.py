"""A tap counts once, in a real Chromium against the real server: a double tap on "Start game", on the turn bar's "Next"
and on a damage control (the button that asks who takes the damage, then "Agathon takes it") makes one game and logs one
command each. Positive controls: a tap made after the result showed counts.

SQLite, and PostgreSQL when TEST_DATABASE_URL is set. The log is read through the API with the table's token.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import create_engine, text

from tests.e2e.finders import model, track, turn_bar

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

VIEWPORT = {"width": 1280, "height": 900}
# Two clicks in one go, before the server can answer the first: the harshest double tap (a finger's bounce).
TWICE = "button => { button.click(); button.click(); }"
TABLE_URL = re.compile(r"/table/([0-9a-f]+)/([\w-]+)$")


def games(server: Server) -> int:
    engine = create_engine(server.database_url)
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT count(*) FROM game")).scalar_one()
    finally:
        engine.dispose()


def logged(server: Server, page: Page) -> list[str]:
    match = TABLE_URL.search(page.url)
    assert match, page.url
    game_id, token = match.groups()
    with urllib.request.urlopen(server.url(f"/api/games/{game_id}/log?token={token}"), timeout=10) as response:
        return [entry["kind"] for entry in json.load(response)]


def fill_new_game(page: Page, server: Server, title: str) -> None:
    """The home page's form: Ann (Agathon and a Guardian of Souls) against Bob (Princess Regna)."""
    page.goto(server.url("/"))
    page.get_by_label("Game title", exact=True).fill(title)
    for n, name, caster in ((1, "Ann", "Agathon"), (2, "Bob", "Princess Regna")):
        form = page.get_by_role("group", name=f"Player {n}", exact=True)
        form.get_by_label(f"Player {n} name", exact=True).fill(name)
        form.get_by_role("combobox", name="Caster", exact=True).click()
        page.get_by_role("option", name=caster, exact=True).click()
        # The menu must be gone before the next one opens: an option of a closing menu takes the click otherwise.
        expect(page.get_by_role("listbox")).to_have_count(0)
        expect(form.get_by_role("combobox", name="Caster", exact=True)).to_have_value(caster)
    first = page.get_by_role("group", name="Player 1", exact=True)
    first.get_by_role("combobox", name="Horror", exact=True).click()
    page.get_by_role("option", name="Guardian of Souls", exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)
    first.get_by_role("button", name="Add horror for player 1").click()
    expect(first.get_by_role("button", name="Remove Guardian of Souls")).to_be_visible()


@pytest.mark.parametrize("server", ["sqlite", "postgresql"], indirect=True)
def test_a_double_tap_makes_one_game_and_logs_one_command(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)

        # "Start game", twice in a row: one game, and its table opens.
        fill_new_game(page, server, "Double tap")
        page.get_by_role("button", name="Start game", exact=True).evaluate(TWICE)
        expect(page).to_have_url(TABLE_URL)
        bar = turn_bar(page)
        expect(bar).to_contain_text("Ann's turn")
        assert games(server) == 1

        # "Next", twice in a row: one step on (empty steps pass by themselves: from activation to the tithe).
        # Then the tithe double-clicked (paid once; the last tithe hands the turn to Bob once), Bob's hand-over
        # double-clicked, and one more tap made after the turn showed.
        expect(bar).to_contain_text("Activation: Activate every model")
        bar.get_by_role("button", name=re.compile(r"^Next")).evaluate(TWICE)
        expect(bar).to_contain_text("End of turn: Tithe")
        bar.get_by_role("button", name="Pay tithe for Guardian of Souls").dblclick()  # as Playwright double-clicks
        expect(bar).to_contain_text("Bob's turn")
        bar.get_by_role("button", name="End turn: hand over to Ann").dblclick()
        expect(bar).to_contain_text("Control: Allocate essence to horrors")
        bar.get_by_role("button", name=re.compile(r"^Next")).click()  # waits until it takes taps again
        expect(bar).to_contain_text("Activation: Activate every model")
        assert logged(server, page) == ["setup", "advance", "pay_tithe", "advance", "advance"]

        # Damage on Agathon: a double tap asks once who takes it; a double tap on the answer marks once.
        agathon = model(page, "Agathon")
        agathon.get_by_role("button", name="Apply damage to Agathon").evaluate(TWICE)
        answer = page.get_by_role("dialog").get_by_role("button", name="Agathon takes it")
        expect(answer).to_have_count(1)
        answer.evaluate(TWICE)
        expect(track(page, "Agathon")).to_have_attribute("aria-label", "Damage boxes: 1 of 17 marked")
        expect(page.get_by_role("dialog")).to_have_count(0)
        agathon.get_by_label("Damage to apply to Agathon").fill("1")  # the field empties after each Apply
        agathon.get_by_role("button", name="Apply damage to Agathon").click()  # positive control
        page.get_by_role("dialog").get_by_role("button", name="Agathon takes it").click()
        expect(track(page, "Agathon")).to_have_attribute("aria-label", "Damage boxes: 2 of 17 marked")
        assert logged(server, page) == ["setup", "advance", "pay_tithe", "advance", "advance", "mark_damage",
                                        "mark_damage"]

        # Positive control for starting: a new form starts another game.
        fill_new_game(page, server, "Second game")
        page.get_by_role("button", name="Start game", exact=True).click()
        expect(page).to_have_url(TABLE_URL)
        assert games(server) == 2
    finally:
        context.close()
