"""One game's line on the site's "Live now" page, taken from its spectators' view (no second view of a game):
title, system, players, round, turn and phase, control points where the system scores them, and the
deathclock's times when it runs (the browser counts a running clock down, as on the watch page)."""

from __future__ import annotations

from typing import Any

from models.service.systems import game_system


def summary(view: dict[str, Any], watch_url: str, listed: str) -> dict[str, Any]:
    """The game's line; ``watch_url`` opens its watch view, ``listed`` (ISO time) orders the lines."""
    turn, score, clock = view.get("turn") or {}, view.get("score") or {}, view.get("clock")
    return {
        "title": view["title"], "system": game_system(view["system"]).label,
        "players": list(view["players"]), "round": turn.get("round", ""), "turn": turn.get("player", ""),
        "phase": turn.get("phase", ""), "cp": score.get("cp"),
        "clock": None if clock is None else {"remaining": clock["remaining"], "since": clock["since"],
                                             "ticking": clock["ticking"]},
        "watch": watch_url, "listed": listed,
    }
