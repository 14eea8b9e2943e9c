"""The spectators' view of a game: one JSON document per version, built once and sent to every spectator
(DESIGN.md "Live updates"). The browser renders it (static/watch.js); between versions a JSON merge patch
(RFC 7386) of two views says what changed.

Everything here is a pure function of the state and the newest log entries. Words a player typed (names,
titles, spells) stay plain strings: the browser shows them as text. The only markup is the damage drawings,
made here from numbers (drawings.py). game.py puts a whole view together; each game system's part of it is
looked up in models/service/systems.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from models.service.history import LogEntry

LOG_SHOWN = 60  # log entries in a view, newest first

View = dict[str, Any]


def log_tail(previous: dict[str, list[Any]], entries: Iterable[LogEntry]) -> dict[str, list[Any]]:
    """The newest LOG_SHOWN entries as ``{seq: [text, undone]}``: ``previous`` with ``entries`` added; an undo
    marks the entry it undid."""
    tail = dict(previous)
    for e in entries:
        tail[str(e.seq)] = [" ".join(e.texts), e.undone]
        target = str(e.target) if e.kind == "undo" and e.target is not None else ""
        if target in tail:
            tail[target] = [tail[target][0], True]
    for seq in sorted(tail, key=int)[:-LOG_SHOWN]:
        del tail[seq]
    return tail


def result_box(ended: dict[str, Any] | None, turn_word: str) -> dict[str, str] | None:
    """The watch page's result box for a Warlord or warband game (Warmachine's adds its tiebreakers)."""
    if ended is None:
        return None
    return {"title": ended["title"], "detail": ended["detail"],
            "tiebreakers": f"{turn_word.capitalize()} {ended['round']}"}


def diff(old: Any, new: Any) -> Any:
    """A JSON merge patch (RFC 7386) that turns ``old`` into ``new``: changed keys only, None for a removed
    key, lists whole. (A value of None in ``new`` reads as "absent" once patched: views use None so.)"""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return new
    patch: dict[str, Any] = {k: None for k in old if k not in new}
    for key, value in new.items():
        if key not in old:
            patch[key] = value
        elif old[key] != value:
            patch[key] = diff(old[key], value)
    return patch
