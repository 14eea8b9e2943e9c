"""/events: the events coming up and running (anyone may look), the finished ones, and for a signed-in person a
form to organise a new one. Each event opens its own page (webapp/pages/event.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from nicegui import ui

from models.rules import Refusal, RuleViolation
from models.rules.warmachine import GAME_SIZES
from models.service.accounts import Me
from models.service.events.records import EventInfo, EventView
from models.service.events.words import facts_words
from models.service.zones import UTC_NAME, check_zone, zones
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.deps import current
from webapp.pages.frame import frame
from webapp.session import page_session

NAME_MAX = 80
ROUNDS_MAX = 8
DEADLINE_TIME = "09:00"  # the lists lock on the morning of the event unless the organiser says otherwise
LEAD_DAYS = 7  # the form offers an event a week ahead


async def account_of(token: str | None) -> Me | None:
    """The account holding a session token, or None (looked up in a worker thread)."""
    return await io(current().accounts.me, token)


async def who_acts(token: str | None) -> Me | None:
    """The account a page acts for: the session the browser had when the page was built. Handlers never read the
    browser's storage: NiceGUI gives a handler the request of the moment its element was made, and elements a live
    update draws are made while another browser's change is being handled. A session that ended since (signed out
    in another tab) acts for nobody, and the person is told."""
    me = await account_of(token)
    if me is None:
        ui.notify("Sign in first: your session has ended.", type="warning")
    return me


def organises(view: EventView, me: Me | None) -> bool:
    """Whether ``me`` runs the event of ``view`` (its organiser or a co-organiser) and may still change it."""
    info = view.event
    return me is not None and not info.read_only and (me.id == info.organiser or me.email in info.co_organisers)


def whole(value: float | None) -> int | None:
    """A number field's value as a whole number (None when blank)."""
    return None if value is None else int(value)


async def events_page() -> None:
    frame("Events")
    deps = current()
    token = page_session()
    me = await account_of(token)
    events = await io(deps.events.events) or []
    with ui.column().classes("tk-events w-full gap-4"):
        ui.label("Events").classes("text-h5").props('role="heading" aria-level="1"')
        _event_list("Coming up and running", [e for e in events if e.status != "finished"],
                    "No event is coming up yet.")
        finished = [e for e in events if e.status == "finished"]
        if finished:
            _event_list("Finished", finished, "")
        if me is None:
            with ui.row().classes("items-center gap-2"):
                ui.label("To organise an event or register for one,")
                ui.link("sign in", "/account").classes("p-3")
        else:
            _new_event_form(token)


def _event_list(title: str, events: list[EventInfo], empty: str) -> None:
    with named(ui.column().classes("gap-1 w-full"), title, role="region"):
        ui.label(title).classes("text-h6").props('role="heading" aria-level="2"')
        if not events:
            ui.label(empty).classes("tk-kind")
        for info in events:
            with ui.row().classes("items-center gap-3 tk-event-row"):
                ui.link(info.name, f"/events/{info.id}").classes("text-lg p-3 text-bold")
                ui.label(facts_words(info)).classes("tk-kind")


def _new_event_form(token: str | None) -> None:
    """Name, day, game size, rounds, lists per player and the list deadline; the service checks each."""
    day_value = (datetime.now(UTC).date() + timedelta(days=LEAD_DAYS)).isoformat()
    with named(ui.card().classes("tk-new-event w-full"), "Organise an event", role="region"):
        ui.label("Organise an event").classes("text-h6").props('role="heading" aria-level="2"')
        name = ui.input("Event name").props(f"maxlength={NAME_MAX}").classes("tk-wide-field")
        with ui.row().classes("items-start gap-4"):
            day = ui.input("Day", value=day_value).props("type=date stack-label").classes("w-48")
            size = ui.select(list(GAME_SIZES), value=75, label="Game size (points)").classes("w-48")
            rounds = ui.number("Rounds", value=3, min=1, max=ROUNDS_MAX, step=1, precision=0).classes("w-32")
            lists = ui.select({1: "One list", 2: "Two lists (list pairs)"}, value=2,
                              label="Lists per player").classes("w-64")
        zone = ui.select(list(zones()), value=UTC_NAME, label="Time zone", with_input=True).classes("tk-wide-field")
        with ui.row().classes("items-start gap-4"):
            clock = ui.number("Deathclock: minutes per player", min=1, max=600, step=1, precision=0).props(
                'hint="Blank: each table chooses"').classes("w-72")
            tables = ui.number("Tables", min=1, max=32, step=1, precision=0).props(
                'hint="Blank: as many as a round needs"').classes("w-56")
        with ui.row().classes("items-start gap-4"):
            deadline_day = ui.input("List deadline: day", value=day_value).props(
                "type=date stack-label").classes("w-56")
            deadline_time = ui.input("List deadline: time", value=DEADLINE_TIME).props(
                "type=time stack-label").classes("w-56")
        ui.label("Times are in the event's time zone (pages show UTC beside them). Lists lock at the deadline or "
                 "when round 1 is paired, whichever comes first.").classes("tk-kind")

        async def browser_zone() -> None:
            """The organiser's own time zone first, as their browser knows it."""
            try:
                found = await ui.run_javascript("Intl.DateTimeFormat().resolvedOptions().timeZone")
            except TimeoutError:  # a browser that does not answer keeps UTC
                return
            if isinstance(found, str) and found in zones():
                zone.set_value(found)

        ui.timer(0, browser_zone, once=True)

        async def create() -> None:
            try:
                local = datetime.fromisoformat(f"{deadline_day.value}T{deadline_time.value}")
                deadline = local.replace(tzinfo=ZoneInfo(check_zone(str(zone.value or ""))))
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return
            except ValueError:
                ui.notify("Give the list deadline as a day and a time.", type="warning")
                return
            if rounds.value is None:
                ui.notify(f"Give the number of rounds (1 to {ROUNDS_MAX}).", type="warning")
                return
            me = await who_acts(token)
            if me is None:
                return
            try:
                info = await io(current().events.settings.create, me, name.value or "", day.value or "",
                                          int(size.value or 0), int(rounds.value), int(lists.value or 0), deadline,
                                          whole(clock.value), whole(tables.value), str(zone.value))
            except Refusal as refusal:
                ui.notify(refusal.message, type="warning")
                return
            if info is not None:
                ui.navigate.to(f"/events/{info.id}")

        once(ui.button("Create event", icon="emoji_events").props("no-caps size=lg"), create)
