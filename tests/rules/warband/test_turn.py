"""Setting a warband game up and the shape of a turn: doc 004, "Upkeep Phase" (its steps, in order, at the start
of every turn), players alternating turns."""

from __future__ import annotations

import pytest

from models.rules import GameState, RuleViolation, apply
from models.rules.warband.conditions import SetCondition
from models.rules.warband.phases import UPKEEP, Next
from models.rules.warband.setup import SetupWarband, UnitEntry, Warband
from models.rules.warband.treasure import PickUp
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import SetupGame, Side
from tests.rules.warband.game import ANN_UNITS, BOB_UNITS, CAPTAIN, Game, setup_command


def _refused_setup(command: SetupWarband, code: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        apply(GameState(), command)
    assert caught.value.code == code


def _with_units(ann: tuple[UnitEntry, ...], **kw: object) -> SetupWarband:
    return setup_command().model_copy(update={"sides": (Warband(player="Ann", units=ann),
                                                       Warband(player="Bob", units=BOB_UNITS)), **kw})


def test_upkeep_has_the_five_listed_steps_in_order() -> None:
    """Doc 004 "Upkeep Phase" says four steps but lists five: Neutrals, Rout, Recover, Treasure, Ongoing Spells."""
    assert [s.key for s in UPKEEP] == ["neutrals", "rout", "recover", "treasure", "spells"]


def test_a_turn_begins_with_the_upkeep_steps_in_order() -> None:
    """Doc 004 "Upkeep Phase": each step runs in order at the start of the first player's turn, then the rest of the
    turn (nothing in the first turn holds the players)."""
    game = Game()
    kinds = [e.kind for e in game.events]
    assert kinds == ["setup", "turn.start", "neutrals.skipped", "rout.none", "recover.none", "treasure.skipped",
                     "spells.none", "phase.play"]
    assert game.where() == (1, 0, "play", "play")
    assert game.state.system == "warband" and game.state.title == "Ruins at dusk"


def test_players_alternate_turns_and_a_round_ends_with_the_second() -> None:
    """Doc 004 "Upkeep Phase": every turn, whoever's, begins with the upkeep; rounds count from the first player."""
    game = Game(setup_command(first=1))
    assert game.where()[:2] == (1, 1)
    game.next()
    assert game.where() == (1, 0, "upkeep", "treasure")
    game.next(2)
    assert game.where() == (2, 1, "upkeep", "treasure")  # only the first player's first turn skips it


def test_a_command_of_another_step_is_refused() -> None:
    """Doc 004 "Treasure Step": picking up belongs to that step, not to the rest of the turn."""
    game = Game()
    error = game.refused(PickUp(unit=CAPTAIN), "step.wrong")
    assert "Treasure step" in error.message


def test_commands_refuse_a_game_not_set_up() -> None:
    """Every warband command needs a warband game."""
    with pytest.raises(RuleViolation) as caught:
        apply(GameState(), Next())
    assert caught.value.code == "game.not_set_up"


def test_a_warmachine_game_refuses_warband_commands_and_the_other_way_round() -> None:
    """One system per game (models/rules/core.py)."""
    warmachine, _ = apply(GameState(), SetupGame(title="x", cards={}, sides=(Side(player="A", army=()),
                                                                               Side(player="B", army=()))))
    with pytest.raises(RuleViolation) as caught:
        apply(warmachine, Next())
    assert caught.value.code == "command.other_system"
    game = Game()
    game.refused(Advance(), "command.other_system")


def test_setup_twice_is_refused() -> None:
    """One setup per game."""
    game = Game()
    game.refused(setup_command(), "setup.done")


def test_setup_hero_needs_morale() -> None:
    """Heroes have the Morale stat the rout check reads (doc 004 "Rout Step")."""
    _refused_setup(_with_units((UnitEntry(name="Captain", hero=True),)), "setup.morale_missing")


def test_setup_refuses_morale_on_a_unit_that_is_no_hero() -> None:
    """Doc 004 "Rout Step" reads heroes' Morale: only heroes carry it here."""
    _refused_setup(_with_units((UnitEntry(name="Thug", morale=5),)), "setup.morale_not_hero")


def test_setup_refuses_morale_out_of_range() -> None:
    """Bad input is refused with a clear message."""
    _refused_setup(_with_units((UnitEntry(name="Captain", hero=True, morale=500),)), "setup.morale_range")


def test_setup_refuses_two_units_of_one_name() -> None:
    """Players tell their units apart by name on the table and in the log."""
    _refused_setup(_with_units((UnitEntry(name="Thug"), UnitEntry(name="thug "))), "setup.duplicate_name")


def test_setup_refuses_an_empty_warband() -> None:
    """A warband needs units to play."""
    _refused_setup(_with_units(()), "setup.no_models")


def test_setup_refuses_a_unit_name_too_long_or_empty() -> None:
    """Typed names have a length limit."""
    _refused_setup(_with_units((UnitEntry(name="x" * 41),)), "name.too_long")
    _refused_setup(_with_units((UnitEntry(name="   "),)), "name.empty")


def test_setup_refuses_two_players_of_one_name() -> None:
    """The log names players: they must differ."""
    command = setup_command().model_copy(update={"sides": (Warband(player="Ann", units=ANN_UNITS),
                                                           Warband(player="ann", units=BOB_UNITS))})
    _refused_setup(command, "setup.same_players")


def test_setup_refuses_treasure_out_of_range() -> None:
    """Doc 004 "Treasure Step": a count of tokens, bounded against bad input."""
    _refused_setup(setup_command(treasures=-1), "setup.treasures")
    _refused_setup(setup_command(treasures=31), "setup.treasures")


def test_setup_refuses_more_event_tokens_than_treasure_tokens() -> None:
    """Doc 004 "Event Tokens": an event token lies under a treasure token."""
    _refused_setup(setup_command(treasures=2, event_tokens=3), "setup.event_tokens")


def test_the_game_over_refuses_everything() -> None:
    """Doc 004 "Rout Step": after a rout the game is won and over."""
    from models.rules.warband.rout import RoutCheck
    from tests.rules.warband.game import rout_due_for_ann

    game = Game(setup_command(treasures=1))
    rout_due_for_ann(game)
    game.do(RoutCheck(passed=False))
    assert game.state.phase == "over"
    game.refused(Next(), "game.over")
    game.refused(SetCondition(unit=CAPTAIN, condition="stunned"), "game.over")
