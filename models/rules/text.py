"""Text a person typed (titles, names, notes): one tidy line of printable characters, one helper for every field.

Control characters are dropped, not just folded: a NUL cannot be stored in a PostgreSQL text column (a title with
one was a server error there while SQLite kept it), and half a surrogate pair cannot be encoded at all.
"""

from __future__ import annotations

import re

from models.rules.core import RuleViolation

# Control characters that are not whitespace (those are folded into a space), and lone surrogate halves.
_UNPRINTABLE = re.compile("[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f\ud800-\udfff]")


def tidy(text: str | None) -> str:
    """One line: control characters gone, runs of spaces and line breaks folded into one space, no ends."""
    return " ".join(_UNPRINTABLE.sub("", text or "").split())


def clean_text(text: str | None, what: str, limit: int, *, empty_ok: bool = False) -> str:
    """:func:`tidy` text, refused (``name.empty``, ``name.too_long``) when empty or longer than ``limit``."""
    text = tidy(text)
    if not text and not empty_ok:
        raise RuleViolation("name.empty", f"The {what} cannot be empty.")
    if len(text) > limit:
        raise RuleViolation("name.too_long", f"The {what} can be at most {limit} characters.")
    return text
