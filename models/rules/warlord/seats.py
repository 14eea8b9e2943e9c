"""Who may send each Warlord command from a seat link (DESIGN.md "Access"; the kinds: models/rules/senders.py).

A seat acts for its own warband's models: activating them, their actions, healing and poison checks. Damage and
states come from the other side's attacks and spells, so either seat records them; doc 003 gives no turn order,
so ending a game turn is either side's to record, and so is ending the game at the end of a game turn (the
players say who won); a seat concedes only for itself. On the pre-game screen a seat types its own models' card
numbers; the table link types both warbands'.
"""

from __future__ import annotations

from typing import Any

from models.rules.core import GameState
from models.rules.senders import Sender, acting, either, named_seat, nobody, owner_seats
from models.rules.warlord.state import WarlordBoard


def owner_of_every_card(state: GameState, command: Any) -> set[int]:
    """The side that owns every model the pre-game form types numbers for (none when it names both sides' models:
    then only the table link; both when it names none, as when it only begins game turn 1)."""
    board = state.board
    figures = board.figures if isinstance(board, WarlordBoard) else ()
    seats = {0, 1}
    for model in command.cards:
        seats &= owner_seats(next((f for f in figures if f.id == model), None))
    return seats


def figure_owner(state: GameState, command: Any) -> set[int]:
    """The side of the named model."""
    board = state.board
    return owner_seats(next((f for f in board.figures if f.id == command.model), None)
                       if isinstance(board, WarlordBoard) else None)


SENDERS: dict[str, Sender] = {
    "warlord_setup": nobody("set a game up: a new game is stored from its setup"),
    "warlord_activate": acting("activate this model", figure_owner),
    "warlord_action": acting("take this model's action", figure_owner),
    "warlord_end_activation": acting("end this model's activation", figure_owner),
    "warlord_melee_attack": acting("make this model's melee attack", figure_owner),
    "warlord_ranged_attack": acting("make this model's ranged attack", figure_owner),
    "warlord_cast_spell": acting("cast this model's spell", figure_owner),
    "warlord_defend": acting("defend with this model", figure_owner),
    "warlord_set_stats": acting("type this model's card numbers", figure_owner),
    "warlord_pregame": acting("type these models' card numbers", owner_of_every_card,
                              "either seat for its own models; the table link for both sides'"),
    "warlord_heal": acting("heal this model", figure_owner),
    "warlord_poison_check": acting("roll this model's poison check", figure_owner),
    "warlord_damage": either("mark damage on a model"),
    "warlord_add_state": either("give a model a state"),
    "warlord_remove_state": either("take a state off a model"),
    "warlord_end_turn": either("end the game turn's activations"),
    "warlord_next_turn": either("begin the next game turn"),
    "warlord_end_game": either("end the game"),
    "warlord_concede": acting("concede for this side", named_seat),
}
