"""The questions a warband table asks before recording something: picking a treasure token up (contact, opposing
units within 2", what lay under it), who incapacitated a unit, a new ongoing spell, and a check's typed roll."""

from __future__ import annotations

from nicegui import ui

from models.rules import Option
from models.rules.warband import NAME_MAX, ROLL_MAX, TEXT_MAX, Incapacitate, PickUp, StartSpell, board
from webapp.components.a11y import named
from webapp.components.asking import send_answers
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.whole_numbers import whole_number
from webapp.view import GameView

UNDER = {"nothing": "No event token", "event": "Event token: an event", "plague": "Event token: the Plague"}


def roll_field(label: str, name: str) -> ui.number:
    """An optional typed roll: the players may keep it in the log; the app never decides the check with it."""
    return named(ui.number(label).classes("w-40"), name)


def typed_roll(field: ui.number) -> tuple[bool, int | None]:
    """(ok, roll): an empty field is fine; anything else must be a whole number in range (a message otherwise)."""
    if field.value in (None, ""):
        return True, None
    roll = whole_number(field.value, 1, ROLL_MAX)
    if roll is None:
        ui.notify(f"A roll is a whole number from 1 to {ROLL_MAX}, or leave it empty.", type="warning")
        return False, None
    return True, roll


def pick_up_dialog(view: GameView, option: Option) -> None:
    """Doc 004 "Treasure Step" and "Event Tokens", asked as the players see the table."""
    assert isinstance(option.command, PickUp)
    u = board(view.state).unit(option.command.unit)
    assert u is not None
    with titled_dialog(f"{u.name} picks up a treasure token", f"{u.name} picks up treasure") as dialog:
        contact = named(ui.checkbox(f"{u.name} is in contact with the token", value=True), "In contact with the token")
        near = named(ui.checkbox('An opposing unit is within 2" of the token', value=False),
                     'Opposing unit within 2"')
        ui.label("What was under the token?").classes("tk-prompt")
        under = named(ui.radio(UNDER, value="nothing"), "What was under the token")
        with ui.column().classes("gap-1") as event_box:
            ui.label("Roll a d20 and read the campaign sheet.")
            d20 = named(ui.number("d20 result").classes("w-40"), "d20 result")
            sheet = named(ui.input("What the campaign sheet says").props(f"maxlength={TEXT_MAX}").classes("w-80"),
                          "What the campaign sheet says")
            neutrals = named(ui.checkbox("The event puts neutral units on the board", value=True),
                             "The event puts neutral units on the board")
        with ui.column().classes("gap-1") as plague_box:
            ui.label(f"{u.name} makes a Plague check now.")
            plague = named(ui.radio({"pass": "Passed", "fail": "Failed"}), "Plague check")
        event_box.bind_visibility_from(under, "value", backward=lambda v: v == "event")
        plague_box.bind_visibility_from(under, "value", backward=lambda v: v == "plague")

        async def confirm() -> bool:
            roll = None
            if under.value == "event":
                roll = whole_number(d20.value, 1, 20)
                if roll is None:
                    ui.notify("Enter the d20 result: a whole number from 1 to 20.", type="warning")
                    return False
            if under.value == "plague" and plague.value is None:
                ui.notify(f"Say whether {u.name}'s Plague check passed.", type="warning")
                return False
            return await send_answers(view, option, in_contact=bool(contact.value),
                                      opponent_within_2=bool(near.value), under=under.value, event_roll=roll,
                                      event_text=(sheet.value or "")[:TEXT_MAX], neutrals=bool(neutrals.value),
                                      plague_passed=None if under.value != "plague" else plague.value == "pass")

        ok_cancel("Pick it up", confirm, dialog)


def incapacitate_dialog(view: GameView, option: Option) -> None:
    """Who did it, and, when the fallen unit carried treasure, whether that unit was engaged with it."""
    assert isinstance(option.command, Incapacitate)
    b = board(view.state)
    u = b.unit(option.command.unit)
    assert u is not None
    others = {}
    for x in (b.unit(i) for i in option.choices["by"]):
        if x is not None:
            others[x.id] = f"{x.name} ({view.state.player_name(x.seat)})"
    with titled_dialog(f"{u.name} is incapacitated", f"Incapacitate {u.name}") as dialog:
        by = named(ui.select({"": "No unit, or not known", **others}, value="", label="Which unit did it?")
                   .classes("w-80"), "Which unit did it?")
        engaged = named(ui.checkbox(f"That unit was engaged with {u.name}", value=False), "Engaged with it")
        if u.carrying:
            ui.label(f"{u.name} carries a treasure token: it drops, unless the unit that did it was engaged with it "
                     "(then that unit takes it, if it can carry).")
        else:
            engaged.set_visibility(False)

        async def confirm() -> bool:
            return await send_answers(view, option, by=by.value or None, engaged=bool(engaged.value and by.value))

        ok_cancel("Incapacitated", confirm, dialog)


def start_spell_dialog(view: GameView, option: Option) -> None:
    assert isinstance(option.command, StartSpell)
    u = board(view.state).unit(option.command.unit)
    assert u is not None
    with titled_dialog(f"{u.name} starts an ongoing spell", f"New ongoing spell for {u.name}") as dialog:
        spell = named(ui.input("Spell").props(f"maxlength={NAME_MAX}").classes("w-80"), "Spell name")

        async def confirm() -> bool:
            return await send_answers(view, option, spell=(spell.value or "")[:NAME_MAX])

        ok_cancel("Start spell", confirm, dialog)
