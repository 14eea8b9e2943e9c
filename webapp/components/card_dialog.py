"""Asks the player for the facts a card lacks (web rings, ESSENCE, boxes), from their own stat card.
The completed card fills this game's copy only; it is kept in the player's card book for their next games."""

from __future__ import annotations

from nicegui import ui

from models.catalog.schema import Card
from models.rules import RuleViolation
from models.rules.warmachine import builders
from models.service.completion import table_card, table_questions
from webapp.components.card_book import remember
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.tap_editor import TapGrid, TapSpiral
from webapp.view import GameView


def needs_completion(card: Card) -> bool:
    return bool(table_questions(card).facts)


def whole_number(value: object, low: int, high: int) -> int | None:
    """A typed amount as an int in [low, high], or None (the caller says what is wrong).

    The number fields this checks have no ``min``/``max``/``precision``: NiceGUI clamps and rounds those on
    blur, which races the button's click, so "-3" could be sent as 1 and "150" as 99 instead of refused."""
    if not isinstance(value, int | float | str) or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    if not number.is_integer() or not low <= number <= high:
        return None
    return int(number)


def read_whole(field: ui.number, low: int, high: int, what: str) -> int | None:
    """The field's whole number in [low, high], or None after telling the player what to type instead."""
    number = whole_number(field.value, low, high)
    if number is None:
        ui.notify(f"{what}: enter a whole number from {low} to {high}.", type="warning")
    return number


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
        drawing: TapGrid | TapSpiral | None = None
        if asked.drawing == "grid":
            drawing = TapGrid.of(card)
        elif asked.drawing == "spiral":
            drawing = TapSpiral.of(card)

        async def save() -> None:
            values: dict[str, int | None] = {}
            for label, field in inputs.items():
                number = read_whole(field, 1, asked.most, label)
                if number is None:
                    return
                values[label] = number
            try:
                done = table_card(asked, values, None if drawing is None else drawing.layout(None))
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return
            if await view.send(builders.complete_card(done)):
                await remember(done)
                dialog.close()

        ok_cancel("Save card", save, dialog)
