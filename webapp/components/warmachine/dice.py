"""Dice as the players enter them: the faces their physical dice show, typed ("3 4", "3,4" or "34"), or rolled
by the service ("Roll for me", GameService.roll_dice). Either way the roll goes into the command and the log
says who rolled it."""

from __future__ import annotations

import re
from collections.abc import Callable

from nicegui import ui

from models.rules import Roll, RuleViolation
from models.rules.warmachine import MAX_REROLLS
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.view import GameView

MAX_DICE = 12


def parse_dice(text: object) -> tuple[int, ...] | None:
    """Faces typed as digits 1-6 (each digit one die; spaces, commas and '+' between them are fine), or None."""
    raw = str(text or "").strip()
    if not raw or len(raw) > 40 or re.search(r"[^1-6\s,+]", raw):
        return None
    faces = tuple(int(d) for d in re.findall(r"[1-6]", raw))
    return faces if 0 < len(faces) <= MAX_DICE else None


def service_roll(view: GameView, count: int) -> Roll | None:
    """``count`` d6 rolled by the service (recorded as rolled_by="service")."""
    try:
        return view.deps.service.roll_dice(count)
    except RuleViolation as refusal:
        ui.notify(refusal.message, type="warning")
        return None


def faces_text(dice: tuple[int, ...]) -> str:
    return " ".join(str(d) for d in dice)


class DiceField:
    """A typed roll with a "Roll for me" button next to it. ``count`` says how many dice the service rolls
    (it may change: a boosted roll has one die more); what the service rolled is kept as its roll until the
    text is changed by hand."""

    def __init__(self, view: GameView, label: str, count: Callable[[], int], rerolls: bool = False,
                 on_change: Callable[[], None] | None = None) -> None:
        self.view, self.label, self.count = view, label, count
        self.rolled: Roll | None = None
        # Rolls set aside by a reroll (an ability that lets the player roll again): sent along for the log.
        self.earlier: list[Roll] = []
        with ui.row().classes("items-center gap-2 no-wrap"):
            self.field = named(ui.input(label, placeholder="e.g. 3 4",
                                        on_change=(lambda _: on_change()) if on_change else None)
                               .props("maxlength=40 inputmode=numeric"), label)
            named(once(ui.button("Roll for me", icon="casino").props("no-caps outline"), self.roll_for_me),
                  f"Roll for me: {label}")
            if rerolls:
                named(once(ui.button("Reroll", icon="replay").props("no-caps flat"), self.reroll), f"Reroll: {label}")
        self.note = ui.label("").classes("tk-kind text-sm")

    def roll_for_me(self) -> None:
        roll = service_roll(self.view, self.count())
        if roll is None:
            return
        self.rolled = roll
        self.field.set_value(faces_text(roll.dice))
        self.note.set_text(f"Rolled by the app: {' + '.join(map(str, roll.dice))} = {roll.total}")

    def reroll(self) -> None:
        """Set the roll in the field aside (it stays in the log) and wait for the new one."""
        roll = self.value()
        if roll is None:
            return
        if len(self.earlier) >= MAX_REROLLS:
            ui.notify(f"{self.label}: at most {MAX_REROLLS} rerolls are recorded for one roll.", type="warning")
            return
        self.earlier.append(roll)
        self.rolled = None
        self.field.set_value("")
        before = "; ".join(" + ".join(map(str, r.dice)) for r in self.earlier)
        self.note.set_text(f"Set aside by a reroll: {before}. Enter or roll the new dice.")

    def faces(self) -> tuple[int, ...] | None:
        """The faces in the field now, or None while they are not a roll (no message: the player is typing)."""
        return parse_dice(self.field.value)

    def value(self) -> Roll | None:
        """The roll to send, or None (a message says what is wrong)."""
        if self.rolled is not None and self.field.value == faces_text(self.rolled.dice):
            return self.rolled
        faces = parse_dice(self.field.value)
        if faces is None:
            ui.notify(f"{self.label}: type each die's face (1 to 6), such as 3 4, or let the app roll.",
                      type="warning")
            return None
        return Roll(dice=faces, rolled_by="player")
