"""A game's result as data for tournament software (JSON) and as plain text, for every game system.

Built from the game's state and its log (the timeline). Pure functions of their inputs: GameService.result_json /
result_text read the state and the log and call these. Every system's result has a winner, how, a headline
(``title``), a sentence and the round it ended in; a system adds its own part (``GameSystem.record``: its scenario,
setup, control points, clock and turns) and its own result keys (Warmachine's tiebreakers and scoring).
"""

from __future__ import annotations

from typing import Any

from models.db.repository import LogRow
from models.rules import GameState
from models.rules.times import shown
from models.service.events.words import export_lines
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


def outcome(state: GameState) -> dict[str, Any] | None:
    """The result of a game of any system (None while it goes on)."""
    ended = game_system(state.system).outcome(state)
    if ended is None:
        return None
    winner = ended["winner"]
    return {**ended, "winner_name": state.player_name(winner) if winner is not None else None}


def report(game_id: str, version: int, state: GameState, log: list[LogRow]) -> dict[str, Any]:
    """Everything a tournament needs from one game; ``result`` is None while the game goes on."""
    own = game_system(state.system).record(state)
    return {
        "format": FORMAT,
        "game": game_id,
        "version": version,
        "system": state.system,
        "title": state.title,
        "players": [state.player_name(0), state.player_name(1)],
        "first": state.first,
        "finished": state.phase == "over",
        "round": state.round,
        "scenario": own["scenario"],
        "setup": own["setup"],
        "control_points": own["control_points"],
        "result": outcome(state),
        "clock": own["clock"],
        "turns": own["turns"],
        "timeline": [{"seq": row.seq, "at": row.at, "actor": row.actor, "command": row.command.get("type"),
                      "texts": [e.get("text", "") for e in row.events]}
                     for row in log if counts(row)],
    }


def clock_used(turn: dict[str, Any]) -> str:
    """The clock time both players used in one of the report's turns ("4:05 / 3:10"; "" without a clock), as the
    result page's table and the text both say it."""
    used = turn["clock_ms"]
    return f"{shown(used[0])} / {shown(used[1])}" if used else ""


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
    if event := data.get("event"):
        lines += export_lines(event)
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
                parts.append(f"clock {clock_used(t)}")
            lines.append(": ".join(parts[:1]) + (": " + ", ".join(parts[1:]) if parts[1:] else ""))
    return "\n".join(lines) + "\n"
