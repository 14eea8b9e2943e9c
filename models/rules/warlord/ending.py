"""How a Warlord game ends, and its result.

Doc 003 covers the model states only: it says nothing of how a game is won. Our reading, kept small: a warband
whose every model is out of action has lost (the other side wins at once); otherwise the players end the game at
the end of a game turn (its end phase), naming the winner their scenario gives, or a draw; and a player may
concede at any time. The result stays on the board; after it, the game takes no more commands.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, handles
from models.rules.text import clean_text
from models.rules.warlord.state import SYSTEM, HowEnded, WarlordResult, board

REASON_MAX = 120


class WarlordEndGame(Command):
    """At the end of a game turn the players end the game: ``winner`` is the seat their scenario makes the
    winner (None: a draw), ``reason`` what decided it in their words (optional)."""

    type: Literal["warlord_end_game"] = "warlord_end_game"
    winner: int | None = Field(default=None, ge=0, le=1)
    reason: str = ""


class WarlordConcede(Command):
    """``seat`` concedes: the other side wins."""

    type: Literal["warlord_concede"] = "warlord_concede"
    seat: int = Field(ge=0, le=1)


def finish(state: GameState, winner: int | None, how: HowEnded, detail: str) -> tuple[GameState, list[Event]]:
    """The game is over with this result (nothing else changes)."""
    result = WarlordResult(winner=winner, how=how, detail=detail, round=state.round)
    state = state.model_copy(update={"phase": "over", "board": board(state).model_copy(update={"result": result})})
    head = f"{state.player_name(winner)} wins." if winner is not None else "The game is a draw."
    return state, [Event(kind="warlord.game_over", data={"winner": winner, "how": how},
                         text=f"Game over: {head} {detail}")]


def wiped_out(state: GameState) -> tuple[GameState, list[Event]]:
    """When every model of one warband is out of action, the other wins (our reading): called after damage."""
    if state.phase == "over":
        return state, []
    figures = board(state).figures
    for seat in (0, 1):
        if all(f.out_of_action for f in figures if f.seat == seat):
            return finish(state, 1 - seat, "out_of_action",
                          f"Every model of {state.player_name(seat)}'s warband is out of action.")
    return state, []


@handles(WarlordEndGame, system=SYSTEM, timing="step")
def end_game(state: GameState, cmd: WarlordEndGame) -> tuple[GameState, list[Event]]:
    reason = clean_text(cmd.reason, "reason the game ended", REASON_MAX, empty_ok=True).rstrip(".")
    ended = f"The players ended the game at the end of game turn {state.round}"
    return finish(state, cmd.winner, "end_of_game", f"{ended}: {reason}." if reason else f"{ended}.")


@handles(WarlordConcede, system=SYSTEM, timing="game")
def concede(state: GameState, cmd: WarlordConcede) -> tuple[GameState, list[Event]]:
    return finish(state, 1 - cmd.seat, "concession", f"{state.player_name(cmd.seat)} concedes.")
