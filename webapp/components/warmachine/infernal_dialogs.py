"""Dialogs for the Infernal choices that need more than one tap: sacrifice, summoning, spells, effects.

Each offers the choices the rules give in the option it answers (``Option.choices``), asks the players about
the table (ranges, formation) in plain words, and sends the option's command with those answers; the rules
have the last word (a horror's web rings too) and the refusal is shown.
"""

from __future__ import annotations

from typing import get_args

from nicegui import ui

from models.rules import Command, Option, RuleViolation, options
from models.rules.warmachine import (
    DURATION_WORDS,
    SPELL_SEQUENCE,
    CastSpell,
    Sacrifice,
    StatName,
    Summon,
    board,
    builders,
)
from models.service.completion import summon_questions, summoned_horror
from models.service.views.warmachine_dialogs import (
    effect_toggles,
    master_control_question,
    summon_cost_words,
    summon_offer,
)
from webapp.components.a11y import named
from webapp.components.asking import send_answers
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.once import once
from webapp.components.warmachine.card_book import player_catalog, remember
from webapp.components.warmachine.checklists import checklist
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

        async def ok() -> None:
            if await send_answers(view, option, victim=choice.value, in_control=in_ctrl.value,
                                  in_formation=in_formation.value):
                dialog.close()

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

        async def ok() -> None:
            card = horrors.get(horror.value)
            if card is None:
                ui.notify("Pick the horror to summon.", type="warning")
                return
            try:
                most = summon_questions(card).most
                done = summoned_horror(card, [whole_number(r.value, 1, most) for r in ring_inputs])
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return
            if await send_answers(view, option, vessel=vessel.value, horror_card=done, in_command=in_cmd.value,
                                  near_gate=bool(near and near.value)):
                if done != card:
                    await remember(done)
                dialog.close()

        ok_cancel("Summon", ok, dialog)


def spell_dialog(view: GameView, option: Option) -> None:
    assert isinstance(option.command, CastSpell)
    m = board(view.state).model(option.command.model)
    with titled_dialog(f"{m.name} casts a spell") as dialog:
        listed = {sp.name: sp for sp in board(view.state).card_of(m).spells}
        if listed:
            picked = named(ui.select(list(listed), label="A spell from the card"), "A spell from the card")
        name = ui.input("Spell", validation={"1 to 40 characters": lambda v: 0 < len(v or "") <= 40}).props(
            "maxlength=40")
        cost = ui.number("COST", value=1)
        upkeep = ui.checkbox("Upkeep spell")
        if listed:
            def from_card() -> None:
                """The card's COST and kind fill in (the rules refuse another COST for a spell the card lists)."""
                spell = listed.get(picked.value or "")
                if spell is not None:
                    name.value = spell.name
                    if spell.cost is not None:
                        cost.value = spell.cost
                    upkeep.value = spell.upkeep
            picked.on_value_change(from_card)
        change = _SpellChange(view)
        checklist("The spell-casting sequence", SPELL_SEQUENCE)

        async def ok() -> None:
            points = whole_number(cost.value, 0, 10)
            if points is None or not (name.value or "").strip():
                ui.notify("Name the spell and give its COST (0 to 10).", type="warning")
                return
            answers = change.answers()
            if answers is None:
                return
            if await send_answers(view, option, spell=name.value.strip(), cost=points, upkeep=upkeep.value,
                                  **answers):
                dialog.close()

        ok_cancel("Cast", ok, dialog)


class _SpellChange:
    """The stat a spell changes, if it changes one: on which model, which stat, by how much and for how long
    (an upkeep spell's change lasts while it is upkept)."""

    def __init__(self, view: GameView) -> None:
        state = view.state
        self.form: ui.column  # made just below; the checkbox shows and hides it
        self.on = ui.checkbox("The spell changes a stat", on_change=lambda e: self.form.set_visibility(e.value))
        with ui.column().classes("gap-1") as self.form:
            self.target = ui.select({m.id: m.name for m in board(state).models if m.in_play},
                                    label="Model the spell changes")
            with ui.row().classes("gap-2 items-end"):
                self.stat = named(ui.select(list(get_args(StatName)), value="ARM", label="Stat"), "Stat")
                self.amount = named(ui.number("By (+ or -)", value=2).props("inputmode=numeric"), "Change by")
            self.duration = ui.select({k: w.capitalize() for k, w in DURATION_WORDS.items() if k != "upkeep"},
                                      value="turn", label="For how long (unless upkept)")
        self.form.set_visibility(False)

    def answers(self) -> dict[str, object] | None:
        """The change's answers for the cast command (all empty when the spell changes no stat), or None and a
        message when the amount is not a whole number."""
        if not self.on.value:
            return {"target": None, "stat": None, "amount": None, "duration": "turn"}
        by = whole_number(self.amount.value, -10, 10)
        if not by or self.target.value is None:
            ui.notify("Pick the model and change the stat by a whole number from -10 to 10 (not 0).",
                      type="warning")
            return None
        return {"target": self.target.value, "stat": self.stat.value, "amount": by,
                "duration": self.duration.value}


def effects_dialog(view: GameView, model_id: str) -> None:
    """Put an effect on a model or take it off (knocked down, Blind, fire...), as it happens at the table."""
    m = board(view.state).model(model_id)
    with titled_dialog(f"Effects on {m.name}") as dialog:
        for effect in effect_toggles(m):
            command = builders.toggle_effect(m.id, effect.effect, effect.on)

            async def toggle(c: Command = command) -> None:
                if await view.send(c):
                    dialog.close()

            once(ui.button(effect.words).props("no-caps outline"), toggle, dialog)
        change = next((o for o in options(view.state, model_id) if o.action == "change_stat"), None)
        if change is not None and change.allowed:
            _stat_change_form(view, change, dialog)
        ui.button("Close", on_click=dialog.close).props("flat no-caps")


def _stat_change_form(view: GameView, option: Option, dialog: ui.dialog) -> None:
    """A spell, feat or animus changing a stat: which, by how much, why and for how long; "while upkept" names
    the upkeep spell in play it hangs on (the option's choices)."""
    state = view.state
    ui.label("A spell, feat or animus changes a stat").classes("text-subtitle1")
    with ui.row().classes("gap-2 items-end"):
        stat = named(ui.select(list(option.choices["stat"]), value=option.choices["stat"][0], label="Stat"), "Stat")
        amount = named(ui.number("By (+ or -)", value=2).props("inputmode=numeric"), "Change by")
    cause = named(ui.input("Spell, feat or animus").props("maxlength=40"), "Spell, feat or animus")
    upkept = {key: f"{board(state).model(key.split(':', 1)[0]).name}'s {key.split(':', 1)[1]}"
              for key in option.choices["upkeep"]}
    durations = {key: words.capitalize() for key, words in DURATION_WORDS.items()
                 if key != "upkeep" or upkept}
    duration = named(ui.select(durations, value="turn", label="For how long"), "For how long")
    spell = named(ui.select(upkept, label="Kept by the upkeep spell"), "Kept by the upkeep spell")
    spell.bind_visibility_from(duration, "value", backward=lambda v: v == "upkeep")

    async def record() -> None:
        by = whole_number(amount.value, -10, 10)
        if not by:
            ui.notify("Change the stat by a whole number from -10 to 10 (not 0).", type="warning")
            return
        caster, name = (spell.value or ":").split(":", 1) if duration.value == "upkeep" else ("", "")
        if await send_answers(view, option, stat=stat.value, amount=by, cause=name or cause.value or "",
                              duration=duration.value, caster=caster or None):
            dialog.close()

    once(ui.button("Record the change").props("no-caps"), record, dialog)
