"""The attack assistant does the table's arithmetic, in a real Chromium against the real server: Ann's Princess Regna
(MAT 6) attacks Bob's Guardian of Souls (DEF 9, ARM 18; reference README). The player declares the attack (Bob's models
are offered first), taps "Roll for me", sees "roll + MAT vs DEF" with the suggested answer filled, taps it, gives the
weapon's P+S once, taps "Roll for me" for the damage, sees "roll + P+S - ARM" with the damage filled in, and applies it:
the Guardian's web and the log show it.

The dice are the server's: every expectation is worked out from the dice the page says were rolled.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import action, game_log, model, track
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

VIEWPORT = {"width": 1180, "height": 820}
REGNA, GUARDIAN = "Princess Regna", "Guardian of Souls"
MAT, DEF, ARM, POWER = 6, 9, 18, 20
ROLLED = re.compile(r"Rolled by the app: (\d) \+ (\d) = (\d+)")


def game_at_activation(server: Server, sides: list[dict[str, Any]] | None = None,
                       active: str = "p1-princess-regna") -> dict[str, Any]:
    """Ann (Princess Regna) against Bob (Agathon and a Guardian of Souls), or ``sides``, at Ann's activation
    phase with ``active`` activated."""
    status, game = api("POST", server.url("/api/games"), {"title": "Arithmetic", "sides": sides or [
        {"player": "Ann", "army": [{"card": "princess-regna"}]},
        {"player": "Bob", "army": [{"card": "agathon"}, {"card": "guardian-of-souls", "battlegroup_of": 0}]}]})
    assert status == 201, game
    version = game["version"]
    for _ in range(30):
        status, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])
        if now["state"]["phase"] == "activation":
            break
        version = command(server, game, version, {"type": "advance"})
    command(server, game, version, {"type": "activate", "model": active})
    return game


def open_table(browser: Browser, server: Server, game: dict[str, Any]) -> Page:
    """The game's table page on a touch tablet (1180x820)."""
    page = browser.new_context(viewport=VIEWPORT, has_touch=True).new_page()
    page.set_default_timeout(10_000)
    page.goto(server.url(f"/table/{game['id']}/{game['tokens']['table']}"))
    return page


def rolled(panel: Locator) -> tuple[int, int]:
    """The two dice the app rolled, as the page shows them."""
    expect(panel.get_by_text(ROLLED)).to_be_visible()
    match = ROLLED.search(panel.get_by_text(ROLLED).inner_text())
    assert match, "no roll shown"
    return int(match[1]), int(match[2])


def hits(a: int, b: int) -> bool:
    """Roll + MAT reaches DEF; all 1s miss, all 6s hit."""
    return (a, b) != (1, 1) and ((a, b) == (6, 6) or a + b + MAT >= DEF)


def declare(page: Page) -> Locator:
    action(page, "Attack", REGNA).click()
    form = page.get_by_role("dialog").filter(has_text=f"{REGNA} attacks")
    expect(form.get_by_role("combobox", name="Target")).to_have_value("Agathon")  # Bob's models first
    form.get_by_role("combobox", name="Target").click()
    page.get_by_role("option", name=GUARDIAN, exact=True).click()
    expect(page.get_by_role("listbox")).to_have_count(0)
    form.get_by_role("button", name="Declare the attack").click()
    expect(form).to_be_hidden()
    panel = page.get_by_role("region", name="Attack")
    expect(panel).to_contain_text("Waiting for the attack roll.")
    expect(panel).to_contain_text("Roll 2 dice.")
    return panel


def test_a_player_rolls_sees_the_sums_and_applies_the_suggested_damage(browser: Browser, server: Server) -> None:
    page = open_table(browser, server, game_at_activation(server))
    expect(model(page, GUARDIAN)).to_be_visible()

    for _ in range(3):  # a miss (1 + 1 only) resolves the attack: Regna attacks again
        panel = declare(page)
        panel.get_by_role("button", name="Roll for me: Attack dice").click()
        a, b = rolled(panel)
        hit = hits(a, b)
        words = "hit" if hit else "miss"
        expect(panel.get_by_role("status", name="The numbers")).to_contain_text(
            f"Roll {a + b} + MAT {MAT} = {a + b + MAT} vs DEF {DEF}")
        expect(panel.get_by_role("status", name="The numbers")).to_contain_text(words)
        suggested = panel.get_by_role("button", name=f"The attack {'hits' if hit else 'misses'} {GUARDIAN}")
        expect(suggested).not_to_have_class(re.compile(r"q-btn--outline"))
        suggested.click()
        if hit:
            break
        expect(panel).to_be_hidden()
    expect(panel).to_contain_text("Waiting for the damage roll.")

    panel.get_by_label("P+S of the weapon", exact=True).fill(str(POWER))
    panel.get_by_role("button", name="Roll for me: Damage dice").click()
    a, b = rolled(panel)
    damage = a + b + POWER - ARM
    expect(panel.get_by_role("status", name="The numbers")).to_have_text(
        f"Roll {a + b} + P+S {POWER} = {a + b + POWER} - ARM {ARM} = {damage} damage.")
    expect(panel.get_by_label("Damage points after ARM", exact=True)).to_have_value(str(damage))
    panel.get_by_role("button", name=f"Apply the damage to {GUARDIAN}").click()
    expect(panel).to_be_hidden()
    expect(track(page, GUARDIAN)).to_have_attribute("aria-label", re.compile(rf"outer ring {damage} of 30 marked"))
    expect(game_log(page)).to_contain_text(f"{damage} damage to {GUARDIAN}.")
