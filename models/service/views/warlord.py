"""A Warlord game (doc 003) as the spectators see it, and the words the table page shares with them: the turn
line, and one card per model with its damage tracks and model states (what each does and when it ends)."""

from __future__ import annotations

from typing import Any

from models.rules import GameState
from models.rules.warlord.activation import allowed_actions
from models.rules.warlord.conditions import abilities_text, chips
from models.rules.warlord.effects import words
from models.rules.warlord.options import derived_values
from models.rules.warlord.phases import TURN
from models.rules.warlord.state import Figure, WarlordBoard, active_figure

HOW = {"out_of_action": "with the other warband out of action", "end_of_game": "when the players ended the game",
       "concession": "by concession"}


def outcome(state: GameState) -> dict[str, Any] | None:
    """The result once the game is over (None before): winner, how, a headline and a sentence, the game turn."""
    b = state.board
    r = b.result if isinstance(b, WarlordBoard) else None
    if r is None:
        return None
    title = f"{state.player_name(r.winner)} wins {HOW[r.how]}" if r.winner is not None else "The game is a draw"
    return {"winner": r.winner, "how": r.how, "title": title, "detail": r.detail, "round": r.round}


def where(state: GameState) -> tuple[str, str]:
    """The turn bar's two labels: the game turn, and the phase with the activated model."""
    ended = outcome(state)
    if ended is not None:
        return f"Game turn {state.round}", f"Game over: {ended['title']}"
    phase = TURN.phase(state.phase).label
    current = active_figure(state)
    if state.phase != "activations":
        return f"Game turn {state.round}", phase
    if current is None:
        return f"Game turn {state.round}", f"{phase}: no model activated"
    return f"Game turn {state.round}", f"{phase}: {current.name} ({state.player_name(current.seat)}) is activated"


def status(f: Figure) -> str:
    if f.out_of_action:
        return "Out of action"
    if f.activation == "active":
        return f"Activated: {len(f.actions)} of {allowed_actions(f)} actions taken"
    return "Done this game turn" if f.activation == "done" else ""


def tracks_words(f: Figure) -> str:
    """What a screen reader hears for the damage tracks."""
    return f"Damage tracks: {f.remaining} of {f.tracks} left"


def view(state: GameState, latest: str) -> dict[str, Any]:
    """The parts of the spectators' view only a Warlord game has; ``latest``: the newest log line, which the turn
    bar keeps in view (a consequence the app worked out is read where the players look)."""
    turn, phase = where(state)
    cards: dict[str, Any] = {}
    sides: list[list[str]] = [[], []]
    board = state.board
    for f in board.figures if isinstance(board, WarlordBoard) else ():
        sides[f.seat].append(f.id)
        cards[f.id] = {
            "name": f.name, "seat": f.seat, "kind": abilities_text(f.tough, f.abilities), "status": status(f),
            "look": "gone" if f.out_of_action else ("" if f.activation == "ready" else f.activation),
            "dt": {"text": f"DT {f.remaining}/{f.tracks}", "left": f.remaining, "of": f.tracks,
                   "label": tracks_words(f)},
            "chips": [{"name": name, "chip": chip, "text": text} for name, chip, text in chips(f)],
        }
        if f.stats is not None:  # the card numbers after the model states, and what changed them
            cards[f.id]["lines"] = [words(f)]
            cards[f.id]["derived"] = derived_values(f)
    return {"turn": {"round": turn, "phase": phase, "latest": latest},
            "score": {"round": state.round, "cp": None, "active": state.active}, "cards": cards, "sides": sides}
