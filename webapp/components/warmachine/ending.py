"""The end of a game on screen: the "end the game" dialog (assassination, concession), the result panel with
what the players still have to enter (a final scoring, the army points in scenario elements), and the link to
the result page. The watch page shows the same panel without controls, live."""

from __future__ import annotations

from functools import partial

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import POINTS_MAX, Result, board, builders
from models.service.views.warmachine import headline, tiebreakers
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.dialogs import titled_dialog
from webapp.components.once import once
from webapp.components.warmachine.scoring import read_cp, scenario_line
from webapp.view import GameView


def end_game_button(view: GameView) -> ui.button:
    """A button that opens the dialog to end the game (both sides' choices, one tap each)."""

    def open_dialog() -> None:
        state = view.state
        names = state.player_name(0), state.player_name(1)
        with titled_dialog("End the game") as dialog:

            async def do(command: object) -> bool:
                return await view.send(command)  # type: ignore[arg-type]

            if state.phase != "setup":
                ui.label("A caster is gone (destroyed or removed): the other side wins by assassination.")
                for s in (0, 1):
                    once(ui.button(f"{names[s]}'s caster is gone").props("no-caps outline"),
                         partial(do, builders.assassinated(s)), dialog, closes=True)
            ui.label("A player concedes: the other side wins.")
            for s in (0, 1):
                once(ui.button(f"{names[s]} concedes").props("no-caps outline color=negative"),
                     partial(do, builders.concede(s)), dialog, closes=True)
            ui.button("Cancel", on_click=dialog.close).props("flat no-caps")

    # Named as its words read: on a phone the header shows its flag only.
    return once(named(ui.button("End the game…", icon=icons.FLAG).props("outline no-caps"), "End the game…"),
                open_dialog)


class ResultPanel:
    """The result as it stands; with ``controls``, the scoring or tiebreaker the players still enter."""

    def __init__(self, view: GameView, token: str, controls: bool) -> None:
        self.view = view
        self.controls = controls
        self._shown: Result | None = None
        self.box = ui.card().classes("tk-result w-full").props('role="region" aria-label="Result"')
        with self.box:
            self.title = ui.label("").classes("tk-result-title").props('aria-live="polite"')
            self.detail = ui.label("").classes("tk-result-detail")
            self.tiebreakers = ui.label("").classes("tk-result-tiebreakers")
            self.ask = ui.column().classes("w-full gap-2")
            ui.link("Result page: tiebreakers, clock use, timeline, export",
                    f"/result/{view.game_id}/{token}").classes("tk-result-link")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        result = board(state).result
        self.box.set_visibility(result is not None)
        if result is None or result == self._shown:
            return
        self._shown = result
        self.title.set_text(headline(state, result))
        self.detail.set_text(result.detail)
        self.tiebreakers.set_text(tiebreakers(state, result))
        self.ask.clear()
        if self.controls and board(state).scenario is not None:
            with self.ask:
                if result.due is not None:
                    self._final_score(state, result)
                else:
                    self._elements(state, result)

    def _final_score(self, state: GameState, result: Result) -> None:
        names = state.player_name(0), state.player_name(1)
        if result.due == "clock_score":
            seat = result.seat or 0
            ui.label(f"Score the scenario now, as at the end of a turn: {names[seat]} wins only with a lead of 5 "
                     "or more.").classes("tk-prompt")
        else:
            ui.label("The winner stands. One last scenario scoring still counts for the tiebreakers (control "
                     "points come right after the win): leave out what the losing side can no longer score or "
                     "contest with (inert warjacks, wild warbeasts, horrors removed with their master).").classes(
                         "tk-prompt")
        scenario_line(state)
        with ui.row().classes("items-end gap-3"):
            fields = [ui.number(f"{names[s]}: control points", value=0, step=1, format="%d").classes("w-56")
                      for s in (0, 1)]
            for s, field in enumerate(fields):
                field._props["aria-label"] = f"Final control points of {names[s]}"

        async def save() -> None:
            cp = read_cp([f.value for f in fields])
            if cp is None:
                ui.notify("Control points are whole numbers from 0 to 20.", type="warning")
                return
            await self.view.send(builders.final_score(cp))

        once(ui.button("Record the scoring").props("no-caps"), save)

    def _elements(self, state: GameState, result: Result) -> None:
        names = state.player_name(0), state.player_name(1)
        ui.label("Last tiebreaker: army points each side has in scenario elements.").classes("tk-prompt")
        given = result.elements or (0, 0)
        with ui.row().classes("items-end gap-3"):
            fields = [ui.number(f"{names[s]}: army points", value=given[s], step=1,
                                format="%d").classes("w-56") for s in (0, 1)]
            for s, field in enumerate(fields):
                field._props["aria-label"] = f"Army points of {names[s]} in scenario elements"

        async def save() -> None:
            values = [0 if f.value is None else f.value for f in fields]
            if any(int(v) != v or not 0 <= v <= POINTS_MAX for v in values):
                ui.notify(f"Army points are whole numbers from 0 to {POINTS_MAX}.", type="warning")
                return
            await self.view.send(builders.scenario_elements((int(values[0]), int(values[1]))))

        once(ui.button("Record the army points").props("no-caps"), save)
