"""A colossal taking damage on both grids, in a real Chromium on the table page while a friend follows on the watch
page.

Cy plays Commander Coleman Stryker with a Stormwall (shipped cards; the Stormwall's two grids are tapped in on the
pre-game screen from his own card: test strings, 28 boxes a side, the card's 56) against Ann's Agathon and Guardian
of Souls. Damage typed in at the table asks which grid, then the column: 20 points go into the left grid, wrapping
from column 6 to column 1; 10 more fill it and spill into the right grid at a second d6 (our reading of the public
summary, grids.py). The left arm system is then crippled. Every change is asserted on the watch page too.
Selectors are roles and accessible names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.finders import model, track
from tests.e2e.test_other_side import LIVE, dialog, expect_logged, open_watch, start_game, with_pages

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

STORMWALL, STRYKER = "Stormwall", "Commander Coleman Stryker"
LEFT = (".....", "..LL.", ".LMC.", ".CML.", "....", "....")
RIGHT = (".....", "..RR.", ".RMC.", ".CMR.", "....", "....")


def grids(left: tuple[int, ...], right: tuple[int, ...], crippled: str = "nothing crippled") -> str:
    """The accessible name of the Stormwall's two grids with these marks per column."""
    sizes = [len(c) for c in LEFT + RIGHT]
    marks = left + right
    parts = [f"{side} column {i % 6 + 1} {marks[i]} of {sizes[i]} marked"
             for i, side in enumerate(["left"] * 6 + ["right"] * 6)]
    return "Damage grids: " + ", ".join(parts) + f"; {crippled}"


def damage(page: Page, amount: int, side: str, column: int, then: tuple[int, int] | None = None) -> None:
    """Type damage into the Stormwall's card and say where it goes in, as the dialog asks; ``then``: the points
    that spill into the other grid and the column they go in there."""
    card = model(page, STORMWALL)
    card.get_by_label(f"Damage to apply to {STORMWALL}").fill(str(amount))
    card.get_by_role("button", name=f"Apply damage to {STORMWALL}").click()
    where = dialog(page, f"{STORMWALL} suffers {amount} damage")
    where.get_by_role("button", name=f"The {side} grid of {STORMWALL}").click()
    where.get_by_role("button", name=f"{side.capitalize()} column {column}", exact=True).click()
    if then is not None:
        other = "right" if side == "left" else "left"
        expect(where).to_contain_text(f"the other {then[0]} damage goes on into its {other} grid")
        where.get_by_role("button", name=f"{other.capitalize()} column {then[1]}", exact=True).click()
    expect(where).to_be_hidden()


def test_a_colossal_takes_damage_on_both_grids(browser: Browser, server: Server) -> None:
    def play(table: Page, watch_context: BrowserContext) -> None:
        table.goto(server.url("/cards"))  # start_game goes home from here
        start_game(table, "A colossal", [
            {"player": "Cy", "caster": STRYKER, "battlegroup": [STORMWALL],
             "drawings": {STORMWALL: LEFT + RIGHT}},
            {"player": "Ann", "caster": "Agathon", "horrors": ["Guardian of Souls"]}], first=0)
        watch = open_watch(table, watch_context, server)
        for page in (table, watch):
            expect(track(page, STORMWALL)).to_have_attribute("aria-label", grids((0,) * 6, (0,) * 6), timeout=LIVE)

        damage(table, 20, "left", 5)  # columns 5, 6, then 1, 2 and 3 of the left grid
        for page in (table, watch):
            expect(track(page, STORMWALL)).to_have_attribute(
                "aria-label", grids((5, 5, 2, 0, 4, 4), (0,) * 6), timeout=LIVE)

        damage(table, 10, "left", 3, then=(2, 4))  # 8 fill the left grid, 2 go into the right grid's column 4
        crippled = "crippled: Left arm"
        for page in (table, watch):
            expect(track(page, STORMWALL)).to_have_attribute(
                "aria-label", grids((5, 5, 5, 5, 4, 4), (0, 0, 0, 2, 0, 0), crippled), timeout=LIVE)
            expect(model(page, STORMWALL)).to_contain_text("Left arm system crippled", timeout=LIVE)
        expect_logged(table, watch, f"{STORMWALL} suffers 10 damage (marked at the table).")
        for page in (table, watch):  # the card's numbers as the rules derive them (nothing changes them here)
            expect(model(page, STORMWALL)).to_contain_text("DEF 10 · ARM 19 · MAT 6 · RAT 6")

    with_pages(browser, play)
