"""Which log rows count (DESIGN.md "Persistence": undo is a command; it marks an earlier one undone and the state is
rebuilt). The one answer for every replay the service makes and for the tests that check it: the state is the
rules' ``replay`` of the commands that count, never a loop of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from models.rules import Command, GameState, parse_command, replay

UNDO = "undo"


class Logged(Protocol):
    """A log row as the repository reads it (``Logged``) or as the table holds it (``CommandLog``)."""

    @property
    def seq(self) -> int: ...

    @property
    def command(self) -> dict[str, Any]: ...

    @property
    def undone(self) -> bool: ...


def is_undo(row: Logged) -> bool:
    return row.command.get("type") == UNDO


def counts(row: Logged) -> bool:
    """A row counts when it is an action (not an undo) that no undo has taken back (as the log marks it now)."""
    return not is_undo(row) and not row.undone


def counted(rows: Iterable[Logged]) -> list[Command]:
    """The commands of the rows that count, oldest first."""
    return [parse_command(r.command) for r in rows if counts(r)]


def counted_at(rows: Iterable[Logged], seq: int) -> list[Command]:
    """The commands that counted just after log entry ``seq``: only the undos logged up to it take rows back."""
    upto = [r for r in rows if r.seq <= seq]
    undone = {r.command.get("target") for r in upto if is_undo(r)}
    return [parse_command(r.command) for r in upto if not is_undo(r) and r.seq not in undone]


def replayed(rows: Iterable[Logged], state: GameState | None = None) -> GameState:
    """The state the rows that count make, from ``state`` (a snapshot's) or from a new game."""
    return replay(counted(rows), state)


@dataclass(frozen=True)
class LogEntry:
    """One entry of a game's log as pages and the API show it: its command's type, what happened, who sent it."""

    seq: int
    kind: str
    texts: tuple[str, ...]
    actor: str
    undone: bool
    at: str
    target: int | None = None
