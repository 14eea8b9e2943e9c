"""The organiser's round timer (models/rules/tournament/round_timer.py): started at a length, paused and resumed, the
same time left for whoever asks at the same moment."""

from __future__ import annotations

import pytest

from models.rules import RuleViolation
from models.rules.tournament.round_timer import MINUTES_MAX, RoundTimer, pause, resume, start

MIN = 60_000


def test_a_started_timer_counts_down_from_the_rounds_length() -> None:
    timer = start(1, 50, now_ms=1_000)
    assert timer.left(1_000) == 50 * MIN
    assert timer.left(1_000 + 10 * MIN) == 40 * MIN
    assert timer.left(1_000 + 60 * MIN) == 0  # time up: never below nothing


def test_a_paused_timer_keeps_its_time_and_resumes_from_there() -> None:
    paused = pause(start(2, 50, now_ms=0), now_ms=5 * MIN)
    assert not paused.running and paused.left(30 * MIN) == 45 * MIN  # a long pause costs nothing
    resumed = resume(paused, now_ms=30 * MIN)
    assert resumed.running and resumed.left(40 * MIN) == 35 * MIN
    assert resumed.round == 2 and resumed.minutes == 50


def test_pausing_a_paused_timer_or_resuming_a_running_one_changes_nothing() -> None:
    running = start(1, 50, now_ms=0)
    assert resume(running, now_ms=MIN) is running
    paused = pause(running, now_ms=MIN)
    assert pause(paused, now_ms=2 * MIN) is paused


def test_a_timer_survives_being_stored() -> None:
    timer = pause(start(3, 75, now_ms=7), now_ms=MIN)
    assert RoundTimer.from_json(timer.to_json()) == timer
    assert RoundTimer.from_json(None) is None


@pytest.mark.parametrize("minutes", [0, -5, MINUTES_MAX + 1])
def test_a_round_lasts_from_one_minute_to_the_most(minutes: int) -> None:
    with pytest.raises(RuleViolation) as refused:
        start(1, minutes, now_ms=0)
    assert refused.value.code == "event.timer_minutes"
    assert start(1, MINUTES_MAX, now_ms=0).minutes == MINUTES_MAX  # positive control: the edge is allowed


def test_no_timer_before_a_round_is_paired_and_none_to_pause_before_it_starts() -> None:
    with pytest.raises(RuleViolation) as refused:
        start(0, 50, now_ms=0)
    assert refused.value.code == "event.timer_no_round"
    for change in (pause, resume):
        with pytest.raises(RuleViolation) as refused:
            change(None, 0)
        assert refused.value.code == "event.timer_not_started"
