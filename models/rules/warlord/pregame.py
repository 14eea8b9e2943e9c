"""Before game turn 1: the pre-game screen's one command. A game set up from the new-game page while card numbers
are still empty opens in the ``setup`` phase (setup.py); there the players type every model's card numbers in one
form and begin game turn 1 with one command, so one undo takes the whole screen back.

Doc 003 gives no card numbers (they are on each model's card): nothing is filled in here. A number is checked
here (a whole number from 0 to ``MAX_STAT``), and game turn 1 only begins once every number the model states read
is typed (card.py ``missing``: RAV only for a model with ranged attacks, Special MOV only for one that burrows).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warlord.card import STAT_LABELS, StatName, missing_numbers, stats_text
from models.rules.warlord.phases import PHASES
from models.rules.warlord.setup import MAX_MODELS
from models.rules.warlord.state import MAX_STAT, SYSTEM, Figure, Stats, figure, with_figures


class WarlordPregame(Command):
    """The pre-game screen's form: ``cards`` maps a model's id to its card numbers as typed (the whole card: a
    number left out or empty stays empty); with ``begin``, game turn 1 begins (refused while a number the game
    needs is empty), without it the numbers are only kept."""

    type: Literal["warlord_pregame"] = "warlord_pregame"
    cards: dict[str, dict[StatName, int | None]] = Field(default={}, max_length=2 * MAX_MODELS)
    begin: bool = True


def typed(f: Figure, numbers: dict[StatName, int | None]) -> Stats:
    """``f``'s card as typed; a number out of range is refused with the model and the number named."""
    for name, value in numbers.items():
        if value is not None and not 0 <= value <= MAX_STAT:
            raise RuleViolation("stats.range", f"{f.name}'s {STAT_LABELS[name]}: a whole number from 0 to "
                                               f"{MAX_STAT} (not {value}).")
    return Stats.model_validate(numbers)


@handles(WarlordPregame, system=SYSTEM, timing="pregame")
def pregame(state: GameState, cmd: WarlordPregame) -> tuple[GameState, list[Event]]:
    changed = []
    for model_id, numbers in cmd.cards.items():
        f = figure(state, model_id)
        stats = typed(f, numbers)
        if stats != f.stats:
            changed.append(f.model_copy(update={"stats": stats}))
    if not changed and not cmd.begin:
        raise RuleViolation("stats.same", "These cards have these numbers already.")
    state = with_figures(state, *changed)
    events = [Event(kind="warlord.stats", model=f.id, text=f"{f.name}'s card: {stats_text(f.stats or Stats())}.")
              for f in changed]
    if not cmd.begin:
        return state, events
    missing = missing_numbers(state)
    if missing:
        raise RuleViolation("stats.missing", "Before game turn 1 begins, type the card numbers still empty: "
                                             + "; ".join(missing) + ".")
    state = state.model_copy(update={"phase": PHASES[0].key})
    return state, [*events, Event(kind="warlord.turn", text="Game turn 1 begins.")]
