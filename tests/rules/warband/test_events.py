"""Doc 004, "Event Tokens": an event token under a picked-up treasure token is revealed: an event (a d20 on the
campaign sheet; from then on neutral units act at the start of the triggering player's turn) or the Plague (a
Plague check)."""

from __future__ import annotations

from models.rules.warband.treasure import PickUp
from tests.rules.warband.game import BOSS, THUG, WITCH, Game, setup_command


def test_an_event_token_triggers_an_event_with_the_d20_and_the_sheet() -> None:
    """Doc 004 "Event Tokens" (Treasure step): the players' d20 and the campaign sheet's words are kept."""
    game = Game()
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG, under="event", event_roll=7, event_text="  Rats   swarm "))
    (event,) = game.board.events
    assert (event.seat, event.roll, event.text, event.neutrals_on_board) == (1, 7, "Rats swarm", True)
    assert "An event! Bob triggered it (d20 7): Rats swarm." in game.texts()


def test_an_event_needs_the_d20_result() -> None:
    """Doc 004 "Event Tokens": roll a d20: the app asks for it, 1 to 20."""
    game = Game()
    game.to_bobs_treasure_step()
    game.refused(PickUp(unit=THUG, under="event"), "event.roll")
    game.refused(PickUp(unit=THUG, under="event", event_roll=21), "event.roll")


def test_the_event_description_has_a_length_limit() -> None:
    """Doc 004 "Event Tokens" (Treasure step): typed text is bounded; nothing changes when refused."""
    game = Game()
    game.to_bobs_treasure_step()
    game.refused(PickUp(unit=THUG, under="event", event_roll=3, event_text="x" * 201), "name.too_long")


def test_the_plague_calls_for_a_plague_check() -> None:
    """Doc 004 "Event Tokens" (Treasure step): the Plague means a Plague check, recorded pass or fail."""
    game = Game()
    game.to_bobs_treasure_step()
    game.refused(PickUp(unit=THUG, under="plague"), "plague.result_needed")
    game.do(PickUp(unit=THUG, under="plague", plague_passed=True))
    assert "The Plague! Thug passes its Plague check." in game.texts()
    assert game.board.events == ()


def test_known_event_tokens_run_out() -> None:
    """Event tokens lie under some treasure tokens: when the players said how many, no more can be found."""
    game = Game(setup_command(event_tokens=1))
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG, under="plague", plague_passed=False))
    assert game.board.hidden_events == 0
    game.refused(PickUp(unit=WITCH, under="event", event_roll=5), "event.none_left")
    game.do(PickUp(unit=BOSS))  # nothing under it: fine
