"""A turn's clock use in the result report's words (models/service/results.py: clock_used)."""

from models.service.results import clock_used


def test_a_turns_clock_use_reads_as_both_players_times():
    assert clock_used({"clock_ms": [245_000, 3_725_000]}) == "4:05 / 1:02:05"


def test_a_game_without_a_clock_says_nothing_of_it():
    assert clock_used({"clock_ms": None}) == ""
