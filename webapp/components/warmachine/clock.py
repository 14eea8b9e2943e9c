"""The deathclock on screen: a big chess clock face per player, one tap to hand it over, pause for a judge.

Times are the server's (GameState.clock, stamped by GameService). The browser counts the seconds down by itself
(clock.js) from the values the server sends when the clock changes, so a spectator page costs the server
nothing per second. A face that reaches zero offers "time is up"; the server checks it against its own time.
"""

from __future__ import annotations

from nicegui import ui
from nicegui.element import Element

from models.rules import GameState
from models.rules.warmachine import board, builders
from models.service.views.warmachine import clock_note, clock_status
from webapp.components import icons
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.once import once
from webapp.components.seat import grey, seat_refusal
from webapp.view import GameView


class Countdown(Element, component="clock.js"):
    """The ticking digits of one face (a Vue component; see clock.js)."""

    def __init__(self, label: str) -> None:
        super().__init__()
        self._props["role"] = "timer"
        self._props["aria-label"] = label

    def show(self, remaining: int, since: int | None, running: bool, now: int) -> None:
        self._props.update(remaining=remaining, since=since, running=running, now=now)
        self.update()


class Face:
    def __init__(self, view: GameView, seat: int, controls: bool) -> None:
        state = view.state
        name, other = state.player_name(seat), state.player_name(1 - seat)
        self.box = ui.column().classes(f"tk-clock-face tk-seat-{seat} items-center")
        self.box._props.update({"role": "group", "aria-label": f"{name}'s clock"})  # typed names: never parsed
        with self.box:
            ui.label(name).classes("tk-clock-name")
            self.digits = Countdown(f"{name}'s time left")
            self.status = ui.label("").classes("tk-clock-status")
            self.hand = self.expired = None
            if controls:
                self.hand = once(ui.button(f"Hand the clock to {other}").props(
                    "no-caps size=lg unelevated").classes("tk-clock-hand"), lambda: self.pass_clock(view, seat))
                self.expired = once(ui.button(f"{name}'s time is up").props("no-caps color=negative").classes(
                    "tk-clock-expired"), lambda: view.send(builders.clock_expired(seat)))
                self.expired.set_visibility(False)
                self.digits.on("expired", lambda: self.expired.set_visibility(True) if self.expired else None)


    @staticmethod
    async def pass_clock(view: GameView, seat: int) -> None:
        """Hand the clock over; on the other player's own link a tap says whose tap it is, and sends nothing."""
        command = builders.pass_clock(1 - seat)
        reason = seat_refusal(view, command)
        if reason is not None:
            ui.notify(reason, type="negative")
            return
        await view.send(command)


class ClockPanel:
    """Both faces and the judge's controls; hidden while the game has no clock."""

    def __init__(self, view: GameView, controls: bool) -> None:
        self.view = view
        self.controls = controls
        self._shown: tuple[object, ...] | None = None
        self.box = ui.card().classes("tk-clock w-full").props('role="region" aria-label="Clock"')
        with self.box:
            with ui.row().classes("tk-clock-faces w-full"):
                self.faces = [Face(view, seat, controls) for seat in (0, 1)]
            with ui.row().classes("items-center gap-3 w-full"):
                self.note = ui.label("").classes("tk-clock-note").props('aria-live="polite"')
                ui.space()
                self.pause = self.resume = self.adjust = None
                if controls:
                    self.pause = once(ui.button("Pause for a judge", icon=icons.PAUSE).props("outline no-caps"),
                                      lambda: view.send(builders.pause_clock()))
                    self.resume = once(ui.button("Resume the clock", icon=icons.PLAY).props("no-caps"),
                                       lambda: view.send(builders.resume_clock()))
                    self.adjust = once(ui.button("Set a player's time", icon=icons.EDIT).props("outline no-caps"),
                                       self._adjust_dialog)
                    # A judge's buttons: greyed on a player's own link, saying who can (the table link).
                    for button, command in ((self.pause, builders.pause_clock()),
                                            (self.resume, builders.resume_clock()),
                                            (self.adjust, builders.adjust_clock(0, 0, 0))):
                        grey(button, seat_refusal(view, command))
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        clock = board(state).clock
        key = (clock, state.phase)
        if key == self._shown:
            return
        self._shown = key
        self.box.set_visibility(clock is not None)
        if clock is None:
            return
        now = self.view.deps.service.now_ms()
        over = state.phase == "over" or clock.stopped
        for seat, face in enumerate(self.faces):
            runs = clock.ticking == seat
            face.digits.show(clock.remaining_ms[seat], clock.since, runs, now)
            face.status.set_text(clock_status(clock, seat, over))
            face.box.classes(add="tk-running" if runs else "", remove="" if runs else "tk-running")
            if face.hand is not None:
                face.hand.set_visibility(not over and not clock.paused and clock.running == seat)
                # The other player's hand-over, on a player's own link: greyed, saying whose it is.
                grey(face.hand, seat_refusal(self.view, builders.pass_clock(1 - seat)))
            if face.expired is not None:
                face.expired.set_visibility(not over and clock.left(seat, now) <= 0)
        self.note.set_text(clock_note(state, clock))
        if self.pause is not None:
            self.pause.set_visibility(not over and not clock.paused)
        if self.resume is not None:
            self.resume.set_visibility(not over and clock.paused)
        if self.adjust is not None:
            self.adjust.set_visibility(not over and clock.paused)

    def _adjust_dialog(self) -> None:
        state = self.view.state
        with titled_dialog("Set a player's time (judge)") as dialog:
            seat = ui.select({0: state.player_name(0), 1: state.player_name(1)}, value=0, label="Player").props(
                'aria-label="Player"')
            minutes = ui.number("Minutes", value=0, step=1, format="%d").props(
                'aria-label="Minutes"')
            seconds = ui.number("Seconds", value=0, step=1, format="%d").props(
                'aria-label="Seconds"')

            async def save() -> bool:
                try:
                    m, s = int(minutes.value or 0), int(seconds.value or 0)
                except (TypeError, ValueError):
                    m, s = -1, -1
                if not (0 <= m <= 600 and 0 <= s <= 59):
                    ui.notify("Enter minutes from 0 to 600 and seconds from 0 to 59.", type="warning")
                    return False
                return await self.view.send(builders.adjust_clock(int(seat.value or 0), m, s))

            ok_cancel("Set time", save, dialog)
