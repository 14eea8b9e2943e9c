"""The result page of one game (any link of the game, any game system): winner, how, round, the timeline, and the
export for tournament software (JSON and text); for Warmachine also control points, the tiebreakers in order, the
setup record and each turn's scoring and clock use (with two charts). It follows the game live, so it can be
opened before the end."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from nicegui import ui

from models.service.events.edition import EventEdition
from models.service.events.words import export_lines
from models.service.results import clock_used, text
from models.service.systems import game_system
from webapp.blocking import io
from webapp.pages.frame import frame, open_game
from webapp.view import GameView


def _points(value: Any) -> str:
    return "not entered" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _turn_name(t: dict[str, Any]) -> str:
    if t["round"] == 0:
        return "Setup"
    return f"R{t['round']} {t['player']}" if not t["final"] else f"R{t['round']} final"


def _turn_chart(data: dict[str, Any], turns: list[dict[str, Any]], axis: dict[str, Any], series: dict[str, Any],
                value: Callable[[dict[str, Any], int], Any]) -> dict[str, Any] | None:
    """One series a player over the given turns (none: no chart); the two charts differ only in their numbers."""
    if not turns:
        return None
    return {
        "tooltip": {"trigger": "axis"},
        "legend": {"data": data["players"]},
        "xAxis": {"type": "category", "data": [_turn_name(t) for t in turns]},
        "yAxis": {"type": "value", **axis},
        "series": [{"name": data["players"][s], **series, "data": [value(t, s) for t in turns]} for s in (0, 1)],
    }


def cp_chart(data: dict[str, Any]) -> dict[str, Any] | None:
    """Control point totals after each scored turn, one line per player."""
    return _turn_chart(data, [t for t in data["turns"] if t["totals"] is not None], {"name": "CP", "minInterval": 1},
                       {"type": "line", "step": "end"}, lambda t, s: t["totals"][s])


def clock_chart(data: dict[str, Any]) -> dict[str, Any] | None:
    """Minutes of clock each player used in each turn (round 0 is setup and deployment)."""
    return _turn_chart(data, [t for t in data["turns"] if t["clock_ms"] is not None], {"name": "minutes"},
                       {"type": "bar", "stack": "time"}, lambda t, s: round(t["clock_ms"][s] / 60_000, 2))


class ResultView:
    def __init__(self, view: GameView, token: str) -> None:
        self.view = view
        self.token = token
        self.data: dict[str, Any] = {}
        self.following = False
        self.body = ui.column().classes("tk-result-page w-full gap-4")
        view.on_version(self.refresh)

    async def refresh(self, _version: int | None = None) -> None:
        data = await io(self.view.deps.service.result_json, self.view.game_id)
        event = await io(self.view.deps.events.result_of_game, self.view.game_id)
        self.data = {**data, "event": event} if event is not None else data
        if event is not None and not self.following:  # a report confirmed changes the event's result, not the game
            self.following = True
            self.view.deps.event_feed.follow(event["id"]).subscribe(self._event_changed)
        self._redraw()

    def _event_changed(self, edition: EventEdition) -> None:
        """A new edition of the event: the table's part of the result read from it (the game is as it was)."""
        event = edition.result_of_game(self.view.game_id)
        if event is not None and event != self.data.get("event"):
            self.data = {**self.data, "event": event}
            self._redraw()

    def _redraw(self) -> None:
        self.body.clear()
        with self.body:
            self._draw(self.data)

    def _draw(self, data: dict[str, Any]) -> None:
        p = data["players"]
        r = data["result"]
        with ui.card().classes("w-full").props('role="region" aria-label="Result"'):
            turn = game_system(data["system"]).turn_word
            event = data.get("event")
            if event is not None:  # an event's table: its result as the event counts it
                for n, line in enumerate(export_lines(event)):
                    ui.label(line).classes("tk-result-title" if n and r is None else "")
            if r is None:
                ui.label(f"The game in the app goes on: {turn} {data['round']}." if event is not None else
                         f"The game goes on: {turn} {data['round']}.").classes("" if event else "tk-result-title")
            else:
                ui.label(r["title"]).classes("tk-result-title")
                ui.label(r["detail"]).classes("tk-result-detail")
                ui.label(f"Ended in {turn} {r['round']}.")
            if r is not None and "tiebreakers" in r:
                if r["scoring_due"]:
                    ui.label("A scenario scoring is still to be entered on the table.").classes("tk-prompt")
                tb = r["tiebreakers"]
                rows = [("1. The win", tb["win"]), ("2. Control points", tb["control_points"]),
                        ("3. Army points destroyed", tb["army_points_destroyed"]),
                        ("4. Army points in scenario elements", tb["army_points_in_scenario_elements"])]
                ui.table(columns=[{"name": "what", "label": "Tiebreaker", "field": "what", "align": "left"},
                                  {"name": "a", "label": p[0], "field": "a"},
                                  {"name": "b", "label": p[1], "field": "b"}],
                         rows=[{"what": name, "a": _points(v[0] if v else None), "b": _points(v[1] if v else None)}
                               for name, v in rows], row_key="what").props(
                    'flat aria-label="Tiebreakers"').classes("w-full")
                if r["not_counted"]:
                    ui.label("Not counted, no cost known: " + ", ".join(r["not_counted"]))
        with ui.row().classes("gap-2"):
            ui.button("Download JSON", icon="download", on_click=self._json).props("no-caps")
            ui.button("Download text", icon="download", on_click=self._text).props("no-caps outline")
            ui.link("Back to the game", f"/watch/{self.view.game_id}/{self.token}"
                    if not self.view.can_act else f"/table/{self.view.game_id}/{self.token}")
        if data["setup"]:
            s = data["setup"]
            with ui.card().classes("w-full").props('role="region" aria-label="Setup"'):
                ui.label("Setup").classes("text-h6")
                ui.label(f"Scenario: {data['scenario'] or 'not chosen'}")
                ui.label(f"Lists: {p[0]} {s['lists'][0] or '-'}; {p[1]} {s['lists'][1] or '-'}")
                ui.label(f"Objectives: {p[0]} {s['objectives'][0] or 'none'}; {p[1]} {s['objectives'][1] or 'none'}")
                if s["priority_winner"] is not None:
                    ui.label(f"Priority roll won by {p[s['priority_winner']]}; {p[data['first']]} went first; "
                             f"table side: {s['table_side'] or '-'}")
        charts = [("Control points after each turn", cp_chart(data)), ("Clock used per turn", clock_chart(data))]
        with ui.row().classes("w-full gap-4"):
            for title, option in charts:
                if option is None:
                    continue
                with ui.card().classes("tk-chart").props(f'role="region" aria-label="{title}"'):
                    ui.label(title).classes("text-h6")
                    ui.echart(option).classes("tk-echart")
        turns = data["turns"]
        if turns:
            with ui.card().classes("w-full").props('role="region" aria-label="Turns"'):
                ui.label("Turns").classes("text-h6")
                ui.table(columns=[
                    {"name": "turn", "label": "Turn", "field": "turn", "align": "left"},
                    {"name": "cp", "label": "CP scored", "field": "cp"},
                    {"name": "totals", "label": "Totals", "field": "totals"},
                    {"name": "killbox", "label": "Kill box", "field": "killbox"},
                    {"name": "clock", "label": f"Clock {p[0]} / {p[1]}", "field": "clock"},
                ], rows=[{
                    "turn": _turn_name(t),
                    "cp": f"{t['cp'][0]}-{t['cp'][1]}" if t["cp"] else "",
                    "totals": f"{t['totals'][0]}-{t['totals'][1]}" if t["totals"] else "",
                    "killbox": ", ".join(p[s] for s in (0, 1) if t["killbox"] and t["killbox"][s]),
                    "clock": clock_used(t),
                } for t in turns], row_key="turn").props('flat aria-label="Turns"').classes("w-full")
        with ui.card().classes("w-full tk-log").props('role="region" aria-label="Timeline" tabindex="0"'):
            ui.label("Timeline").classes("text-h6")
            for entry in data["timeline"]:
                when = entry["at"][11:19] if len(entry["at"]) >= 19 else entry["at"]
                with ui.row().classes("tk-entry gap-2 no-wrap w-full"):
                    ui.label(when).classes("tk-kind")
                    ui.label(" ".join(entry["texts"]) or entry["command"] or "")

    def _json(self) -> None:
        ui.download.content(json.dumps(self.data, indent=2), f"tablekeeper-{self.view.game_id}.json",
                            "application/json")

    async def _text(self) -> None:
        ui.download.content(text(self.data), f"tablekeeper-{self.view.game_id}.txt", "text/plain")


async def result_page(game_id: str, token: str) -> None:
    view = await open_game(game_id, token)
    frame(f"Result: {view.state.title}")
    page = ResultView(view, token)
    await page.refresh()
    view.follow()
