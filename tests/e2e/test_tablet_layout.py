"""The table page on a tablet between two players, in a real Chromium with touch, landscape (1180x820) and portrait
(820x1180): the turn line and Next stay in reach below the header whatever the scroll, Next keeps its box while its
label changes, no control is smaller than 44x44 px, Undo says what it undid and Redo brings it back, and a player's own
link says whose device it is.

The page height at the start is printed (2,650 px before the page was laid out for tablets).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.finders import alert, tap_turn, tile, turn_bar, turn_line_at, turn_version
from tests.e2e.finders import next_button as next_to_tap
from tests.e2e.test_faults_crash import api
from tests.e2e.test_watch_views import big_game

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LANDSCAPE, PORTRAIT = {"width": 1180, "height": 820}, {"width": 820, "height": 1180}
TARGET = 44  # px: the smallest touch target allowed
ARMY_1 = [{"card": "agathon"}, {"card": "guardian-of-souls", "battlegroup_of": 0},
          {"card": "foreboder", "battlegroup_of": 0}]
ARMY_2 = [{"card": "princess-regna"}, {"card": "foreboder", "battlegroup_of": 0}]
# Every control a finger can meet: buttons, checkboxes, radios, switches, fields, and tappable damage tracks.
CONTROLS = ("button, [role=button], [role=checkbox], [role=radio], [role=switch], input, textarea, select, "
            ".tk-tappable")


def new_game(server: Server) -> dict[str, Any]:
    status, game = api("POST", server.url("/api/games"), {
        "title": "Tablet test", "sides": [{"player": "Ann", "army": ARMY_1}, {"player": "Bob", "army": ARMY_2}]})
    assert status == 201, game
    return game


def open_table(browser: Browser, server: Server, game: dict[str, Any], viewport: dict[str, int],
               link: str = "table") -> Page:
    page = browser.new_context(viewport=viewport, has_touch=True).new_page()
    page.set_default_timeout(10_000)
    assert page.goto(server.url(f"/table/{game['id']}/{game['tokens'][link]}")).status == 200
    expect(turn_bar(page)).to_contain_text("Round 1")
    return page


def next_button(page: Page) -> Locator:
    return turn_bar(page).get_by_role("button", name=re.compile(r"^(Next|End turn)"))


def in_view(page: Page, locator: Locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and size is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def small_controls(page: Page) -> list[str]:
    """Every visible control smaller than TARGET px either way, described for the test output."""
    return page.evaluate("""([selector, target]) => {
        const out = [];
        for (const el of document.querySelectorAll(selector)) {
            const r = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
            if (el.closest('.q-field') && el.matches('input, textarea')) continue;  // its field is the target
            if (r.width < target || r.height < target) {
                const name = el.getAttribute('aria-label') || el.innerText || el.className;
                out.push(`${el.tagName.toLowerCase()} "${String(name).trim().slice(0, 60)}" `
                         + `${Math.round(r.width)}x${Math.round(r.height)}`);
            }
        }
        for (const field of document.querySelectorAll('.q-field__control')) {
            const r = field.getBoundingClientRect();
            if (r.width > 0 && (r.width < target || r.height < target)) {
                out.push(`field ${Math.round(r.width)}x${Math.round(r.height)}`);
            }
        }
        return out;
    }""", [CONTROLS, TARGET])


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["1180x820", "820x1180"])
def test_the_turn_line_stays_in_reach_and_every_target_is_big_enough(browser: Browser, server: Server,
                                                                     viewport: dict[str, int]) -> None:
    page = open_table(browser, server, new_game(server), viewport)
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"\n{viewport['width']}x{viewport['height']}: table page {height} px tall at the start")

    if viewport == LANDSCAPE:  # both sides' tiles, the turn line and the selected models' controls on one screen
        for name in ("Agathon", "Princess Regna"):
            card = page.get_by_role("group", name=name, exact=True)
            expect(card).to_be_visible()
            box = card.bounding_box()
            print(f"{name}'s card ends at {round(box['y'] + box['height']) if box else None} px")
            assert in_view(page, card)
        for name in ("Guardian of Souls", "Foreboder"):
            assert in_view(page, tile(page, name).first)

    offenders = small_controls(page)
    print("controls under 44x44 px:", offenders or "none")
    assert not offenders

    # A 75-point game (the shipped Agathon list on both sides) is longer than the screen: scrolled to its
    # bottom, the turn line and Next stay where they were, and Next keeps its box while its label changes.
    page.context.close()
    big = open_table(browser, server, big_game(server), viewport)
    print("75-point game:", big.evaluate("document.documentElement.scrollHeight"), "px tall at the start")
    offenders = set(small_controls(big))
    ann = big.get_by_role("region", name="Ann").get_by_role("button", name=re.compile(r"^Select "))
    for i in range(ann.count()):  # every card of the list shown once: units' trooper rows included
        ann.nth(i).tap()
        expect(ann.nth(i)).to_have_attribute("aria-pressed", "true")
        offenders.update(small_controls(big))
    print(f"controls under 44x44 px on {ann.count()} cards of the 75-point game:", sorted(offenders) or "none")
    assert not offenders
    start = next_button(big).bounding_box()
    big.mouse.wheel(0, 10_000)
    big.wait_for_function("window.scrollY > 0")
    for _ in range(3):  # Next's label changes (or the turn stops for the tithe, decided on the turn line)
        assert in_view(big, turn_bar(big).get_by_text("Round 1")) and in_view(big, next_button(big))
        assert next_button(big).bounding_box() == start, "Next moved or changed size"
        # Next is greyed while the turn is held: wait for the tithe prompt or an enabled Next of the version shown,
        # as a player would, and then for the version the tap made.
        version = turn_version(big)
        tithe = turn_line_at(big, version).get_by_role("button", name=re.compile(r"^Pay tithe for "))
        expect(tithe.or_(next_to_tap(big, version)).first).to_be_visible()
        tap_turn(big, tithe.first if tithe.count() else next_to_tap(big, version), Locator.tap)
    assert next_button(big).bounding_box() == start, "Next moved or changed size with its label"
    # Undo sits at the other end of the line, away from Next.
    undo = turn_bar(big).get_by_role("button", name="Undo last action").bounding_box()
    assert undo is not None and start is not None and undo["x"] + undo["width"] < start["x"] - 100


def test_undo_names_the_action_and_redo_brings_it_back(browser: Browser, server: Server) -> None:
    page = open_table(browser, server, new_game(server), LANDSCAPE)
    first = next_button(page).get_attribute("aria-label") or ""
    step = re.sub(r"^Next: (.+ · )?", "", first)  # the step's words (the bar writes "Phase: step")
    next_button(page).tap()
    expect(turn_bar(page)).to_contain_text(step)

    turn_bar(page).get_by_role("button", name="Undo last action").tap()
    # Next's own log words (the steps it passed, where it stopped) name it in the toast.
    toast = page.get_by_role("status").filter(has_text=re.compile(r"^Undone: .+"))
    expect(toast).to_be_visible()
    expect(next_button(page)).to_have_attribute("aria-label", first)
    print("\nundo toast:", toast.inner_text().splitlines()[0])

    toast.get_by_role("button", name="Redo").tap()
    expect(alert(page, "Redone: ")).to_be_visible()
    expect(turn_bar(page)).to_contain_text(step)
    expect(toast).to_be_hidden()


def test_a_seat_link_says_whose_device_it_is(browser: Browser, server: Server) -> None:
    game = new_game(server)
    page = open_table(browser, server, game, PORTRAIT, link="seat2")
    expect(turn_bar(page).get_by_text("You are Bob (seat 2)")).to_be_visible()
    sides = page.get_by_role("region", name=re.compile(r"^(Ann|Bob)$"))
    expect(sides.first).to_have_accessible_name("Bob")  # a player's own side comes first on their device
    nxt = next_button(page)
    expect(nxt).to_have_attribute("aria-disabled", "true")
    expect(nxt).to_have_attribute("title", re.compile(r"^Only Ann or the shared table link can"))
    nxt.dispatch_event("click")  # greyed, still tappable so that it can say who can
    expect(alert(page, "Only Ann or the shared table link can")).to_be_visible()


def test_the_log_opens_from_the_header_and_a_declared_attack_is_in_view(browser: Browser, server: Server) -> None:
    page = open_table(browser, server, new_game(server), PORTRAIT)
    log = page.get_by_role("region", name="Game log")
    expect(log).to_be_hidden()  # a drawer, closed on a tablet
    page.get_by_role("button", name="Open the game log").tap()
    expect(log).to_contain_text("Round 1: Ann's turn begins.")
    expect(log).to_be_visible()
    page.keyboard.press("Escape")
    page.mouse.click(10, 600)  # a tap beside the drawer closes it
    expect(log).to_be_hidden()

    tile(page, "Princess Regna").tap()
    page.mouse.wheel(0, 10_000)
    page.get_by_role("button", name="Attack: Agathon").tap()
    page.get_by_role("dialog").get_by_role("button", name="Declare the attack").tap()
    panel = page.get_by_role("region", name="Attack")
    expect(panel).to_contain_text("Agathon")
    page.wait_for_function("() => { const r = document.querySelector('.tk-attack').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight; }")
