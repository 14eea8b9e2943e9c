"""Warlord in a real Chromium against the real server: a model's card numbers typed on the new-game form, then the model
under Shaken and Disabled shows the changed values on the table and on a watch page (doc 003 "Shaken": +2 for attackers;
"Disabled": -1 MA and -1 RA, never below one defensive strike), and its defensive strike against the activated enemy
still counts one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, expect

from tests.e2e.finders import watch_address
from tests.e2e.test_warlord_game import LIVE, VIEWPORT, add_model, add_state, card, tap

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

KNIGHT = {"MOV": 6, "Special MOV": None, "MAV": 4, "RAV": 3, "DV": 5, "CP": 0, "MA": 1, "RA": 2}


def test_a_shaken_and_disabled_model_shows_its_changed_values(browser: Browser, server: Server) -> None:
    table_context = browser.new_context(viewport=VIEWPORT)
    watch_context = browser.new_context(viewport=VIEWPORT)
    try:
        table = table_context.new_page()
        table.set_default_timeout(10_000)
        table.goto(server.url("/warlord/new"))
        table.get_by_label("Game title").fill("Bridge")
        table.get_by_label("Player 1 name").fill("Ann")
        add_model(table, "Player 1", "Knight", 3, numbers=KNIGHT)
        table.get_by_label("Player 2 name").fill("Bob")
        add_model(table, "Player 2", "Orc", 2)
        table.get_by_role("button", name="Start game").click()
        expect(table).to_have_title("Tablekeeper: table")
        knight = card(table, "Knight")
        expect(knight).to_contain_text("MOV 6 · MAV 4 · RAV 3 · DV 5 · CP 0 · MA 1 · RA 2")

        watch = watch_context.new_page()
        watch.set_default_timeout(10_000)
        watch.goto(watch_address(table))
        expect(card(watch, "Knight")).to_contain_text("MA 1 · RA 2")

        add_state(table, "Knight", "Shaken")
        add_state(table, "Knight", "Disabled")
        changed = ("MOV 6 · MAV 4 · RAV 3 · DV 5 · CP 0 · MA 0 (card 1) · RA 1 (card 2) · defensive strikes 1 · "
                   "attacks against it +2")
        expect(knight).to_contain_text(changed)
        expect(card(watch, "Knight")).to_contain_text(changed, timeout=LIVE)

        # Disabled leaves the Knight no melee attack of its own, but still one defensive strike.
        tap(table, "Activate", "Orc")
        tap(table, "Defensive strikes", "Knight")
        expect(table.get_by_role("region", name="Turn")).to_contain_text("Knight answers Orc: defensive strikes, 1.")
    finally:
        table_context.close()
        watch_context.close()
