"""An event's sentences are made once (models/service/events/words.py) and read alike on every screen: a table's
result on the event page, a player's phone and the hall screen says how the game was won in the same words."""

from __future__ import annotations

from dataclasses import replace

import pytest

from models.service.events.hall import hall_view
from models.service.events.records import TableResult
from models.service.events.words import HOWS, worded
from tests.service.test_hall_view import event, table

DONE = TableResult(finished=True, winner="b", how="tiebreakers", game_round=5, provenance="organiser",
                   control_points=(3, 4), army_points_destroyed=(20, 30))


@pytest.mark.parametrize("how", sorted(HOWS))
def test_a_result_reads_the_same_on_the_hall_screen_the_event_page_and_a_phone(how: str) -> None:
    done = replace(DONE, how=how)
    view = worded(event(1, (table(1, "a", "b", "g1", done),)))
    words = view.pairings[0].words
    hall = hall_view(view, None, {})["tables"]["1"]["state"]
    assert hall == f"Bob won ({HOWS[how]})"
    assert words.line == f"Ann against Bob: {hall}"  # the event page's table
    assert words.result.startswith(f"{hall}; control points Ann 3, Bob 4")  # a player's "Your result"


def test_a_win_on_tiebreakers_reads_tiebreakers_at_time_on_the_tv_too() -> None:
    view = worded(event(1, (table(1, "a", "b", "g1", DONE),)))
    assert hall_view(view, None, {})["tables"]["1"]["state"] == "Bob won (tiebreakers at time)"
    assert view.pairings[0].words.line == "Ann against Bob: Bob won (tiebreakers at time)"


def test_the_view_carries_its_sentences_once_made() -> None:
    playing = TableResult(finished=False, winner=None, how=None, game_round=2)
    view = worded(event(1, (table(1, "a", "b", "g1", DONE), table(2, "c", "d", "g2", playing),
                            table(3, "e", None))))
    assert view.words.round == "Round 1 of 3" and view.words.tables == "Round 1 tables"
    assert view.words.progress == "Round 1: 1 of 2 tables still playing (table 2)."
    assert [p.words.line for p in view.pairings] == ["Ann against Bob: Bob won (tiebreakers at time)",
                                                    "Cid against Dee: game round 2", "Eve has a bye"]
    assert event(1, ()).words.round == ""  # a view not yet worded has none: the builder gives them
