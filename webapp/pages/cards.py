"""/cards: the card editor. Complete what the public reference leaves blank or write your own cards, kept in
the player's card book (their account's when signed in); see which cards still miss facts; share the card book as
a card pack. With the operator's token a card may also be saved for the whole site."""

from __future__ import annotations

from nicegui import ui

from models.catalog.schema import Card
from models.rules import RuleViolation
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.warmachine.card_book import card_service, player_catalog
from webapp.components.warmachine.card_editor import CardEditor, CardsFile, MissingView
from webapp.components.warmachine.list_builder import my_lists
from webapp.pages.frame import frame


async def cards_page(key: str | None = None) -> None:
    frame("Card editor")
    ui.link("The community card book: cards other players entered, and publishing yours", "/cards/community")
    service = await card_service()
    cards = await player_catalog(service)
    with ui.row().classes("tk-cards w-full items-start gap-4"):
        editor: CardEditor | None = None

        def pick(card: Card) -> None:
            if editor is not None:
                editor.load(card)

        missing = MissingView(pick)
        with ui.column().classes("tk-cards-main gap-4"):
            async def refresh(_: Card | None = None) -> None:
                fresh = await player_catalog(service)
                missing.set_cards(fresh)
                if editor is not None:
                    editor.cards, editor.own = fresh, set(await io(service.book) or {})

            editor = CardEditor(service, cards, refresh)
            editor.own = set(await io(service.book) or {})
            await _list_picker()
            CardsFile(service, refresh)
            if service.has_operator:
                _operator_sign_in(editor)
    missing.set_cards(cards)
    if key and key[:64] in cards:
        editor.load(cards[key[:64]])


async def _list_picker() -> None:
    """Go to the screen for every card of one of the player's lists that lacks a fact."""
    lists, owner = await my_lists()
    try:
        saved = await io(lists.lists, owner) or []
    except RuleViolation:
        saved = []
    with ui.card().classes("w-full") as box:
        named(box, "A list's cards", role="region")
        ui.label("A list's cards").classes("text-h6")
        if not saved:
            ui.label("Save a list on the Lists page: then enter every card it needs here, before game day."
                     ).classes("tk-kind")
            return
        ui.label("Every card of one of your lists that still lacks a fact, on one screen.").classes("tk-kind")
        with ui.row().classes("items-center gap-2"):
            pick = named(ui.select({s.id: s.title for s in saved}, value=saved[0].id, label="List").classes("w-64"),
                         "List")
            named(ui.button("Enter its cards", icon="style",
                            on_click=lambda: ui.navigate.to(f"/cards/list/{pick.value}")).props("no-caps"),
                  "Enter its cards")


def _operator_sign_in(editor: CardEditor) -> None:
    """The operator types the site's operator token to save cards for the whole site (kept by this page only)."""
    with ui.expansion("Operator", icon="admin_panel_settings").classes("w-full"):
        token = named(ui.input("Operator token", password=True).props("maxlength=200 autocomplete=off"),
                      "Operator token")

        def check() -> None:
            if editor.service.is_operator(token.value):
                editor.operator = token.value
                editor.site_button.set_visibility(True)
                ui.notify("Operator: cards may now be saved for the whole site.", type="positive")
            else:
                editor.operator = None
                editor.site_button.set_visibility(False)
                ui.notify("That is not the operator token.", type="warning")

        named(ui.button("Sign in as operator", on_click=check).props("no-caps outline"), "Sign in as operator")
