"""Dialogs for warcasters, warjacks, warlocks and warbeasts: leeching fury, spirit bond, allocating
focus, forcing, the threshold check, the end of a frenzy, and a Grymkin warlock's Arcana cards.

Each offers the choices it can know, asks about the table in plain words (control range), and sends one
command; the rules have the last word and a refusal is shown as a notification.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from models.rules import Option, tidy
from models.rules.warmachine import (
    WARJACK_FOCUS_CAP,
    AllocateFocus,
    EndFrenzy,
    Force,
    LeechFury,
    LeechLife,
    ModelState,
    SpiritBond,
    ThresholdCheck,
    board,
    builders,
)
from models.service.views.warmachine_dialogs import arcana_choice, caster_control_question, spirit_bond_hint
from webapp.components.a11y import named
from webapp.components.asking import points_dialog, send_answers
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.warmachine.dice import DiceField
from webapp.components.whole_numbers import read_whole
from webapp.view import GameView


def _in_control(view: GameView, boss_id: str, what: str) -> ui.checkbox:
    words, spoken = caster_control_question(view.state, boss_id, what)
    return named(ui.checkbox(words, value=True), spoken)


def _points(label: str = "Points", value: int = 1) -> ui.number:
    return named(ui.number(label, value=value), label)


def _pick(view: GameView, option: Option, field: str, words: Callable[[ModelState], str], name: str) -> ui.radio:
    """A radio of the models the rules offer for ``field`` (the probed one chosen), or of that one alone."""
    chosen = getattr(option.command, field)
    ids = option.choices.get(field, (chosen,)) if field in option.ask else (chosen,)
    state = view.state
    return named(ui.radio({i: words(board(state).model(i)) for i in ids}, value=chosen), name)


def leech_fury_dialog(view: GameView, option: Option) -> None:
    """A warlock leeches fury from a warbeast of its battlegroup."""
    assert isinstance(option.command, LeechFury)
    lock = board(view.state).model(option.command.warlock)
    with titled_dialog(f"{lock.name} leeches fury") as dialog:
        ui.label(f"{lock.name} has {lock.fury or 0} fury. Take fury from a warbeast of its battlegroup:")
        beast = _pick(view, option, "warbeast", lambda b: f"{b.name} ({b.fury or 0} fury)", "Warbeast to leech from")
        field = _points()
        in_ctrl = _in_control(view, lock.id, "The warbeast")

        async def ok() -> bool:
            number = read_whole(field, 1, 10, "Points")
            return number is not None and await send_answers(view, option, warbeast=beast.value, points=number,
                                                             in_control=in_ctrl.value)

        ok_cancel("Leech", ok, dialog)


def leech_life_dialog(view: GameView, option: Option) -> None:
    assert isinstance(option.command, LeechLife)
    lock = board(view.state).model(option.command.warlock)
    points_dialog(view, option, f"{lock.name} leeches fury from its own life",
                  "Each fury point costs 1 damage point, which cannot be transferred.")


def spirit_bond_dialog(view: GameView, option: Option) -> None:
    assert isinstance(option.command, SpiritBond)
    lock = board(view.state).model(option.command.warlock)
    points_dialog(view, option, f"Spirit bond for {lock.name}", spirit_bond_hint(view.state, lock.id))


def allocate_focus_dialog(view: GameView, option: Option) -> None:
    """A warcaster gives focus to the warjacks of its battlegroup, all in one dialog: a number per warjack the
    rules offer (a warjack holds at most 3; 1 point ready for the first with room), each with its control range
    question; one allocation is sent per
    warjack given points, in order, stopping at the first the rules refuse (it says why)."""
    assert isinstance(option.command, AllocateFocus)
    state = view.state
    caster = board(state).model(option.command.warcaster)
    ids = option.choices.get("warjack", (option.command.warjack,)) if "warjack" in option.ask \
        else (option.command.warjack,)
    with titled_dialog(f"{caster.name} allocates focus") as dialog:
        ui.label(f"{caster.name} has {caster.focus or 0} focus. A warjack holds at most {WARJACK_FOCUS_CAP}.")
        rows: list[tuple[str, ui.number, ui.checkbox]] = []
        for i in ids:
            jack = board(state).model(i)
            with ui.column().classes("gap-0"):
                ui.label(f"{jack.name} has {jack.focus or 0} of {WARJACK_FOCUS_CAP} focus.")
                field = named(ui.number(f"Focus for {jack.name}", value=1 if i == option.command.warjack else 0),
                              f"Focus for {jack.name}")  # 1 for the warjack the rules found room on
                rows.append((i, field, _in_control(view, caster.id, jack.name)))

        async def ok() -> bool:
            given = []
            for i, field, in_ctrl in rows:
                number = read_whole(field, 0, 10, f"Focus for {board(view.state).model(i).name}")
                if number is None:
                    return False
                if number:
                    given.append((i, number, bool(in_ctrl.value)))
            if not given:
                ui.notify("Give at least one warjack a focus point.", type="warning")
                return False
            for i, number, in_control in given:
                answers = {"warjack": i} if "warjack" in option.ask else {}
                if not await send_answers(view, option, points=number, in_control=in_control, **answers):
                    return False
            return True

        ok_cancel("Allocate", ok, dialog)


def force_dialog(view: GameView, option: Option) -> None:
    """Force a warbeast for something the app does not count itself (an animus, a special rule)."""
    assert isinstance(option.command, Force)
    beast = board(view.state).model(option.command.warbeast)
    with titled_dialog(f"Force {beast.name}") as dialog:
        ui.label("Boosts, extra attacks, running and charging force it by themselves; use this for the rest "
                 "(an animus, a special rule). Each point puts 1 fury on it.")
        field = _points()
        why = named(ui.input("What for", value="a special rule").props("maxlength=40"), "What for")
        in_ctrl = _in_control(view, beast.battlegroup, "It") if beast.battlegroup else None

        async def ok() -> bool:
            number = read_whole(field, 1, 5, "Points")
            reason = tidy(str(why.value or ""))
            if number is None:
                return False
            if not reason:
                ui.notify("Say what it is forced for.", type="warning")
                return False
            return await send_answers(view, option, points=number, why=reason,
                                      in_control=True if in_ctrl is None else in_ctrl.value)

        ok_cancel("Force", ok, dialog)


def threshold_dialog(view: GameView, option: Option) -> None:
    """A threshold check: 2d6 typed from the table, or rolled by the app; the rules add the fury and compare
    with THR."""
    assert isinstance(option.command, ThresholdCheck)
    state = view.state
    beast = board(state).model(option.command.warbeast)
    thr = board(state).card_of(beast).stats.THR
    with titled_dialog(f"Threshold check for {beast.name}") as dialog:
        ui.label(f"2d6 + {beast.fury or 0} fury against THR {thr if thr is not None else '?'}: "
                 "above THR it frenzies.")
        dice = DiceField(view, "Threshold dice (2d6)", lambda: 2)

        async def ok() -> bool:
            roll = dice.value()
            return roll is not None and await send_answers(view, option, roll=roll)

        ok_cancel("Check", ok, dialog)


def end_frenzy_dialog(view: GameView, option: Option) -> None:
    assert isinstance(option.command, EndFrenzy)
    beast = board(view.state).model(option.command.warbeast)
    have = beast.fury or 0
    with titled_dialog(f"End {beast.name}'s frenzy") as dialog:
        ui.label(f"It calms down and its activation is over. It has {have} fury: remove as many as you like.")
        field = _points("Fury to remove", 0)

        async def ok() -> bool:
            number = read_whole(field, 0, have, "Fury to remove")
            return number is not None and await send_answers(view, option, remove_fury=number)

        ok_cancel("End frenzy", ok, dialog)


def arcana_dialog(view: GameView, warlock_id: str) -> None:
    """Choose a Grymkin warlock's three Arcana cards: its own Trump and two cards that are no warlock's Trump
    (revealed to the opponent)."""
    state = view.state
    lock = board(state).model(warlock_id)
    offer = arcana_choice(state, warlock_id)
    with titled_dialog(f"{lock.name}'s Arcana cards") as dialog:
        ui.label("Three cards: its own Trump and two others. Both players see them; each is played once.")
        picks = [named(ui.select(list(offer.first), value=offer.trump or None, label="Trump card"), "Trump card"),
                 named(ui.select(list(offer.regular), label="Second card"), "Second card"),
                 named(ui.select(list(offer.regular), label="Third card"), "Third card")]

        async def ok() -> bool:
            cards = [p.value for p in picks]
            if any(not c for c in cards):
                ui.notify("Pick all three cards.", type="warning")
                return False
            return await view.send(builders.assign_arcana(lock.id, (cards[0], cards[1], cards[2])))

        ok_cancel("Reveal the cards", ok, dialog)
