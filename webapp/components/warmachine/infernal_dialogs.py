"""Dialogs for the Infernal choices that need more than one tap: sacrifice, summoning, effects.

Each offers the choices the rules give in the option it answers (``Option.choices``), asks the players about
the table (ranges, formation) in plain words, and sends the option's command with those answers; the rules
have the last word (a horror's web rings too) and the refusal is shown.
"""

from __future__ import annotations

from nicegui import ui

from models.rules import Command, Option, RuleViolation, options
from models.rules.warmachine import (
    DURATION_WORDS,
    Sacrifice,
    Summon,
    board,
    builders,
)
from models.service.completion import summon_questions, summoned_horror
from models.service.views.warmachine_dialogs import (
    effect_toggles,
    master_control_question,
    model_names,
    summon_cost_words,
    summon_offer,
)
from webapp.components.a11y import named
from webapp.components.asking import send_answers
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.once import once
from webapp.components.warmachine.card_book import player_catalog, remember
from webapp.components.whole_numbers import whole_number
from webapp.view import GameView


def sacrifice_dialog(view: GameView, option: Option) -> None:
    """The victims the rules offer, and the table questions."""
    assert isinstance(option.command, Sacrifice)
    state = view.state
    m = board(state).model(option.command.master)
    with titled_dialog(f"{m.name} sacrifices a model") as dialog:
        ui.label(f"The model is removed from play and {m.name} refills to its ESSENCE.")
        choice = ui.radio({v: board(state).model(v).name for v in option.choices["victim"]},
                          value=option.command.victim).props('aria-label="Model to sacrifice"')
        in_ctrl = ui.checkbox(master_control_question(state, m.id))
        in_formation = ui.checkbox("If it is a trooper, it is in formation", value=True)

        async def ok() -> bool:
            return await send_answers(view, option, victim=choice.value, in_control=in_ctrl.value,
                                      in_formation=in_formation.value)

        ok_cancel("Sacrifice", ok, dialog)


async def summon_dialog(view: GameView, option: Option) -> None:
    """Vessel, horror from the player's catalog with its cost, and the table questions; incomplete cards can be
    completed right here (kept in the player's card book once the summon is accepted)."""
    assert isinstance(option.command, Summon)
    state = view.state
    m = board(state).model(option.command.master)
    offer = summon_offer(state, m.id, await player_catalog())
    horrors = offer.horrors
    with titled_dialog(f"{m.name} summons a horror") as dialog:
        vessel = ui.select({v: board(state).model(v).name for v in option.choices["vessel"]},
                           value=option.command.vessel,
                           label="Vessel (a Marked Soul)")
        horror = ui.select({k: c.name for k, c in horrors.items()}, label="Horror")
        cost = ui.label("")
        near = ui.checkbox("Within 8\" of our Infernal Gate (costs 1 less)") if offer.gate else None
        in_cmd = ui.checkbox(f"The vessel is in {m.name}'s command range")
        rings = ui.column()
        ring_inputs: list[ui.number] = []

        def show() -> None:
            card = horrors.get(horror.value)
            rings.clear()
            ring_inputs.clear()
            if card is None:
                cost.set_text("")
                return
            cost.set_text(summon_cost_words(state, m.id, card, bool(near and near.value)))
            asked = summon_questions(card)
            if asked.rings:
                with rings:
                    ui.label(f"Enter {card.name}'s web rings from your card (kept in your card book).")
                    ring_inputs.extend(ui.number(label) for label in asked.rings)

        horror.on_value_change(show)
        if near is not None:
            near.on_value_change(show)

        async def ok() -> bool:
            card = horrors.get(horror.value)
            if card is None:
                ui.notify("Pick the horror to summon.", type="warning")
                return False
            try:
                most = summon_questions(card).most
                done = summoned_horror(card, [whole_number(r.value, 1, most) for r in ring_inputs])
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return False
            if not await send_answers(view, option, vessel=vessel.value, horror_card=done, in_command=in_cmd.value,
                                      near_gate=bool(near and near.value)):
                return False
            if done != card:
                await remember(done)
            return True

        ok_cancel("Summon", ok, dialog)


def effects_dialog(view: GameView, model_id: str) -> None:
    """Put an effect on a model or take it off (knocked down, Blind, fire...), as it happens at the table."""
    m = board(view.state).model(model_id)
    with titled_dialog(f"Effects on {m.name}") as dialog:
        for effect in effect_toggles(m):
            command = builders.toggle_effect(m.id, effect.effect, effect.on)

            async def toggle(c: Command = command) -> bool:
                return await view.send(c)

            once(ui.button(effect.words).props("no-caps outline"), toggle, dialog, closes=True)
        change = next((o for o in options(view.state, model_id) if o.action == "change_stat"), None)
        if change is not None and change.allowed:
            _stat_change_form(view, change, dialog, model_id)
        ui.button("Close", on_click=dialog.close).props("flat no-caps")


def _stat_change_form(view: GameView, option: Option, dialog: ui.dialog, model_id: str) -> None:
    """A spell, feat or animus changing a stat: which, by how much, why and for how long; "while upkept" names
    the upkeep spell in play it hangs on, and an area covering several models names the others (the option's
    choices): one command for them all, one undo."""
    state = view.state
    ui.label("A spell, feat or animus changes a stat").classes("text-subtitle1")
    with ui.row().classes("gap-2 items-end"):
        stat = named(ui.select(list(option.choices["stat"]), value=option.choices["stat"][0], label="Stat")
                     .classes("w-32"), "Stat")
        amount = named(ui.number("By (+ or -)", value=2).props("inputmode=numeric").classes("w-32"), "Change by")
    cause = named(ui.input("Spell, feat or animus").props("maxlength=40").classes("w-full"), "Spell, feat or animus")
    upkept = {key: f"{board(state).model(key.split(':', 1)[0]).name}'s {key.split(':', 1)[1]}"
              for key in option.choices["upkeep"]}
    durations = {key: words.capitalize() for key, words in DURATION_WORDS.items()
                 if key != "upkeep" or upkept}
    duration = named(ui.select(durations, value="turn", label="For how long").classes("w-full"), "For how long")
    spell = named(ui.select(upkept, label="Kept by the upkeep spell").classes("w-full"), "Kept by the upkeep spell")
    spell.bind_visibility_from(duration, "value", backward=lambda v: v == "upkeep")
    others = model_names(state, option.choices["also"], board(state).model(model_id).seat, "other side")
    also = named(ui.select(others, multiple=True, value=[], label="Also on (an area covering several)")
                 .props("use-chips").classes("w-full"), "Also on (an area covering several)")

    async def record() -> bool:
        by = whole_number(amount.value, -10, 10)
        if not by:
            ui.notify("Change the stat by a whole number from -10 to 10 (not 0).", type="warning")
            return False
        caster, name = (spell.value or ":").split(":", 1) if duration.value == "upkeep" else ("", "")
        return await send_answers(view, option, stat=stat.value, amount=by, cause=name or cause.value or "",
                                  duration=duration.value, caster=caster or None, also=tuple(also.value or ()))

    once(ui.button("Record the change").props("no-caps"), record, dialog, closes=True)
