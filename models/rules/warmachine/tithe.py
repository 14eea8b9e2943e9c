"""Tithe (doc 001 "Tithe"; doc 000 ruling: paying is optional, an unpaid horror is removed from play; a Dark
Legacy army's horrors pay none at the end of its first turn, themes.py)."""

from __future__ import annotations

from typing import Literal

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.match import ModelState, board, with_board, with_models
from models.rules.warmachine.phases import before_leaving, on_enter, waits_when
from models.rules.warmachine.state import SYSTEM, is_horror, live, remove, spend
from models.rules.warmachine.themes import tithe_waived


@on_enter("end", "tithe")
def ask_tithe(state: GameState) -> tuple[GameState, list[Event]]:
    """At the end of its controller's turn every horror must be decided: pay 1 essence or leave (none on a Dark
    Legacy player's first turn)."""
    pending = tuple(m.id for m in board(state).models if m.seat == state.active and m.in_play and is_horror(state, m))
    still = [m.model_copy(update={"activation": "done"}) for m in board(state).models if m.activation == "active"]
    events = []
    if pending and tithe_waived(state):
        theme = state.players[state.active].theme
        events.append(Event(kind="tithe.waived", text=f"{theme.name if theme else 'The theme force'}: no tithe "
                                                      f"on {state.player_name(state.active)}'s first turn."))
        pending = ()
    elif pending:
        events.append(Event(kind="tithe.due", text="Tithe is due for " + ", ".join(board(state).model(x).name
                                                                                   for x in pending)))
    return with_models(with_board(state, pending_tithe=pending), *still), events


@waits_when("end", "tithe")
def tithe_to_decide(state: GameState) -> bool:
    return bool(board(state).pending_tithe)


@before_leaving("end", "tithe")
def tithe_decided(state: GameState) -> None:
    """The turn ends only once every horror's tithe is paid or refused (doc 001 "Tithe")."""
    if board(state).pending_tithe:
        names = ", ".join(board(state).model(m).name for m in board(state).pending_tithe)
        raise RuleViolation("tithe.pending", f"Decide the tithe first for: {names}.")


def _due(state: GameState, horror_id: str) -> ModelState:
    h = live(state, horror_id)
    if horror_id not in board(state).pending_tithe:
        raise RuleViolation("tithe.not_due", f"{h.name} has no tithe to decide now.")
    return h


class PayTithe(Command):
    type: Literal["pay_tithe"] = "pay_tithe"
    horror: str


@handles(PayTithe, system=SYSTEM, timing="step")
def pay_tithe(state: GameState, cmd: PayTithe) -> tuple[GameState, list[Event]]:
    h = _due(state, cmd.horror)
    h, paid = spend(state, h, 1, "tithe", outside_activation=True)
    rest = tuple(x for x in board(state).pending_tithe if x != h.id)
    return with_board(with_models(state, h), pending_tithe=rest), [paid]


class SkipTithe(Command):
    type: Literal["skip_tithe"] = "skip_tithe"
    horror: str


@handles(SkipTithe, system=SYSTEM, timing="step")
def skip_tithe(state: GameState, cmd: SkipTithe) -> tuple[GameState, list[Event]]:
    h = _due(state, cmd.horror)
    return remove(state, h, "removed", "its tithe was not paid", "tithe not paid")
