"""Bob's own link on his phone (390x844, touch) during Ann's control phase: a compact header, his side first, and
Ann's choices in the control-phase guide (Leech, Sacrifice) shown as hers and greyed with the reason, so a tap
says why at once instead of after a dialog is filled in. Ann's own link, the positive control, opens Sacrifice."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from playwright.sync_api import Browser, expect

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
