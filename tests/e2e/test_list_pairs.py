"""Steamroller 2019 list pairs in a real Chromium: a game with list pairs is started from the home page's tournament
tab; Ann and Bob each open their own link, paste two lists, see nothing of the other's pair until both are given, then
see it, each choose one of their own in secret, and the game begins at the table with the chosen lists (doc 002 "Game
Setup": view each other's lists, secretly choose one of your own, then reveal).

Selectors are roles and accessible names (DESIGN.md, "The web"); every wait is for what the page shows.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Page, expect

from tests.e2e.finders import tile, turn_bar
from tests.e2e.test_full_game import button, step, wizard

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

VIEWPORT = {"width": 1280, "height": 900}
LIVE = 5000  # ms: a change reaches the other devices within a few seconds
ANN, BOB = "Ann", "Bob"
ANN_LISTS = ("Title: Agathon and cultists\nAgathon, +28\nCultist Band (4 models), 5\n",
             "Title: Agathon and Umbral\nTheme: Dark Legacy\nAgathon, +28\nUmbral Guardian, 6\n")
BOB_LISTS = ("Title: Agathon and Regna\nAgathon, +28\nPrincess Regna, 6\n",
             "Title: Agathon and Guardian\nAgathon, +28\n- Guardian of Souls, 31\n")


# The rest of the wizard at the table, as the players answer it: (step, its label, fields typed, button tapped).
AFTER_THE_LISTS: tuple[tuple[int, str, dict[str, str], str], ...] = (
    (3, "Choose objectives", {}, "Confirm the objectives"),
    (4, "Roll for priority", {f"{ANN}'s die": "2", f"{BOB}'s die": "6"}, "Use these dice"),
    (5, "First or second", {}, f"{BOB} goes first"),
    (6, "Table side", {"Table side": "the hill edge"}, "Confirm the side"),
    (7, "Start the clock", {}, "Play without a clock"),
    (8, "Before the game begins", {}, "Done: deploy the armies"),
    (9, "Deploy", {}, "Deployment is finished"),
    (10, "After deployment", {}, "Start the game"),
)


def own_link(table: Page, player: str) -> str:
    """A player's own link, read from the table page's "Share links" dialog as the player would scan it."""
    table.get_by_role("button", name="Share links").click()
    dialog = table.get_by_role("dialog")
    row = dialog.get_by_text(f"{player}'s own link", exact=False).locator("xpath=..")
    address = row.get_by_role("link").get_attribute("href")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    assert address and re.match(r"^https?://.+/table/", address), address
    return address


def give_pair(page: Page, player: str, lists: tuple[str, str]) -> None:
    for ordinal, text in zip(("first", "second"), lists, strict=True):
        wizard(page).get_by_label(f"{player}'s {ordinal} list", exact=True).fill(text)
    button(page, f"Give {player}'s pair").click()
    expect(button(page, f"Give {player}'s pair")).to_have_count(0)  # taken: the form gives way


def test_two_players_give_pairs_see_the_others_choose_and_play_the_chosen_lists(browser: Browser,
                                                                                 server: Server) -> None:
    contexts = [browser.new_context(viewport=VIEWPORT) for _ in range(3)]
    try:
        table, ann, bob = (c.new_page() for c in contexts)
        for page in (table, ann, bob):
            page.set_default_timeout(10_000)

        # The organiser starts a game with list pairs and picks the scenario at the table.
        table.goto(server.url("/?start=lists"))
        pairs = table.get_by_role("region", name="Start with list pairs")
        pairs.get_by_label("Game title with list pairs", exact=True).fill("Round 3")
        pairs.get_by_label("Player 1 with a pair", exact=True).fill(ANN)
        pairs.get_by_label("Player 2 with a pair", exact=True).fill(BOB)
        button(table, "Start with list pairs").click()
        expect(table).to_have_url(re.compile(r"/table/[0-9a-f]+/[\w-]+$"))
        step(table, 1, "Choose the scenario")
        wizard(table).get_by_label("Another scenario's name", exact=True).fill("Club scenario")
        button(table, "Confirm the scenario").click()
        step(table, 2, "Reveal the lists")
        ann.goto(own_link(table, ANN))
        bob.goto(own_link(table, BOB))

        # Ann gives her pair on her phone: Bob sees only that she has, not what.
        give_pair(ann, ANN, ANN_LISTS)
        expect(wizard(bob)).to_contain_text(f"{ANN} has given a pair of lists (sealed", timeout=LIVE)
        expect(wizard(bob)).not_to_contain_text("Agathon and cultists")
        expect(button(bob, f"Give {ANN}'s pair")).to_have_count(0)  # Bob's link gives only his own pair

        # Bob gives his: each now sees the other's pair and chooses among their own lists only.
        give_pair(bob, BOB, BOB_LISTS)
        for page in (ann, bob):
            expect(page.get_by_role("group", name=f"{ANN}'s pair")).to_contain_text("Agathon and Umbral",
                                                                                   timeout=LIVE)
            expect(page.get_by_role("group", name=f"{BOB}'s pair")).to_contain_text("Agathon and Guardian")
        expect(button(ann, f"{BOB} plays Agathon and Regna")).to_have_count(0)

        button(ann, f"{ANN} plays Agathon and Umbral").click()
        expect(wizard(bob)).to_contain_text(f"{ANN} has chosen (sealed", timeout=LIVE)
        button(bob, f"{BOB} plays Agathon and Guardian").click()

        # Both revealed together: the table goes on through the wizard and starts with the chosen lists.
        expect(wizard(table)).to_contain_text(f"Lists: {ANN} plays Agathon and Umbral; {BOB} plays Agathon and "
                                              "Guardian")
        for number, label, typed, tap in AFTER_THE_LISTS:
            step(table, number, label)
            for field, value in typed.items():
                wizard(table).get_by_label(field, exact=True).fill(value)
            button(table, tap).click()
        expect(wizard(table)).to_be_hidden()
        expect(turn_bar(table)).to_contain_text("Round 1")
        for name in ("Umbral Guardian", "Guardian of Souls", "Agathon"):
            expect(tile(table, name).first).to_be_visible()
        expect(tile(table, "Princess Regna")).to_have_count(0)
        expect(tile(table, "Cultist Band")).to_have_count(0)
    finally:
        for context in contexts:
            context.close()
