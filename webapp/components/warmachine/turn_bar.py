"""Round, active player, phase and step; the button that moves the turn on (greyed, saying why, while the rules hold
the turn: a tithe, an upkeep or a continuous effect undecided, damage waiting); the tithe and continuous-effects
prompts; undo (with redo);
whose device a seat link is; in a scenario game the control points, the scoring prompt at the end of each turn
and the "end the game" dialog.

The whole line is drawn by one update from one state, so the step's words, Next's hold and the decisions that
hold it reach the browser together, with the version they show (``data-version``): a screen never shows a
tappable Next beside a decision still pending, and a test can wait for the line of a given version."""

from __future__ import annotations

from functools import partial

from nicegui import ui

from models.rules import GameState, options
from models.rules.warmachine import board, turn_options
from models.service.views.warmachine import cp_words, turn_words
from models.service.views.warmachine_turn import next_label, next_shown, tithe_after
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.seat import grey, seat_refusal
from webapp.components.version_stamp import stamp
from webapp.components.warmachine.clock import Countdown
from webapp.components.warmachine.continuous_prompt import ContinuousPrompt
from webapp.components.warmachine.ending import end_game_button
from webapp.components.warmachine.scoring import ScorePrompt
from webapp.components.warmachine.undo_toast import UndoToast
from webapp.view import GameView


class TurnBar:
    """The turn line, built into the page's fixed header so that it never scrolls away: Undo at one end, Next at
    the other in a box of fixed size (its full label is its accessible name and tooltip), the round, side, phase
    and step between them, and on a player's own link whose device this is."""

    def __init__(self, view: GameView, controls: bool) -> None:
        self.view = view
        self._shown: tuple[object, ...] | None = None
        self._tithe_shown: tuple[object, ...] | None = None
        self._clock_shown: tuple[object, ...] | None = None
        self.toast = UndoToast(view) if controls else None
        self.box = ui.element("section").classes("tk-turnbar w-full").props('role="region" aria-label="Turn"')
        with self.box:
            with ui.element("div").classes("tk-turnline"):
                self.next = self.end = None
                if controls:
                    with ui.row().classes("tk-turn-left no-wrap gap-2"):
                        once(ui.button("Undo", icon=icons.UNDO).props('outline no-caps color=white '
                                                                  'aria-label="Undo last action"'), self.undo)
                        self.end = end_game_button(view)
                        self.end.props("outline color=white")
                with ui.element("div").classes("tk-turninfo"):
                    self.round = ui.label("").classes("tk-round")
                    self.player = ui.label("").classes("tk-player").props('aria-live="polite"')
                    self.phase = ui.label("").classes("tk-phase").props('aria-live="polite"')
                    self.cp = ui.label("").classes("tk-cp")
                    with ui.row().classes("tk-turnclock no-wrap gap-2") as self.clock_row:
                        self.times: list[Countdown] = []
                        for s in (0, 1):
                            ui.label(view.state.player_name(s)).classes(f"tk-clock-who tk-seat-{s}")
                            self.times.append(Countdown(f"{view.state.player_name(s)}'s time (turn line)"))
                    seat = view.actor.seat if view.actor.role == "seat" else None
                    if seat is not None:
                        ui.label(f"You are {view.state.player_name(seat)} (seat {seat + 1})").classes(
                            f"tk-you tk-seat-{seat}")
                if controls:
                    self.next = once(ui.button("Next").classes("tk-next").props("no-caps color=accent "
                                                                                "text-color=dark"), self.advance)
            self.tithe = ui.column().classes("tk-tithe w-full") if controls else None
            self.continuous = ContinuousPrompt(view) if controls else None
            self.score = ScorePrompt(view) if controls else None
        view.on_update(self.update)
        self.update(view.state)

    async def undo(self) -> None:
        if await self.view.undo() and self.toast is not None:
            texts = [e.text for e in self.view.last_events if e.kind == "undo"]
            self.toast.show(texts[0] if texts else "Undone.")

    async def advance(self) -> None:
        """Next; a link that may not move this turn on is told who can, and a turn the rules hold is told why
        (the reason Next shows), at once: nothing is sent, so no tap waits to be applied later."""
        advance = turn_options(self.view.state)["advance"]
        assert advance.command is not None
        reason = seat_refusal(self.view, advance.command)
        if reason is not None:
            ui.notify(reason, type="negative")
            return
        if advance.reason:
            ui.notify(advance.reason, type="warning")
            return
        await self.view.send(advance.command)

    def held(self, state: GameState) -> str | None:
        """Why Next cannot move the turn on now, in the rules' words (None: it can): this link may not, or the
        players still have something to decide first."""
        if self.next is None or state.phase in ("setup", "over"):
            return None
        advance = turn_options(state)["advance"]
        assert advance.command is not None
        return seat_refusal(self.view, advance.command) or advance.reason or None

    def update(self, state: GameState) -> None:
        held = self.held(state)
        played = board(state)
        key = (state.round, state.active, state.phase, state.step, played.pregame and played.pregame.step,
               played.scenario and played.scenario.cp, played.result, next_label(state), held)
        if key != self._shown:
            self._shown = key
            where, who, what = turn_words(state)
            self.round.set_text(where)
            self.player.set_text(who)
            self.phase.set_text(what)
            self.cp.set_text(cp_words(state))
            if self.next is not None:
                label = next_label(state)
                self.next.set_text(label)
                self.next.set_visibility(next_shown(state))
                self.next.props["aria-label"] = label  # straight in: labels hold player names (a11y.py)
                grey(self.next, held, title=label)
            if self.end is not None:
                self.end.set_visibility(state.phase != "over")
        if (board(state).clock, state.phase) != self._clock_shown:
            self._clock_shown = (board(state).clock, state.phase)
            self._show_clock(state)
        if self.tithe is not None and board(state).pending_tithe != self._tithe_shown:
            self._tithe_shown = board(state).pending_tithe
            self._draw_tithe(state)
        if self.continuous is not None and self.score is not None:
            self.continuous.update(state)
            self.score.update(state)
        stamp(self.box, self.view.version)

    def _show_clock(self, state: GameState) -> None:
        """Both players' time left, ticking in the browser (the clock panel below has the controls)."""
        clock = board(state).clock
        self.clock_row.set_visibility(clock is not None)
        if clock is None:
            return
        now = self.view.deps.service.now_ms()
        for seat, digits in enumerate(self.times):
            digits.show(clock.remaining_ms[seat], clock.since, clock.ticking == seat, now)

    def _draw_tithe(self, state: GameState) -> None:
        assert self.tithe is not None
        self.tithe.clear()
        if not board(state).pending_tithe:
            return
        with self.tithe:
            ui.label("Tithe: each horror pays 1 essence to stay, or leaves play.").classes("tk-prompt")
            after = tithe_after(state)
            if after:
                ui.label(after)
            for horror_id in board(state).pending_tithe:
                h = board(state).model(horror_id)
                tithe = {o.action: o.command for o in options(state, horror_id) if o.command is not None}
                with ui.row().classes("items-center gap-2"):
                    ui.label(f"{h.name} ({h.essence or 0} essence)")
                    # Each button shows the words of its accessible name (WCAG 2.5.3).
                    named(once(ui.button("Pay tithe").props("no-caps"),
                               partial(self.view.send, tithe["pay_tithe"])), f"Pay tithe for {h.name}")
                    named(once(ui.button(f"Let {h.name} go").props("outline no-caps"),
                               partial(self.view.send, tithe["skip_tithe"])), f"Let {h.name} go")

