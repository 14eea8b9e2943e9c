"""Time as a clock face shows it: one format for every game's clock, in the rules' events and in a result's text."""

from __future__ import annotations


def shown(ms: int) -> str:
    """Milliseconds as a clock shows them: h:mm:ss or m:ss (never below zero)."""
    seconds = max(0, ms) // 1000 + (1 if max(0, ms) % 1000 else 0)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
