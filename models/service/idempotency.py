"""Idempotency keys (DESIGN.md "Access": a tap counts once). A request sent again with its key is answered as
the first time and changes nothing; the same key for another request is refused. A command's key is unique in
its game's log; a start's key is unique on the site and starts one game."""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from models.rules import RuleViolation

COMMAND_ID_PATTERN = r"^[A-Za-z0-9_-]+$"
COMMAND_ID_MAX = 64
# A start's key is site-wide and a repeat within START_MEMORY_S answers with the game's links: long enough that
# nobody guesses another's (a UUID, or 16 random characters, is).
START_KEY_MIN = 16
START_MEMORY_S = 600.0
START_MEMORY_SIZE = 1024
# What GameService fills in when a command leaves it empty: the server's time, dice left to the app to roll.
STAMPED = frozenset({"at_ms", "dice"})

T = TypeVar("T")


def check_command_id(command_id: str | None, shortest: int = 1) -> None:
    """Refuse a malformed key with a sentence (the API checks the same before a request gets here)."""
    if command_id is None:
        return
    if not (shortest <= len(command_id) <= COMMAND_ID_MAX and re.fullmatch(COMMAND_ID_PATTERN, command_id)):
        raise RuleViolation("command.id_invalid",
                            f"A command_id is {shortest} to {COMMAND_ID_MAX} letters, digits, '-' or '_'.")


def same_request(logged: dict[str, Any], sent: dict[str, Any]) -> bool:
    """Whether ``sent`` asks again for what ``logged`` recorded. What the service added (the entry an undo took
    back) or filled in where the sender left it empty (STAMPED) counts as equal."""
    filled = {k: v for k, v in logged.items() if k not in sent or (k in STAMPED and sent[k] is None)}
    return {**sent, **filled} == logged


def reused(command_id: str) -> RuleViolation:
    return RuleViolation("command.id_reused", f"The command_id {command_id!r} was already used for a different "
                                              "request: send a new command_id with each new command.")


class RecentStarts(Generic[T]):
    """What recent starts answered, by key, in this process's memory only: the links' tokens are shown once and
    only their hashes are stored, so a start repeated within START_MEMORY_S (a lost answer, a double tap) gets
    the same links, and a later one, or one that reaches another server process, is refused naming the game."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._kept: OrderedDict[str, tuple[float, T]] = OrderedDict()
        self._lock = threading.Lock()

    def remember(self, key: str, answer: T) -> None:
        with self._lock:
            self._kept[key] = (self._clock(), answer)
            while len(self._kept) > START_MEMORY_SIZE:
                self._kept.popitem(last=False)

    def recall(self, key: str) -> T | None:
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                return None
            if self._clock() - kept[0] > START_MEMORY_S:
                del self._kept[key]
                return None
            return kept[1]
