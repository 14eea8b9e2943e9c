"""A game's result as data for tournament software (JSON) and as plain text, for every game system.

Built from the game's state (result, scenario, clock, setup record) and its log (the timeline). Pure functions
of their inputs: GameService.result_json / result_text read the state and the log and call these. Every system's
result has a winner, how, a headline (``title``), a sentence and the round it ended in; Warmachine's adds its
tiebreakers and scoring.
"""

from __future__ import annotations

from typing import Any

from models.db.repository import LogRow
from models.rules import GameState
from models.rules.warmachine.clock import shown
from models.rules.warmachine.match import board
from models.service.history import counts
from models.service.systems import game_system

FORMAT = "tablekeeper-result/1"
HOW_WORDS = {
    "scenario": "scenario",
    "assassination": "assassination",
    "deathclock": "deathclock",
    "concession": "concession",
    "out_of_action": "the other warband out of action",
    "end_of_game": "ended by the players",
    "rout": "rout",
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


def outcome(state: GameState) -> dict[str, Any] | None:
    """The result of a game of any system (None while it goes on)."""
    ended = game_system(state.system).outcome(state)
    if ended is None:
        return None
    winner = ended["winner"]
    return {**ended, "winner_name": state.player_name(winner) if winner is not None else None}


def report(game_id: str, version: int, state: GameState, log: list[LogRow]) -> dict[str, Any]:
    """Everything a tournament needs from one game; ``result`` is None while the game goes on."""
    names = [state.player_name(0), state.player_name(1)]
    wm = board(state)
    pre, clock, scenario = wm.pregame, wm.clock, wm.scenario
    return {
        "format": FORMAT,
        "game": game_id,
        "version": version,
        "system": state.system,
        "title": state.title,
        "players": names,
        "first": state.first,
        "finished": state.phase == "over",
        "round": state.round,
        "scenario": scenario.name if scenario else (pre.scenario if pre else None),
        "setup": None if pre is None else {
            "lists": list(pre.lists), "objectives": list(pre.objectives), "table_side": pre.side,
            "priority_rolls": [[list(d) for d in roll.dice] for roll in pre.rolls], "priority_winner": pre.priority,
        },
        "control_points": list(scenario.cp) if scenario else None,
        "result": outcome(state),
        "clock": None if clock is None else {
            "minutes_per_player": clock.minutes, "remaining_ms": list(clock.remaining_ms),
            "used_ms": [sum(t.used_ms[s] for t in clock.turns) for s in (0, 1)],
        },
        "turns": turns(state),
        "timeline": [{"seq": row.seq, "at": row.at, "actor": row.actor, "command": row.command.get("type"),
                      "texts": [e.get("text", "") for e in row.events]}
                     for row in log if counts(row)],
    }


def text(data: dict[str, Any]) -> str:
    """The report as plain lines (for pasting into tournament software or a message)."""
    p = data["players"]
    lines = [f"Tablekeeper result: {data['title']}", f"Players: {p[0]} and {p[1]}"]
    if data["scenario"]:
        lines.append(f"Scenario: {data['scenario']}")
    r = data["result"]
    if r is None:
        lines.append(f"Not finished (round {data['round']}).")
    else:
        who = r["winner_name"] or "nobody (a draw)"
        lines += [f"Winner: {who} ({HOW_WORDS[r['how']]}), round {r['round']}", r["detail"]]
    if r is not None and "treasures" in r:
        lines.append(f"Treasure carried off: {p[0]} {r['treasures'][0]}, {p[1]} {r['treasures'][1]}")
    if r is not None and "tiebreakers" in r:
        tb = r["tiebreakers"]
        lines.append(f"Control points: {p[0]} {tb['control_points'][0]}, {p[1]} {tb['control_points'][1]}")
        apd = tb["army_points_destroyed"]
        lines.append(f"Army points destroyed: {p[0]} {apd[0]}, {p[1]} {apd[1]}")
        ele = tb["army_points_in_scenario_elements"]
        lines.append("Army points in scenario elements: " +
                     (f"{p[0]} {ele[0]}, {p[1]} {ele[1]}" if ele is not None else "not entered"))
        if r["not_counted"]:
            lines.append("Not counted (no known cost): " + ", ".join(r["not_counted"]))
    if data["clock"]:
        c = data["clock"]
        lines.append(f"Clock left: {p[0]} {shown(c['remaining_ms'][0])}, {p[1]} {shown(c['remaining_ms'][1])}")
    rows = [t for t in data["turns"] if t["cp"] is not None or t["clock_ms"] is not None]
    if rows:
        lines.append("Turns:")
        for t in rows:
            where = "setup" if t["round"] == 0 else f"round {t['round']}"
            parts = [f"  {where}, {t['player']}"]
            if t["cp"] is not None:
                parts.append(f"CP {t['cp'][0]}-{t['cp'][1]} (totals {t['totals'][0]}-{t['totals'][1]})")
            if t["clock_ms"] is not None:
                parts.append(f"clock {shown(t['clock_ms'][0])} / {shown(t['clock_ms'][1])}")
            lines.append(": ".join(parts[:1]) + (": " + ", ".join(parts[1:]) if parts[1:] else ""))
    return "\n".join(lines) + "\n"
