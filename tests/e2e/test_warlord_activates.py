"""A Warlord game started with no card numbers: the players type every model's numbers on its card at the table,
and Activate takes taps right after the last one, with no reload (every card's buttons follow every model's
numbers, not only their own)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, expect

from tests.e2e.test_warlord_game import NUMBERS, VIEWPORT, add_model, card, tap

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

NOTHING: dict[str, int | None] = dict.fromkeys(NUMBERS)


def test_activate_works_right_after_the_numbers_are_typed(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    try:
        table = context.new_page()
        table.set_default_timeout(10_000)
        table.goto(server.url("/warlord/new"))
        table.get_by_label("Game title").fill("Ford")
        table.get_by_label("Player 1 name").fill("Ann")
        add_model(table, "Player 1", "Knight", 3, numbers=NOTHING)
        table.get_by_label("Player 2 name").fill("Bob")
        add_model(table, "Player 2", "Orc", 2, numbers=NOTHING)
        table.get_by_role("button", name="Start game").click()
        expect(table).to_have_title("Tablekeeper: table")
        activate = card(table, "Knight").get_by_role("button", name="Activate: Knight", exact=True)
        expect(activate).to_have_attribute("aria-disabled", "true")
        expect(activate).to_have_attribute("title", re.compile(r"^Before the game starts, type the card numbers "
                                                               r"still empty: Knight.*Orc"))

        for name in ("Knight", "Orc"):
            tap(table, "Card numbers", name)
            dialog = table.get_by_role("dialog")
            for stat, value in NUMBERS.items():
                if value is not None:
                    dialog.get_by_label(f"{name} {stat}", exact=True).fill(str(value))
            dialog.get_by_role("button", name="Save numbers").click()
            expect(dialog).to_have_count(0)
            expect(card(table, name)).to_contain_text("MOV 6")

        expect(activate).not_to_have_attribute("aria-disabled", "true")
        activate.click()
        expect(card(table, "Knight")).to_contain_text("Activated: 0 of")
    finally:
        context.close()
