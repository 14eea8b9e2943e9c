"""The timing charts of doc 002 Appendix A as short checklists a player can tick through: the activation
sequence on the card of the model that is activated, the spell-casting sequence in the spell dialog (the
attack sequence is the attack assistant's). Ticks are this page's reading aid, not game state; what the app
knows is enforced by the rules (no feat or spell after running, nothing "any time" mid-attack)."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import ACTIVATION_SEQUENCE, board
from webapp.view import GameView


def checklist(title: str, lines: tuple[str, ...]) -> ui.expansion:
    """A closed expansion with one checkbox per step (each named by its own words)."""
    with ui.expansion(title).classes("tk-checklist w-full") as box, ui.column().classes("gap-0"):
        for line in lines:
            ui.checkbox(line).classes("tk-check")
    return box


class ActivationChecklist:
    """The activation sequence, shown while the model is activated and cleared for its next activation."""

    def __init__(self, view: GameView, model_id: str) -> None:
        self.view, self.model_id = view, model_id
        self.box: ui.expansion | None = None
        self.holder = ui.column().classes("gap-0 w-full")
        self._active: bool | None = None
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        m = board(state).model(self.model_id)
        active = m.in_play and m.activation == "active"
        if active == self._active:
            return
        self._active = active
        if self.box is not None:  # a fresh list for each activation
            self.box.delete()
            self.box = None
        if active:
            with self.holder:
                self.box = checklist("The activation sequence", ACTIVATION_SEQUENCE)
