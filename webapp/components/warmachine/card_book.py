"""The player's card book: the cards they completed in games or wrote in the card editor. A signed-in person's is
kept with their account on the server (any device); otherwise it is kept in NiceGUI's per-browser user storage
(server-side, found by the browser's signed cookie).

A browser's storage is written on the event loop only (NiceGUI saves it from there); an account's book is
written, like every read and check, in a worker thread (:func:`keep_cards` picks).
"""

from __future__ import annotations

from collections.abc import Sequence

from nicegui import app, ui

from models.catalog.card_facts import FactOrigin
from models.catalog.schema import Card
from models.rules import RuleViolation
from models.service.accounts import Me
from models.service.cards import CardService
from webapp.blocking import io
from webapp.components.whose import signed_in_now
from webapp.deps import current


def book_of(me: Me | None) -> CardService:
    """The card book of ``me``, or this browser's without an account (call inside a page or a handler)."""
    cards = current().service.card_service
    return cards.for_account(me.id) if me is not None else cards.for_book(app.storage.user)


async def card_service() -> CardService:
    """The cards of whoever uses this page: the signed-in account's, or this browser's."""
    return book_of(await signed_in_now())


async def player_catalog(service: CardService | None = None) -> dict[str, Card]:
    """The cards this player may pick: the site's catalog with their card book on top."""
    return await io((service or await card_service()).catalog) or {}


async def player_resolved(service: CardService | None = None
                          ) -> tuple[dict[str, Card], dict[str, tuple[FactOrigin, ...]]]:
    """The player's catalog and, per card the community card book completes, whose facts it took (a new game
    records them)."""
    return await io((service or await card_service()).resolved)


async def keep_cards(service: CardService, cards: Sequence[Card]) -> list[Card]:
    """Save cards into the card book through its one check, where the book's storage must be written."""
    if service.book_on_loop:
        return service.save(cards)
    return await io(service.save, cards) or []


async def remember(card: Card) -> None:
    """Keep a card completed in a game in the player's card book, for their next games."""
    try:
        await keep_cards(await card_service(), [card])
    except RuleViolation as refusal:
        ui.notify(f"Completed for this game, but not kept in your card book: {refusal.message}", type="warning")
