"""Doc 004, "Grabbing Treasure after routing": for each token still on the table, the three cases (winner alone
takes it automatically; loser alone checks Morale; both: the winner checks first, then the loser), units that
cannot carry, events not triggered but Plague checks made."""

from __future__ import annotations

from models.rules.warband import builders
from models.rules.warband.phases import Next
from models.rules.warband.rout import GrabAttempt, GrabNearby, RoutCheck
from models.rules.warband.state import carried_off
from models.rules.warband.treasure import PickUp
from tests.rules.warband.game import BOSS, CAPTAIN, SISTER, THUG, WOLF, Game, rout_due_for_ann, setup_command


def routed(treasures: int = 3, event_tokens: int | None = None) -> Game:
    """Ann failed her rout check in round 2 with treasures - 1 tokens still on the table."""
    game = Game(setup_command(treasures=treasures, event_tokens=event_tokens))
    rout_due_for_ann(game)
    game.do(RoutCheck(passed=False))
    assert game.state.phase == "grab"
    return game


def test_a_rout_starts_a_grab_for_each_token_on_the_table() -> None:
    """Doc 004 "Grabbing Treasure after routing" (Rout step): routing units grab before they leave."""
    game = routed()
    assert game.board.grab is not None and game.board.grab.tokens == 2 and game.board.grab.token == 1
    assert all(u.in_play for u in game.board.side(0) if u.id in (CAPTAIN, SISTER))  # they leave after the grab


def test_winner_alone_within_5_takes_the_token_automatically() -> None:
    """Doc 004, first case."""
    game = routed()
    game.do(GrabNearby(winner_near=True, loser_near=False))
    assert game.board.grab.turn == "winner_auto"
    game.do(GrabAttempt(unit=BOSS))
    assert game.unit(BOSS).carrying and game.board.treasures == 1
    assert game.board.grab.token == 2


def test_an_automatic_grab_takes_no_failed_check() -> None:
    """Doc 004 "Grabbing Treasure after routing", first case: there is no check to fail."""
    game = routed()
    game.do(GrabNearby(winner_near=True, loser_near=False))
    game.refused(GrabAttempt(unit=BOSS, passed=False), "grab.automatic")


def test_loser_alone_within_5_takes_it_only_with_a_morale_check() -> None:
    """Doc 004, second case."""
    game = routed()
    game.do(GrabNearby(winner_near=False, loser_near=True))
    game.refused(GrabAttempt(unit=CAPTAIN), "grab.result_needed")
    game.do(GrabAttempt(unit=CAPTAIN, passed=True, roll=3))
    assert game.unit(CAPTAIN).carrying
    assert "Captain takes the token with a Morale check that passed (rolled 3)." in game.texts()


def test_a_failed_loser_check_leaves_the_token() -> None:
    """Doc 004 "Grabbing Treasure after routing", second case: only a success picks it up."""
    game = routed()
    game.do(GrabNearby(winner_near=False, loser_near=True), GrabAttempt(unit=CAPTAIN, passed=False))
    assert not game.unit(CAPTAIN).carrying and game.board.treasures == 2 and game.board.grab.token == 2


def test_both_within_5_the_winner_checks_first_then_the_loser() -> None:
    """Doc 004, third case."""
    game = routed()
    game.do(GrabNearby(winner_near=True, loser_near=True))
    assert game.board.grab.turn == "winner_check"
    game.refused(GrabAttempt(unit=CAPTAIN, passed=True), "grab.wrong_side")
    game.do(GrabAttempt(unit=BOSS, passed=False))
    assert game.board.grab.turn == "loser_check"
    game.do(GrabAttempt(unit=CAPTAIN, passed=True))
    assert game.unit(CAPTAIN).carrying and not game.unit(BOSS).carrying


def test_a_loser_unit_that_cannot_carry_still_forces_the_winners_check() -> None:
    """Doc 004: losing units unable to pick up still force the winner's Morale check; if it fails, the loser has
    nobody able to try, so the token stays."""
    game = routed()
    for unit_id in (CAPTAIN, SISTER):  # Ann's only units left able to carry take themselves out of it
        game.state = game.state.model_copy(update={"board": game.board.model_copy(update={"units": tuple(
            u.model_copy(update={"carrying": True}) if u.id == unit_id else u for u in game.board.units)})})
    game.do(GrabNearby(winner_near=True, loser_near=True))  # Ann's units near, none able: Bob must still check
    assert game.board.grab.turn == "winner_check"
    game.do(GrabAttempt(unit=BOSS, passed=False))
    assert game.board.grab.token == 2 and game.board.treasures == 2
    assert "The token stays on the table." in game.texts()


def test_no_unit_within_5_leaves_the_token() -> None:
    """Doc 004 "Grabbing Treasure after routing": none of the three cases applies."""
    game = routed()
    game.do(GrabNearby(winner_near=False, loser_near=False))
    assert game.board.grab.token == 2 and game.board.treasures == 2


def test_a_unit_that_cannot_carry_does_not_grab() -> None:
    """Doc 004: the unit taking it must be able to (not an animal)."""
    game = routed()
    game.do(GrabNearby(winner_near=True, loser_near=False))
    game.refused(GrabAttempt(unit=WOLF), "treasure.cannot_carry")


def test_a_unit_already_carrying_does_not_grab() -> None:
    """Doc 004: ... and does not already have a Treasure token."""
    game = routed()
    game.do(GrabNearby(winner_near=True, loser_near=False))
    game.refused(GrabAttempt(unit=THUG), "treasure.already_carrying")


def test_say_where_the_units_stand_first_and_only_once() -> None:
    """Doc 004 "Grabbing Treasure after routing": the case depends on who is within 5"."""
    game = routed()
    game.refused(GrabAttempt(unit=BOSS), "grab.where_first")
    game.do(GrabNearby(winner_near=True, loser_near=False))
    game.refused(GrabNearby(winner_near=True, loser_near=False), "grab.answered")


def test_a_grab_triggers_no_event_but_the_plague_check() -> None:
    """Doc 004: events are not triggered in a grab; Plague checks are."""
    game = routed(event_tokens=2)
    game.do(GrabNearby(winner_near=True, loser_near=False), GrabAttempt(unit=BOSS, under="event"))
    assert game.board.events == () and "triggers no event" in game.texts()
    game.do(GrabNearby(winner_near=False, loser_near=True))
    game.refused(GrabAttempt(unit=CAPTAIN, passed=True, under="plague"), "plague.result_needed")
    game.do(GrabAttempt(unit=CAPTAIN, passed=True, under="plague", plague_passed=False))
    assert "Captain fails its Plague check" in game.texts()


def test_the_grab_ends_the_game_and_the_routed_units_leave() -> None:
    """Doc 004 "Rout Step": all the routing warband's units are removed; the other warband has won."""
    game = routed()
    game.do(GrabNearby(winner_near=False, loser_near=True), GrabAttempt(unit=CAPTAIN, passed=True))
    game.do(GrabNearby(winner_near=False, loser_near=False))
    assert game.state.phase == "over" and game.board.grab is None and game.board.winner == 1
    assert {u.presence for u in game.board.side(0)} == {"routed", "incapacitated"}
    assert game.unit(CAPTAIN).carrying  # it retreats with its token


def test_nothing_else_happens_during_the_grab() -> None:
    """Doc 004 "Rout Step": the routing player takes no more turn; only the grab remains."""
    game = routed()
    game.refused(Next(), "grab.in_progress")
    game.refused(PickUp(unit=BOSS), "grab.in_progress")


def test_grab_commands_need_a_rout() -> None:
    """Doc 004 "Grabbing Treasure after routing": only after a rout."""
    game = Game()
    game.refused(GrabNearby(winner_near=True, loser_near=False), "grab.none")


def test_both_within_5_with_no_winner_able_to_carry_goes_to_the_losers_check() -> None:
    """Doc 004, third case: a winner unable to take the token cannot pass its check, so the loser may try."""
    game = routed()
    game.state = game.state.model_copy(update={"board": game.board.model_copy(update={"units": tuple(
        u.model_copy(update={"carrying": True}) if u.seat == 1 and u.can_carry else u for u in game.board.units)})})
    game.do(GrabNearby(winner_near=True, loser_near=True))
    assert game.board.grab.turn == "loser_check"


def test_each_warband_carries_off_the_tokens_its_units_hold_at_the_end() -> None:
    """Doc 004 "Rout Step" and "Grabbing Treasure after routing": a token grabbed by a routing unit leaves with it,
    the winner keeps what its units hold; an incapacitated unit has dropped its token (the campaign counts what
    each side carried off)."""
    game = routed()
    game.do(GrabNearby(winner_near=False, loser_near=True), GrabAttempt(unit=CAPTAIN, passed=True))
    game.do(GrabNearby(winner_near=False, loser_near=False))
    assert (carried_off(game.board, 0), carried_off(game.board, 1)) == (1, 1)


def test_the_plague_check_is_recorded_only_when_the_plague_lay_under_the_token() -> None:
    """Doc 004: only the Plague asks a check when the token is taken; an answer given for another token is not
    recorded (the builder the web uses)."""
    assert builders.grab_attempt(CAPTAIN, True, 4, "event", False) == GrabAttempt(unit=CAPTAIN, passed=True, roll=4,
                                                                                 under="event")
    assert builders.grab_attempt(CAPTAIN, True, None, "plague", False) == GrabAttempt(
        unit=CAPTAIN, passed=True, under="plague", plague_passed=False)
