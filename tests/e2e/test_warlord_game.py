"""A Warlord game (doc 003 model states) in a real Chromium against the real server: created from the home page
link, one whole game turn played on the table as a person would (states, activations with Burning and a Held
model, the end phase's poison check), followed live by a watch page in a second browser context.

Selectors are roles and accessible names; the damage tracks are an image whose name says how many are left.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import watch_address

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LIVE = 2000  # ms: a change reaches the watch page within a second or two
VIEWPORT = {"width": 1024, "height": 900}


def card(page: Page, name: str) -> Locator:
    return page.get_by_role("group", name=name, exact=True)


def tracks(page: Page, name: str) -> Locator:
    return card(page, name).get_by_role("img")


def tap(page: Page, action: str, name: str) -> None:
    card(page, name).get_by_role("button", name=f"{action}: {name}", exact=True).click()


def add_state(page: Page, name: str, state: str) -> None:
    tap(page, "Add state", name)
    page.get_by_role("dialog").get_by_role("button", name=state, exact=True).click()
    expect(page.get_by_role("dialog")).to_have_count(0)


# The card numbers a player types for each model of these tests (no real card's numbers).
NUMBERS = {"MOV": 6, "Special MOV": None, "MAV": 3, "RAV": 0, "DV": 4, "CP": 0, "MA": 1, "RA": 0}


def add_model(page: Page, who: str, name: str, tracks_: int, tough: int = 0, abilities: tuple[str, ...] = (),
              numbers: dict[str, int | None] | None = None) -> None:
    form = page.get_by_role("group", name=who)
    form.get_by_label(f"{who} model name").fill(name)
    form.get_by_label(f"{who} damage tracks").fill(str(tracks_))
    form.get_by_label(f"{who} Tough").fill(str(tough))
    for stat, value in (numbers or NUMBERS).items():
        if value is not None:
            form.get_by_label(f"{who} {stat}", exact=True).fill(str(value))
    for ability in abilities:
        form.get_by_role("checkbox", name=ability).click()
    form.get_by_role("button", name=f"Add model for {who}").click()
    expect(form.get_by_text(re.compile(f"^{name} · {tracks_} DT"))).to_be_visible()


def test_a_warlord_game_turn_with_model_states_while_a_friend_watches(browser: Browser, server: Server) -> None:
    table_context = browser.new_context(viewport=VIEWPORT)
    watch_context = browser.new_context(viewport=VIEWPORT)
    try:
        table = table_context.new_page()
        table.set_default_timeout(10_000)
        table.goto(server.url("/"))
        table.get_by_role("link", name="Warlord").click()
        expect(table).to_have_title("Tablekeeper: new Warlord game")
        table.get_by_label("Game title").fill("Ruins at dusk")
        table.get_by_role("group", name="Player 1").get_by_label("Player 1 name").fill("Ann")
        add_model(table, "Player 1", "Knight", 3, tough=1)
        add_model(table, "Player 1", "Golem", 4, abilities=("Construct",))
        table.get_by_role("group", name="Player 2").get_by_label("Player 2 name").fill("Bob")
        add_model(table, "Player 2", "Orc", 2)
        table.get_by_role("button", name="Start game").click()
        expect(table).to_have_title("Tablekeeper: table")
        turn = table.get_by_role("region", name="Turn")
        expect(turn).to_contain_text("Game turn 1")

        watch_url = watch_address(table)
        watch = watch_context.new_page()
        watch.set_default_timeout(10_000)
        watch.goto(watch_url)
        expect(watch.get_by_role("region", name="Turn")).to_contain_text("Game turn 1")
        expect(watch.get_by_role("button")).to_have_count(1)  # the theme switch only

        # States: a Construct cannot be poisoned (greyed, says why); Knight burns and is held; Orc is poisoned.
        tap(table, "Add state", "Golem")
        poisoned = table.get_by_role("dialog").get_by_role("button", name="Poisoned", exact=True)
        expect(poisoned).to_have_attribute("aria-disabled", "true")
        # Playwright does not click what is aria-disabled; a finger does. The event goes to the button itself,
        # not to a point of the screen, so the dialog's opening animation cannot make it miss.
        poisoned.dispatch_event("click")
        expect(table.get_by_role("alert").filter(has_text="Golem is Construct: it cannot become Poisoned.")
               ).to_be_visible()
        table.get_by_role("dialog").get_by_role("button", name="Cancel").click()
        add_state(table, "Knight", "Burning")
        add_state(table, "Knight", "Held")
        add_state(table, "Orc", "Poisoned")
        expect(card(watch, "Knight")).to_contain_text("Burning", timeout=LIVE)
        expect(card(watch, "Orc")).to_contain_text("Poisoned", timeout=LIVE)

        # Knight: held (no move), fights while burning (1 damage, Flame Attack), then puts the fire out.
        tap(table, "Activate", "Knight")
        expect(card(table, "Knight").get_by_role("button", name="Move: Knight")).to_be_disabled()
        tap(table, "Combat", "Knight")
        expect(tracks(watch, "Knight")).to_have_attribute("aria-label", "Damage tracks: 2 of 3 left", timeout=LIVE)
        expect(card(watch, "Knight")).to_contain_text("Flame Attack", timeout=LIVE)
        tap(table, "Put out the fire", "Knight")
        expect(card(table, "Knight")).to_contain_text("2 of 2 actions taken")
        tap(table, "End activation", "Knight")
        expect(card(watch, "Knight")).not_to_contain_text("Burning", timeout=LIVE)
        expect(card(watch, "Knight")).not_to_contain_text("Held", timeout=LIVE)
        expect(tracks(table, "Knight")).to_have_attribute("aria-label", "Damage tracks: 2 of 3 left")

        tap(table, "Activate", "Orc")
        tap(table, "Move", "Orc")
        # A tap made before the last one showed is not applied (a double tap): wait, as a person sees it taken.
        expect(card(table, "Orc")).to_contain_text("1 of 2 actions taken")
        tap(table, "End activation", "Orc")
        expect(card(table, "Orc")).to_contain_text("Done this game turn")

        # End phase: Orc's poison check (die 4 + 2 tracks = 6) fails: 1 damage, the poison goes.
        turn.get_by_role("button", name="End game turn").click()
        expect(turn).to_contain_text("End phase")
        turn.get_by_label("Die result for Orc").fill("4")
        turn.get_by_role("button", name="Check poison: Orc").click()
        expect(turn).to_contain_text("fails (needs 10)")
        expect(tracks(watch, "Orc")).to_have_attribute("aria-label", "Damage tracks: 1 of 2 left", timeout=LIVE)
        expect(card(watch, "Orc")).not_to_contain_text("Poisoned", timeout=LIVE)
        turn.get_by_role("button", name="Start game turn 2").click()
        expect(watch.get_by_role("region", name="Turn")).to_contain_text("Game turn 2", timeout=LIVE)
        expect(watch.get_by_role("region", name="Game log")).to_contain_text("Orc's poison check")
    finally:
        table_context.close()
        watch_context.close()
