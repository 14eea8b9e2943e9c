"""Asks the player for the facts a card lacks (web rings, ESSENCE, boxes), from their own stat card.
The completed card fills this game's copy only; it is kept in the player's card book for their next games."""

from __future__ import annotations

from nicegui import ui

from models.catalog.schema import (
    Card,
    WebLayout,
    missing_for_play,
)
from models.rules import RuleViolation
from models.rules.warmachine import builders, completed_card, facts_to_ask, stats_to_ask
from webapp.components.card_book import remember
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.tap_editor import TapGrid, TapSpiral
from webapp.view import GameView


def needs_completion(card: Card) -> bool:
    return bool(facts_to_ask(card))


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
    missing = missing_for_play(card)
    inputs: dict[str, ui.number] = {}
    with titled_dialog(f"Complete {card.name}'s card") as dialog:
        ui.label("Enter these from your own stat card. They fill in this game's card and are kept in your card "
                 "book for your next games.")
        if "ESSENCE" in missing:
            inputs["ESSENCE"] = ui.number("ESSENCE")
        if "web rings" in missing:
            total = card.damage.total if isinstance(card.damage, WebLayout) else None
            if total:
                ui.label(f"The web has {total} boxes in all.")
            for ring in ("outer", "middle", "centre"):
                inputs[ring] = ui.number(f"Boxes in the {ring} ring")
        if "damage boxes" in missing:
            inputs["boxes"] = ui.number("Damage boxes")
        for stat in stats_to_ask(card):
            inputs[stat] = ui.number(stat)
        drawing: TapGrid | TapSpiral | None = None
        if "grid columns" in missing:
            drawing = TapGrid.of(card)
        elif "spiral branches" in missing:
            drawing = TapSpiral.of(card)

        async def save() -> None:
            values: dict[str, int] = {}
            for name, field in inputs.items():
                number = read_whole(field, 1, 99, field.props.get("label", name))
                if number is None:
                    return
                values[name] = number
            try:
                done = completed_card(
                    card, {s: values[s] for s in ("ESSENCE", *stats_to_ask(card)) if s in values},
                    boxes=values.get("boxes"),
                    rings=(values["outer"], values["middle"], values["centre"]) if "outer" in values else None,
                    drawn=None if drawing is None else drawing.layout(None))
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return
            if await view.send(builders.complete_card(done)):
                await remember(done)
                dialog.close()

        ok_cancel("Save card", save, dialog)
