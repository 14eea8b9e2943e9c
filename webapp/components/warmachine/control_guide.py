"""The control-phase guide: the steps of the active player's control phase in order (doc 001's five for an
Infernal army; doc 002's, with spirit bond, power up and frenzy checks when the army has warlocks, warjacks
or warbeasts), the current one marked, and under it only the choices each caster, horror, warjack and
warbeast may make now."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import board
from models.service.views.warmachine import tracker
from models.service.views.warmachine_turn import control_hint, control_steps
from webapp.components.warmachine.actions import ActionBar
from webapp.components.warmachine.model_card import ScopedView
from webapp.view import GameView

CHOICES = frozenset({"sacrifice", "leech", "receive_allocation", "upkeep", "drop_upkeep", "shake",
                     "leech_fury", "leech_life", "spirit_bond", "skip_power_up", "allocate_focus",
                     "threshold_check", "end_frenzy"})


class ControlGuide:
    def __init__(self, view: GameView) -> None:
        self.view = view
        self._shown: tuple[object, ...] | None = None
        self._steps_shown: tuple[tuple[str, str], ...] | None = None
        self.steps: dict[str, ui.label] = {}
        with ui.card().classes("tk-guide w-full").props('role="region" aria-label="Control phase guide"') as self.box:
            ui.label("Control phase").classes("text-h6")
            self.steps_row = ui.row().classes("gap-2")
            self.hint = ui.label("").classes("tk-prompt")
            self.row = ui.row().classes("gap-4")
        self.blocks: dict[str, tuple[ui.column, ActionBar, ScopedView]] = {}
        self._sync(view.state)
        view.on_update(self._sync)
        view.on_update(self.update)
        self.update(view.state)

    def _sync(self, state: GameState) -> None:
        """A block per caster, horror, warjack and warbeast in the game state (a summoned horror gets one, an
        undone summon loses it), shown only while it has something to choose."""
        new = set()
        for m in board(state).models:
            if m.id not in self.blocks and tracker(state, m) is not None:
                scoped = ScopedView(self.view, m.id)
                with self.row, ui.column().classes("gap-1") as column:
                    ui.label(m.name).classes("text-bold")
                    bar = ActionBar(scoped, m.id, only=CHOICES)
                self.blocks[m.id] = (column, bar, scoped)
                new.add(m.id)
        for key, (column, bar, scoped) in list(self.blocks.items()):
            if not scoped.exists(state):
                column.delete()
                del self.blocks[key]
                continue
            if key not in new:
                scoped.update(state)
            column.set_visibility(any(b.visible for b in bar.buttons.values()))

    def update(self, state: GameState) -> None:
        steps = control_steps(state) if state.phase == "control" else self._steps_shown
        key = (state.phase, state.step, steps)
        if key == self._shown:
            return
        self._shown = key
        self.box.set_visibility(state.phase == "control")
        if steps != self._steps_shown:
            self._steps_shown = steps
            self.steps_row.clear()
            with self.steps_row:
                self.steps = {k: ui.label(f"{i}. {words}").classes("tk-step") for i, (k, words) in
                              enumerate(steps or (), 1)}
        for step, label in self.steps.items():
            label.classes(remove="tk-current")
            if step == state.step:
                label.classes("tk-current")
        self.hint.set_text(control_hint(state))
