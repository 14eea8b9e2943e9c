"""A table's result and its provenance (models/rules/tournament/table_results.py): a report waits for the opponent, a
dispute goes to the organiser, and the organiser's entry counts over everything. Steamroller games have a winner and
three tiebreakers (../shared/reference/README.md "Steamroller 2019 figures")."""

from __future__ import annotations

import pytest

from models.rules import RuleViolation
from models.rules.tournament.table_results import (
    Provenance,
    Report,
    ReportStatus,
    Score,
    Settled,
    accept,
    answer,
    check_score,
    report,
    settled,
)

WIN = Score(winner=0, how="scenario", control_points=(5, 2), destroyed=(40, 25), elements=(0, 3))
OTHER = Score(winner=1, how="assassination", control_points=(1, 2), destroyed=(10, 30))


def code(call: object, *args: object) -> str:
    with pytest.raises(RuleViolation) as refusal:
        call(*args)  # type: ignore[operator]
    return refusal.value.code


def test_a_steamroller_game_has_a_winner_so_a_draw_is_refused_where_the_format_has_none() -> None:
    draw = Score(winner=None, how="tiebreakers")
    assert code(check_score, draw) == "report.draw"
    check_score(draw, True)  # a format with draws takes it


def test_a_result_says_how_the_game_was_won() -> None:
    assert code(check_score, Score(winner=0, how="luck")) == "report.how"
    for how in ("assassination", "scenario", "deathclock", "concession", "tiebreakers"):
        check_score(Score(winner=0, how=how, control_points=(1, 0)))


def test_numbers_are_tiebreakers_in_range_army_points_in_halves() -> None:
    assert code(check_score, Score(winner=0, how="concession", control_points=(-1, 0))) == "report.control_points"
    assert code(check_score, Score(winner=0, how="concession", destroyed=(10.25, 0))) == "report.army_points"
    check_score(Score(winner=0, how="concession", destroyed=(10.5, 0)))


def test_a_scenario_win_goes_to_the_player_ahead_on_control_points() -> None:
    assert code(check_score, Score(winner=1, how="scenario", control_points=(5, 2))) == "report.scenario_behind"


def test_a_steamroller_scenario_win_is_five_control_points_ahead() -> None:
    """doc 002 "Game Ending": a scenario win is 5 points up (reference README "Steamroller 2019 figures": a lead of
    5 control points wins at once); the event gives the lead its round's scenario needs."""
    assert code(check_score, Score(winner=0, how="scenario", control_points=(3, 1)), False, 5) == \
        "report.scenario_lead"
    check_score(Score(winner=0, how="scenario", control_points=(6, 1)), False, 5)
    check_score(Score(winner=0, how="tiebreakers", control_points=(3, 1)), False, 5)  # decided at time
    check_score(Score(winner=0, how="scenario", control_points=(3, 1)))  # an organiser's own scenario


def test_the_organiser_accepts_a_waiting_or_disputed_report_as_it_stands() -> None:
    waiting = report(None, 0, WIN, None)
    assert settled(None, accept(waiting), None) == Settled(WIN, Provenance.CONFIRMED)
    assert settled(None, accept(answer(waiting, 1, False)), None) == Settled(WIN, Provenance.CONFIRMED)
    assert code(accept, None) == "report.none"
    assert code(accept, answer(waiting, 1, True)) == "report.answered"


def test_a_report_waits_for_the_opponent_who_confirms_it() -> None:
    made = report(None, 0, WIN, None)
    assert made.status is ReportStatus.REPORTED and settled(None, made, None) is None
    confirmed = answer(made, 1, True)
    assert settled(None, confirmed, None) == Settled(WIN, Provenance.CONFIRMED)


def test_the_reporter_cannot_confirm_their_own_report() -> None:
    assert code(answer, report(None, 0, WIN, None), 0, True) == "report.own"
    assert code(answer, None, 1, True) == "report.none"


def test_a_disputed_report_goes_to_the_organiser_and_counts_for_nothing() -> None:
    disputed = answer(report(None, 0, WIN, None), 1, False)
    assert disputed.status is ReportStatus.DISPUTED and settled(None, disputed, None) is None
    assert code(report, disputed, 0, WIN, None) == "report.disputed"
    assert code(answer, disputed, 1, True) == "report.answered"
    assert settled(None, disputed, OTHER) == Settled(OTHER, Provenance.ORGANISER)


def test_the_reporter_may_change_their_report_until_it_is_answered_the_opponent_may_not() -> None:
    made = report(None, 0, WIN, None)
    assert report(made, 0, OTHER, None).score == OTHER
    assert code(report, made, 1, OTHER, None) == "report.pending"


def test_a_game_played_in_the_app_has_its_own_result_and_takes_no_report() -> None:
    played = Settled(WIN, Provenance.PLAYED)
    assert settled(WIN, None, None) == played
    assert code(report, None, 1, OTHER, played) == "report.settled"


def test_the_organisers_entry_counts_over_the_game_and_a_confirmed_report() -> None:
    confirmed = Report(by=0, status=ReportStatus.CONFIRMED, score=WIN)
    assert settled(WIN, confirmed, OTHER) == Settled(OTHER, Provenance.ORGANISER)
    assert settled(OTHER, confirmed, None) == Settled(WIN, Provenance.CONFIRMED)
