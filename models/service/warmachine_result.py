"""Warmachine's own part of a game's result for tournament software (results.py builds the rest): the pre-game
record (lists, objectives, table side, priority rolls), the scenario and its control points, the deathclock, and
one row per turn with the control points scored and the clock time used."""

from __future__ import annotations

from typing import Any

from models.rules import GameState
from models.rules.warmachine.match import board


def record(state: GameState) -> dict[str, Any]:
    """The scenario, setup, control points, clock and turns of a Warmachine game, as its result gives them."""
    wm = board(state)
    pre, clock, scenario = wm.pregame, wm.clock, wm.scenario
    return {
        "scenario": scenario.name if scenario else (pre.scenario if pre else None),
        "setup": None if pre is None else {
            "lists": list(pre.lists), "objectives": list(pre.objectives), "table_side": pre.side,
            "priority_rolls": [[list(d) for d in roll.dice] for roll in pre.rolls], "priority_winner": pre.priority,
        },
        "control_points": list(scenario.cp) if scenario else None,
        "clock": None if clock is None else {
            "minutes_per_player": clock.minutes, "remaining_ms": list(clock.remaining_ms),
            "used_ms": [sum(t.used_ms[s] for t in clock.turns) for s in (0, 1)],
        },
        "turns": turns(state),
    }


def turns(state: GameState) -> list[dict[str, Any]]:
    """One row per turn (round 0 is setup): control points scored and clock time used by each side."""
    rows: dict[tuple[int, int], dict[str, Any]] = {}

    def row(round_no: int, seat: int) -> dict[str, Any]:
        return rows.setdefault((round_no, seat), {"round": round_no, "seat": seat, "player": state.player_name(seat),
                                                  "cp": None, "killbox": None, "totals": None, "final": False,
                                                  "clock_ms": None})

    played = board(state)
    if played.clock is not None:
        for t in played.clock.turns:
            row(t.round, t.seat)["clock_ms"] = list(t.used_ms)
    if played.scenario is not None:
        for s in played.scenario.turns:
            if s.final:
                r = rows.setdefault((s.round, 2), {"round": s.round, "seat": None, "player": "Final scoring",
                                                    "cp": None, "killbox": None, "totals": None, "final": True,
                                                    "clock_ms": None})
            else:
                r = row(s.round, s.seat)
            r.update(cp=list(s.cp), killbox=list(s.killbox), totals=list(s.totals))
    first = state.first
    return [rows[k] for k in sorted(rows, key=lambda k: (k[0], k[1] == 2, k[1] != first))]
