"""A Warlord game set up in a real Chromium through the new-game page and its pre-game screen: the warbands entered
with names and damage tracks only, then every card's numbers in one form (two Orcs on one card), a start refused
with the number still empty named, and game turn 1 begun and played.

Selectors are roles and accessible names, as a person finds things. The test counts what the person types and
taps on the pre-game screen: 21 numbers (three cards of 7) and one tap to begin, where the model cards' dialogs
took 28 numbers and 8 taps in 4 dialogs for the same four models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, expect

from tests.e2e.test_warlord_game import VIEWPORT, card

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

# The card numbers the players type (no real card's numbers), in the card's order.
CARDS = {"Knight": {"MOV": 6, "MAV": 4, "RAV": 3, "DV": 5, "CP": 0, "MA": 2, "RA": 1},
         "Golem": {"MOV": 4, "MAV": 5, "RAV": 0, "DV": 6, "CP": 0, "MA": 2, "RA": 0},
         "Orc": {"MOV": 5, "MAV": 3, "RAV": 2, "DV": 4, "CP": 0, "MA": 1, "RA": 1}}


def test_a_warlord_game_is_set_up_on_one_pre_game_screen_and_begins(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(server.url("/warlord/new"))
        page.get_by_label("Game title").fill("Old mill")
        for who, player, models in (("Player 1", "Ann", (("Knight", 3), ("Golem", 4))),
                                    ("Player 2", "Bob", (("Orc", 2), ("Orc", 2)))):
            form = page.get_by_role("group", name=who)
            form.get_by_label(f"{who} name").fill(player)
            for name, tracks in models:
                form.get_by_label(f"{who} model name").fill(name)
                form.get_by_label(f"{who} damage tracks").fill(str(tracks))
                form.get_by_role("button", name=f"Add model for {who}").click()
                expect(form.get_by_label(f"{who} model name")).to_have_value("")
        page.get_by_role("button", name="Start game").click()

        screen = page.get_by_role("region", name="Pre-game screen")
        expect(screen).to_be_visible()
        expect(page.get_by_role("region", name="Turn")).to_contain_text("Before the game")
        expect(screen.get_by_role("group", name="Orc")).to_contain_text("Orc · 2 models share this card")
        typed = taps = 0

        def fill(group: Locator, name: str, numbers: dict[str, int]) -> None:
            nonlocal typed
            for stat, value in numbers.items():
                group.get_by_label(f"{name} {stat}", exact=True).fill(str(value))
                typed += 1

        def start() -> None:
            nonlocal taps
            screen.get_by_role("button", name="Start game turn 1").click()
            taps += 1

        for name, numbers in CARDS.items():
            left_out = {"DV"} if name == "Golem" else set()
            fill(screen.get_by_role("group", name=name), name, {k: v for k, v in numbers.items() if k not in left_out})
        start()
        expect(page.get_by_role("alert").filter(
            has_text="Before game turn 1 begins, type the card numbers still empty: Golem: DV.")).to_be_visible()
        expect(screen).to_be_visible()  # nothing changed
        fill(screen.get_by_role("group", name="Golem"), "Golem", {"DV": 6})
        start()

        expect(page.get_by_role("region", name="Turn")).to_contain_text("Activations: no model activated")
        expect(screen).to_be_hidden()
        assert (typed, taps) == (21, 2)  # one refused start to show the refusal; a careful person needs one
        expect(card(page, "Orc 2")).to_contain_text("MOV 5 · MAV 3 · RAV 2 · DV 4 · CP 0 · MA 1 · RA 1")
        card(page, "Knight").get_by_role("button", name="Activate: Knight", exact=True).click()
        expect(card(page, "Knight")).to_contain_text("Activated: 0 of 2 actions taken")
    finally:
        context.close()
