"""The organisers' controls on the event page: the event's settings and co-organisers, and the rounds: draft the next
one or pair it at once, and while it is a draft swap two players, pair it again or publish it; delete it while no game
of it has started (the service says when one has)."""

from __future__ import annotations

from datetime import date, datetime, time
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from nicegui import ui

from models.rules import tournament_of
from models.service.accounts import Me
from models.service.events.records import EventView
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.deps import current
from webapp.pages.event_results import Act
from webapp.pages.events import whole

SCENARIO_MAX = 60


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


def draw_settings(view: EventView, me: Me | None, act: Act) -> None:
    """The organisers change the deathclock (games opened from then on) and the tables, and name a
    co-organiser (who runs the event too, and takes it over if the organiser's account is deleted)."""
    info = view.event
    with named(ui.row().classes("items-end gap-3"), "Event settings", role="group"):
        clock = ui.number("Deathclock: minutes per player", value=info.clock_minutes, min=1, max=600, step=1,
                          precision=0).classes("w-72")
        tables = ui.number("Tables", value=info.tables, min=1, max=32, step=1, precision=0).classes("w-40")
        once(ui.button("Save the settings", icon="save").props("no-caps outline"),
             lambda: act(current().events.settings.edit, {"clock_minutes": whole(clock.value),
                                                       "tables": whole(tables.value)}))
    owner = me is not None and me.id == info.organiser
    with named(ui.column().classes("gap-2"), "Co-organisers", role="group"):
        if not info.co_organisers:
            ui.label("No co-organiser yet: if your account is deleted, the event stays read-only.").classes(
                "tk-kind")
        else:
            ui.label("Co-organisers:" if owner else "Co-organisers (only the event's organiser removes one):")
        for co in info.co_organisers:
            with ui.row().classes("items-center gap-2"):
                ui.label(co)
                if owner:
                    once(named(ui.button("Remove", icon="person_remove").props("no-caps flat"),
                               f"Remove co-organiser {co}"),
                         partial(act, current().events.settings.remove_co_organiser, co))
        with ui.row().classes("items-end gap-3"):
            email = ui.input("Co-organiser's email").props("type=email maxlength=254").classes("w-72")
            once(ui.button("Name co-organiser", icon="group_add").props("no-caps outline"),
                 lambda: act(current().events.settings.name_co_organiser, email.value or ""))


def draw_pairing_form(view: EventView, act: Act) -> None:
    info = view.event
    draw_round_controls(view, act)
    if info.round >= info.rounds:
        ui.label(f"All {info.rounds} rounds are paired.").classes("tk-kind")
        return
    n = info.round + 1
    offered = tournament_of(info.system).scenarios
    with named(ui.row().classes("items-end gap-3"), "Organiser", role="group"):
        scenario = ui.input(f"Scenario of round {n}", autocomplete=list(offered)).props(
            f"maxlength={SCENARIO_MAX}").classes("w-80")
        ui.label("Steamroller 2019: " + ", ".join(offered) + ", or type your own.").classes("tk-kind")
        seed = ui.input("Draw seed (optional)").props("inputmode=numeric maxlength=10").classes("w-48") \
            if n == 1 else None

        async def pair(draft: bool) -> None:
            given = (seed.value or "").strip() if seed is not None else ""
            if given and not given.isdigit():
                ui.notify("A draw's seed is a whole number (or leave it empty: the server draws one).",
                          type="warning")
                return
            await act(current().events.rounds.pair, scenario.value or "", int(given) if given else None,
                            draft)

        once(ui.button(f"Pair round {n}", icon="shuffle").props("no-caps"), lambda: pair(False))
        once(ui.button(f"Draft round {n}", icon=icons.EDIT).props("no-caps outline"), lambda: pair(True))


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
