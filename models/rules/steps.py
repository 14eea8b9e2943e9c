"""The turn as data, in the same shape for every game system, and the gate every command passes first.

A system's turn is a :class:`StepTable`: phases of steps in order, each step naming the commands it allows, and the
hooks registered on a step by the rules that need them (work done on entering it, checks that hold the turn before
leaving it, checks that say the players have something to decide there). Every command declares its timing where
it is registered (``core.handles``), and the gate reads it:

- ``setup``: sets a game up; refused once the game is set up.
- ``pregame``: the setup wizard (Warlord's pre-game screen), before the first round.
- ``step``: only in a step of the turn that allows it (the step table says which).
- ``anytime``: at any moment of a game under way, whatever the step (damage, effects, moving the turn on).
- ``game``: from setup to the game's end, the wizard included (the clock, cards, conceding).
- ``result``: once the game is over (its final scoring).

A :class:`Hold` interrupts the turn until it is settled (an attack being resolved, the treasure grab after a
rout): while it is on, only the commands it lets through pass.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from models.rules.core import SYSTEM_OF, TIMING_OF, Command, Event, GameState, RuleViolation, Timing

Waits = Literal["always", "never", "when"]
Check = Callable[[GameState], None]
Moves = Callable[[GameState, str, str], tuple[GameState, list[Event]]]
H = TypeVar("H")
F = TypeVar("F")

# Each registered system's step table, by system name (models/rules/system.py fills it).
TABLES: dict[str, StepTable[Any]] = {}
# The phase of a game that is set up but has not begun (Warmachine's setup wizard, Warlord's pre-game screen), and
# of a game that is over.
SETUP = "setup"
OVER = "over"


@dataclass(frozen=True)
class Step:
    """One step of a phase: the commands it allows and when it waits for the players (``always``; ``never``:
    it only does automatic work; ``when`` a check registered on it finds a decision). ``needs`` names the roles
    an army must field for the step to be part of its turn; ``words`` are the step's words for one kind of army
    (Warmachine: ``general``, ``focus``, ``fury``)."""

    key: str
    label: str
    allows: tuple[str, ...] = ()
    waits: Waits = "when"
    needs: tuple[str, ...] = ()
    words: tuple[tuple[str, str], ...] = ()

    def word(self, kind: str) -> str:
        return dict(self.words).get(kind, "")


@dataclass(frozen=True)
class Phase:
    key: str
    label: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Hold:
    """Something that interrupts the turn: ``on`` gives the refusal while it is on (None: it is off), and then
    only ``lets_through`` pass. ``own`` commands exist for it alone: while it is off they are refused with
    ``off`` (a code and a message)."""

    on: Callable[[GameState], RuleViolation | None]
    lets_through: frozenset[str]
    own: frozenset[str] = frozenset()
    off: tuple[str, str] = ("", "")

    def check(self, state: GameState, command_type: str) -> None:
        refusal = self.on(state)
        if refusal is not None and command_type not in self.lets_through:
            raise refusal
        if refusal is None and command_type in self.own:
            raise RuleViolation(*self.off)


def _the_phase(phase: Phase, step: Step) -> str:
    return f"the {phase.label.lower()}"


def _label(state: GameState, step: Step) -> str:
    return step.label


@dataclass
class StepTable(Generic[H]):
    """A game system's turn and what is registered on its steps, keyed by (phase, step).

    ``forward``: how the turn moves into a later step of the same phase when a command of that step arrives
    (None: such a command is refused, the players move the turn on themselves). ``settle``: how the turn moves on
    after a command of a step was applied (a step left with nothing to decide passes; None: it stays).
    ``in_turn``: whether a step is part of the active player's turn (default: every step). ``in_pregame``: whether
    the game's setup is still taking the system's pregame commands (None: it has none). ``where``: a step's place in
    the refusals' words; ``say``: a step's words for the active player (its label, or its ``words`` for the army)."""

    system: str
    phases: tuple[Phase, ...]
    holds: tuple[Hold, ...] = ()
    forward: Moves | None = None
    settle: Callable[[GameState], tuple[GameState, list[Event]]] | None = None
    in_turn: Callable[[GameState, str, Step], bool] | None = None
    in_pregame: Callable[[GameState], bool] | None = None
    where: Callable[[Phase, Step], str] = _the_phase
    say: Callable[[GameState, Step], str] = _label
    enter: dict[tuple[str, str], list[H]] = field(default_factory=dict)
    leave: dict[tuple[str, str], list[Check]] = field(default_factory=dict)
    waits: dict[tuple[str, str], list[Callable[[GameState], bool]]] = field(default_factory=dict)
    turn_start: list[H] = field(default_factory=list)

    # -- registering ----------------------------------------------------------------------------------------

    def on_enter(self, phase: str, step: str) -> Callable[[H], H]:
        """Register the automatic work done when the step begins (hooks run in the order registered)."""
        return self._register(self.enter, phase, step)

    def before_leaving(self, phase: str, step: str) -> Callable[[Check], Check]:
        """Register a check run before the turn leaves the step: it raises RuleViolation to hold the turn."""
        return self._register(self.leave, phase, step)

    def waits_when(self, phase: str, step: str) -> Callable[[Callable[[GameState], bool]],
                                                            Callable[[GameState], bool]]:
        """Register a check saying that the step has something for the active player to decide."""
        return self._register(self.waits, phase, step)

    def on_turn_start(self, fn: H) -> H:
        """Register work done when a player's turn begins, before its first step."""
        self.turn_start.append(fn)
        return fn

    def _register(self, where: dict[tuple[str, str], list[F]], phase: str, step: str) -> Callable[[F], F]:
        self.step(phase, step)  # a hook on a step the table does not have is a mistake: fail on import

        def register(fn: F) -> F:
            where.setdefault((phase, step), []).append(fn)
            return fn

        return register

    # -- reading ---------------------------------------------------------------------------------------------

    def phase(self, key: str) -> Phase:
        return next(p for p in self.phases if p.key == key)

    def step(self, phase: str, step: str) -> Step:
        found = next((s for p in self.phases if p.key == phase for s in p.steps if s.key == step), None)
        if found is None:
            raise KeyError(f"the {self.system} turn has no step {step!r} in a phase {phase!r}")
        return found

    def order(self, state: GameState | None = None) -> list[tuple[str, str]]:
        """The (phase, step) keys of the active player's turn in order (every step without a state)."""
        return [(p.key, s.key) for p in self.phases for s in p.steps
                if state is None or self.in_turn is None or self.in_turn(state, p.key, s)]

    def check_leaving(self, state: GameState) -> None:
        """Run the checks that may hold the turn on its current step."""
        for check in self.leave.get((state.phase, state.step), ()):
            check(state)

    # -- the gate --------------------------------------------------------------------------------------------

    def gate(self, state: GameState, command: Command, timing: Timing) -> tuple[GameState, list[Event]]:
        """Refuse a command whose timing does not fit this moment of the game (nothing changes); a command of a
        later step of the phase moves the turn there first when the table moves ``forward``."""
        if timing == "setup":
            if state.players:
                raise RuleViolation("setup.done", "This game is set up already.")
            return state, []
        if not state.players:
            raise RuleViolation("game.not_set_up", "Set the game up first.")
        if timing == "result":
            if state.phase != OVER:
                raise RuleViolation("result.not_over", "This is counted when the game is over.")
            return state, []
        if state.phase == OVER:
            raise RuleViolation("game.over", "The game is over; nothing more can be done in it.")
        if timing == "pregame":
            if state.phase != SETUP or self.in_pregame is None or not self.in_pregame(state):
                raise RuleViolation("pregame.over", "The game has already begun; setup is over.")
            return state, []
        if state.phase == SETUP and timing != "game":
            raise RuleViolation("game.not_started", "The game has not begun yet: finish setting it up first.")
        for hold in self.holds:
            hold.check(state, command.type)
        if timing != "step":
            return state, []
        return self._to_step(state, command.type)

    def settled(self, state: GameState, timing: Timing) -> tuple[GameState, list[Event]]:
        """After a command was applied: a ``step`` command lets the turn settle (``settle``); others leave it."""
        if timing != "step" or self.settle is None or state.phase in (SETUP, OVER):
            return state, []
        return self.settle(state)

    def _to_step(self, state: GameState, command_type: str) -> tuple[GameState, list[Event]]:
        order = self.order(state)
        here = order.index((state.phase, state.step))
        targets = [i for i, (p, s) in enumerate(order) if command_type in self.step(p, s).allows]
        if not targets:
            if any(command_type in s.allows for p in self.phases for s in p.steps):
                raise RuleViolation("step.not_this_turn",
                                    f"Nothing on {state.player_name(state.active)}'s side does that this turn.")
            raise RuleViolation("step.never", "That cannot be done at this point of the game.")
        if here in targets:
            return state, []
        later = [i for i in targets if i > here and order[i][0] == state.phase]
        if self.forward is None or not later:
            phase, step = order[targets[0]]
            if self.forward is not None and phase == state.phase:
                raise RuleViolation("step.passed", f"The step '{self.say(state, self.step(phase, step))}' is over for "
                                                   "this turn.")
            there = self.where(self.phase(phase), self.step(phase, step))
            now = self.where(self.phase(state.phase), self.step(state.phase, state.step))
            raise RuleViolation("step.wrong", f"That is done in {there}; it is now {now}.")
        events: list[Event] = []
        while here < later[0]:
            self.check_leaving(state)
            here += 1
            state, more = self.forward(state, *order[here])
            events += more
        return state, events


def _name(fn: object) -> str:
    """A hook as a reader finds it: its module in the system's package, then its function."""
    module = getattr(fn, "__module__", "").rsplit(".", 1)[-1]
    return f"{module}.{getattr(fn, '__name__', repr(fn))}"


def describe(table: StepTable[Any]) -> str:
    """The turn as a reader walks it: what runs when a turn begins, then each phase's steps in order with what
    each allows and its hooks in the order they run, then the commands that are not tied to a step."""
    lines = [f"The {table.system} turn (models/rules/{table.system}/phases.py)"]
    if table.turn_start:
        lines.append("When a player's turn begins: " + ", ".join(_name(f) for f in table.turn_start))
    for hold in table.holds:
        lines.append(f"Hold {_name(hold.on)}: while it is on, only {', '.join(sorted(hold.lets_through))}")
    if table.settle is not None:
        lines.append(f"After a command of a step: {_name(table.settle)}")
    for phase in table.phases:
        lines.append(f"{phase.label} ({phase.key})")
        for number, step in enumerate(phase.steps, start=1):
            key = (phase.key, step.key)
            needs = f"; only with {', '.join(step.needs)}" if step.needs else ""
            lines.append(f"  {number}. {step.label} ({step.key or phase.key}; waits: {step.waits}{needs})")
            for what, fns in (("allows", step.allows), ("on entering", table.enter.get(key, ())),
                              ("waits when", table.waits.get(key, ())),
                              ("before leaving", table.leave.get(key, ()))):
                if fns:
                    lines.append(f"     {what}: " + ", ".join(f if isinstance(f, str) else _name(f) for f in fns))
    for timing in ("setup", "pregame", "anytime", "game", "result"):
        names = sorted(t for t, s in SYSTEM_OF.items() if s == table.system and TIMING_OF[t] == timing)
        if names:
            lines.append(f"Timing {timing}: {', '.join(names)}")
    return "\n".join(lines)


def main(table: StepTable[Any], argv: list[str]) -> tuple[str, int]:
    """``python -m models.rules.<system> --steps``: the text to print and the exit status."""
    if argv != ["--steps"]:
        return f"usage: python -m models.rules.{table.system} --steps", 2
    return describe(table), 0
