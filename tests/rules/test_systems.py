"""Each game system is one declared object, registered in one place (DESIGN.md "A game system is one declared
object"): importing a rule module registers nothing, the registry holds the three systems with their board, turn,
options, seal and senders, and a game of an unknown system is an error, never a default system."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from types import ModuleType
from typing import Literal

import pytest

from models.rules import GameState, RuleViolation, options, parse_command, seen_by, warband, warlord, warmachine
from models.rules.core import (
    BOARDS,
    COMMANDS,
    GATES,
    OPTION_PROVIDERS,
    SEALS,
    SETTLES,
    Command,
    Event,
    UnknownSystem,
    handles,
    marked_handler,
)
from models.rules.senders import SENDERS
from models.rules.steps import TABLES
from models.rules.system import REGISTERED, RuleSystem, register, rule_system
from models.rules.systems import SYSTEMS
from tests.rules.warlord.game import new_game


def test_the_three_systems_are_registered_with_everything_they_declare() -> None:
    assert list(SYSTEMS) == ["warmachine", "warlord", "warband"]
    for face in (warmachine, warlord, warband):
        system = face.RULES
        assert rule_system(system.name) is system
        assert TABLES[system.name] is system.turn and GATES[system.name] == system.turn.gate
        assert SETTLES[system.name] == system.turn.settled
        assert OPTION_PROVIDERS[system.name] is system.options
        assert BOARDS.get(system.name) is system.board and SEALS.get(system.name) is system.seal
        assert all(SENDERS[t] is s for t, s in system.senders.items())
        assert set(system.handlers()) == set(system.senders)  # every command it handles has its senders
    assert warlord.RULES.board is not None and warmachine.RULES.seal is not None


class _Knock(Command):
    type: Literal["test_knock"] = "test_knock"


def _a_module_with_a_marked_handler() -> ModuleType:
    module = ModuleType("test_knocks")

    @handles(_Knock, system="knock", timing="anytime")
    def knock(state: GameState, cmd: _Knock) -> tuple[GameState, list[Event]]:
        return state, []

    module.knock = knock  # type: ignore[attr-defined]
    return module


def test_marking_a_handler_registers_nothing_until_its_system_is_registered() -> None:
    module = _a_module_with_a_marked_handler()
    assert "test_knock" not in COMMANDS
    assert parse_command({"type": "warlord_end_turn"}).type == "warlord_end_turn"  # positive control
    with pytest.raises(RuleViolation) as refused:
        parse_command({"type": "test_knock"})
    assert refused.value.code == "command.unknown"
    knock = RuleSystem(name="knock", turn=warlord.RULES.turn, modules=(module,), options=warlord.RULES.options,
                       senders={}, setup=_Knock)
    assert set(knock.handlers()) == {"test_knock"}  # found where the system says its handlers are


def test_a_system_is_registered_once() -> None:
    before = (dict(REGISTERED), dict(COMMANDS))
    with pytest.raises(ValueError, match="registered already"):
        register(warlord.RULES)
    assert (dict(REGISTERED), dict(COMMANDS)) == before


def test_a_game_of_an_unknown_system_is_an_error_not_another_systems_game() -> None:
    game = new_game()
    assert options(game, game.board.figures[0].id)  # positive control: a registered system answers
    assert seen_by(game, 0) is game
    stranger = game.model_copy(update={"system": "chess"})
    with pytest.raises(UnknownSystem, match="'chess'"):
        rule_system("chess")
    with pytest.raises(UnknownSystem, match="'chess'"):
        options(stranger, game.board.figures[0].id)
    with pytest.raises(UnknownSystem, match="'chess'"):
        seen_by(stranger, None)


def test_importing_the_rules_registers_the_systems_from_one_module() -> None:
    assert sys.modules["models.rules.systems"].SYSTEMS is SYSTEMS
    assert dict(SYSTEMS) == REGISTERED


def test_every_handler_of_a_systems_package_is_in_a_module_it_declares() -> None:
    for face in (warmachine, warlord, warband):
        marked = set()
        for info in pkgutil.iter_modules(face.__path__, f"{face.__name__}."):
            module = importlib.import_module(info.name)
            marked |= {name for name, value in vars(module).items()
                       if (mark := marked_handler(value)) is not None and mark[1] == face.RULES.name
                       and getattr(value, "__module__", "") == info.name}
        assert marked, "a package without marked handlers would pass this test"
        assert sorted(h.__name__ for _, h, _ in face.RULES.handlers().values()) == sorted(marked)
