"""Ann publishes the cards she entered to the community card book on the site; Bob, on another browser with no
account, then starts a game with those cards and types no fact: the home page's form says whose facts they are and
the game starts at once. Every value is a test entry typed as a player would, not claimed to be a printed card's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, expect

from models.catalog import shipped_cards

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

WAIT = 15000
PASSWORD = "correct horse battery"
GRID = ["......", ".....L", "...LLM", "...MMC", ".....C", "......"]  # test entries


def cards() -> list[dict[str, Any]]:
    jack = {**shipped_cards()["juggernaut"].model_dump(mode="json", exclude_none=True),
            "damage": {"kind": "grid", "columns": GRID}, "cost": 19, "fa": "U"}
    kaya = shipped_cards()["kaya-the-wildborne"].model_dump(mode="json", exclude_none=True)
    return [jack, {**kaya, "stats": {**kaya["stats"], "FURY": 7}}]


def test_a_published_card_is_used_by_a_second_player_with_no_fact_typed(browser: Browser, server: Server) -> None:
    ann = browser.new_context(viewport={"width": 1180, "height": 820})
    bob = browser.new_context(viewport={"width": 1180, "height": 820})
    try:
        page = ann.new_page()
        signed = page.request.post(server.url("/api/account/sign-up"),
                                   data={"email": "ann@example.org", "password": PASSWORD, "name": "Ann"})
        session = {"Authorization": f"Bearer {signed.json()['session']}"}
        for card in cards():  # Ann's card book, as her entry screen kept it
            assert page.request.put(server.url("/api/cards/mine"), data=card, headers=session).ok
        page.goto(server.url("/account"))
        form = page.get_by_role("region", name="Sign in", exact=True)
        form.get_by_label("Email").fill("ann@example.org")
        form.get_by_label("Password").fill(PASSWORD)
        form.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("heading", name="Signed in as Ann")).to_be_visible(timeout=WAIT)
        page.goto(server.url("/cards/community"))
        for name in ("Juggernaut", "Kaya the Wildborne"):
            page.get_by_role("combobox", name="Card", exact=True).click()
            page.get_by_role("option", name=name, exact=True).click()
            page.get_by_role("button", name="Publish the card").click()
            expect(page.get_by_text(f"{name}: ").first).to_be_visible(timeout=WAIT)
        expect(page.get_by_role("button", name="Show Juggernaut")).to_be_visible(timeout=WAIT)

        other = bob.new_page()
        other.goto(server.url("/"))
        other.get_by_label("Game title").fill("Test entries")
        for seat, (player, caster, jack) in enumerate((("Ann", "Kommander Sorscha", "Juggernaut"),
                                                       ("Bob", "Kaya the Wildborne", None)), start=1):
            side = other.get_by_role("group", name=f"Player {seat}", exact=True)
            side.get_by_label(f"Player {seat} name").fill(player)
            side.get_by_role("combobox", name="Caster", exact=True).click()
            other.get_by_role("option", name=caster, exact=True).click()
            if jack:
                side.get_by_role("combobox", name="Warjack or warbeast", exact=True).click()
                other.get_by_role("option", name=jack, exact=True).click()
                side.get_by_role("button", name=f"Add warjack or warbeast for player {seat}").click()
                expect(side.get_by_text("community: entered by Ann from their printed card")).to_be_visible(
                    timeout=WAIT)
        other.get_by_role("button", name="Start game").click()
        other.wait_for_url("**/table/**", timeout=WAIT)  # no pre-game screen: no fact typed
    finally:
        ann.close()
        bob.close()
