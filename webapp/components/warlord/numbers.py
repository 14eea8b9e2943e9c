"""A Warlord model's card numbers as the player types them (the new-game form and the card's "Card numbers"
dialog), and the dialogs of a melee attack, a ranged attack and a spell. The rules decide; these only ask."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

from nicegui import ui

from models.rules import Option, answered
from models.rules.warlord import MAX_STAT, SPELL_NAME_MAX, STAT_LABELS, StatName, Stats, builders
from models.service.views.warlord import card
from webapp.components.dialogs import named_dialog
from webapp.components.once import once
from webapp.components.whole_numbers import whole_number
from webapp.view import GameView

MEANING = "RA 0: no ranged attacks (no RAV then); CP 0: casts no spells; Special MOV only for a model that burrows."
HELP = ("Card numbers: type what the model's card shows; leave empty what you do not know yet (the game asks for "
        f"it before game turn 1). {MEANING}")


# Past any card's number: a whole number up to here goes to the rules, which say what a card holds.
FAR = 10**6


def _what(name: StatName) -> str:
    return f"{STAT_LABELS[name]}: a whole number from 0 to {MAX_STAT}, or empty if not known yet."


class StatFields:
    """One number field per card number; ``who`` starts each field's accessible name ("Player 1 MAV")."""

    def __init__(self, who: str, stats: Stats | None = None) -> None:
        self.fields: dict[StatName, ui.number] = {}
        with ui.row().classes("items-center gap-2"):
            for name, shown in STAT_LABELS.items():
                value = getattr(stats, name) if stats is not None else None
                self.fields[name] = ui.number(shown, value=value).props(
                    f'outlined dense aria-label="{who} {shown}"').classes(
                    "tk-wl-stat-field" if len(shown) <= 4 else "tk-wl-stat-field tk-wl-stat-long")

    def typed(self) -> dict[StatName, int | None] | str:
        """The numbers as typed, each a whole number or empty, or what is wrong with one of them; whether a
        number fits a card is the rules' to say (the pre-game screen sends what was typed)."""
        values: dict[StatName, int | None] = {}
        for name, field in self.fields.items():
            if field.value is None or field.value == "":
                values[name] = None
                continue
            number = whole_number(field.value, -FAR, FAR)
            if number is None:
                return _what(name)
            values[name] = number
        return values

    def read(self) -> Stats | str:
        """The typed numbers as a card holds them, or what is wrong with one of them."""
        values = self.typed()
        if isinstance(values, str):
            return values
        wrong = next((n for n, v in values.items() if v is not None and not 0 <= v <= MAX_STAT), None)
        return _what(wrong) if wrong is not None else Stats.model_validate(values)

    def clear(self) -> None:
        for field in self.fields.values():
            field.set_value(None)


def numbers_dialog(view: GameView, figure_id: str) -> None:
    """Type or correct the model's card numbers."""
    f = card(view.state, figure_id)
    with named_dialog(f"Card numbers of {f.name}") as dialog:
        ui.label(f"Card numbers of {f.name}").classes("text-h6")
        ui.label(HELP).classes("tk-kind")
        fields = StatFields(f.name, f.stats)

        async def save() -> bool:
            typed = fields.read()
            if isinstance(typed, str):
                ui.notify(typed, type="warning")
                return False
            return await view.send(builders.set_stats(figure_id, typed))

        with ui.row():
            once(ui.button("Save numbers").props("no-caps"), save, dialog, closes=True)
            ui.button("Cancel", on_click=dialog.close).props("flat no-caps")
    dialog.open()


def _target_buttons(view: GameView, option: Option, dialog: ui.dialog, aim: Callable[[str | None], Awaitable[bool]],
                    none: str) -> None:
    """One button per model the rules let it aim at (the option's choices), and ``none`` for no model: a tap
    closes the dialog at once (a refusal shows it again)."""
    with ui.row().classes("gap-2"):
        for target in option.choices.get("target", ()):
            once(ui.button(card(view.state, target).name).props("no-caps"), partial(aim, target), dialog, closes=True)
        once(ui.button(none).props("outline no-caps"), lambda: aim(None), dialog, closes=True)


def _attack_dialog(view: GameView, option: Option, figure_id: str, melee: bool) -> None:
    """Fight or shoot: at which model (its states change the numbers), or at one the app need not know; a melee
    attack also asks whether it is a flying model's Swift Attack on the ground."""
    f = card(view.state, figure_id)
    title = "Melee attack" if melee else "Ranged attack"
    with named_dialog(f"{title}: {f.name}") as dialog:
        ui.label(f"{title}: {f.name}").classes("text-h6")
        swift = ui.checkbox("Swift Attack (a flying model striking one on the ground)") if melee else None

        async def attack(target: str | None) -> bool:
            answers = {"swift": bool(swift.value)} if swift is not None else {}
            return await view.send(answered(option, target=target, **answers))

        _target_buttons(view, option, dialog, attack, none="A model not listed")
        ui.button("Cancel", on_click=dialog.close).props("flat no-caps")
    dialog.open()


def melee_dialog(view: GameView, option: Option, figure_id: str) -> None:
    _attack_dialog(view, option, figure_id, melee=True)


def ranged_dialog(view: GameView, option: Option, figure_id: str) -> None:
    _attack_dialog(view, option, figure_id, melee=False)


def spell_dialog(view: GameView, option: Option, figure_id: str) -> None:
    """Cast: the spell's name, whether it needs line of sight, and its target."""
    f = card(view.state, figure_id)
    with named_dialog(f"Cast a spell: {f.name}") as dialog:
        ui.label(f"{f.name} casts a spell").classes("text-h6")
        spell = ui.input("Spell name").props(f'maxlength={SPELL_NAME_MAX} aria-label="Spell name"')
        los = ui.checkbox("The spell needs line of sight to its target", value=True)

        async def cast(target: str | None) -> bool:
            return await view.send(answered(option, spell=spell.value or "", target=target, needs_los=los.value))

        ui.label("Its target").classes("text-bold")
        _target_buttons(view, option, dialog, cast, none="No model target")
        ui.button("Cancel", on_click=dialog.close).props("flat no-caps")
    dialog.open()
