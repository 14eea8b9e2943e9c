"""Round, active player, phase and step; the button that moves the turn on; the tithe prompt; undo; in a
scenario game the control points, the scoring prompt at the end of each turn and the "end the game" dialog."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine.phases import next_stop, step_label, turn_steps
from models.rules.warmachine.scenario import scoring_now
from models.rules.warmachine.setup import Advance
from models.rules.warmachine.tithe import PayTithe, SkipTithe
from models.service.views.warmachine import cp_words, turn_words
from webapp.components.a11y import named
from webapp.components.ending import end_game_button
from webapp.components.once import once
from webapp.components.scoring import ScorePrompt
from webapp.view import GameView


def next_label(state: GameState) -> str:
    """Where the Next button goes: the next step of the active player's turn with something to decide (the
    rules pass the others), in its army's words, or the hand-over at the end of the turn."""
    if state.phase not in {p.key for p, _ in turn_steps(state)}:
        return "Next"
    stop = next_stop(state)
    if stop is None:
        return f"End turn: hand over to {state.player_name(1 - state.active)}"
    phase, step = stop
    words = step_label(state, step)
    return f"Next: {phase.label} · {words}" if phase.key != state.phase else f"Next: {words}"


class TurnBar:
    def __init__(self, view: GameView, controls: bool) -> None:
        self.view = view
        self._shown: tuple | None = None
        self._tithe_shown: tuple | None = None
        with ui.card().classes("tk-turnbar w-full").props('role="region" aria-label="Turn"'):
            with ui.row().classes("items-center gap-4 w-full"):
                self.round = ui.label("").classes("tk-round")
                self.player = ui.label("").classes("tk-player").props('aria-live="polite"')
                self.phase = ui.label("").classes("tk-phase").props('aria-live="polite"')
                self.cp = ui.label("").classes("tk-cp")
                ui.space()
                self.next = self.end = None
                if controls:
                    self.next = once(ui.button("Next").props("no-caps"), lambda: view.send(Advance()))
                    once(ui.button("Undo last action").props("outline no-caps"), view.undo)
                    self.end = end_game_button(view)
            self.tithe = ui.column().classes("tk-tithe w-full") if controls else None
            self.score = ScorePrompt(view) if controls else None
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        key = (state.round, state.active, state.phase, state.step, state.pregame and state.pregame.step,
               state.scenario and state.scenario.cp, state.result, next_label(state))
        if key != self._shown:
            self._shown = key
            where, who, what = turn_words(state)
            self.round.set_text(where)
            self.player.set_text(who)
            self.phase.set_text(what)
            self.cp.set_text(cp_words(state))
            if self.next is not None:
                self.next.set_text(next_label(state))
                self.next.set_visibility(state.phase not in ("setup", "over") and not scoring_now(state))
            if self.end is not None:
                self.end.set_visibility(state.phase != "over")
        if self.tithe is not None and state.pending_tithe != self._tithe_shown:
            self._tithe_shown = state.pending_tithe
            self._draw_tithe(state)

    def _draw_tithe(self, state: GameState) -> None:
        assert self.tithe is not None
        self.tithe.clear()
        if not state.pending_tithe:
            return
        with self.tithe:
            ui.label("Tithe: each horror pays 1 essence to stay, or leaves play.").classes("tk-prompt")
            for horror_id in state.pending_tithe:
                h = state.model(horror_id)
                with ui.row().classes("items-center gap-2"):
                    ui.label(f"{h.name} ({h.essence or 0} essence)")
                    named(once(ui.button("Pay 1").props("no-caps"),
                               lambda x=h.id: self.view.send(PayTithe(horror=x))), f"Pay tithe for {h.name}")
                    named(once(ui.button("Let go").props("outline no-caps"),
                               lambda x=h.id: self.view.send(SkipTithe(horror=x))), f"Let {h.name} go")

