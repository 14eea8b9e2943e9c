"""The card of one piece at the table (a Warmachine model or unit, a Warlord model, a warband unit): every game
system's card opens alike, so a player finds the name and the status line in the same place."""

from __future__ import annotations

from nicegui import ui

from webapp.components.a11y import named


def piece_card(name: str, seat: int, kind: str = "") -> tuple[ui.card, ui.label]:
    """The card (named after the piece, in its side's colour; ``kind``: one more class) headed by the piece's name
    and an empty status line, which the card's updates fill. Enter the card to build the rest of it."""
    classes = " ".join(c for c in ("tk-model", kind, f"tk-seat-{seat}") if c)
    box = named(ui.card().classes(classes), name, role="group")
    with box, ui.row().classes("items-baseline justify-between w-full"):
        ui.label(name).classes("tk-name")
        status = ui.label("").classes("tk-status")
    return box, status
