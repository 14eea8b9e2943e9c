"""Access links and who may act through them (DESIGN.md "Access"), decided here only: the service enforces it
and the pages ask it before they offer a control. Tokens are random, shown once, stored only as hashes.

What a seat may send is each game system's table (``seats.py``, read through models/rules/senders.py); this
module adds the links: the table link sends all but what nobody sends, a watch link sends nothing, and a seat's
link undoes and redoes only its own actions.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Literal

from models.rules import Command, GameState, seen_by
from models.rules.senders import SENDERS, allowed_seats, refusal
from models.service.errors import Forbidden

Role = Literal["table", "seat", "watch"]
WATCH_ONLY = "A watch link only follows the game: it cannot change it."


@dataclass(frozen=True)
class Actor:
    role: Role
    seat: int | None = None

    @property
    def label(self) -> str:
        return f"seat {self.seat + 1}" if self.role == "seat" and self.seat is not None else self.role

    @property
    def can_act(self) -> bool:
        return self.role != "watch"


SPECTATOR = Actor(role="watch")  # a reader with no side: what a watch link may read


def readable(state: GameState, actor: Actor) -> GameState:
    """The state as ``actor``'s link may read it, for every read that hands out state (the game, the spectators'
    view, a command's answer, the options, the result): a seat's link and a watch link see a secret choice only
    once the game has revealed it; the table link acts for both sides and sees all."""
    return state if actor.role == "table" else seen_by(state, actor.seat if actor.role == "seat" else None)


def send_refusal(actor: Actor, state: GameState, command: Command) -> str | None:
    """None when ``actor``'s link may send ``command`` now, else the sentence saying who can (deny by default)."""
    if not actor.can_act:
        return WATCH_ONLY
    sender = SENDERS.get(command.type)
    if actor.role == "table" and sender is not None and sender.kind != "nobody":
        return None
    if actor.role == "seat" and actor.seat in allowed_seats(state, command):
        return None
    return refusal(state, command)


def check_can_act(actor: Actor) -> None:
    """Forbidden for a watch link, whatever it asks to change."""
    if not actor.can_act:
        raise Forbidden(WATCH_ONLY)


def check_can_list(actor: Actor) -> None:
    """Only the game's players list it on Live now or take it off: its table link or a seat's link, never a watch
    link (the Live now page hands watch links out)."""
    if actor.role not in ("table", "seat"):
        raise Forbidden("Only the players' links can show this game on Live now or take it off: a watch link "
                        "only follows the game.")


def check_can_send(actor: Actor, state: GameState, command: Command) -> None:
    reason = send_refusal(actor, state, command)
    if reason is not None:
        raise Forbidden(reason)


def check_own(actor: Actor, logged_by: str, verb: str, what: str) -> None:
    """A seat's link takes back or brings back only what it logged itself; the table link any (``verb``:
    "undoes", ``what``: "actions")."""
    if actor.role == "seat" and logged_by != actor.label:
        raise Forbidden(f"A player's own link {verb} only that player's own {what}; the shared table link "
                        f"{verb} any.")


def new_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
