"""/cards: the card editor. Complete what the public reference leaves blank, create cards, see which cards
still miss facts, and share the site's cards as a file."""

from __future__ import annotations

from nicegui import run, ui

from models.catalog.schema import Card
from webapp.components.army_list import list_service
from webapp.components.card_editor import CardEditor, CardsFile, MissingView
from webapp.pages.frame import frame


async def cards_page(key: str | None = None) -> None:
    frame("Card editor")
    service = list_service()
    cards = await run.io_bound(service.cards)
    with ui.row().classes("tk-cards w-full items-start gap-4"):
        editor: CardEditor | None = None

        def pick(card: Card) -> None:
            if editor is not None:
                editor.load(card)

        missing = MissingView(pick)
        with ui.column().classes("tk-cards-main gap-4"):
            async def refresh(_: Card | None = None) -> None:
                fresh = await run.io_bound(service.cards)
                missing.set_cards(fresh)
                if editor is not None:
                    editor.cards = fresh

            editor = CardEditor(service, cards, refresh)
            CardsFile(service, refresh)
    missing.set_cards(cards)
    if key and key[:64] in cards:
        editor.load(cards[key[:64]])
