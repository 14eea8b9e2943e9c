"""Doc 004, "Recover Step": a Stunned unit can do nothing at all (a Dazed one may only move, at half speed). The
rule holds on every path where a unit acts: picking treasure up in the Treasure step, taking the token of a unit
it incapacitated, the grab after a rout, casting a spell, and running."""

from __future__ import annotations

from models.rules import options
from models.rules.warband.conditions import Incapacitate, SetCondition
from models.rules.warband.rout import GrabAttempt, GrabNearby, RoutCheck
from models.rules.warband.spells import StartSpell
from models.rules.warband.treasure import PickUp
from tests.rules.warband.game import BOSS, CAPTAIN, SISTER, THUG, WITCH, Game, rout_due_for_ann, setup_command


def option(game: Game, unit: str, action: str):
    return next(o for o in options(game.state, unit) if o.action == action)


def test_a_stunned_unit_does_not_pick_up_treasure() -> None:
    """Doc 004 "Recover Step": Stunned units are unable to do anything; the Treasure step ("any unit in
    contact") is no exception. The greyed button says why."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(SetCondition(unit=CAPTAIN, condition="stunned"))
    refusal = game.refused(PickUp(unit=CAPTAIN), "unit.stunned")
    assert refusal.message == "Captain is Stunned: it cannot pick up treasure."
    assert (option(game, CAPTAIN, "pick_up").allowed, option(game, CAPTAIN, "pick_up").code) == (False,
                                                                                                 "unit.stunned")


def test_a_dazed_or_staggered_unit_still_picks_up_treasure() -> None:
    """Doc 004 "Recover Step" bars a Dazed unit from engaging and fighting, not from the Treasure step
    (positive control of the refusal above)."""
    for condition in ("dazed", "staggered"):
        game = Game()
        game.to_bobs_treasure_step()
        game.do(SetCondition(unit=CAPTAIN, condition=condition), PickUp(unit=CAPTAIN))
        assert game.unit(CAPTAIN).carrying


def test_a_stunned_unit_does_not_take_the_token_of_the_unit_it_incapacitated() -> None:
    """Doc 004 "Treasure Step": the incapacitating unit takes the token when it was engaged, and it must be able
    to; a Stunned unit is not (it cannot engage at all), so the token drops to the table."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG), SetCondition(unit=CAPTAIN, condition="stunned"))
    game.do(Incapacitate(unit=THUG, by=CAPTAIN, engaged=True))
    assert not game.unit(CAPTAIN).carrying and game.board.treasures == 4
    assert "Thug drops its treasure token on the table (Captain is Stunned: it cannot pick up treasure.)." in \
        game.texts()


def test_a_stunned_unit_makes_no_grab_after_a_rout() -> None:
    """Doc 004 "Grabbing Treasure after routing": the unit picking the token up must be able to; a Stunned one
    is not, though a unit near the token still makes the winner check."""
    game = Game(setup_command(treasures=3))
    rout_due_for_ann(game)
    game.do(SetCondition(unit=BOSS, condition="stunned"), RoutCheck(passed=False))
    game.do(GrabNearby(winner_near=True, loser_near=True))
    assert game.board.grab.turn == "winner_check"  # Bob's other units could still take it
    game.refused(GrabAttempt(unit=BOSS, passed=True), "unit.stunned")
    game.do(GrabAttempt(unit=WITCH, passed=True))
    assert game.unit(WITCH).carrying


def test_a_stunned_or_dazed_caster_starts_no_spell() -> None:
    """Doc 004 "Recover Step": Stunned units cannot cast; Dazed units are like Stunned ones but for moving.
    A Staggered caster still casts (with disadvantage)."""
    game = Game()
    for condition in ("stunned", "dazed"):
        game.do(SetCondition(unit=SISTER, condition=condition))
        game.refused(StartSpell(unit=SISTER, spell="Ward"), f"unit.{condition}")
    game.do(SetCondition(unit=SISTER, condition="staggered"), StartSpell(unit=SISTER, spell="Ward"))
    assert game.unit(SISTER).spells == ("Ward",)


def test_a_stunned_unit_cannot_run() -> None:
    """Doc 004 "Recover Step": a Stunned unit cannot move, so it cannot run either (the app does not track
    movement: the option tells the players)."""
    game = Game()
    assert option(game, CAPTAIN, "run").allowed
    game.do(SetCondition(unit=CAPTAIN, condition="stunned"))
    run = option(game, CAPTAIN, "run")
    assert (run.allowed, run.code) == (False, "unit.stunned")
