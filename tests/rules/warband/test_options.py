"""What a unit may do now and why not (models/rules/core.py `options`): the reason is the rule's own refusal."""

from __future__ import annotations

from models.rules import options
from models.rules.core import DERIVED
from models.rules.warband.conditions import Incapacitate
from models.rules.warband.treasure import PickUp
from tests.rules.warband.game import CAPTAIN, HOUND, SISTER, THUG, WOLF, Game


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


def test_derived_rout_numbers_come_first() -> None:
    """Doc 004 "Rout Step": units lost + treasure held by the opponent against 6, and the Morale the check uses
    (the highest among heroes still standing: the Sister's 9, then the Captain's 7 once she is out)."""
    game = Game()
    first = options(game.state, CAPTAIN)[0]
    assert (first.action, first.allowed) == (DERIVED, False)
    assert first.values == {"rout:lost": 0, "rout:held": 0, "rout:total": 0, "rout:at": 6, "rout:morale": 9}
    game.do(Incapacitate(unit=SISTER))
    assert options(game.state, HOUND)[0].values == {"rout:lost": 1, "rout:held": 0, "rout:total": 1, "rout:at": 6,
                                                    "rout:morale": 7}
    game.do(Incapacitate(unit=CAPTAIN))
    assert "rout:morale" not in (options(game.state, HOUND)[0].values or {})
