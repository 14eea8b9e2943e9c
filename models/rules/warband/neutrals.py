"""The Neutrals step: neutral units of a triggered event act at the start of the triggering player's turn, while
they are still on the board (doc 004, "Neutrals Step")."""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warband.phases import on_enter
from models.rules.warband.state import SYSTEM, board, with_board


class NeutralsGone(Command):
    """The neutral units of event number ``event`` (0 for the first triggered) have all left the board."""

    type: Literal["warband_neutrals_gone"] = "warband_neutrals_gone"
    event: int


@on_enter("upkeep", "neutrals")
def neutrals_step(state: GameState) -> tuple[GameState, list[Event], bool]:
    """Held only when an event was triggered, its neutral units are still on the board and it is the turn of the
    player who triggered it; otherwise skipped, with the reason in the log."""
    b = board(state)
    who = state.player_name(state.active)
    if not b.events:
        return state, [Event(kind="neutrals.skipped", text="Neutrals: skipped, no event has been triggered.")], False
    mine = [e for e in b.events if e.seat == state.active]
    if not mine:
        return state, [Event(kind="neutrals.skipped", text=f"Neutrals: skipped, {who} triggered no event (neutrals "
                                                           "act in the triggering player's turn).")], False
    acting = [e for e in mine if e.neutrals_on_board]
    if not acting:
        return state, [Event(kind="neutrals.skipped",
                             text="Neutrals: skipped, the neutral units of the event are no longer on the board.")
                       ], False
    rolls = ", ".join(f"d20 {e.roll}" for e in acting)
    return state, [Event(kind="neutrals.act", text=f"Neutrals: the event's neutral units act now ({rolls}), as the "
                                                   "campaign sheet says.")], True


@handles(NeutralsGone, system=SYSTEM, timing="anytime")
def neutrals_gone(state: GameState, cmd: NeutralsGone) -> tuple[GameState, list[Event]]:
    events = board(state).events
    if not 0 <= cmd.event < len(events):
        raise RuleViolation("event.unknown", "There is no such event in this game.")
    if not events[cmd.event].neutrals_on_board:
        raise RuleViolation("event.neutrals_gone", "That event's neutral units have left the board already.")
    gone = events[cmd.event].model_copy(update={"neutrals_on_board": False})
    state = with_board(state, events=tuple(gone if i == cmd.event else e for i, e in enumerate(events)))
    return state, [Event(kind="neutrals.gone", text=f"The neutral units of the event (d20 {gone.roll}) have left "
                                                    "the board: the Neutrals step is skipped from now on.")]
