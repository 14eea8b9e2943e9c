"""The scoring prompt at the end of each turn of a scenario game (shown in the turn bar): the scenario's name and
elements, control points each side scored, the kill-box question, and one button that scores and hands the turn
(and the clock) over."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState, tournament_of
from models.rules.warmachine import CP_MAX, board, builders
from models.service.views.warmachine_turn import score_prompt
from webapp.components.once import once
from webapp.view import GameView


def read_cp(values: list[float | None]) -> tuple[int, int] | None:
    """Two whole numbers from 0 to CP_MAX, or None (blank counts as 0)."""
    out: list[int] = []
    for v in values:
        v = 0 if v is None else v
        if int(v) != v or not 0 <= v <= CP_MAX:
            return None
        out.append(int(v))
    return out[0], out[1]


def scenario_line(state: GameState) -> None:
    """The scenario being played (with what it puts on the table when it is one of the Steamroller pack), so the
    players score the right elements."""
    scenario = board(state).scenario
    if scenario is not None and scenario.name:
        ui.label(f"Scenario: {tournament_of(state.system).scenario_words(scenario.name)}").classes("tk-kind")


class ScorePrompt:
    """Drawn by the turn line's update (turn_bar.py), in the same update as Next's hold."""

    def __init__(self, view: GameView) -> None:
        self.view = view
        self._shown: tuple[object, ...] | None = None
        self.box = ui.column().classes("tk-score w-full").props('role="group" aria-label="Score this turn"')

    def update(self, state: GameState) -> None:
        prompt = score_prompt(state)
        key = (prompt, state.round, state.active)
        if key == self._shown:
            return
        self._shown = key
        self.box.clear()
        self.box.set_visibility(prompt is not None)
        if prompt is None:
            return
        names = state.player_name(0), state.player_name(1)
        with self.box:
            ui.label(prompt.heading).classes("tk-prompt")
            scenario_line(state)
            # The header is dark in both themes: its fields and checkbox take the dark look (light text).
            with ui.row().classes("items-end gap-3"):
                cps = [ui.number(f"Control points scored by {names[s]}", value=0, step=1, format="%d")
                       .props("dark").classes("w-72") for s in (0, 1)]
            boxes: list[ui.checkbox | None] = [None, None]
            if prompt.killbox is not None:
                boxes[state.active] = ui.checkbox(prompt.killbox).props("dark")

            async def score() -> None:
                cp = read_cp([f.value for f in cps])
                if cp is None:
                    ui.notify(f"Control points are whole numbers from 0 to {CP_MAX}.", type="warning")
                    return
                killbox = (bool(boxes[0] and boxes[0].value), bool(boxes[1] and boxes[1].value))
                await self.view.send(builders.score_turn(cp, killbox))

            once(ui.button(prompt.button).props("no-caps size=lg"), score)
