"""The organiser's controls of the newest round on the event page: draft it or pair it at once, and while it is a
draft swap two players, pair it again or publish it; delete it while no game of it has started (the service says
when one has)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from nicegui import ui

from models.service.events.records import EventView
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.deps import current

Act = Callable[..., Awaitable[bool]]


def draw_round_controls(view: EventView, act: Act) -> None:
    """Buttons for the newest round (none before round 1 is paired)."""
    info = view.event
    newest = [p for p in view.pairings if p.round == info.round]
    if not newest:
        return
    n = info.round
    with named(ui.row().classes("items-end gap-3"), f"Round {n}", role="group"):
        if not all(p.published for p in newest):
            ui.label(f"Round {n} is a draft: no game is open yet.").classes("text-bold")
            names = {p: view.names.get(p, "") for t in newest for p in (t.player_a, t.player_b) if p}
            first = named(ui.select(names, label="Swap").classes("w-48"), "First player to swap")
            second = named(ui.select(names, label="with").classes("w-48"), "Second player to swap")

            async def swap() -> None:
                if first.value is None or second.value is None:
                    ui.notify("Choose the two players to swap.", type="warning")
                    return
                await act(current().events.rounds.swap, str(first.value), str(second.value))

            once(ui.button("Swap players", icon="swap_horiz").props("no-caps outline"), swap)
            once(ui.button(f"Pair round {n} again", icon="shuffle").props("no-caps outline"),
                 lambda: act(current().events.rounds.repair, None))
            once(ui.button(f"Publish round {n}", icon="campaign").props("no-caps"),
                 lambda: act(current().events.rounds.publish))
        once(ui.button(f"Delete round {n}", icon="delete").props("no-caps flat"),
             lambda: act(current().events.rounds.delete))
    if n < info.rounds:
        with named(ui.row().classes("items-end gap-3"), "Next round", role="group"):
            at = ui.input(f"Round {n + 1} starts at (HH:MM, {info.time_zone})").props("maxlength=5").classes("w-72")

            async def announce() -> None:
                when = _time(info.day, at.value or "", info.time_zone)
                if when is None:
                    ui.notify("Give the time as hours and minutes, for example 14:30.", type="warning")
                    return
                await act(current().events.rounds.announce, when)

            once(ui.button("Tell the players", icon="schedule").props("no-caps outline"), announce)


def _time(day: str, text: str, zone: str) -> datetime | None:
    """HH:MM on the event's day, as the clocks of the event's time zone show it (None: not a time)."""
    try:
        hours, minutes = (int(x) for x in text.strip().split(":"))
        return datetime.combine(date.fromisoformat(day), time(hours, minutes), tzinfo=ZoneInfo(zone))
    except ValueError:
        return None


def controls_key(view: EventView) -> tuple[Any, ...]:
    """What the controls show: redrawn only when it changes."""
    return tuple((p.player_a, p.player_b, p.published) for p in view.pairings if p.round == view.event.round)
