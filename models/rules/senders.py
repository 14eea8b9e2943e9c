"""Who may send each command (DESIGN.md "Access"): deny by default, declared once per game system.

Every command type names one of four kinds of sender in its system's ``seats.py``:

- ``acting``: the side the command acts for (a model's owner, the active player, the priority winner...), found
  from the command and the state by the entry's ``seats`` function;
- ``either``: any seat (both players take part: an attack's dice, damage marked on a model, setup choices);
- ``table``: only the shared table link (an organiser's decisions, such as setting a player's time);
- ``nobody``: the app sends it itself (a game's setup is stored by the service, never sent into a game).

The table link may send everything but ``nobody`` commands; a watch link sends nothing. This module only says
which seats may send a command; the service knows the links (models/service/games.py). A command type without an
entry is refused for every seat link, and tests/service/test_seats.py fails on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from models.rules.core import Command, GameState

Kind = Literal["acting", "either", "table", "nobody"]
SeatsOf = Callable[[GameState, Any], set[int]]


@dataclass(frozen=True)
class Sender:
    """One command's senders: ``kind``, the acting seats for ``acting``, and ``does`` (what the command does, for
    the sentence of a refusal: "Only Ann or the shared table link can <does>.")."""

    kind: Kind
    does: str
    seats: SeatsOf | None = None
    # Who may send it, in words for docs/API.md, where the kind alone would mislead (see ``acting``).
    shown: str = ""


# The registered systems' senders by command type (models/rules/system.py fills it).
SENDERS: dict[str, Sender] = {}


def declare(table: dict[str, Sender]) -> None:
    """Register a system's senders (its ``seats.py`` lists them; registering the system declares them)."""
    for type_name, sender in table.items():
        if sender.kind == "acting" and sender.seats is None:
            raise ValueError(f"{type_name}: an acting sender needs a seats function")
    SENDERS.update(table)


def acting(does: str, seats: SeatsOf, shown: str = "") -> Sender:
    """``shown``: who may send it, said plainly when ``seats`` may name both sides (damage marked on a model)."""
    return Sender("acting", does, seats, shown)


def either(does: str) -> Sender:
    return Sender("either", does)


def table_only(does: str) -> Sender:
    return Sender("table", does)


def nobody(does: str) -> Sender:
    return Sender("nobody", does)


class Seated(Protocol):
    """A piece on one side of the table (a Warlord model, a warband unit)."""

    @property
    def seat(self) -> int: ...


def owner_seats(piece: Seated | None) -> set[int]:
    """The side of the piece a command names; both for an unknown one (the rules refuse it with their own
    sentence, which says more than a refusal of the seat would)."""
    return {piece.seat} if piece is not None else {0, 1}


def named_seat(_: GameState, command: Any) -> set[int]:
    """The seat a command names in its ``seat`` field (a concession acts for that side)."""
    return {command.seat}


def active_seat(state: GameState, _: Any) -> set[int]:
    """The player whose turn it is."""
    return {state.active}


def allowed_seats(state: GameState, command: Command) -> set[int]:
    """The seats whose links may send ``command`` now (empty: only the table link, or nobody)."""
    sender = SENDERS.get(command.type)
    if sender is None or sender.kind in ("table", "nobody"):
        return set()
    if sender.kind == "either":
        return {0, 1}
    assert sender.seats is not None
    return sender.seats(state, command) & {0, 1}


def refusal(state: GameState, command: Command) -> str:
    """The sentence for a seat link that may not send ``command``: who can."""
    sender = SENDERS.get(command.type)
    if sender is None:
        return "No link may do that."
    if sender.kind == "nobody":
        return f"Nobody sends that: the app does it by itself ({sender.does})."
    seats = sorted(allowed_seats(state, command))
    if not seats:
        return f"Only the shared table link can {sender.does}."
    names = " or ".join(state.player_name(s) for s in seats)
    return f"Only {names} or the shared table link can {sender.does}."
