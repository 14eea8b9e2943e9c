"""Doc 004, "Recover Step": the current player's units recover one step, Stunned to Dazed to Staggered to normal;
and recording conditions and incapacitation during the turn."""

from __future__ import annotations

import pytest

from models.rules.warband.conditions import MEANING, Incapacitate, SetCondition
from tests.rules.warband.game import BOSS, CAPTAIN, SISTER, THUG, WITCH, Game


@pytest.mark.parametrize(("before", "after"), [("stunned", "dazed"), ("dazed", "staggered"),
                                               ("staggered", "normal")])
def test_recover_step_lightens_each_condition_one_step(before: str, after: str) -> None:
    """Doc 004 "Recover Step"."""
    game = Game()
    game.do(SetCondition(unit=BOSS, condition=before))
    game.next()  # Bob's upkeep
    assert game.unit(BOSS).condition == after
    assert f"Recover: Boss goes from {before.capitalize()} to {after.capitalize()}." in game.texts()


def test_recover_step_touches_only_the_current_players_units() -> None:
    """Doc 004 "Recover Step": units of the current player's turn."""
    game = Game()
    game.do(SetCondition(unit=CAPTAIN, condition="stunned"), SetCondition(unit=BOSS, condition="stunned"))
    game.next()
    assert game.unit(CAPTAIN).condition == "stunned" and game.unit(BOSS).condition == "dazed"


def test_incapacitated_units_do_not_recover() -> None:
    """Doc 004 "Recover Step" is how units avoid incapacitation; an incapacitated unit stays so."""
    game = Game()
    game.do(SetCondition(unit=BOSS, condition="stunned"), Incapacitate(unit=BOSS))
    game.next()
    assert game.unit(BOSS).presence == "incapacitated"
    assert "Recover: none of Bob's units needs to recover." in game.texts()


def test_each_condition_is_explained_in_our_words() -> None:
    """Doc 004 "Recover Step" describes Stunned, Dazed and Staggered: the app shows what each means."""
    game = Game()
    game.do(SetCondition(unit=WITCH, condition="dazed"))
    assert set(MEANING) == {"stunned", "dazed", "staggered", "normal"}
    assert MEANING["dazed"] in game.texts()


def test_setting_the_same_condition_again_is_refused() -> None:
    """Doc 004 "Recover Step": a unit has one condition at a time."""
    game = Game()
    game.refused(SetCondition(unit=THUG, condition="normal"), "condition.same")


def test_an_incapacitated_unit_takes_no_condition() -> None:
    """Doc 004 "Recover Step": conditions are for units still standing."""
    game = Game()
    game.do(Incapacitate(unit=SISTER))
    game.refused(SetCondition(unit=SISTER, condition="stunned"), "unit.incapacitated")
    game.refused(Incapacitate(unit=SISTER), "unit.incapacitated")


def test_an_unknown_unit_is_refused() -> None:
    """Bad input changes nothing."""
    game = Game()
    game.refused(SetCondition(unit="p9-9", condition="stunned"), "model.unknown")
