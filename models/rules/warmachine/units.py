"""Units and solos (doc 002 "Game Round": "Units and independent models are activated one at a time"; doc 001
"The Infernal Turn", "Activation Phase").

A unit is every model sharing a ``unit`` id: its leader, its troopers and anything attached to it (an
attachment is part of the unit as soon as it carries the unit's id). Its strength is the number of those
models still in play. Solos, casters, warjacks, warbeasts, horrors and structures are independent models.
"""

from __future__ import annotations

from models.rules.core import GameState
from models.rules.warmachine.match import ModelState, board


def members(state: GameState, unit: str) -> list[ModelState]:
    """Every model that began in (or joined) the unit, in play or not."""
    return [m for m in board(state).models if m.unit == unit]


def strength(state: GameState, unit: str) -> int:
    """Unit strength: the unit's models still in play."""
    return sum(1 for m in members(state, unit) if m.in_play)


def leader(state: GameState, unit: str) -> ModelState | None:
    return next((m for m in members(state, unit) if m.leader), None)


def unit_note(state: GameState, m: ModelState) -> tuple[str, ...]:
    """A trooper's unit in words: strength, and whether its leader is still there."""
    if m.unit is None:
        return ()
    everyone = members(state, m.unit)
    name = board(state).card_of(everyone[0]).name
    head = leader(state, m.unit)
    lead = "" if head is None else f"; leader {'in play' if head.in_play else 'gone'}"
    return (f"{name}: {strength(state, m.unit)} of {len(everyone)} models in play{lead}.",)


def waiting(state: GameState, seat: int) -> list[str]:
    """Names of the units and independent models of ``seat`` in play that have not activated this turn (a
    unit counts once)."""
    seen: set[str] = set()
    out: list[str] = []
    for m in board(state).models:
        if m.seat != seat or not m.in_play or m.activation == "done":
            continue
        key = m.unit or m.id
        if key in seen:
            continue
        seen.add(key)
        out.append(board(state).card_of(m).name if m.unit else m.name)
    return out
