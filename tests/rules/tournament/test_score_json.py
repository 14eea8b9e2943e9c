"""A table's score is stored in its own shape (models/rules/tournament/table_results.py, ``Score.to_json``): a row
written by any version of the app reads back as the score it was, and the standings count a score as it is."""

from __future__ import annotations

from models.rules.tournament.standings import Finished
from models.rules.tournament.table_results import Score

# A report and an organiser's correction as the app stored them before the score kept its own shape.
STORED = {"winner": 1, "how": "scenario", "control_points": [2, 7], "destroyed": [25.5, 40.0], "elements": [3, 0]}
LOGGED = {**STORED, "provenance": "confirmed", "reported_by": 1}


def test_a_stored_score_reads_back_as_it_was_and_is_stored_the_same_again() -> None:
    score = Score.from_json(STORED)
    assert score == Score(winner=1, how="scenario", control_points=(2, 7), destroyed=(25.5, 40), elements=(3, 0))
    assert score.to_json() == STORED
    assert Score.from_json(LOGGED) == score  # a correction's log carries where it came from beside the score


def test_the_standings_count_a_tables_score_with_its_players_in_the_tables_order() -> None:
    won = Finished.of("ann", "bob", Score(winner=1, how="tiebreakers", control_points=(3, 4), destroyed=(20, 30)))
    assert won == Finished("ann", "bob", "bob", control_points=(3, 4), destroyed=(20, 30))
    assert Finished.of("ann", "bob", Score(winner=None, how="tiebreakers")).winner is None
