"""Doc 004, "Treasure Step": picking tokens up (in contact, no opposing unit within 2", one token a unit, not a
unit that cannot carry), no running while carrying, dropping a token when incapacitated and the engaged
incapacitator taking it; skipped in the first player's first turn."""

from __future__ import annotations

from models.rules import options
from models.rules.warband.conditions import Incapacitate
from models.rules.warband.treasure import NO_RUN, DropTreasure, PickUp
from tests.rules.warband.game import BOSS, CAPTAIN, THUG, WITCH, WOLF, Game, setup_command


def test_treasure_step_is_skipped_in_the_first_players_first_turn() -> None:
    """Doc 004 "Treasure Step", last sentence."""
    game = Game()
    assert "Treasure: skipped in the first player's first turn." in [e.text for e in game.events]


def test_treasure_step_is_skipped_when_no_token_lies_on_the_table() -> None:
    """Doc 004 "Treasure Step": nothing to pick up, nothing to hold."""
    game = Game(setup_command(treasures=0))
    game.next()
    assert game.where() == (1, 1, "play", "play")
    assert "Treasure: no token lies on the table." in game.texts()


def test_a_unit_in_contact_picks_up_a_token() -> None:
    """Doc 004 "Treasure Step"."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG))
    assert game.unit(THUG).carrying and game.board.treasures == 3


def test_any_unit_may_pick_up_in_the_treasure_step() -> None:
    """Doc 004 "Treasure Step" says any unit in contact: not only the current player's."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=CAPTAIN))
    assert game.unit(CAPTAIN).carrying


def test_an_opposing_unit_within_2_prevents_the_pick_up() -> None:
    """Doc 004 "Treasure Step"."""
    game = Game()
    game.to_bobs_treasure_step()
    game.refused(PickUp(unit=THUG, opponent_within_2=True), "treasure.opponent_near")


def test_a_unit_must_be_in_contact_with_the_token() -> None:
    """Doc 004 "Treasure Step": in contact with the token."""
    game = Game()
    game.to_bobs_treasure_step()
    game.refused(PickUp(unit=THUG, in_contact=False), "treasure.not_in_contact")


def test_a_unit_carries_one_token_at_most() -> None:
    """Doc 004 "Treasure Step": units cannot carry multiple tokens."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG))
    game.refused(PickUp(unit=THUG), "treasure.already_carrying")


def test_a_unit_that_cannot_carry_does_not_pick_up() -> None:
    """Doc 004 "Treasure Step": e.g. animals."""
    game = Game()
    game.to_bobs_treasure_step()
    game.refused(PickUp(unit=WOLF), "treasure.cannot_carry")


def test_no_pick_up_when_no_token_is_left() -> None:
    """Doc 004 "Treasure Step"."""
    game = Game(setup_command(treasures=1))
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG))
    game.refused(PickUp(unit=BOSS), "treasure.none_left")


def test_a_unit_carrying_treasure_may_not_run() -> None:
    """Doc 004 "Treasure Step": shown as a greyed Run with the reason."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG))
    run = next(o for o in options(game.state, THUG) if o.action == "run")
    assert not run.allowed and run.reason == NO_RUN and run.code == "treasure.no_run"
    assert next(o for o in options(game.state, BOSS) if o.action == "run").allowed


def test_an_incapacitated_unit_drops_its_token() -> None:
    """Doc 004 "Treasure Step"."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG), Incapacitate(unit=THUG, by=CAPTAIN, engaged=False))
    assert not game.unit(THUG).carrying and game.board.treasures == 4
    assert not game.unit(CAPTAIN).carrying


def test_the_engaged_incapacitator_takes_the_token_at_once() -> None:
    """Doc 004 "Treasure Step": ignoring opponents near the token."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG), Incapacitate(unit=THUG, by=CAPTAIN, engaged=True))
    assert game.unit(CAPTAIN).carrying and game.board.treasures == 3
    assert "Captain was engaged with Thug and takes its treasure token at once." in game.texts()


def test_an_engaged_incapacitator_unable_to_carry_lets_the_token_drop() -> None:
    """Doc 004 "Treasure Step": one token per unit, even for the engaged incapacitator."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG), PickUp(unit=CAPTAIN), Incapacitate(unit=THUG, by=CAPTAIN, engaged=True))
    assert game.board.treasures == 3 and "already carries" in game.texts()


def test_incapacitation_names_another_unit_when_engaged() -> None:
    """Doc 004 "Treasure Step": the engaged unit is the one that caused it."""
    game = Game()
    game.refused(Incapacitate(unit=THUG, engaged=True), "incapacitate.engaged_who")
    game.refused(Incapacitate(unit=THUG, by=THUG, engaged=True), "incapacitate.self")


def test_dropping_a_token_puts_it_back_on_the_table() -> None:
    """Doc 004 "Treasure Step": a dropped token lies on the table again."""
    game = Game()
    game.refused(DropTreasure(unit=WITCH), "treasure.not_carrying")
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=WITCH), DropTreasure(unit=WITCH))
    assert not game.unit(WITCH).carrying and game.board.treasures == 4
