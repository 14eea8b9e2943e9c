"""Input that does not read (pydantic's validation errors) in our words, the one way for a command, a list, a card
and an API request: the first thing wrong, named as the reader knows the field.

DESIGN.md: bad input gets a clear message and changes nothing; the message says where and what, never a trace.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Loc = tuple[str | int, ...]


def dotted(loc: Loc) -> str:
    """A field's path as the API spells it: ``sides.0.player``."""
    return ".".join(str(p) for p in loc)


def invalid_words(errors: Sequence[Mapping[str, Any]], whole: str = "value",
                  field: Callable[[Loc], str] = dotted) -> str:
    """``"<field>: <what is wrong>"`` for the first of ``errors`` (``ValidationError.errors()``); ``whole`` names
    what was sent when the error is not in one field, ``field`` names a field for its reader."""
    first = errors[0] if errors else {}
    where = field(tuple(first.get("loc", ()))) or whole
    limit = (first.get("ctx") or {}).get("max_length")
    kind = first.get("type", "")
    if kind == "string_too_long":
        return f"{where}: at most {limit} characters"
    if kind == "too_long":
        return f"{where}: at most {limit} entries"
    if kind == "string_too_short":
        return f"{where}: cannot be empty"
    if kind == "missing":
        return f"{where}: missing"
    return f"{where}: {first.get('msg', 'not a valid value')}"
