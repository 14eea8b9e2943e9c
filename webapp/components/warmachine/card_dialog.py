"""Asks the player for the facts a card lacks (web rings, ESSENCE, boxes), from their own stat card.
The completed card fills this game's copy only; it is kept in the player's card book for their next games."""

from __future__ import annotations

from nicegui import ui

from models.catalog.schema import Card
from models.rules import RuleViolation
from models.rules.warmachine import builders
from models.service.completion import table_card, table_questions
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.warmachine.card_book import remember
from webapp.components.warmachine.code_entry import CodeEntry
from webapp.components.whole_numbers import read_whole
from webapp.view import GameView


def needs_completion(card: Card) -> bool:
    return bool(table_questions(card).facts)


def open_completion(view: GameView, card: Card) -> None:
    asked = table_questions(card)
    inputs: dict[str, ui.number] = {}
    with titled_dialog(f"Complete {card.name}'s card") as dialog:
        ui.label("Enter these from your own stat card. They fill in this game's card and are kept in your card "
                 "book for your next games.")
        for label in asked.numbers:
            if label in asked.rings[:1] and asked.web_total:  # said above the first ring
                ui.label(f"The web has {asked.web_total} boxes in all.")
            inputs[label] = ui.number(label)
        drawing = CodeEntry(card) if asked.drawing is not None else None

        async def save() -> bool:
            values: dict[str, int | None] = {}
            for label, field in inputs.items():
                number = read_whole(field, 1, asked.most, label)
                if number is None:
                    return False
                values[label] = number
            try:
                done = table_card(asked, values, None if drawing is None else drawing.layout())
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return False
            if not await view.send(builders.complete_card(done)):
                return False
            await remember(done)
            return True

        ok_cancel("Save card", save, dialog)
