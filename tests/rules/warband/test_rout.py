"""Doc 004, "Rout Step" and "Voluntarily Routing": units lost + treasure tokens held by the opponent >= 6 calls for
a rout check, a Morale check on the highest Morale of the warband's heroes not incapacitated; a fail routs, the
remaining warband wins."""

from __future__ import annotations

from models.rules.warband.conditions import Incapacitate
from models.rules.warband.phases import Next
from models.rules.warband.rout import RoutCheck, VoluntaryRout
from tests.rules.warband.game import CAPTAIN, SISTER, Game, rout_due_for_ann, setup_command


def test_no_rout_check_under_six() -> None:
    """Doc 004 "Rout Step": 4 lost + 1 held = 5, under 6."""
    game = Game()
    rout_due_for_ann(game, lost=4)
    assert game.where() == (2, 0, "upkeep", "treasure")
    assert "Rout: no check for Ann (4 unit(s) lost + 1 treasure token(s) held by Bob = 5, under 6)." in game.texts()


def test_rout_check_is_due_when_units_lost_plus_opponents_treasure_reach_six() -> None:
    """Doc 004 "Rout Step": 5 lost + 1 held by the opponent = 6."""
    game = Game()
    rout_due_for_ann(game)
    assert game.where() == (2, 0, "upkeep", "rout")
    assert game.board.rout == "due"
    assert "5 unit(s) lost + 1 treasure token(s) held by Bob = 6" in game.texts()


def test_rout_check_uses_the_highest_morale_of_heroes_not_incapacitated() -> None:
    """Doc 004 "Rout Step": Sister (9) is out, so the Captain's 7 is used."""
    game = Game()
    game.do(Incapacitate(unit=SISTER))
    rout_due_for_ann(game, lost=4)
    assert "Morale 7 (Captain" in game.texts()


def test_rout_check_with_no_hero_standing_says_the_rules_are_silent() -> None:
    """Doc 004 "Rout Step" names no Morale when every hero is out: the app says so instead of inventing one."""
    game = Game()
    game.do(Incapacitate(unit=SISTER), Incapacitate(unit=CAPTAIN))
    rout_due_for_ann(game, lost=3)
    assert "no hero of the warband is standing" in game.texts()


def test_the_rout_check_must_be_recorded_before_the_turn_goes_on() -> None:
    """Doc 004 "Rout Step": the warband must make the check."""
    game = Game()
    rout_due_for_ann(game)
    game.refused(Next(), "rout.check_due")


def test_a_passed_rout_check_lets_the_warband_fight_on() -> None:
    """Doc 004 "Rout Step": passed, the warband continues as normal."""
    game = Game()
    rout_due_for_ann(game)
    game.do(RoutCheck(passed=True, roll=4))
    assert "Ann's rout check passed (rolled 4): the warband fights on." in game.texts()
    game.next()
    assert game.where() == (2, 0, "upkeep", "treasure")


def test_a_failed_rout_check_routs_and_the_other_warband_wins() -> None:
    """Doc 004 "Rout Step": all the routing warband's units leave the table; the remaining player wins."""
    game = Game(setup_command(treasures=1))
    rout_due_for_ann(game)  # Bob took the only token: nothing left to grab
    game.do(RoutCheck(passed=False))
    assert game.state.phase == "over"
    assert game.board.winner == 1 and game.board.routed == 0
    assert all(u.presence != "in_play" for u in game.board.side(0))
    assert "Ann's warband routs: Bob wins the game." in game.texts()


def test_the_rout_check_comes_back_every_turn_while_the_sum_stays_at_six() -> None:
    """Doc 004 "Rout Step": checks go on each turn."""
    game = Game()
    rout_due_for_ann(game)
    game.do(RoutCheck(passed=True))
    game.next(5)  # Ann: recover..treasure, rest of turn; Bob: treasure, rest of turn; Ann again
    assert game.where() == (3, 0, "upkeep", "rout")


def test_voluntary_rout_right_after_a_passed_check() -> None:
    """Doc 004 "Voluntarily Routing"."""
    game = Game(setup_command(treasures=1))
    rout_due_for_ann(game)
    game.do(RoutCheck(passed=True))
    game.do(VoluntaryRout())
    assert game.state.phase == "over" and game.board.winner == 1
    assert "Ann chooses to rout." in game.texts()


def test_voluntary_rout_only_after_a_passed_check() -> None:
    """Doc 004 "Voluntarily Routing": immediately after a passed rout check, not before."""
    game = Game()
    rout_due_for_ann(game)
    game.refused(VoluntaryRout(), "rout.not_passed")


def test_rout_check_refused_when_not_due_or_already_made() -> None:
    """Doc 004 "Rout Step": one check, and only when the sum reaches 6."""
    game = Game()
    rout_due_for_ann(game, lost=4)
    game.state = game.state.model_copy(update={"step": "rout"})  # a turn at the rout step with no check due
    game.refused(RoutCheck(passed=True), "rout.not_due")
    game = Game()
    rout_due_for_ann(game)
    game.do(RoutCheck(passed=True))
    game.refused(RoutCheck(passed=True), "rout.already_checked")


def test_a_typed_roll_must_be_a_plausible_number() -> None:
    """Doc 004 "Rout Step": the roll is the players' own; the app only bounds bad input."""
    game = Game()
    rout_due_for_ann(game)
    game.refused(RoutCheck(passed=True, roll=0), "roll.range")
    game.refused(RoutCheck(passed=True, roll=1000), "roll.range")


def test_the_board_keeps_how_the_warband_routed() -> None:
    """Doc 004 "Rout Step" and "Voluntarily Routing": a failed check and a rout by choice both lose the game; the
    result says which."""
    failed = Game(setup_command(treasures=1))
    rout_due_for_ann(failed)
    failed.do(RoutCheck(passed=False))
    chose = Game(setup_command(treasures=1))
    rout_due_for_ann(chose)
    chose.do(RoutCheck(passed=True), VoluntaryRout())
    assert (failed.board.rout_how, chose.board.rout_how) == ("failed_check", "voluntary")
    assert chose.board.winner == 1 and chose.state.phase == "over"
