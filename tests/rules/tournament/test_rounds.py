"""A round's lifecycle (models/rules/tournament/rounds.py), after Steamroller practice: the organiser may fix a pairing
before announcing it; an announced round is played and reported; once the next round is paired, a round's results stand
and only the organiser corrects one."""

from __future__ import annotations

import pytest

from models.rules import RuleViolation
from models.rules.tournament.rounds import ALLOWED, Act, Stage, check, check_pair_next, stage


def refused(at: Stage, act: Act) -> str:
    with pytest.raises(RuleViolation) as refusal:
        check(at, act, 2)
    return refusal.value.code


def test_a_round_goes_drafted_published_playing_closed() -> None:
    assert stage(published=False, started=False, next_paired=False) is Stage.DRAFTED
    assert stage(published=True, started=False, next_paired=False) is Stage.PUBLISHED
    assert stage(published=True, started=True, next_paired=False) is Stage.PLAYING
    assert stage(published=True, started=True, next_paired=True) is Stage.CLOSED


def test_a_drafted_round_may_be_fixed_before_it_is_announced() -> None:
    for act in (Act.SWAP, Act.REPAIR, Act.PUBLISH, Act.DELETE):
        check(Stage.DRAFTED, act, 2)
    assert refused(Stage.DRAFTED, Act.PLAY) == "round.not_published"
    assert refused(Stage.DRAFTED, Act.REPORT) == "round.not_published"


def test_an_announced_round_keeps_its_pairings() -> None:
    assert refused(Stage.PUBLISHED, Act.SWAP) == "round.published"
    assert refused(Stage.PLAYING, Act.REPAIR) == "round.published"


def test_an_announced_round_is_deleted_only_until_a_game_starts() -> None:
    check(Stage.PUBLISHED, Act.DELETE, 2)
    assert refused(Stage.PLAYING, Act.DELETE) == "round.started"


def test_a_closed_round_takes_only_the_organisers_correction() -> None:
    check(Stage.CLOSED, Act.CORRECT, 2)
    for act in (Act.PLAY, Act.REPORT, Act.DELETE, Act.SWAP, Act.PAIR_NEXT):
        assert refused(Stage.CLOSED, act) == "round.closed"


def test_the_organiser_corrects_a_result_at_any_stage_a_game_can_have_one() -> None:
    assert {s for s, acts in ALLOWED.items() if Act.CORRECT in acts} == {Stage.PUBLISHED, Stage.PLAYING,
                                                                           Stage.CLOSED}


def test_the_next_round_waits_for_every_table_and_names_those_still_playing() -> None:
    check_pair_next(Stage.PLAYING, 1, [])
    with pytest.raises(RuleViolation) as refusal:
        check_pair_next(Stage.PLAYING, 1, [4, 2])
    assert refusal.value.code == "round.unfinished"
    assert "tables 2, 4" in refusal.value.message
    with pytest.raises(RuleViolation, match="table 3:"):
        check_pair_next(Stage.PLAYING, 1, [3])
