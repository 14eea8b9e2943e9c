"""The end of a game turn: the end phase with its poison checks (doc 003 "Poisoned"), then the next game
turn, where Cursed ends (doc 003 "Cursed") and every model may activate again.

Doc 003 does not name the die of the poison check: the players roll it and type what it shows; the app adds
the bonuses and says whether the model passes.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warlord.damage import suffer, without
from models.rules.warlord.state import SYSTEM, Figure, active_figure, board, in_play, with_figures

POISON_TARGET = 10
MAX_DIE = 100


def poison_due(state: GameState) -> list[Figure]:
    """The models that still owe their poison check this end phase."""
    return [f for f in board(state).figures if f.has("poisoned") and not f.out_of_action]


class WarlordEndTurn(Command):
    """The activations of this game turn are over: the end phase begins."""

    type: Literal["warlord_end_turn"] = "warlord_end_turn"


@handles(WarlordEndTurn, system=SYSTEM, timing="step")
def end_turn(state: GameState, cmd: WarlordEndTurn) -> tuple[GameState, list[Event]]:
    current = active_figure(state)
    if current is not None:
        raise RuleViolation("activation.in_progress", f"{current.name} is still activated: end its activation "
                                                      "first.")
    state = state.model_copy(update={"phase": "end"})
    events = [Event(kind="warlord.end_phase", text=f"Game turn {state.round}: end phase.")]
    due = poison_due(state)
    if due:
        events.append(Event(kind="warlord.poison_due", text="Poison checks to roll: "
                                                            + ", ".join(f.name for f in due) + "."))
    return state, events


def poison_bonus(f: Figure) -> list[tuple[str, int]]:
    """What is added to the die: +1 per damage track left, +Tough, and Blessed / Cursed (all die rolls)."""
    parts = [(f"{f.remaining} damage track{'s' if f.remaining != 1 else ''} left", f.remaining)]
    if f.tough:
        parts.append((f"Tough {f.tough}", f.tough))
    if f.has("blessed"):
        parts.append(("Blessed", 1))
    if f.has("cursed"):
        parts.append(("Cursed", -1))
    return parts


class WarlordPoisonCheck(Command):
    """A poisoned model's end phase check: ``die`` is what the rolled die shows."""

    type: Literal["warlord_poison_check"] = "warlord_poison_check"
    model: str
    die: int = Field(ge=1, le=MAX_DIE)


@handles(WarlordPoisonCheck, system=SYSTEM, timing="step")
def poison_check(state: GameState, cmd: WarlordPoisonCheck) -> tuple[GameState, list[Event]]:
    """10 or more passes; a miss costs 1 damage; the poison goes either way."""
    f = in_play(state, cmd.model)
    if not f.has("poisoned"):
        raise RuleViolation("poison.not_poisoned", f"{f.name} is not Poisoned.")
    parts = poison_bonus(f)
    total = cmd.die + sum(n for _, n in parts)
    passed = total >= POISON_TARGET
    sums = " ".join(f"{'+' if n >= 0 else '-'} {abs(n)} ({why})" for why, n in parts)
    verdict = "passes" if passed else f"fails (needs {POISON_TARGET})"
    f = without(f, "poisoned")
    state = with_figures(state, f)
    events = [Event(kind="warlord.poison_check", model=f.id, data={"die": cmd.die, "total": total, "passed": passed},
                    text=f"{f.name}'s poison check: {cmd.die} {sums} = {total}, {verdict}. The poison is gone.")]
    if not passed:
        state, f, more = suffer(state, f, 1, "poison")
        events += more
    return state, events


class WarlordNextTurn(Command):
    """The end phase is over: the next game turn begins."""

    type: Literal["warlord_next_turn"] = "warlord_next_turn"


@handles(WarlordNextTurn, system=SYSTEM, timing="step")
def next_turn(state: GameState, cmd: WarlordNextTurn) -> tuple[GameState, list[Event]]:
    due = poison_due(state)
    if due:
        raise RuleViolation("poison.pending", "Roll the poison check first for: "
                                              + ", ".join(f.name for f in due) + ".")
    ending = state.round
    events: list[Event] = []
    fresh: list[Figure] = []
    for f in board(state).figures:
        curse = f.condition("cursed")
        if curse is not None and curse.until_turn is not None and curse.until_turn <= ending:
            f = without(f, "cursed")
            events.append(Event(kind="warlord.state_ends", model=f.id, text=f"{f.name} is no longer Cursed."))
        fresh.append(f.model_copy(update={"activation": "ready", "actions": ()}))
    state = with_figures(state, *fresh).model_copy(update={"round": ending + 1, "phase": "activations"})
    return state, [*events, Event(kind="warlord.turn", text=f"Game turn {ending + 1} begins.")]
