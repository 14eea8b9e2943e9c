"""The setup wizard: a game set up with ``SetupGame(wizard=True)`` stays in the phase "setup" and walks
through doc 002 "Game Setup" in its order before the first turn:

scenario -> lists revealed -> objectives -> priority roll -> the winner picks first or second -> the second
player picks the table side -> start the clock -> "before the game begins" abilities -> deploy ->
"after deployment" abilities -> StartGame (round 1, the first player's turn).

In a game with list pairs (Steamroller 2019) the lists step is list_pairs.py's: each player gives two
lists, then chooses one.

The scenario is a name the players type (the reference lists no Steamroller 2019 scenario names, so the app
offers none of its own). Lists and objectives are recorded as the players name them. Priority dice are typed
by the players or rolled by the service; a tie is recorded and rolled again.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.dice import Roll, check_dice
from models.rules.text import clean_text, tidy
from models.rules.warmachine.arcana import require_assigned
from models.rules.warmachine.clock import hand_over
from models.rules.warmachine.match import (
    PREGAME_LABELS,
    PREGAME_STEPS,
    Pregame,
    PregameStep,
    PriorityRoll,
    ScenarioState,
    Task,
    board,
    with_board,
)
from models.rules.warmachine.phases import start_turn
from models.rules.warmachine.state import SYSTEM

TEXT_MAX = 60
TASK_MAX = 120
TASKS_MAX = 20
AS_SET_UP = "as set up"


class ChooseScenario(Command):
    """The scenario's name, as the organiser or the players chose it."""

    type: Literal["choose_scenario"] = "choose_scenario"
    name: str = Field(max_length=TEXT_MAX)


class RevealLists(Command):
    """Which list each player chose (revealed together); blank means the army the game was set up with."""

    type: Literal["reveal_lists"] = "reveal_lists"
    lists: tuple[str, str] = Field(default=("", ""))


class ChooseObjectives(Command):
    """Each player's objective, as named on the scenario (blank: none)."""

    type: Literal["choose_objectives"] = "choose_objectives"
    objectives: tuple[str, str] = Field(default=("", ""))


class RollPriority(Command):
    """Both players' priority dice, in seat order (typed, or rolled by the service when left out)."""

    type: Literal["roll_priority"] = "roll_priority"
    dice: tuple[Roll, Roll] | None = None


class ChooseOrder(Command):
    """The player who won the priority roll goes first (``goes_first``) or second."""

    type: Literal["choose_order"] = "choose_order"
    goes_first: bool


class ChooseSide(Command):
    """The second player's table side, in their words ("the north edge", "the side with the forest")."""

    type: Literal["choose_side"] = "choose_side"
    side: str = Field(max_length=TEXT_MAX)


class AddSetupTask(Command):
    """An ability to resolve before the game begins (Arcana, theme terrain, Ambush) or after deployment."""

    type: Literal["add_setup_task"] = "add_setup_task"
    text: str = Field(max_length=TASK_MAX)
    when: Literal["before", "after"] = "before"


class TickSetupTask(Command):
    """Mark an item of a setup checklist resolved (or not)."""

    type: Literal["tick_setup_task"] = "tick_setup_task"
    when: Literal["before", "after"] = "before"
    index: int = Field(ge=0, lt=TASKS_MAX)
    done: bool = True


class FinishSetupStep(Command):
    """Done with a step that needs no answer: "before the game begins", deployment; at the clock step it
    means playing without a clock."""

    type: Literal["finish_setup_step"] = "finish_setup_step"


class StartGame(Command):
    """The end of setup: round 1 begins with the first player's turn."""

    type: Literal["start_game"] = "start_game"
    at_ms: int | None = Field(default=None, ge=0)


def begin(state: GameState, *, paired: bool = False, clock_minutes: float | None = None
          ) -> tuple[GameState, list[Event]]:
    """Put a freshly set-up game into the wizard's first step; ``paired``: the players give Steamroller list
    pairs at the lists step (list_pairs.py); ``clock_minutes``: the event's deathclock, started at the clock step."""
    state = with_board(state, pregame=Pregame(before=arcana_tasks(state, ()), paired=paired,
                                                        clock_minutes=clock_minutes))
    return state, [Event(kind="pregame.step", data={"step": "scenario"},
                         text="Setup begins: first, the scenario.")]


def arcana_tasks(state: GameState, tasks: tuple[Task, ...]) -> tuple[Task, ...]:
    """The "before the game begins" checklist ``tasks`` with a Grymkin warlock's Arcana choice on it for each
    player whose army has one (doc 002 names it there), and the players' own items kept."""
    auto = tuple(
        Task(text=f"{state.player_name(seat)}: choose the Arcana cards (Grymkin)", auto=True)
        for seat in (0, 1)
        if any(m.seat == seat and board(state).card_of(m).faction == "Grymkin"
               and board(state).card_of(m).role == "warlock" for m in board(state).models))
    return auto + tuple(t for t in tasks if not t.auto)


def wizard(state: GameState) -> Pregame:
    """The wizard's state (the gate lets a pregame command through only while the wizard is under way)."""
    pregame = board(state).pregame
    assert pregame is not None
    return pregame


def require_step(state: GameState, step: PregameStep) -> Pregame:
    pre = wizard(state)
    if pre.step != step:
        raise RuleViolation("pregame.step", f"Setup is at another step now: {PREGAME_LABELS[pre.step].lower()}.")
    return pre


def next_step(state: GameState, **answers: object) -> tuple[GameState, list[Event]]:
    """Record ``answers`` and move the wizard to its next step."""
    pregame = wizard(state)
    step = PREGAME_STEPS[PREGAME_STEPS.index(pregame.step) + 1]
    state = with_board(state, pregame=pregame.model_copy(update={**answers, "step": step}))
    return state, [Event(kind="pregame.step", data={"step": step}, text=f"Next: {PREGAME_LABELS[step].lower()}.")]


def text_answer(value: str, what: str, *, required: bool = True, limit: int = TEXT_MAX) -> str:
    """Typed text of the wizard: an empty answer is asked for again in the wizard's words."""
    if required and not tidy(value):
        raise RuleViolation("name.empty", f"Enter the {what}.")
    return clean_text(value, what, limit, empty_ok=True)


@handles(ChooseScenario, system=SYSTEM, timing="pregame")
def choose_scenario(state: GameState, cmd: ChooseScenario) -> tuple[GameState, list[Event]]:
    require_step(state, "scenario")
    name = text_answer(cmd.name, "scenario's name")
    state, events = next_step(state, scenario=name)
    return state, [Event(kind="pregame.scenario", data={"name": name}, text=f"Scenario: {name}."), *events]


@handles(RevealLists, system=SYSTEM, timing="pregame")
def reveal_lists(state: GameState, cmd: RevealLists) -> tuple[GameState, list[Event]]:
    if require_step(state, "lists").paired:
        raise RuleViolation("pairs.reveal", "In this game each player gives a pair of lists and chooses one of "
                                            "them.")
    lists = tuple(text_answer(x, "list's name", required=False) or AS_SET_UP for x in cmd.lists)
    said = "; ".join(f"{state.player_name(s)} plays {lists[s]}" for s in (0, 1))
    state, events = next_step(state, lists=lists)
    return state, [Event(kind="pregame.lists", data={"lists": list(lists)}, text=f"Lists revealed: {said}."),
                   *events]


@handles(ChooseObjectives, system=SYSTEM, timing="pregame")
def choose_objectives(state: GameState, cmd: ChooseObjectives) -> tuple[GameState, list[Event]]:
    require_step(state, "objectives")
    chosen = tuple(text_answer(x, "objective", required=False) for x in cmd.objectives)
    said = "; ".join(f"{state.player_name(s)}: {chosen[s] or 'none'}" for s in (0, 1))
    state, events = next_step(state, objectives=chosen)
    return state, [Event(kind="pregame.objectives", data={"objectives": list(chosen)}, text=f"Objectives: {said}."),
                   *events]


@handles(RollPriority, system=SYSTEM, timing="pregame")
def roll_priority(state: GameState, cmd: RollPriority) -> tuple[GameState, list[Event]]:
    """Highest total wins priority; a tie is recorded and rolled again."""
    pre = require_step(state, "priority")
    if cmd.dice is None:
        raise RuleViolation("dice.missing", "Enter both players' dice, or let the app roll them.")
    a, b = cmd.dice
    if not 1 <= len(a.dice) <= 2:
        raise RuleViolation("dice.count", "Each player rolls one or two dice for priority.")
    check_dice(a.dice, len(a.dice))
    check_dice(b.dice, len(a.dice))
    roll = PriorityRoll(dice=(a.dice, b.dice), rolled_by=a.rolled_by)
    t0, t1 = roll.totals
    names = state.player_name(0), state.player_name(1)
    text = f"Priority roll: {names[0]} {t0}, {names[1]} {t1}"
    data = {"dice": [list(a.dice), list(b.dice)], "rolled_by": roll.rolled_by}
    if t0 == t1:
        state = with_board(state, pregame=pre.model_copy(update={"rolls": (*pre.rolls, roll)}))
        return state, [Event(kind="pregame.priority_tie", data=data, text=f"{text}: a tie, roll again.")]
    winner = 0 if t0 > t1 else 1
    state, events = next_step(state, rolls=(*pre.rolls, roll), priority=winner)
    return state, [Event(kind="pregame.priority", data={**data, "winner": winner},
                         text=f"{text}: {names[winner]} chooses to go first or second."), *events]


@handles(ChooseOrder, system=SYSTEM, timing="pregame")
def choose_order(state: GameState, cmd: ChooseOrder) -> tuple[GameState, list[Event]]:
    pre = require_step(state, "order")
    assert pre.priority is not None
    first = pre.priority if cmd.goes_first else 1 - pre.priority
    state = state.model_copy(update={"first": first, "active": first})
    state, events = next_step(state, first=first)
    return state, [Event(kind="pregame.order", data={"first": first},
                         text=f"{state.player_name(first)} goes first; {state.player_name(1 - first)} "
                              "picks the table side."), *events]


@handles(ChooseSide, system=SYSTEM, timing="pregame")
def choose_side(state: GameState, cmd: ChooseSide) -> tuple[GameState, list[Event]]:
    pre = require_step(state, "side")
    side = text_answer(cmd.side, "table side")
    second = 1 - (pre.first or 0)
    state, events = next_step(state, side=side)
    return state, [Event(kind="pregame.side", data={"side": side, "seat": second},
                         text=f"{state.player_name(second)} deploys on: {side}."), *events]


def _tasks(pre: Pregame, when: str) -> tuple[Task, ...]:
    return pre.before if when == "before" else pre.after


@handles(AddSetupTask, system=SYSTEM, timing="pregame")
def add_setup_task(state: GameState, cmd: AddSetupTask) -> tuple[GameState, list[Event]]:
    pre = wizard(state)
    if PREGAME_STEPS.index(pre.step) > PREGAME_STEPS.index(cmd.when):
        raise RuleViolation("pregame.step_passed", f"The step '{PREGAME_LABELS[cmd.when]}' is over.")
    tasks = _tasks(pre, cmd.when)
    if len(tasks) >= TASKS_MAX:
        raise RuleViolation("pregame.too_many", f"A checklist holds at most {TASKS_MAX} items.")
    text = text_answer(cmd.text, "item", limit=TASK_MAX)
    state = with_board(state, pregame=pre.model_copy(update={cmd.when: (*tasks, Task(text=text))}))
    return state, [Event(kind="pregame.task", data={"when": cmd.when, "text": text},
                         text=f"To resolve ({PREGAME_LABELS[cmd.when].lower()}): {text}.")]


@handles(TickSetupTask, system=SYSTEM, timing="pregame")
def tick_setup_task(state: GameState, cmd: TickSetupTask) -> tuple[GameState, list[Event]]:
    pre = wizard(state)
    if pre.step != cmd.when:
        raise RuleViolation("pregame.step", f"Setup is at another step now: {PREGAME_LABELS[pre.step].lower()}.")
    tasks = list(_tasks(pre, cmd.when))
    if cmd.index >= len(tasks):
        raise RuleViolation("pregame.no_task", "There is no such item on the checklist.")
    tasks[cmd.index] = tasks[cmd.index].model_copy(update={"done": cmd.done})
    state = with_board(state, pregame=pre.model_copy(update={cmd.when: tuple(tasks)}))
    word = "resolved" if cmd.done else "not resolved yet"
    return state, [Event(kind="pregame.tick", data={"when": cmd.when, "index": cmd.index, "done": cmd.done},
                         text=f"{tasks[cmd.index].text}: {word}.")]


def _all_done(pre: Pregame, when: str) -> None:
    open_items = [t.text for t in _tasks(pre, when) if not t.done]
    if open_items:
        raise RuleViolation("pregame.open_tasks", "Resolve these first: " +
                            "; ".join(open_items) + ".")


@handles(FinishSetupStep, system=SYSTEM, timing="pregame")
def finish_setup_step(state: GameState, cmd: FinishSetupStep) -> tuple[GameState, list[Event]]:
    pre = wizard(state)
    if pre.step == "clock":
        state, events = next_step(state)
        return state, [Event(kind="pregame.no_clock", text="This game is played without a clock."), *events]
    if pre.step == "before":
        _all_done(pre, "before")
        require_assigned(state)
    elif pre.step == "deploy":
        pass
    elif pre.step == "after":
        raise RuleViolation("pregame.start", "Start the game to finish setup.")
    else:
        raise RuleViolation("pregame.answer_first", f"This step needs an answer: {PREGAME_LABELS[pre.step].lower()}.")
    return next_step(state)


@handles(StartGame, system=SYSTEM, timing="pregame")
def start_game(state: GameState, cmd: StartGame) -> tuple[GameState, list[Event]]:
    """Setup is over: the scenario's scoring begins and the first player takes round 1."""
    pre = require_step(state, "after")
    _all_done(pre, "after")
    first = pre.first if pre.first is not None else state.first
    state = hand_over(state, cmd.at_ms, first)
    state = with_board(state.model_copy(update={"first": first}), pregame=pre.model_copy(update={"step": "done"}),
                       scenario=ScenarioState(name=pre.scenario))
    state, events = start_turn(state, first, 1)
    return state, [Event(kind="game.start", data={"first": first, "scenario": pre.scenario},
                         text=f"The game begins: {pre.scenario}, {state.player_name(first)} goes first."), *events]
