"""A new player at a tablet (touch, 1180x820 and again 820x1180) fields Agathon's battlegroup against a warcaster's from
the catalog on the home page, completes on the pre-game screens the facts the catalog lacks (the Foreboder's rings, the
Charger's grid, tapped in), and plays two rounds. After every tap the page is scrolled to its bottom and the turn line
and Next must still be in view, Next in the same box; every control tapped is at least 44x44 px; the game finishes with
axe-core finding nothing serious in either theme. The taps on the turn line per round (Next, and the tithe's) are
printed (README, "At the table").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import (
    NEXT,
    action,
    complete_pregame,
    next_button,
    tap_drawing,
    tap_turn,
    tile,
    turn_bar,
    turn_version,
)
from tests.e2e.test_accessibility import axe, describe, violations  # noqa: F401 - axe is a fixture

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

TARGET = 44  # px
CHARGER = ("--....", "-...LL", "--.MMM", "--.CCC", "-...RR", "--....")  # test numbers, drawn by tapping
RINGS = {"Boxes in the outer ring": 8, "Boxes in the middle ring": 4, "Boxes in the centre ring": 2}
CASTERS = {"Ana": "Agathon", "Ben": "Captain Victoria Haley"}


def tap(page: Page, target: Locator, field: bool = False) -> None:
    """Tap as a finger does, after checking the target (a pick list: its whole field) is big enough for one."""
    target.scroll_into_view_if_needed()
    box = (target.locator("xpath=ancestor::label[contains(@class, 'q-field')]") if field else target).bounding_box()
    assert box is not None, f"{target} is not shown"
    assert box["width"] >= TARGET and box["height"] >= TARGET, f"{target}: {box['width']:.0f}x{box['height']:.0f} px"
    target.tap()


def choose(page: Page, group: str, field: str, option: str) -> None:
    tap(page, page.get_by_role("group", name=group, exact=True).get_by_role("combobox", name=field, exact=True),
        field=True)
    tap(page, page.get_by_role("option", name=option, exact=True))
    expect(page.get_by_role("listbox")).to_have_count(0)


def next_shown(page: Page) -> Locator:
    """Next (or End turn) whether it takes a tap or not."""
    return turn_bar(page).get_by_role("button", name=NEXT)


def in_view(page: Page, target: Locator) -> bool:
    box, size = target.bounding_box(), page.viewport_size
    return box is not None and size is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def still_in_reach(page: Page, where: dict[str, float]) -> None:
    """Scrolled to the bottom, the turn line and Next are in view, Next where it was."""
    page.mouse.wheel(0, 20_000)
    page.wait_for_timeout(100)
    assert in_view(page, turn_bar(page)) and in_view(page, next_shown(page))
    box = next_shown(page).bounding_box()
    assert box is not None and (box["x"], box["y"], box["width"]) == (where["x"], where["y"], where["width"])


def field_armies(page: Page, server: Server) -> None:
    page.goto(server.url("/"))
    page.get_by_role("textbox", name="Game title", exact=True).fill("First game")
    page.get_by_role("textbox", name="Player 1 name").fill("Ana")
    page.get_by_role("textbox", name="Player 2 name").fill("Ben")
    choose(page, "Player 1", "Caster", "Agathon")
    choose(page, "Player 1", "Horror", "Foreboder")
    tap(page, page.get_by_role("button", name="Add horror for player 1"))
    choose(page, "Player 2", "Caster", "Captain Victoria Haley")
    choose(page, "Player 2", "Warjack or warbeast", "Charger")
    tap(page, page.get_by_role("button", name="Add warjack or warbeast for player 2"))
    tap(page, page.get_by_role("button", name="Start game", exact=True))
    complete_pregame(page, "Ana", {"Foreboder": RINGS})
    screen = page.get_by_role("dialog", name="Ben: ").filter(has_text="complete them now")
    tap_drawing(screen.get_by_role("group", name="Charger's card", exact=True), CHARGER)
    tap(page, screen.get_by_role("button", name="Save Ben's cards"))
    page.wait_for_url(re.compile(r"/table/"))
    expect(turn_bar(page)).to_contain_text("Round 1")


def allocate_one(page: Page) -> None:
    tap(page, action(page, "Allocate", "Foreboder"))
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Allocate essence from Agathon to Foreboder")
    dialog.get_by_label("Points").fill("1")
    tap(page, dialog.get_by_role("button", name="OK"))
    expect(dialog).to_be_hidden()
    expect(tile(page, "Foreboder")).to_contain_text("Essence 1 /")


def play_turn(page: Page, player: str, where: dict[str, float]) -> tuple[int, int]:
    """Next to the activation, the caster activates and ends, tithe paid, on to the other player: the taps on Next
    and on the tithe's buttons. Every tap waits for the version it made on the turn line (finders.tap_turn)."""
    nexts = tithes = 0
    bar = turn_bar(page)

    def press(target: Locator) -> None:
        tap_turn(page, target, lambda t: tap(page, t))
        still_in_reach(page, where)

    while "Activation: " not in (bar.inner_text() or ""):  # the step now ("Activation · ..." is where Next goes)
        if "Control: Allocate essence" in bar.inner_text() and "Essence 0 /" in tile(page, "Foreboder").inner_text():
            allocate_one(page)  # its tithe took its essence: Agathon gives it one to pay the next
            still_in_reach(page, where)
            continue  # all Agathon had to give is given: the turn may have moved on by itself
        press(next_button(page, turn_version(page)))
        nexts += 1
        assert nexts < 12, "the turn never reached its activation phase"
    caster = CASTERS[player]
    press(action(page, "Activate", caster))
    press(action(page, "End activation", caster))
    other = next(p for p in CASTERS if p != player)
    for _ in range(16):
        if f"{other}'s turn" in (bar.inner_text() or ""):
            return nexts, tithes
        tithe = bar.get_by_role("button", name=re.compile(r"^Pay tithe for "))
        if tithe.count():  # a horror's tithe is decided on the turn line: paid
            press(tithe.first)
            tithes += 1
        else:
            press(next_button(page, turn_version(page)))
            nexts += 1
    raise AssertionError(f"{player}'s turn never ended: {bar.inner_text()}")


@pytest.mark.parametrize("viewport", [{"width": 1180, "height": 820}, {"width": 820, "height": 1180}],
                         ids=["landscape", "portrait"])
def test_a_first_game_at_a_tablet_two_rounds_in_reach(browser: Browser, server: Server, axe: str,  # noqa: F811
                                                      viewport: dict[str, int]) -> None:
    context = browser.new_context(viewport=viewport, has_touch=True, color_scheme="light")
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        field_armies(page, server)
        where = next_shown(page).bounding_box()
        assert where is not None
        rounds = []
        for _ in range(2):
            turns = [play_turn(page, "Ana", where), play_turn(page, "Ben", where)]
            rounds.append(tuple(sum(taps) for taps in zip(*turns, strict=True)))
        expect(turn_bar(page)).to_contain_text("Round 3")
        print(f"\n{viewport['width']}x{viewport['height']}: (Next, tithe) tapped {rounds} times in rounds 1 and 2 "
              f"(Ana's Agathon and Foreboder, Ben's Haley and Charger)")
        report, found = [], 0
        for scheme in ("light", "dark"):
            if scheme == "dark":
                tap(page, page.get_by_role("button", name="Switch light or dark theme"))
                expect(page.locator("body.body--dark")).to_have_count(1)
            seen = violations(page, axe)
            found += len(seen)
            report.append(describe("table after two rounds", scheme, seen))
        print("\n".join(report))
        assert found == 0, "\n".join(report)
    finally:
        context.close()
