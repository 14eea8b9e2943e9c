"""Doc 004, "Neutrals Step": it happens only when an event was triggered, its neutral units are still on the board
and it is the triggering player's turn; otherwise it is skipped and the log says why."""

from __future__ import annotations

from models.rules.warband.neutrals import NeutralsGone
from models.rules.warband.treasure import PickUp
from tests.rules.warband.game import THUG, Game


def _bob_triggers_an_event(game: Game, neutrals: bool = True) -> None:
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG, under="event", event_roll=14, event_text="Ghouls rise", neutrals=neutrals))


def test_neutrals_step_is_skipped_when_no_event_was_triggered() -> None:
    """Doc 004 "Neutrals Step", first criterion."""
    game = Game()
    assert "Neutrals: skipped, no event has been triggered." in game.texts()


def test_neutrals_step_is_skipped_in_the_other_players_turn() -> None:
    """Doc 004 "Neutrals Step", third criterion: Bob triggered it, so Ann's turn skips it."""
    game = Game()
    _bob_triggers_an_event(game)
    game.next(2)  # Bob's spells step (none) -> rest of turn -> Ann's turn
    assert game.where()[:2] == (2, 0)
    assert "Neutrals: skipped, Ann triggered no event" in game.texts()


def test_neutrals_act_at_the_start_of_the_triggering_players_turn() -> None:
    """Doc 004 "Neutrals Step" and "Event Tokens": from the trigger on, neutrals act at the start of the
    triggering player's turn, so the turn order becomes Bob, Ann, neutrals."""
    game = Game()
    _bob_triggers_an_event(game)
    game.next(2)  # Bob's turn ends; Ann's round-2 turn stops at its Treasure step
    assert game.where() == (2, 0, "upkeep", "treasure")
    game.next(2)  # Ann: treasure -> (spells: none) rest of turn -> Bob's turn
    assert game.where() == (2, 1, "upkeep", "neutrals")
    assert "the event's neutral units act now (d20 14)" in game.texts()


def test_neutrals_step_is_skipped_once_the_neutrals_left_the_board() -> None:
    """Doc 004 "Neutrals Step", second criterion."""
    game = Game()
    _bob_triggers_an_event(game)
    game.do(NeutralsGone(event=0))
    game.next(4)
    assert game.where() == (2, 1, "upkeep", "treasure")
    assert "no longer on the board" in game.texts()


def test_an_event_without_neutral_units_never_holds_the_turn() -> None:
    """Doc 004 "Neutrals Step", second criterion: the players said the event put no neutrals on the board."""
    game = Game()
    _bob_triggers_an_event(game, neutrals=False)
    game.next(4)
    assert game.where() == (2, 1, "upkeep", "treasure")


def test_neutrals_gone_is_refused_twice_or_for_an_unknown_event() -> None:
    """Doc 004 "Neutrals Step": recording the neutrals leaving needs an event with neutrals."""
    game = Game()
    game.refused(NeutralsGone(event=0), "event.unknown")
    _bob_triggers_an_event(game)
    game.do(NeutralsGone(event=0))
    game.refused(NeutralsGone(event=0), "event.neutrals_gone")
