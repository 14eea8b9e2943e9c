"""Asking the player what an option still asks (``Option.ask``) and sending the rules' own probed command with
the answers filled in (``models.rules.answered``): a dialog never builds a command of its own."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from models.rules import Option, RuleViolation, answered
from webapp.components.a11y import named
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.whole_numbers import whole_number
from webapp.view import GameView


async def send_answers(view: GameView, option: Option, **answers: Any) -> bool:
    """Send the option's command with the player's answers; an answer the command cannot take is shown and
    nothing is sent."""
    try:
        command = answered(option, **answers)
    except RuleViolation as refusal:
        ui.notify(refusal.message, type="warning")
        return False
    return await view.send(command)


def points_dialog(view: GameView, option: Option, title: str, hint: str, high: int = 10) -> None:
    """A title, a hint and a number of points (1 to ``high``): the one answer ``option`` asks."""
    with titled_dialog(title) as dialog:
        ui.label(hint)
        field = named(ui.number("Points", value=1), "Points")

        async def ok() -> bool:
            number = whole_number(field.value, 1, high)
            if number is None:
                ui.notify(f"Enter a whole number from 1 to {high}.", type="warning")
                return False
            return await send_answers(view, option, points=number)

        ok_cancel("OK", ok, dialog)
