"""The running app's shared objects (set once by webapp.main.build), read by pages and API routes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from models.service import GameService

if TYPE_CHECKING:
    from webapp.live import Live


@dataclass
class Deps:
    service: GameService
    live: Live


_current: Deps | None = None


def install(deps: Deps) -> None:
    global _current
    _current = deps


def current() -> Deps:
    if _current is None:
        raise RuntimeError("webapp.main.build() has not run")
    return _current
