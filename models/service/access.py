"""Access links: random tokens shown once, stored only as hashes (DESIGN.md "Access")."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Literal

Role = Literal["table", "seat", "watch"]


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


def new_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
