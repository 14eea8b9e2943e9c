"""Who may send each warband command from a seat link (DESIGN.md "Access"; the kinds: models/rules/senders.py).

The player whose turn it is makes their own upkeep: moving on, the rout check and a voluntary rout (the other side
can never rout them). A seat acts for its own units: treasure, grabs and its casters' spells. What the other side
inflicts (conditions, incapacitation) and what both see on the table (neutrals leaving, who is near a token in
the grab) either seat records.
"""

from __future__ import annotations

from typing import Any

from models.rules.core import GameState
from models.rules.senders import Sender, acting, active_seat, either, nobody, owner_seats
from models.rules.warband.state import WarbandBoard


def unit_owner(state: GameState, command: Any) -> set[int]:
    """The side of the named unit."""
    return owner_seats(state.board.unit(command.unit) if isinstance(state.board, WarbandBoard) else None)


SENDERS: dict[str, Sender] = {
    "warband_setup": nobody("set a game up: a new game is stored from its setup"),
    "warband_next": acting("move this turn on", active_seat),
    "warband_rout_check": acting("record this warband's rout check", active_seat),
    "warband_voluntary_rout": acting("rout this warband", active_seat),
    "warband_pick_up": acting("pick up treasure with this unit", unit_owner),
    "warband_drop_treasure": acting("drop this unit's treasure", unit_owner),
    "warband_grab_attempt": acting("try to grab the token with this unit", unit_owner),
    "warband_start_spell": acting("start this caster's ongoing spell", unit_owner),
    "warband_spell_check": acting("check this caster's ongoing spell", unit_owner),
    "warband_end_spell": acting("end this caster's ongoing spell", unit_owner),
    "warband_condition": either("set a unit's condition"),
    "warband_incapacitate": either("mark a unit out of action"),
    "warband_neutrals_gone": either("record the neutrals leaving"),
    "warband_grab_nearby": either("record who is near the token"),
}
