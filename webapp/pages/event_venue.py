"""The organisers' venue sign-up link on the event page: its address, a copy button and a QR code to show at the
desk, so players on the day sign up and register from the hall's one address (models/service/event_venue.py); a new
link ends the old one, and the organisers may end it."""

from __future__ import annotations

from nicegui import ui

from models.service.events.records import EventView
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.share import link_row, site_origin
from webapp.deps import current
from webapp.pages.event_results import Act

ABOUT = ("Players at the venue open this link, or scan its code, to sign up and be registered at once, all from the "
         "hall's one Wi-Fi: the site's limit of sign-ups per address does not count them, the event's places do.")


def draw_venue_link(view: EventView, act: Act) -> None:
    info = view.event
    with named(ui.column().classes("gap-2"), "Venue sign-up link", role="group"):
        ui.label("Venue sign-up link").classes("text-bold")
        ui.label(ABOUT).classes("tk-kind")
        if info.venue is None:
            once(ui.button("Make a venue sign-up link", icon="qr_code_2").props("no-caps outline"),
                 lambda: act(current().venue.new_link))
            return
        if info.lists_locked:
            ui.label("Registration is closed: the link signs nobody up now.").classes("text-bold")
        link_row("Show it at the desk", f"{site_origin()}/events/{info.id}/join/{info.venue}", "venue sign-up link")
        with ui.row().classes("items-center gap-3"):
            once(ui.button("Make a new link (this one stops working)", icon="autorenew").props("no-caps outline"),
                 lambda: act(current().venue.new_link))
            once(ui.button("End the link", icon="link_off").props("no-caps flat"),
                 lambda: act(current().venue.end_link))
