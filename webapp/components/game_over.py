"""The end of a Warlord or warband game on its table page: who won and how, and the link to the result page
(timeline and export). Hidden while the game goes on; Warmachine has its own panel with its tiebreakers
(ending.py)."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.service.results import outcome
from webapp.view import GameView


class GameOverBox:
    def __init__(self, view: GameView, token: str) -> None:
        self._shown: object = ()
        self.box = ui.card().classes("tk-result w-full").props('role="region" aria-label="Result"')
        with self.box:
            self.title = ui.label("").classes("tk-result-title").props('aria-live="polite"')
            self.detail = ui.label("").classes("tk-result-detail")
            ui.link("Result page: timeline and export", f"/result/{view.game_id}/{token}").classes("tk-result-link")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        ended = outcome(state)
        if ended == self._shown:
            return
        self._shown = ended
        self.box.set_visibility(ended is not None)
        if ended is not None:
            self.title.set_text(ended["title"])
            self.detail.set_text(ended["detail"])
