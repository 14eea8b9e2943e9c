"""What a unit may do now and why not (models/rules/core.py `options`): the reason is the rule's own refusal."""

from __future__ import annotations

from models.rules import options
from models.rules.warband.treasure import PickUp
from tests.rules.warband.game import SISTER, THUG, WOLF, Game


def by_action(game: Game, unit_id: str) -> dict[str, tuple[bool, str]]:
    return {o.action: (o.allowed, o.code) for o in options(game.state, unit_id)}


def test_pick_up_is_greyed_outside_the_treasure_step() -> None:
    """Doc 004 "Treasure Step": picking up belongs to that step."""
    game = Game()
    assert by_action(game, THUG)["pick_up"] == (False, "step.wrong")
    game.to_bobs_treasure_step()
    assert by_action(game, THUG)["pick_up"] == (True, "")


def test_pick_up_is_greyed_for_a_unit_that_cannot_carry_or_already_carries() -> None:
    """Doc 004 "Treasure Step"."""
    game = Game()
    game.to_bobs_treasure_step()
    assert by_action(game, WOLF)["pick_up"] == (False, "treasure.cannot_carry")
    game.do(PickUp(unit=THUG))
    assert by_action(game, THUG)["pick_up"] == (False, "treasure.already_carrying")


def test_casters_get_spell_actions_others_do_not() -> None:
    """Doc 004 "Ongoing Spells Step" concerns casters."""
    game = Game()
    assert by_action(game, SISTER)["start_spell"] == (True, "")
    assert "start_spell" not in by_action(game, THUG)
