"""Dialogs for the Infernal choices that need more than one tap: sacrifice, summoning, spells, effects.

Each offers only the legal choices it can know, asks the players about the table (ranges, formation) in
plain words, and sends one command; the rules still have the last word and the refusal is shown.
"""

from __future__ import annotations

from nicegui import ui

from models.catalog.schema import Card, WebLayout, missing_for_play
from models.rules.warmachine.attacks import SPELL_SEQUENCE
from models.rules.warmachine.replenish import Sacrifice, sacrifice_refusal
from models.rules.warmachine.shake import EFFECTS, AddEffect, RemoveEffect, effect_name
from models.rules.warmachine.spells import CastSpell
from models.rules.warmachine.state import control_range
from models.rules.warmachine.summoning import Summon, friendly_gate, summon_cost, summon_refusal
from webapp.components.card_book import player_catalog, remember
from webapp.components.card_dialog import whole_number
from webapp.components.checklists import checklist
from webapp.components.dialogs import ok_cancel, transient_dialog
from webapp.components.once import once
from webapp.view import GameView


def sacrifice_dialog(view: GameView, master_id: str) -> None:
    state = view.state
    m = state.model(master_id)
    victims = [v for v in state.models if v.in_play and v.seat == m.seat and sacrifice_refusal(state, m, v) is None]
    if not victims:
        ui.notify("No friendly living model with a soul is in play to sacrifice.", type="warning")
        return
    with transient_dialog() as dialog, ui.card().classes("tk-dialog"):
        ui.label(f"{m.name} sacrifices a model").classes("text-h6")
        ui.label(f"The model is removed from play and {m.name} refills to its ESSENCE.")
        choice = ui.radio({v.id: v.name for v in victims}, value=victims[0].id).props('aria-label="Model to sacrifice"')
        in_ctrl = ui.checkbox(f'It is in {m.name}\'s control range ({control_range(state, m)}")')
        in_formation = ui.checkbox("If it is a trooper, it is in formation", value=True)

        async def ok() -> None:
            command = Sacrifice(master=m.id, victim=choice.value, in_control=in_ctrl.value,
                                in_formation=in_formation.value)
            if await view.send(command):
                dialog.close()

        ok_cancel("Sacrifice", ok, dialog)
    dialog.open()


async def summon_dialog(view: GameView, master_id: str) -> None:
    """Vessel, horror from the player's catalog with its cost, and the table questions; incomplete cards can be
    completed right here (kept in the player's card book once the summon is accepted)."""
    state = view.state
    m = state.model(master_id)
    vessels = [v for v in state.models if v.in_play and v.seat == m.seat and v.id != m.id
               and state.card_of(v).marked_soul]
    if not vessels:
        ui.notify("No Marked Soul of yours is in play to serve as the vessel.", type="warning")
        return
    catalog = {**await player_catalog(), **state.cards}
    horrors = {k: c for k, c in sorted(catalog.items(), key=lambda kv: kv[1].name)
               if c.role == "horror" and (summon_refusal(c) is None or summon_refusal(c).code == "card.incomplete")}
    gate = friendly_gate(state, m.seat)
    with transient_dialog() as dialog, ui.card().classes("tk-dialog"):
        ui.label(f"{m.name} summons a horror").classes("text-h6")
        vessel = ui.select({v.id: v.name for v in vessels}, value=vessels[0].id, label="Vessel (a Marked Soul)")
        horror = ui.select({k: c.name for k, c in horrors.items()}, label="Horror")
        cost = ui.label("")
        near = ui.checkbox("Within 8\" of our Infernal Gate (costs 1 less)") if gate else None
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
            cost.set_text(f"Cost: {summon_cost(card, bool(near and near.value))} essence "
                          f"({m.name} has {m.essence or 0})")
            if "web rings" in missing_for_play(card):
                with rings:
                    ui.label(f"Enter {card.name}'s web rings from your card (kept in your card book).")
                    ring_inputs.extend(ui.number(f"{r} ring")
                                       for r in ("Outer", "Middle", "Centre"))

        horror.on_value_change(show)
        if near is not None:
            near.on_value_change(show)

        async def ok() -> None:
            card = horrors.get(horror.value)
            if card is None:
                ui.notify("Pick the horror to summon.", type="warning")
                return
            done = _completed(card, ring_inputs)
            if done is None:
                return
            command = Summon(master=m.id, vessel=vessel.value, horror_card=done, in_command=in_cmd.value,
                             near_gate=bool(near and near.value))
            if await view.send(command):
                if done != card:
                    remember(done)
                dialog.close()

        ok_cancel("Summon", ok, dialog)
    dialog.open()


def _completed(card: Card, ring_inputs: list[ui.number]) -> Card | None:
    """The card with the web rings typed in the dialog, or None (and a message) when they are not right."""
    if not ring_inputs:
        return card
    rings = [whole_number(r.value, 1, 60) for r in ring_inputs]
    if None in rings:
        ui.notify("Each ring needs a whole number of boxes from 1 to 60.", type="warning")
        return None
    total = card.damage.total if isinstance(card.damage, WebLayout) else None
    if total is not None and sum(rings) != total:
        ui.notify(f"The rings must add up to {total} boxes.", type="warning")
        return None
    done = card.model_copy(update={"damage": WebLayout(total=total, rings=tuple(rings))})
    if missing_for_play(done):
        ui.notify(f"{card.name}'s card still lacks: {', '.join(missing_for_play(done))}.", type="warning")
        return None
    return done


def spell_dialog(view: GameView, model_id: str) -> None:
    m = view.state.model(model_id)
    with transient_dialog() as dialog, ui.card().classes("tk-dialog"):
        ui.label(f"{m.name} casts a spell").classes("text-h6")
        name = ui.input("Spell", validation={"1 to 40 characters": lambda v: 0 < len(v or "") <= 40}).props(
            "maxlength=40")
        cost = ui.number("COST", value=1)
        upkeep = ui.checkbox("Upkeep spell")
        checklist("The spell-casting sequence", SPELL_SEQUENCE)

        async def ok() -> None:
            points = whole_number(cost.value, 0, 10)
            if points is None or not (name.value or "").strip():
                ui.notify("Name the spell and give its COST (0 to 10).", type="warning")
                return
            if await view.send(CastSpell(model=m.id, spell=name.value.strip(), cost=points, upkeep=upkeep.value)):
                dialog.close()

        ok_cancel("Cast", ok, dialog)
    dialog.open()


def effects_dialog(view: GameView, model_id: str) -> None:
    """Put an effect on a model or take it off (knocked down, Blind, fire...), as it happens at the table."""
    m = view.state.model(model_id)
    with transient_dialog() as dialog, ui.card().classes("tk-dialog"):
        ui.label(f"Effects on {m.name}").classes("text-h6")
        for effect in EFFECTS:
            on = effect in m.effects
            command = RemoveEffect(model=m.id, effect=effect) if on else AddEffect(model=m.id, effect=effect)

            async def toggle(c=command) -> None:
                if await view.send(c):
                    dialog.close()

            verb = "No longer" if on else "Now"
            once(ui.button(f"{verb} {effect_name(effect)}").props("no-caps outline"), toggle, dialog)
        ui.button("Close", on_click=dialog.close).props("flat no-caps")
    dialog.open()
