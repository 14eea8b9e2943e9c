"""The Warlord game turn as data: the activations, then the end phase (doc 003 names both: a model's
"Activation" and the "End Phase" of each "Game Turn").

Each phase lists the commands it allows; a few commands fit any phase (damage, healing and model states arrive
whenever the table says so). ``rule`` registers a handler behind this gate, so a command of the wrong phase is
refused before any rule runs, and every command needs a game that is set up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from models.rules.core import Command, Event, GameState, Handler, RuleViolation, handles
from models.rules.warlord.state import SYSTEM, board


@dataclass(frozen=True)
class Phase:
    key: str
    label: str
    allows: tuple[str, ...]


PHASES: tuple[Phase, ...] = (
    Phase("activations", "Activations", ("warlord_activate", "warlord_action", "warlord_end_activation",
                                         "warlord_end_turn")),
    Phase("end", "End phase", ("warlord_poison_check", "warlord_next_turn")),
)
ANY_TIME = frozenset({"warlord_damage", "warlord_heal", "warlord_add_state", "warlord_remove_state"})


def phase_of(key: str) -> Phase:
    return next(p for p in PHASES if p.key == key)


def gate(state: GameState, command: Command) -> None:
    """Refuse a command that does not belong to the current phase, naming the phase it belongs to."""
    board(state)
    if command.type in ANY_TIME:
        return
    here = phase_of(state.phase)
    if command.type in here.allows:
        return
    there = next(p for p in PHASES if command.type in p.allows)
    raise RuleViolation("phase.wrong", f"That belongs to the {there.label.lower()}; game turn {state.round} is in "
                                       f"its {here.label.lower()} now.")


def rule(cls: type[Command]) -> Callable[[Handler], Handler]:
    """Register a Warlord handler behind the phase gate."""

    def register(fn: Handler) -> Handler:
        def gated(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
            gate(state, command)
            return fn(state, command)

        handles(cls, system=SYSTEM)(gated)
        return fn

    return register
