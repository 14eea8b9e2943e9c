"""The warband turn line's and "What happens now" panel's answers (models/service/views/warband.py)."""

from models.rules.warband.rout import GrabNearby, RoutCheck
from models.rules.warband.spells import StartSpell
from models.service.views.warband import grab_choice, next_label, next_shown, spells_due, turn_line
from tests.rules.warband.game import BOSS, CAPTAIN, SISTER, WITCH, Game, rout_due_for_ann, setup_command


def routed() -> Game:
    game = Game(setup_command(treasures=3))
    rout_due_for_ann(game)
    game.do(RoutCheck(passed=False))
    return game


def test_next_hands_the_turn_over_in_play_and_finishes_the_step_in_upkeep() -> None:
    game = Game()
    assert next_label(game.state) == "End turn: hand over to Bob" and next_shown(game.state)
    game.next()
    assert next_label(game.state) == "Next: done with Treasure"


def test_next_is_not_on_the_turn_line_during_the_grab_after_a_rout() -> None:
    game = routed()
    assert next_label(game.state) == "Next" and not next_shown(game.state)


def test_the_turn_line_marks_the_current_upkeep_step() -> None:
    game = Game()
    game.next()
    line = turn_line(game.state)
    assert line["round"] == "Round 1" and line["player"] == "Bob's turn" and line["phase"] == "Upkeep: Treasure"
    assert [s["label"] for s in line["steps"] if s["current"]] == ["Treasure"]


def test_the_grab_offers_the_units_of_the_side_choosing_that_may_take_a_token() -> None:
    game = routed()
    game.do(GrabNearby(winner_near=False, loser_near=True))
    assert grab_choice(game.state) == ("Ann", {CAPTAIN: "Captain", SISTER: "Sister"})
    game = routed()
    game.do(GrabNearby(winner_near=True, loser_near=False))
    assert grab_choice(game.state) == ("Bob", {BOSS: "Boss", WITCH: "Witch"})


def test_each_ongoing_spell_waiting_for_its_check_is_named_with_its_caster() -> None:
    game = Game()
    game.do(StartSpell(unit=SISTER, spell="Ward"))
    game.next(4)
    assert spells_due(game.state) == ((SISTER, "Ward", "Ward (Sister)"),)
