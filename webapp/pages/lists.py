"""/lists: browse the catalog and build, check, keep and share army lists (kept with
the account when signed in, else in this browser)."""

from __future__ import annotations

from nicegui import ui

from models.rules import RuleViolation
from webapp.blocking import io
from webapp.components.warmachine.catalog_browser import CatalogBrowser
from webapp.components.warmachine.list_builder import ListBuilder, my_lists
from webapp.pages.frame import frame


async def lists_page(list_id: str | None = None) -> None:
    frame("Army lists")
    service, owner = await my_lists()
    cards = await io(service.cards)
    community = await io(service.card_service.community_words)
    try:
        saved = await io(service.lists, owner)
    except RuleViolation as refusal:
        saved = []
        ui.notify(refusal.message, type="warning")
    with ui.row().classes("tk-lists w-full items-start gap-4"):
        builder: ListBuilder | None = None

        def add(key: str) -> None:
            if builder is not None:
                builder.add(key)

        browser = CatalogBrowser(cards, add, faction="Infernals", community=community)
        builder = ListBuilder(service, owner, cards, saved, open_id=(list_id or "")[:32] or None,
                              on_faction=browser.follow, community=community)
