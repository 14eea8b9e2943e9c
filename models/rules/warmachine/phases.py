"""The Warmachine turn as data (doc 001 "The Infernal Turn", doc 002 "Game Round").

Each phase lists its steps in order; each step names the commands it allows and an optional hook that runs
when the step is entered (the automatic parts of the turn). A command for a later step of the same phase moves
the turn on to that step; a command for a step already passed is refused, so the order of the rules holds.

The order is doc 002's for every caster type, with doc 001's Infernal steps as a subsequence. A step that
``needs`` a role (spirit bond: a warlock; power up: a warjack; frenzy: a warbeast; soul tokens: a master;
allocation: a master or a warcaster) is part of a player's turn only while that player has such a model in
play, so an Infernal turn is exactly doc 001's and a Cygnar or Trollblood turn has no Infernal step. A step's
words follow the active army's type (``label``: infernal masters; ``focus``: warcasters; ``fury``: warlocks;
``general``: a mix).

Each step also says when it waits for the players (``waits``): "always" (activation), "never" (the automatic
parts: excess points, other maintenance effects, soul tokens, power up) or "when" (a check registered with
``waits_when`` finds something to decide, or a check registered with ``before_leaving`` holds the turn).
Moving the turn on passes every step that does not wait, logging it, in the same command: a turn stops only
where a player has a choice. Replay stays exact: the passing happens inside the command.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from models.rules.core import Command, Event, GameState, Handler, RuleViolation, handles

Hook = Callable[[GameState], tuple[GameState, list[Event]]]


@dataclass(frozen=True)
class Step:
    key: str
    label: str
    allows: tuple[str, ...] = ()
    general: str = ""
    needs: tuple[str, ...] = ()
    focus: str = ""
    fury: str = ""
    waits: Literal["always", "never", "when"] = "when"


@dataclass(frozen=True)
class Phase:
    key: str
    label: str
    steps: tuple[Step, ...]


MASTERS = ("infernal_master", "master_infernalist")
TURN_FLOW = 2  # GameState.turn_flow of a new game
# Steps that every army's turn had in turn flow 1 (the ``needs`` they have now came with flow 2).
FLOW_1_EVERY_TURN = frozenset({"souls", "allocate"})

PHASES: tuple[Phase, ...] = (
    Phase("maintenance", "Maintenance", (
        Step("excess", "Remove essence above ESSENCE", general="Remove excess essence, focus and fury",
             waits="never", focus="Remove focus from warjacks and above FOCUS", fury="Remove fury above FURY"),
        Step("continuous", "Continuous effects", ("resolve_continuous",),
             general="Continuous effects: fire and corrosion"),
        Step("other", "Other maintenance effects", waits="never"),
    )),
    Phase("control", "Control", (
        Step("replenish", "Replenish essence: sacrifice or leech",
             ("leech", "sacrifice", "leech_fury", "leech_life"), general="Leech and replenish",
             focus="Warcasters replenish focus", fury="Leech fury"),
        Step("souls", "Soul tokens become essence", needs=MASTERS, waits="never"),
        Step("spirit_bond", "Spirit bond: fury for destroyed warbeasts", ("spirit_bond",),
             needs=("warlock",)),
        Step("power_up", "Power up warjacks", ("skip_power_up",), needs=("warjack",), waits="never"),
        # A warjack out of control range is taken back from power up while focus is allocated, so a warcaster's
        # turn stops once for both.
        Step("allocate", "Allocate essence to horrors", ("allocate", "allocate_focus", "skip_power_up"),
             general="Allocate essence and focus", focus="Allocate focus to warjacks", needs=(*MASTERS, "warcaster")),
        Step("upkeep", "Upkeep spells and shake effects", ("upkeep", "drop_upkeep", "shake"),
             general="Upkeep spells and shake effects"),
        Step("frenzy", "Threshold checks and frenzy", ("threshold_check", "end_frenzy"), needs=("warbeast",)),
        Step("other", "Other control effects", ("shake",)),
    )),
    Phase("activation", "Activation", (
        Step("activate", "Activate every model", (
            "activate", "end_activation", "boost", "buy_attack", "next_attack", "run", "charge",
            "power_attack", "heal", "summon", "feat", "cast", "force",
        ), waits="always"),
    )),
    Phase("end", "End of turn", (
        Step("tithe", "Tithe: each horror pays 1 essence or leaves", ("pay_tithe", "skip_tithe"),
             general="End of turn and tithe", focus="Finish the turn", fury="Finish the turn"),
    )),
)

# Commands that are not tied to a step: damage arrives in any phase (free strikes, the opponent's attacks),
# a card can be completed whenever the app finds a gap, and the turn is moved on by the players.
ANY_TIME = frozenset({
    "mark_damage", "complete_card", "advance", "add_soul_token", "add_effect", "remove_effect",
    "apply_attack_damage", "remove_damage", "assign_arcana", "play_arcana",
    "declare_attack", "attack_roll", "damage_roll", "resolve_disabled", "end_attack",
})
# While an attack is in progress, "any time" abilities wait (doc 002 "Appendix A: Attack Sequence"): only
# the attack's own steps and what records the table (damage, effects, cards) go through.
DURING_ATTACK = frozenset({
    "attack_roll", "damage_roll", "resolve_disabled", "end_attack", "boost", "mark_damage", "remove_damage",
    "add_effect", "remove_effect", "add_soul_token", "complete_card",
})

HOOKS: dict[tuple[str, str], list[Hook]] = {}
# Checks that say a "when" step has something for the players to decide (registered by the rules it holds).
WAITS: dict[tuple[str, str], list[Callable[[GameState], bool]]] = {}
TURN_START: list[Hook] = []
# Checks run before the turn leaves its current step; each raises RuleViolation to hold the turn there.
LEAVE_CHECKS: list[Callable[[GameState], None]] = []


def before_leaving(fn: Callable[[GameState], None]) -> Callable[[GameState], None]:
    """Register a check that may hold the turn on its current step (frenzy checks due, arcana unassigned)."""
    LEAVE_CHECKS.append(fn)
    return fn


def _leave(state: GameState) -> None:
    for check in LEAVE_CHECKS:
        check(state)


def waits_when(phase: str, step: str) -> Callable[[Callable[[GameState], bool]], Callable[[GameState], bool]]:
    """Register a check saying that ``phase``/``step`` has something for the active player to decide."""

    def register(fn: Callable[[GameState], bool]) -> Callable[[GameState], bool]:
        WAITS.setdefault((phase, step), []).append(fn)
        return fn

    return register


def on_enter(phase: str, step: str) -> Callable[[Hook], Hook]:
    """Register the automatic work done when a step begins."""

    def register(fn: Hook) -> Hook:
        HOOKS.setdefault((phase, step), []).append(fn)
        return fn

    return register


def on_turn_start(fn: Hook) -> Hook:
    """Register work done when a player's turn begins, before the maintenance phase."""
    TURN_START.append(fn)
    return fn


def phase_of(key: str) -> Phase:
    return next(p for p in PHASES if p.key == key)


def label(state: GameState) -> str:
    """The turn bar's words for where the game is."""
    if state.phase == "setup":
        return "Setting up"
    if state.phase == "over":
        return "Game over"
    phase = phase_of(state.phase)
    step = next(s for s in phase.steps if s.key == state.step)
    return f"{phase.label}: {step_label(state, step)}"


def _roles(state: GameState) -> set[str]:
    return {state.cards[m.card].role for m in state.models
            if m.seat == state.active and m.in_play and m.card in state.cards}


_KIND = {"infernal_master": "essence", "master_infernalist": "essence", "warcaster": "focus", "warlock": "fury"}


def army_type(state: GameState) -> str:
    """The active army's type by the casters it began with: "essence" (infernal masters), "focus"
    (warcasters), "fury" (warlocks), or "general" for a mix or none."""
    kinds = {_KIND[state.cards[m.card].role] for m in state.models
             if m.seat == state.active and m.card in state.cards and state.cards[m.card].role in _KIND}
    return kinds.pop() if len(kinds) == 1 else "general"


def step_label(state: GameState, step: Step) -> str:
    """The step's words for the active player's army (no tithe or soul tokens on a Cygnar turn)."""
    kind = army_type(state)
    if kind == "essence":
        return step.label
    return (step.focus if kind == "focus" else step.fury if kind == "fury" else "") or step.general or step.label


def in_turn(state: GameState, phase: str, step: Step) -> bool:
    """Whether ``step`` is part of the active player's turn (the current step always is)."""
    if (phase, step.key) == (state.phase, state.step) or not step.needs:
        return True
    if state.turn_flow < 2 and step.key in FLOW_1_EVERY_TURN:
        return True
    return bool(_roles(state) & set(step.needs))


def turn_steps(state: GameState) -> list[tuple[Phase, Step]]:
    """The steps of the active player's turn, in order (for a turn bar's "next" label)."""
    return [(p, s) for p in PHASES for s in p.steps if in_turn(state, p.key, s)]


def _positions(state: GameState | None = None) -> list[tuple[str, str]]:
    if state is None:
        return [(p.key, s.key) for p in PHASES for s in p.steps]
    return [(p.key, s.key) for p, s in turn_steps(state)]


def _enter(state: GameState, phase: str, step: str) -> tuple[GameState, list[Event]]:
    state = state.model_copy(update={"phase": phase, "step": step})
    events: list[Event] = []
    for hook in HOOKS.get((phase, step), ()):
        state, more = hook(state)
        events += more
    return state, events


def _begin(state: GameState, seat: int, round_no: int) -> tuple[GameState, list[Event]]:
    state = state.model_copy(update={"active": seat, "round": round_no})
    events = [Event(kind="turn.start", text=f"Round {round_no}: {state.player_name(seat)}'s turn begins.")]
    for hook in TURN_START:
        state, more = hook(state)
        events += more
    first = PHASES[0]
    state, more = _enter(state, first.key, first.steps[0].key)
    return state, events + more


def start_turn(state: GameState, seat: int, round_no: int) -> tuple[GameState, list[Event]]:
    """Hand the table to ``seat``: run turn-start hooks, then enter maintenance and pass on to the first step
    with something to decide."""
    state, events = _begin(state, seat, round_no)
    return _pass_empty(state, events)


def waits(state: GameState) -> bool:
    """Whether the current step has something for the active player to decide (see the module docstring)."""
    if state.phase not in (p.key for p in PHASES):
        return True
    step = _step(state.phase, state.step)
    if step.waits == "always":
        return True
    try:
        _leave(state)
    except RuleViolation:
        return True
    return step.waits == "when" and any(check(state) for check in WAITS.get((state.phase, state.step), ()))


def _pass_empty(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Pass every step with nothing to decide, logging each, until one waits (activation always does); in turn
    flow 1 every step waits for Next."""
    while state.turn_flow >= 2 and not waits(state):
        events.append(Event(kind="step.passed", data={"phase": state.phase, "step": state.step,
                                                     "seat": state.active, "round": state.round},
                            text=f"{label(state)}: nothing to decide."))
        state, more = _next(state)
        events += more
    return state, events


def _next(state: GameState) -> tuple[GameState, list[Event]]:
    order = _positions(state)
    i = order.index((state.phase, state.step))
    if i + 1 < len(order):
        phase, step = order[i + 1]
        state, events = _enter(state, phase, step)
        if order[i][0] != phase:
            events.insert(0, Event(kind="phase.start", text=f"{phase_of(phase).label} phase."))
        return state, events
    nxt = 1 - state.active
    round_no = state.round + 1 if nxt == state.first else state.round
    return _begin(state, nxt, round_no)


def next_stop(state: GameState) -> tuple[Phase, Step] | None:
    """Where the next Advance stops in this turn (steps with nothing to decide pass), or None when it ends the
    turn: what a "Next" button names."""
    if state.phase not in (p.key for p in PHASES):
        return None
    try:
        moved, _ = _next(state)
        while moved.turn_flow >= 2 and moved.active == state.active and not waits(moved):
            moved, _ = _next(moved)
    except RuleViolation:
        return None
    if moved.active != state.active:
        return None
    return phase_of(moved.phase), _step(moved.phase, moved.step)


def advance(state: GameState) -> tuple[GameState, list[Event]]:
    """Move to the next step with something to decide (the steps between are logged as passed); after the last
    step of the turn, the other player's turn begins."""
    _leave(state)
    state, events = _next(state)
    return _pass_empty(state, events)


def gate(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    """Check that ``command`` fits the current step; move forward to its step if it belongs later."""
    if state.phase == "setup":
        # A game in the setup wizard (pregame.py) has its armies: their cards may be completed already.
        # Arcana cards are chosen among the "before the game begins" abilities (doc 002 "Game Setup").
        if command.type == "setup" or (command.type in ("complete_card", "assign_arcana") and state.players):
            return state, []
        raise RuleViolation("phase.setup", "Set the game up first.")
    if state.phase == "over":
        raise RuleViolation("game.over", "The game is over; nothing more can be done in it.")
    if state.attack is not None and command.type not in DURING_ATTACK:
        raise RuleViolation("anytime.mid_attack", "Damage is being applied: decide what happens to the disabled "
                                                  "model first." if state.attack.kind == "damage" else
                            "An attack is being resolved: finish it (or cancel it) before anything else.")
    if command.type in ANY_TIME:
        return state, []
    order = _positions(state)
    here = order.index((state.phase, state.step))
    targets = [i for i, (p, s) in enumerate(order) if command.type in _step(p, s).allows]
    if not targets:
        if any(command.type in s.allows for p in PHASES for s in p.steps):
            raise RuleViolation("phase.not_this_turn",
                                f"Nothing on {state.player_name(state.active)}'s side does that this turn.")
        raise RuleViolation("phase.never", "That cannot be done at this point of the game.")
    later = [i for i in targets if i >= here and order[i][0] == state.phase]
    if not later:
        phase, step = order[targets[0]]
        if phase != state.phase:
            raise RuleViolation(
                "phase.wrong",
                f"That belongs to the {phase_of(phase).label.lower()} phase; "
                f"it is now the {phase_of(state.phase).label.lower()} phase.",
            )
        raise RuleViolation(
            "phase.step_passed",
            f"The step '{step_label(state, _step(phase, step))}' is over for this turn.",
        )
    events: list[Event] = []
    while here < later[0]:
        _leave(state)
        here += 1
        state, more = _enter(state, *order[here])
        events += more
    return state, events


def _step(phase: str, step: str) -> Step:
    return next(s for s in phase_of(phase).steps if s.key == step)


def rule(cls: type[Command]) -> Callable[[Handler], Handler]:
    """Register a Warmachine handler behind the phase gate (phase order is checked before the rule)."""

    def register(fn: Handler) -> Handler:
        def gated(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
            state, events = gate(state, command)
            state, more = fn(state, command)
            return state, events + more

        handles(cls)(gated)
        return fn

    return register


class Advance(Command):
    """Move the turn on: the next step, the next phase, or the other player's turn."""

    type: Literal["advance"] = "advance"


@rule(Advance)
def advance_turn(state: GameState, cmd: Advance) -> tuple[GameState, list[Event]]:
    """What holds the turn (an unpaid tithe, an unscored scenario turn...) is a check registered with
    ``before_leaving`` by the rule it belongs to."""
    return advance(state)
