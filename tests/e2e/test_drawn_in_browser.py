"""A spectator's browser draws each damage track from its box data (static/damage.js) exactly as the table page's
server draws it (models/service/views/drawings.py): the same SVG, mark for mark, for a grid, a colossal's two grids,
a spiral, a gargantuan's two spirals, a web and a row of boxes, and a description holding markup stays text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from playwright.sync_api import Browser

from models.service.views.drawings import describe, describe_sections, draw, grid_label

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

JACK = ("......", ".L..L.", "..M...", "..C...", ".A..A.", "......")  # six columns, read top to bottom
COLOSSAL = (*JACK, *(c.replace("L", "R") for c in JACK))
BRANCHES = ("..B..", "..S.-.", ".M....")


def shapes() -> list[dict[str, Any]]:
    jack_marks = (6, 2, 0, 0, 1, 3)
    spiral_marks = (1, 0, 5)
    heads = ["1-2 Mind", "3-4 Body", "5-6 Spirit"]
    names = ("Mind branch", "Body branch", "Spirit branch")
    return [
        {"kind": "grid", "columns": list(JACK), "sides": 1, "marks": list(jack_marks),
         "label": grid_label(JACK, jack_marks, ("Left arm",), 1)},
        {"kind": "grid", "columns": list(COLOSSAL), "sides": 2, "marks": [5, 5, 5, 5, 4, 4, 0, 0, 0, 3, 0, 0],
         "label": grid_label(COLOSSAL, (5, 5, 5, 5, 4, 4, 0, 0, 0, 3, 0, 0), (), 2)},
        {"kind": "spiral", "branches": list(BRANCHES), "heads": heads, "marks": list(spiral_marks),
         "label": describe_sections("spiral", names, (5, 5, 6), spiral_marks, ("Body",))},
        {"kind": "spiral", "branches": list(BRANCHES * 2), "heads": [f"{s} {h}" for s in "LR" for h in heads],
         "marks": [1, 0, 5, 0, 0, 2], "label": "Damage spiral: <b>&'\" left and right"},
        {"kind": "web", "sizes": [30, 16, 10], "marks": [30, 3, 0], "label": describe((30, 16, 10), (30, 3, 0), True)},
        {"kind": "web", "sizes": [8, 4, 2], "marks": [0, 0, 0], "label": describe((8, 4, 2), (0, 0, 0), True)},
        {"kind": "boxes", "sizes": [25], "marks": [7], "label": describe((25,), (7,), False)},
        {"kind": "boxes", "sizes": [1], "marks": [0], "label": describe((1,), (0,), False)},
    ]


def test_the_browser_draws_every_kind_of_track_as_the_server_does(browser: Browser, server: Server) -> None:
    page = browser.new_context().new_page()
    assert page.goto(server.url("/")).status == 200
    drawn = page.evaluate("async (shapes) => { const draw = (await import('/static/damage.js')).default;"
                          " return shapes.map(draw); }", shapes())
    assert drawn == [draw(s) for s in shapes()]
    assert "&lt;b&gt;&amp;&#x27;&quot;" in drawn[3] and "<b>" not in drawn[3]  # a description is text, never markup
