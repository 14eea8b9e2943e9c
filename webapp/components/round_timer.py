"""The organiser's round timer controls on the event page: start the newest round's timer at a length, pause it,
resume it. What it shows comes with each edition of the event (the hall screen counts it down)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from nicegui import ui

from models.service.events.hall import MINUTES_MAX, RoundTimer
from models.service.events.words import timer_words
from webapp.blocking import io
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.deps import current

ROUND_MINUTES = 60  # what the form offers first; the organiser sets their event's length


class RoundTimerControls:
    """``act(action, *args)`` runs an organiser's action as the page's account (the event page's own)."""

    def __init__(self, event_id: str, zone: str, act: Callable[..., Awaitable[object]]) -> None:
        self.event_id, self.zone, self.act = event_id, zone, act
        with named(ui.column().classes("w-full gap-2"), "Round timer", role="region") as self.box:
            ui.label("Round timer").classes("text-h6").props('role="heading" aria-level="2"')
            self.state = ui.label().props('aria-live="polite"')
            with ui.row().classes("items-end gap-3"):
                self.minutes = ui.number("Round length (minutes)", value=ROUND_MINUTES, min=1, max=MINUTES_MAX,
                                         step=1, precision=0).classes("w-56")
                once(ui.button("Start round timer", icon="timer").props("no-caps"), self._start)
                once(ui.button("Pause", icon=icons.PAUSE).props("no-caps outline"), lambda: self._do("pause_timer"))
                once(ui.button("Resume", icon=icons.PLAY).props("no-caps outline"), lambda: self._do("resume_timer"))

    async def _start(self) -> None:
        if self.minutes.value is None:
            ui.notify(f"Give the round's length in minutes (1 to {MINUTES_MAX}).", type="warning")
            return
        await self._do("start_timer", int(self.minutes.value))

    async def _do(self, name: str, *args: Any) -> None:
        await self.act(getattr(current().hall, name), *args)
        await self.refresh()

    async def refresh(self) -> None:
        """Read the timer again and say where it stands (the page opening, or its own change)."""
        self.show(await io(current().hall.timer, self.event_id))

    def show(self, timer: RoundTimer | None) -> None:
        """Say where ``timer`` stands (an edition of the event brings it)."""
        self.state.set_text(timer_words(timer, current().service.now_ms(), self.zone))
