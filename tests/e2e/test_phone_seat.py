"""Bob's own link on his phone (390x844, touch) during Ann's control phase: a compact header, his side first, and
Ann's choices in the control-phase guide (Leech, Sacrifice) shown as hers and greyed with the reason, so a tap
says why at once instead of after a dialog is filled in. Ann's own link, the positive control, opens Sacrifice.

With the deathclock running, the same phone shows the turn, "You are Bob (seat 2)", both times and Next's whole
label in the header, none of it cut, and the two clock faces leave his own side on the first screen; Ann's
"Hand the clock to Bob" is greyed as hers, and a tap on it says so and hands nothing over. The setup wizard
fits the phone's width too (it was 417 px on 390, its Log button off the screen)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, Locator, expect

from tests.e2e.finders import alert, turn_bar
from tests.e2e.test_decisions import new_game
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import command
from tests.e2e.test_tablet_layout import open_table

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

PHONE = {"width": 390, "height": 844}


def test_the_phone_seat_page_shows_the_other_sides_controls_as_theirs(browser: Browser, server: Server) -> None:
    game = new_game(server)
    version = game["version"]
    for _ in range(10):  # Ann's turn up to her control phase's replenish step (Agathon may sacrifice or leech)
        _, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])
        if now["state"]["step"] == "replenish":
            break
        version = command(server, game, version, {"type": "advance"})

    bob = open_table(browser, server, game, PHONE, link="seat2")
    header = bob.locator("header")
    box = header.bounding_box()
    # 262 px (31 %) with the site's links in it; about 200 px without them, its turn words a size smaller
    assert box is not None and box["height"] <= 0.25 * PHONE["height"], f"the header takes {box} of the screen"
    sides = bob.get_by_role("region", name=re.compile(r"^(Ann|Bob)$"))
    expect(sides.first).to_have_accessible_name("Bob")  # his own side first
    expect(turn_bar(bob)).to_contain_text("Ann's turn")
    guide = bob.get_by_role("region", name="Control phase guide")
    for label in ("Leech", "Sacrifice"):
        button = guide.get_by_role("button", name=f"{label}: Agathon")
        expect(button).to_have_attribute("aria-disabled", "true")
        expect(button).to_have_attribute("title", re.compile("Ann"))
    reason = guide.get_by_role("button", name="Leech: Agathon").get_attribute("title") or ""
    guide.get_by_role("button", name="Leech: Agathon").dispatch_event("click")  # a finger taps what is greyed
    expect(alert(bob, reason)).to_be_visible()
    expect(bob.get_by_role("dialog")).to_have_count(0)  # refused before any dialog

    ann = open_table(browser, server, game, PHONE, link="seat1")
    sacrifice = ann.get_by_role("region", name="Control phase guide").get_by_role("button", name="Sacrifice: Agathon")
    expect(sacrifice).not_to_have_attribute("aria-disabled", "true")
    sacrifice.click()
    expect(ann.get_by_role("dialog").filter(has_text="Agathon sacrifices a model")).to_be_visible()


# Whether an element is shown whole: inside the screen's width, its text not cut (no overflow), and inside every
# ancestor that clips what overflows it.
UNCUT = """(el) => {
  const box = el.getBoundingClientRect();
  if (box.left < -1 || box.right > document.documentElement.clientWidth + 1 || box.top < -1) return 'off the screen';
  if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) return 'its content overflows';
  for (let up = el.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const frame = up.getBoundingClientRect();
    if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1
        || box.bottom > frame.bottom + 1) return 'cut by ' + up.className;
  }
  return '';
}"""


def uncut(shown: Locator) -> None:
    expect(shown).to_be_visible()
    assert shown.evaluate(UNCUT) == "", f"{shown}: {shown.evaluate(UNCUT)}"


def test_a_phone_seat_with_the_clock_shows_the_turn_who_you_are_and_the_clocks_uncut(browser: Browser,
                                                                                      server: Server) -> None:
    game = new_game(server)
    version = command(server, game, game["version"], {"type": "start_clock", "minutes_per_player": 60})
    version = command(server, game, version, {"type": "advance"})

    bob = open_table(browser, server, game, PHONE, link="seat2")
    line = turn_bar(bob)
    for shown in (line.get_by_text("Round 1", exact=True), line.get_by_text("Ann's turn", exact=True),
                  line.get_by_text("You are Bob (seat 2)", exact=True),
                  line.get_by_role("timer", name="Ann's time (turn line)"),
                  line.get_by_role("timer", name="Bob's time (turn line)"),
                  line.get_by_role("button", name=re.compile(r"^Next")).locator(".block")):
        uncut(shown)
    assert bob.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    clock = bob.get_by_role("region", name="Clock")
    for face in ("Ann's time left", "Bob's time left"):
        uncut(clock.get_by_role("timer", name=face))
    # The clocks leave the first screen to the game too: Bob's side begins on it.
    own = bob.get_by_role("region", name="Bob")
    top = own.bounding_box()
    assert top is not None and top["y"] < PHONE["height"], f"Bob's side starts at {top}, below the first screen"

    hand = clock.get_by_role("button", name="Hand the clock to Bob")
    expect(hand).to_have_attribute("aria-disabled", "true")
    expect(hand).to_have_attribute("title", re.compile("Ann"))
    hand.dispatch_event("click")  # a finger taps what is greyed
    expect(alert(bob, hand.get_attribute("title") or "")).to_be_visible()
    assert api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])[1]["version"] == version
    ann = open_table(browser, server, game, PHONE, link="seat1")  # the positive control: Ann's own hand-over
    expect(turn_bar(ann)).to_contain_text("Ann's turn")
    expect(ann.get_by_role("region", name="Clock").get_by_role("button", name="Hand the clock to Bob")
           ).not_to_have_attribute("aria-disabled", "true")


def test_the_setup_wizard_fits_a_phone(browser: Browser, server: Server) -> None:
    sides = [{"player": "Ann", "army": [{"card": "agathon"}]}, {"player": "Bob", "army": [{"card": "agathon"}]}]
    status, game = api("POST", server.url("/api/games"), {"title": "Wizard", "sides": sides, "wizard": True})
    assert status == 201, game
    bob = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    bob.goto(server.url(f"/table/{game['id']}/{game['tokens']['seat2']}"))
    setup = bob.get_by_role("region", name="Setup wizard")
    expect(setup.get_by_role("button", name="Bunkers")).to_be_visible()
    uncut(setup.get_by_label("Another scenario's name", exact=True))
    uncut(bob.get_by_role("button", name="Open the game log"))
    assert bob.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
