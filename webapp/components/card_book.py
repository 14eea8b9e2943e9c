"""This browser's card book: the cards its player completed in games or wrote in the card editor, kept in
NiceGUI's per-browser user storage (server-side, found by the browser's signed cookie) until accounts exist.

Storage is written on the event loop only (NiceGUI saves it from there); reading and checking cards may run in a
worker thread.
"""

from __future__ import annotations

from nicegui import app, run, ui

from models.catalog.schema import Card
from models.rules import RuleViolation
from models.service.cards import CardService
from webapp.deps import current


def card_service() -> CardService:
    """This browser's cards (call inside a page or a handler: the storage is found by the request's cookie)."""
    return current().service.card_service.for_book(app.storage.user)


async def player_catalog(service: CardService | None = None) -> dict[str, Card]:
    """The cards this browser's player may pick: the site's catalog with their card book on top."""
    return await run.io_bound((service or card_service()).catalog) or {}


def remember(card: Card) -> None:
    """Keep a card completed in a game in this browser's card book, for the player's next games."""
    try:
        card_service().save([card])
    except RuleViolation as refusal:
        ui.notify(f"Completed for this game, but not kept in your card book: {refusal.message}", type="warning")
