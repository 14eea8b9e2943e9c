"""The turn passes on the table page (a tablet in landscape, scrolled down to the models): the page brings the new
turn's first step into view, and the side whose turn ended loses its "Done this turn" marks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playwright.sync_api import Browser, expect

from tests.e2e.finders import tile, turn_bar
from tests.e2e.test_decisions import new_game, tap_next
from tests.e2e.test_faults_crash import api
from tests.e2e.test_faults_pages import command
from tests.e2e.test_tablet_layout import open_table

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

LANDSCAPE = {"width": 1180, "height": 820}


def test_the_turn_change_brings_the_new_step_into_view(browser: Browser, server: Server) -> None:
    game = new_game(server)
    version = game["version"]
    for _ in range(30):  # Ann's turn through the API up to her activations: Agathon activates and is done
        _, now = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["table"])
        if now["state"]["phase"] == "activation":
            break
        version = command(server, game, version, {"type": "advance"})
    version = command(server, game, version, {"type": "activate", "model": "p1-agathon"})
    command(server, game, version, {"type": "end_activation", "model": "p1-agathon"})

    page = open_table(browser, server, game, LANDSCAPE)
    ann = page.get_by_role("region", name="Ann", exact=True)
    expect(tile(ann, "Agathon")).to_contain_text("Done this turn")
    for side in (ann, page.get_by_role("region", name="Bob", exact=True)):  # the Guardians' cards, webs and all
        tile(side, "Guardian of Souls").click()
        expect(side.get_by_role("group", name="Guardian of Souls", exact=True)).to_be_visible()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("window.scrollY > 150")  # the cards are far below the top
    guide = page.get_by_role("region", name="Control phase guide")
    for _ in range(10):
        if "Bob's turn" in turn_bar(page).inner_text():
            break
        tap_next(page)
    expect(turn_bar(page)).to_contain_text("Bob's turn")
    expect(guide).to_be_in_viewport(ratio=1)
    expect(tile(ann, "Agathon")).not_to_contain_text("Done this turn")
