"""A whole number typed into a field, checked before it is sent: every system's number fields have no NiceGUI
``min``/``max``/``precision``, so a bad amount is refused with words instead of being clamped or rounded."""

from __future__ import annotations

from nicegui import ui


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
