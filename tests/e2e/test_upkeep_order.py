"""Upkeep tapped before allocation, in a real Chromium on the table page: the rules' order is
allocation, then upkeep (doc 002 "Game Round", Control: "Warcasters Allocate", "Pay for upkeeps"; doc 001 "Shake
Effect": after allocating), so paying upkeep moves the turn past allocation. The app says so before the tap does
it: the player goes back, gives the Charger its focus, then pays the upkeep knowing what it closes.

Ann plays Commander Coleman Stryker (FOCUS 6) with a Charger (reference README); in round 1 Stryker cast an upkeep
spell the players name (its card lists none, so it is taken as given). Selectors are roles and accessible names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import game_log, turn_bar
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

STRYKER, CHARGER, SPELL = "Commander Coleman Stryker", "Charger", "Arcane Shield"
CAST_ID = "p1-commander-coleman-stryker"
ALLOCATE = "Allocate focus to warjacks"
VIEWPORT = {"width": 1280, "height": 900}


def state(server: Server, game: dict[str, Any]) -> dict[str, Any]:
    status, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])
    assert status == 200, now
    return now["state"]


def game_at_round_2_allocation(server: Server) -> dict[str, Any]:
    """Round 1: Stryker casts his upkeep spell; round 2: Ann's turn stops at allocation (the Charger powered up
    to 1 focus, Stryker replenished to 6) with the upkeep still due."""
    status, game = api("POST", server.url("/api/games"), {"title": "Upkeep first", "sides": [
        {"player": "Ann", "army": [{"card": "commander-coleman-stryker"}, {"card": "charger", "battlegroup_of": 0}]},
        {"player": "Bob", "army": [{"card": "agathon"}]}]})
    assert status == 201, game
    version = game["version"]
    while state(server, game)["phase"] != "activation":
        version = command(server, game, version, {"type": "advance"})
    version = command(server, game, version, {"type": "activate", "model": CAST_ID})
    version = command(server, game, version, {"type": "cast", "model": CAST_ID, "spell": SPELL, "cost": 2,
                                              "upkeep": True})
    for _ in range(40):
        now = state(server, game)
        if (now["round"], now["active"], now["step"]) == (2, 0, "allocate"):
            return game
        version = command(server, game, version, {"type": "advance"})
    raise AssertionError("never reached Ann's allocation in round 2")


def guide_button(page: Page, name: str) -> Locator:
    return page.get_by_role("region", name="Control phase guide").get_by_role("button", name=name, exact=True)


def test_upkeep_tapped_before_allocation_says_it_ends_allocation_first(browser: Browser, server: Server) -> None:
    game = game_at_round_2_allocation(server)
    page = browser.new_context(viewport=VIEWPORT, has_touch=True).new_page()
    page.set_default_timeout(10_000)
    page.set_default_navigation_timeout(30_000)  # a first load on a loaded machine
    page.goto(server.url(f"/table/{game['id']}/{game['tokens']['table']}"))
    expect(turn_bar(page)).to_contain_text(ALLOCATE)

    upkeep = guide_button(page, f"Upkeep {SPELL} (1): {STRYKER}")
    upkeep.click()
    warning = page.get_by_role("dialog").filter(has_text=f"this ends “{ALLOCATE}”")
    expect(warning).to_contain_text("can no longer be done this turn")
    warning.get_by_role("button", name="Back").click()
    expect(warning).to_be_hidden()
    expect(turn_bar(page)).to_contain_text(ALLOCATE)  # nothing was sent

    guide_button(page, f"Allocate focus: {STRYKER}").click()
    form = page.get_by_role("dialog").filter(has_text=f"{STRYKER} allocates focus")
    form.get_by_label(f"Focus for {CHARGER}", exact=True).fill("2")
    form.get_by_role("button", name="Allocate").click()
    expect(form).to_be_hidden()
    expect(game_log(page)).to_contain_text(f"{CHARGER} receives 2 focus from {STRYKER} (now 3).")

    upkeep.click()  # the power up can still be taken back: allocation still offers that, and says so
    warning = page.get_by_role("dialog").filter(has_text=f"this ends “{ALLOCATE}”")
    warning.get_by_role("button", name=f"Go on: Upkeep {SPELL} (1)").click()
    expect(warning).to_be_hidden()
    expect(game_log(page)).to_contain_text(f"{STRYKER} keeps {SPELL} in play.")
    # The upkeep was all there was to decide: the control phase is over by itself.
    expect(game_log(page)).to_contain_text("Control: Upkeep spells and shake effects: nothing more to decide.")
    expect(turn_bar(page)).to_contain_text("Activation")
    models = {m["id"]: m for m in state(server, game)["models"]}
    assert (models[CAST_ID]["focus"], models["p1-charger"]["focus"]) == (3, 3)
