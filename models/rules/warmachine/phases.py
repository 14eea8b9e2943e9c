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
where a player has a choice. A command of a step that leaves nothing more to decide there (the last horror's
tithe, the sacrifice after which no master may replenish) moves the turn on in the same way, logged too: after the
last tithe the other player's turn begins. Replay stays exact: the passing happens inside the command, and the
turn flow a game was set up with (``WarmachineBoard.turn_flow``) says which of these it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.steps import Hold, Phase, Step, StepTable
from models.rules.warmachine.match import board, with_models
from models.rules.warmachine.state import SYSTEM

Hook = Callable[[GameState], tuple[GameState, list[Event]]]


def _words(general: str = "", focus: str = "", fury: str = "") -> tuple[tuple[str, str], ...]:
    """A step's words for the armies other than infernal masters' (empty: the general words, then the label)."""
    return tuple((k, v) for k, v in (("general", general), ("focus", focus), ("fury", fury)) if v)


MASTERS = ("infernal_master", "master_infernalist")
TURN_FLOW = 3  # WarmachineBoard.turn_flow of a new game
SETTLES_FROM = 3  # the first turn flow that moves on after a step's last decision (2 waited for Next)
# Steps that every army's turn had in turn flow 1 (the ``needs`` they have now came with flow 2).
FLOW_1_EVERY_TURN = frozenset({"souls", "allocate"})

PHASES: tuple[Phase, ...] = (
    Phase("maintenance", "Maintenance", (
        Step("excess", "Remove essence above ESSENCE", waits="never",
             words=_words(general="Remove excess essence, focus and fury",
                          focus="Remove focus from warjacks and above FOCUS", fury="Remove fury above FURY")),
        Step("continuous", "Continuous effects", ("resolve_continuous",),
             words=_words(general="Continuous effects: fire and corrosion")),
        Step("other", "Other maintenance effects", waits="never"),
    )),
    Phase("control", "Control", (
        Step("replenish", "Replenish essence: sacrifice or leech",
             ("leech", "sacrifice", "leech_fury", "leech_life"),
             words=_words(general="Leech and replenish", focus="Warcasters replenish focus", fury="Leech fury")),
        Step("souls", "Soul tokens become essence", needs=MASTERS, waits="never"),
        Step("spirit_bond", "Spirit bond: fury for destroyed warbeasts", ("spirit_bond",),
             needs=("warlock",)),
        Step("power_up", "Power up warjacks", ("skip_power_up",), needs=("warjack",), waits="never"),
        # A warjack out of control range is taken back from power up while focus is allocated, so a warcaster's
        # turn stops once for both.
        Step("allocate", "Allocate essence to horrors", ("allocate", "allocate_focus", "skip_power_up"),
             needs=(*MASTERS, "warcaster"),
             words=_words(general="Allocate essence and focus", focus="Allocate focus to warjacks")),
        Step("upkeep", "Upkeep spells and shake effects", ("upkeep", "drop_upkeep", "shake"),
             words=_words(general="Upkeep spells and shake effects")),
        Step("frenzy", "Threshold checks and frenzy", ("threshold_check", "end_frenzy"), needs=("warbeast",)),
        Step("other", "Other control effects", ("shake",)),
    )),
    Phase("activation", "Activation", (
        Step("activate", "Activate every model", (
            "activate", "end_activation", "boost", "buy_attack", "next_attack", "run", "charge",
            "power_attack", "heal", "summon", "feat", "cast", "force", "reposition", "stand_up",
        ), waits="always"),
    )),
    Phase("end", "End of turn", (
        Step("tithe", "Tithe: each horror pays 1 essence or leaves", ("pay_tithe", "skip_tithe"),
             words=_words(general="End of turn and tithe", focus="Finish the turn", fury="Finish the turn")),
    )),
)

# While an attack is in progress, "any time" abilities wait (doc 002 "Appendix A: Attack Sequence"): only
# the attack's own steps, what records the table (damage, effects, cards), and the game's clock, score and end
# go through.
DURING_ATTACK = frozenset({
    "attack_roll", "damage_roll", "resolve_disabled", "end_attack", "boost", "mark_damage", "remove_damage",
    "add_effect", "remove_effect", "add_soul_token", "complete_card",
    "start_clock", "pass_clock", "pause_clock", "resume_clock", "adjust_clock", "clock_expired", "concede",
    "assassinated", "score_turn",
})


def _attack_on(state: GameState) -> RuleViolation | None:
    attack = board(state).attack
    if attack is None:
        return None
    return RuleViolation("anytime.mid_attack", "Damage is being applied: decide what happens to the disabled "
                                               "model first." if attack.kind == "damage" else
                         "An attack is being resolved: finish it (or cancel it) before anything else.")


def _enter(state: GameState, phase: str, step: str) -> tuple[GameState, list[Event]]:
    state = state.model_copy(update={"phase": phase, "step": step})
    events: list[Event] = []
    for hook in TURN.enter.get((phase, step), ()):
        state, more = hook(state)
        events += more
    return state, events


def in_turn(state: GameState, phase: str, step: Step) -> bool:
    """Whether ``step`` is part of the active player's turn (the current step always is)."""
    if (phase, step.key) == (state.phase, state.step) or not step.needs:
        return True
    if board(state).turn_flow < 2 and step.key in FLOW_1_EVERY_TURN:
        return True
    return bool(_roles(state) & set(step.needs))


def step_label(state: GameState, step: Step) -> str:
    """The step's words for the active player's army (no tithe or soul tokens on a Cygnar turn)."""
    kind = army_type(state)
    if kind == "essence":
        return step.label
    return step.word(kind) or step.word("general") or step.label


# A command of a later step of the phase moves the turn on to it (the steps between are left and entered).
def _in_pregame(state: GameState) -> bool:
    """The setup wizard (pregame.py) is still going: its commands are taken."""
    pregame = board(state).pregame
    return pregame is not None and pregame.step != "done"


def _settle(state: GameState) -> tuple[GameState, list[Event]]:
    """After a command of a step: a step of the turn left with nothing more to decide passes, logged, and the turn
    moves on as Next would (to the next step that waits, or the other player's turn)."""
    if board(state).turn_flow < SETTLES_FROM or state.phase not in (p.key for p in PHASES) or waits(state):
        return state, []
    done = Event(kind="step.passed", data={"phase": state.phase, "step": state.step, "seat": state.active,
                                           "round": state.round},
                 text=f"{label(state)}: nothing more to decide.")
    state, events = advance(state)
    return state, [done, *events]


TURN: StepTable[Hook] = StepTable(
    SYSTEM, PHASES, holds=(Hold(_attack_on, DURING_ATTACK),), forward=_enter, settle=_settle, in_turn=in_turn,
    in_pregame=_in_pregame,
    where=lambda phase, step: f"the {phase.label.lower()} phase", say=step_label)
on_enter = TURN.on_enter
before_leaving = TURN.before_leaving
waits_when = TURN.waits_when
on_turn_start = TURN.on_turn_start


@on_turn_start
def clear_turn_marks(state: GameState) -> tuple[GameState, list[Event]]:
    """A new turn, whoever's it is: once-per-turn marks start afresh for every model (an arcana card is one
    per turn, the opponent's turns included)."""
    fresh = [m.model_copy(update={"done_this_turn": ()}) for m in board(state).models if m.done_this_turn]
    return with_models(state, *fresh), []


def label(state: GameState) -> str:
    """The turn bar's words for where the game is."""
    if state.phase == "setup":
        return "Setting up"
    if state.phase == "over":
        return "Game over"
    phase = TURN.phase(state.phase)
    step = next(s for s in phase.steps if s.key == state.step)
    return f"{phase.label}: {step_label(state, step)}"


def _roles(state: GameState) -> set[str]:
    wm = board(state)
    return {wm.cards[m.card].role for m in wm.models if m.seat == state.active and m.in_play and m.card in wm.cards}


_KIND = {"infernal_master": "essence", "master_infernalist": "essence", "warcaster": "focus", "warlock": "fury"}


def army_type(state: GameState) -> str:
    """The active army's type by the casters it began with: "essence" (infernal masters), "focus"
    (warcasters), "fury" (warlocks), or "general" for a mix or none."""
    wm = board(state)
    kinds = {_KIND[wm.cards[m.card].role] for m in wm.models
             if m.seat == state.active and m.card in wm.cards and wm.cards[m.card].role in _KIND}
    return kinds.pop() if len(kinds) == 1 else "general"


def turn_steps(state: GameState) -> list[tuple[Phase, Step]]:
    """The steps of the active player's turn, in order (for a turn bar's "next" label)."""
    return [(p, s) for p in PHASES for s in p.steps if in_turn(state, p.key, s)]


def _begin(state: GameState, seat: int, round_no: int) -> tuple[GameState, list[Event]]:
    state = state.model_copy(update={"active": seat, "round": round_no})
    events = [Event(kind="turn.start", text=f"Round {round_no}: {state.player_name(seat)}'s turn begins.")]
    for hook in TURN.turn_start:
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
    step = TURN.step(state.phase, state.step)
    if step.waits == "always":
        return True
    try:
        TURN.check_leaving(state)
    except RuleViolation:
        return True
    return step.waits == "when" and any(check(state) for check in TURN.waits.get((state.phase, state.step), ()))


def closes(state: GameState, command_type: str) -> str:
    """The words of the step that a command of ``command_type`` would close now, though it still has something
    to decide, or "": a command of a later step of the phase moves the turn on to it, and what the step left
    behind offered is over for the turn (doc 002 "Game Round": allocation, then upkeep; doc 001 "Shake Effect":
    after allocating). Warned of first, a player may do the steps' things in their order."""
    if state.phase not in (p.key for p in PHASES):
        return ""
    order = TURN.order(state)
    here = order.index((state.phase, state.step))
    step = TURN.step(state.phase, state.step)
    if command_type in step.allows or step.waits == "always":
        return ""
    later = any(command_type in TURN.step(p, s).allows for p, s in order[here + 1:] if p == state.phase)
    return step_label(state, step) if later and waits(state) else ""


def _pass_empty(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Pass every step with nothing to decide, logging each, until one waits (activation always does); in turn
    flow 1 every step waits for Next."""
    while board(state).turn_flow >= 2 and not waits(state):
        events.append(Event(kind="step.passed", data={"phase": state.phase, "step": state.step,
                                                     "seat": state.active, "round": state.round},
                            text=f"{label(state)}: nothing to decide."))
        state, more = _next(state)
        events += more
    return state, events


def _next(state: GameState) -> tuple[GameState, list[Event]]:
    order = TURN.order(state)
    i = order.index((state.phase, state.step))
    if i + 1 < len(order):
        phase, step = order[i + 1]
        state, events = _enter(state, phase, step)
        if order[i][0] != phase:
            events.insert(0, Event(kind="phase.start", text=f"{TURN.phase(phase).label} phase."))
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
        while board(moved).turn_flow >= 2 and moved.active == state.active and not waits(moved):
            moved, _ = _next(moved)
    except RuleViolation:
        return None
    if moved.active != state.active:
        return None
    return TURN.phase(moved.phase), TURN.step(moved.phase, moved.step)


def advance(state: GameState) -> tuple[GameState, list[Event]]:
    """Move to the next step with something to decide (the steps between are logged as passed); after the last
    step of the turn, the other player's turn begins."""
    TURN.check_leaving(state)
    state, events = _next(state)
    return _pass_empty(state, events)


class Advance(Command):
    """Move the turn on: the next step, the next phase, or the other player's turn."""

    type: Literal["advance"] = "advance"


@handles(Advance, system=SYSTEM, timing="anytime")
def advance_turn(state: GameState, cmd: Advance) -> tuple[GameState, list[Event]]:
    """What holds the turn (an unpaid tithe, an unscored scenario turn...) is a check registered with
    ``before_leaving`` by the rule it belongs to."""
    return advance(state)
