"""Doc 004, "Ongoing Spells Step": each ongoing spell of the current player's casters needs a Morale check; a pass
keeps it, a fail ends it."""

from __future__ import annotations

from models.rules.warband.conditions import Incapacitate
from models.rules.warband.phases import Next
from models.rules.warband.spells import EndSpell, SpellCheck, StartSpell
from tests.rules.warband.game import CAPTAIN, SISTER, WITCH, Game


def to_ann_spells_step(game: Game) -> None:
    """Sister starts two spells in Ann's first turn; Bob's turn passes; Ann's round-2 upkeep reaches the step."""
    game.do(StartSpell(unit=SISTER, spell="Ward"), StartSpell(unit=SISTER, spell="Mist"))
    game.next(3)  # Bob: treasure, rest of turn; Ann round 2: treasure
    game.next()
    assert game.where() == (2, 0, "upkeep", "spells")


def test_spells_step_is_skipped_without_ongoing_spells() -> None:
    """Doc 004 "Ongoing Spells Step": nothing to check, nothing to hold."""
    game = Game()
    assert "Ongoing spells: Ann has none to check." in [e.text for e in game.events]


def test_a_passed_check_keeps_the_spell() -> None:
    """Doc 004 "Ongoing Spells Step"."""
    game = Game()
    to_ann_spells_step(game)
    game.do(SpellCheck(unit=SISTER, spell="Ward", passed=True, roll=5))
    assert game.unit(SISTER).spells == ("Ward", "Mist")
    assert "Sister's Morale check for Ward passed (rolled 5): it stays in effect." in game.texts()


def test_a_failed_check_ends_the_spell() -> None:
    """Doc 004 "Ongoing Spells Step"."""
    game = Game()
    to_ann_spells_step(game)
    game.do(SpellCheck(unit=SISTER, spell="Mist", passed=False))
    assert game.unit(SISTER).spells == ("Ward",)


def test_every_ongoing_spell_is_checked_before_the_turn_goes_on() -> None:
    """Doc 004 "Ongoing Spells Step": each ongoing spell needs its check."""
    game = Game()
    to_ann_spells_step(game)
    game.do(SpellCheck(unit=SISTER, spell="Mist", passed=True))
    error = game.refused(Next(), "spells.check_due")
    assert "Ward (Sister)" in error.message
    game.do(SpellCheck(unit=SISTER, spell="Ward", passed=True))
    game.next()
    assert game.where() == (2, 0, "play", "play")


def test_a_spell_is_checked_once_a_turn() -> None:
    """Doc 004 "Ongoing Spells Step": one check per spell per step."""
    game = Game()
    to_ann_spells_step(game)
    game.do(SpellCheck(unit=SISTER, spell="Ward", passed=True))
    game.refused(SpellCheck(unit=SISTER, spell="Ward", passed=True), "spell.checked")


def test_only_the_current_players_spells_are_checked() -> None:
    """Doc 004: the current player's casters."""
    game = Game()
    game.next()  # Bob's round-1 turn, rest of it
    game.next()
    game.do(StartSpell(unit=WITCH, spell="Hex"))
    game.next()  # Ann's round 2, at her Treasure step
    game.next()  # Ann has no spells: straight to the rest of her turn
    assert game.where() == (2, 0, "play", "play")
    game.state = game.state.model_copy(update={"phase": "upkeep", "step": "spells"})
    game.refused(SpellCheck(unit=WITCH, spell="Hex", passed=True), "turn.not_yours")


def test_an_incapacitated_casters_spells_wait_for_no_check() -> None:
    """Doc 004 "Ongoing Spells Step" is silent on fallen casters: only casters standing are asked."""
    game = Game()
    game.do(StartSpell(unit=SISTER, spell="Ward"), Incapacitate(unit=SISTER))
    game.next(4)
    assert game.where() == (2, 0, "play", "play")


def test_only_casters_start_spells_and_only_in_the_rest_of_the_turn() -> None:
    """Doc 004 "Ongoing Spells Step" concerns casters' spells, cast in the rest of the turn."""
    game = Game()
    game.refused(StartSpell(unit=CAPTAIN, spell="Ward"), "spell.not_caster")
    game.do(StartSpell(unit=SISTER, spell="Ward"))
    game.refused(StartSpell(unit=SISTER, spell="Ward"), "spell.already_ongoing")
    game.next()
    game.refused(StartSpell(unit=WITCH, spell="Hex"), "step.wrong")


def test_a_spell_ends_when_the_players_say() -> None:
    """Doc 004 "Ongoing Spells Step": a spell may also end at the table."""
    game = Game()
    game.refused(EndSpell(unit=SISTER, spell="Ward"), "spell.unknown")
    game.do(StartSpell(unit=SISTER, spell="Ward"), EndSpell(unit=SISTER, spell="Ward"))
    assert game.unit(SISTER).spells == ()
