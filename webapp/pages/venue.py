"""/events/{event_id}/join/{token}: an event's venue sign-up link, the page its QR code at the desk opens. A player
signs up there and is registered for the event (models/service/event_venue.py), counted under the event rather than
the hall's one address; one with an account signs in and registers on the event's page. A wrong or ended link says
so and signs nobody up."""

from __future__ import annotations

from nicegui import ui

from models.service import SiteError
from webapp.blocking import io
from webapp.deps import current
from webapp.pages.account import sign_in_card, sign_up_card
from webapp.pages.events import account_of
from webapp.pages.frame import frame
from webapp.session import page_session


def _heading(text: str) -> None:
    ui.label(text).classes("text-h5").props('role="heading" aria-level="1"')


async def join_page(event_id: str, token: str) -> None:
    event_id, token = event_id[:32], token[:64]
    try:
        name = await io(current().venue.check_link, event_id, token)
    except SiteError as refusal:
        frame("Sign-up link")
        with ui.column().classes("tk-account w-full"):
            _heading("This sign-up link does not work")
            ui.label(refusal.message).classes("tk-problem").props('role="alert"')
            ui.link("Events", "/events").classes("p-3 self-start")
        return
    frame(name)
    event_page = f"/events/{event_id}"
    me = await account_of(page_session())
    with ui.column().classes("tk-account w-full"):
        _heading(f"Play in {name}")
        if me is not None:
            ui.label(f"You are signed in as {me.name}: register on the event's page.")
            ui.link("Go to the event", event_page).classes("p-3 self-start")
            return
        ui.label("Sign up here and you are registered for this event. Have an account already? Sign in, then "
                 "register on the event's page.").classes("tk-purpose")
        with ui.row().classes("w-full gap-4 items-start"):
            sign_up_card((event_id, token))
            sign_in_card(event_page)
