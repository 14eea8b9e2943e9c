"""A game system as the rules know it, declared once (DESIGN.md "A game system is one declared object").

Each system's face (``models.rules.<system>``) builds one :class:`RuleSystem`: its board class, its step table,
its rule modules (their handlers, marked with ``core.handles``), its option provider, its senders, what it
keeps sealed, its setup command, what it asks of the service and what its events need (its tournament hook).
``models/rules/systems.py`` registers the systems, in one place: nothing is registered by importing a rule module.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from models.catalog.schema import Card
from models.rules import core
from models.rules.core import (
    Board,
    Command,
    GameState,
    Handler,
    Option,
    Seal,
    Timing,
    UnknownSystem,
    marked_handler,
)
from models.rules.senders import Sender, declare
from models.rules.steps import TABLES, StepTable
from models.rules.tournament.hook import Tournament


@dataclass(frozen=True)
class Supplies:
    """What the service hands a command that the rules cannot make themselves (they keep no clock and roll no
    dice): the server's time, one d6 rolled by the service, and cards of the site's catalog by key (the keys it
    knows)."""

    now_ms: Callable[[], int]
    roll: Callable[[], int]
    cards: Callable[[Collection[str]], Mapping[str, Card]]


# A system's way of completing a command before it is applied: the state it is sent to, the command, what the
# service supplies; the command to apply (a refusal is a RuleViolation).
Fill = Callable[[GameState, Command, Supplies], Command]


def _as_sent(state: GameState, command: Command, supplies: Supplies) -> Command:
    return command


@dataclass(frozen=True)
class RuleSystem:
    """One game system's rules. ``modules``: its rule modules, with its command handlers (each marked with
    ``core.handles`` for this system) and the hooks they put on its step table when imported; ``fill``: what the
    service adds to a command before it is applied."""

    name: str
    turn: StepTable[Any]
    modules: tuple[ModuleType, ...]
    options: Callable[[GameState, str], tuple[Option, ...]]
    senders: Mapping[str, Sender]
    setup: type[Command]
    board: type[Board] | None = None
    seal: Seal | None = None
    fill: Fill = _as_sent
    tournament: Tournament | None = None  # what an event needs from the system (None: it plays no events)

    def handlers(self) -> dict[str, tuple[type[Command], Handler, Timing]]:
        """The system's command handlers by command type, found in its modules (one handler per type)."""
        found: dict[str, tuple[type[Command], Handler, Timing]] = {}
        for module in self.modules:
            for value in vars(module).values():
                marked = marked_handler(value)
                if marked is None:
                    continue
                cls, system, timing = marked
                if system != self.name:
                    continue  # another system's handler imported into this module: that system registers it
                type_name = cls.model_fields["type"].default
                if type_name in found and found[type_name][1] is not value:
                    raise ValueError(f"{self.name}: two handlers for the command {type_name!r}")
                found[type_name] = (cls, value, timing)
        return found


# The registered systems, by name (models/rules/systems.py registers them).
REGISTERED: dict[str, RuleSystem] = {}


def rule_system(name: str) -> RuleSystem:
    """The system registered as ``name``; :class:`UnknownSystem` when there is none."""
    try:
        return REGISTERED[name]
    except KeyError:
        raise UnknownSystem(name) from None


def tournament_of(name: str) -> Tournament:
    """The tournament hook of the system registered as ``name`` (an event's ``system``); :class:`UnknownSystem`
    when there is none, LookupError when it plays no events."""
    found = rule_system(name).tournament
    if found is None:
        raise LookupError(f"The game system {name!r} declares no tournament: it plays no events.")
    return found


def system_of(command: Command) -> RuleSystem | None:
    """The system whose command ``command`` is (None: no registered system's, which ``apply`` refuses): a new
    game's setup names its system only by its command."""
    name = core.SYSTEM_OF.get(command.type)
    return None if name is None else REGISTERED.get(name)


def register(*systems: RuleSystem) -> Mapping[str, RuleSystem]:
    """Register each system with the core (its board, commands, gate, options, seal) and the senders, once."""
    for system in systems:
        if system.name in REGISTERED:
            raise ValueError(f"the game system {system.name!r} is registered already")
        if system.turn.system != system.name:
            raise ValueError(f"{system.name}: its step table is the {system.turn.system} turn")
        handlers = system.handlers()
        taken = sorted(set(handlers) & set(core.HANDLERS))
        if taken:
            raise ValueError(f"{system.name}: commands of another system: {', '.join(taken)}")
        setup_type = system.setup.model_fields["type"].default
        if handlers.get(setup_type, (None, None, None))[2] != "setup":
            raise ValueError(f"{system.name}: its setup command {setup_type!r} is not handled at setup")
        for type_name, (cls, fn, timing) in handlers.items():
            core.COMMANDS[type_name] = cls
            core.HANDLERS[type_name] = fn
            core.SYSTEM_OF[type_name] = system.name
            core.TIMING_OF[type_name] = timing
        if system.board is not None:
            core.BOARDS[system.name] = system.board
        if system.seal is not None:
            core.SEALS[system.name] = system.seal
        core.GATES[system.name] = system.turn.gate
        core.SETTLES[system.name] = system.turn.settled
        core.OPTION_PROVIDERS[system.name] = system.options
        TABLES[system.name] = system.turn
        declare(dict(system.senders))
        REGISTERED[system.name] = system
    return REGISTERED
