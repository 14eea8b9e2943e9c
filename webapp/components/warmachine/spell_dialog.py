"""The spell dialog of every caster: a spell picked from the caster's card (its COST, kind and numbers filled
in) or typed, the models its stat change lands on (several for an area or a unit: the players say which), and,
for an offensive spell, the model it attacks. One cast command carries it all, so one undo takes it back; the
rules start the spell's magic attack and the attack assistant opens with the spell's POW."""

from __future__ import annotations

from typing import get_args

from nicegui import ui

from models.catalog.schema import Spell
from models.rules import Option
from models.rules.warmachine import DURATION_WORDS, SPELL_SEQUENCE, CastSpell, StatName, board
from models.service.views.warmachine_dialogs import model_names, spell_attack
from webapp.components.a11y import named
from webapp.components.asking import send_answers
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.warmachine.card_words import spell_words
from webapp.components.warmachine.checklists import checklist
from webapp.components.whole_numbers import whole_number
from webapp.view import GameView


def spell_dialog(view: GameView, option: Option) -> None:
    assert isinstance(option.command, CastSpell)
    m = board(view.state).model(option.command.model)
    with titled_dialog(f"{m.name} casts a spell") as dialog:
        listed = {sp.name: sp for sp in board(view.state).card_of(m).spells}
        if listed:
            picked = named(ui.select(list(listed), label="A spell from the card").classes("w-full"),
                           "A spell from the card")
            numbers = named(ui.label("").classes("tk-kind"), "The spell on the card")
        name = ui.input("Spell", validation={"1 to 40 characters": lambda v: 0 < len(v or "") <= 40}).props(
            "maxlength=40").classes("w-full")
        cost = ui.number("COST", value=1)
        upkeep = ui.checkbox("Upkeep spell")
        attack = _SpellAttack(view, option, m.seat)
        change = _SpellChange(view, option, m.seat)
        if listed:
            def from_card() -> None:
                """The card's COST, kind and numbers fill in (the rules refuse another COST for a spell the card
                lists); a spell with a POW attacks."""
                spell = listed.get(picked.value or "")
                if spell is not None:
                    name.value = spell.name
                    if spell.cost is not None:
                        cost.value = spell.cost
                    upkeep.value = spell.upkeep
                    numbers.set_text(spell_words(spell))
                attack.suggest(spell)
            picked.on_value_change(from_card)
        checklist("The spell-casting sequence", SPELL_SEQUENCE)

        async def ok() -> bool:
            points = whole_number(cost.value, 0, 10)
            if points is None or not (name.value or "").strip():
                ui.notify("Name the spell and give its COST (0 to 10).", type="warning")
                return False
            changed, attacked = change.answers(), attack.answers()
            if changed is None or attacked is None:
                return False
            return await send_answers(view, option, spell=name.value.strip(), cost=points, upkeep=upkeep.value,
                                      **changed, **attacked)

        ok_cancel("Cast", ok, dialog)


class _SpellAttack:
    """An offensive spell's magic attack: the model it attacks (the rules' choices, the other side's first) and
    whether it is in range. A spell from the card with a POW is ticked; the POW and AOE are the card's."""

    def __init__(self, view: GameView, option: Option, seat: int) -> None:
        ids = option.choices.get("attack_target", ())
        self.form: ui.column  # made just below; the checkbox shows and hides it
        self.on = named(ui.checkbox("It attacks: a magic attack (the attack assistant opens)",
                                    on_change=lambda e: self.form.set_visibility(bool(e.value))),
                        "The spell attacks")
        with ui.column().classes("gap-1 w-full") as self.form:
            self.power = named(ui.label("").classes("tk-kind"), "The spell's POW")
            self.target = named(ui.select(model_names(view.state, ids, seat, "own side"), value=ids[0] if ids else None,
                                          label="Model the spell attacks").classes("w-full"), "Model the spell attacks")
            self.in_range = named(ui.checkbox("The target is in range", value=True), "The target is in range")
        self.suggest(None)
        self.form.set_visibility(False)

    def suggest(self, spell: Spell | None) -> None:
        """A spell picked from the card: ticked when it deals damage, with its POW (and AOE) in words."""
        attacks, words = spell_attack(spell)
        self.power.set_text(words)
        self.on.set_value(attacks)

    def answers(self) -> dict[str, object] | None:
        """The attack's answers for the cast command (none when the spell attacks nothing), or None and a message
        when no target is picked."""
        if not self.on.value:
            return {"attack_target": None, "in_range": True}
        if self.target.value is None:
            ui.notify("Pick the model the spell attacks.", type="warning")
            return None
        return {"attack_target": self.target.value, "in_range": bool(self.in_range.value)}


class _SpellChange:
    """The stat a spell changes, if it changes one: on which models (several for an area or a unit), which stat,
    by how much and for how long (an upkeep spell's change lasts while it is upkept)."""

    def __init__(self, view: GameView, option: Option, seat: int) -> None:
        self.form: ui.column  # made just below; the checkbox shows and hides it
        self.on = ui.checkbox("The spell changes a stat", on_change=lambda e: self.form.set_visibility(e.value))
        with ui.column().classes("gap-1 w-full") as self.form:
            ui.label("An area or a unit: pick every model it covers.").classes("tk-kind")
            names = model_names(view.state, option.choices.get("targets", ()), seat, "other side")
            self.targets = named(ui.select(names, multiple=True, value=[], label="Models the spell changes")
                                 .props("use-chips").classes("w-full"), "Models the spell changes")
            with ui.row().classes("gap-2 items-end w-full"):
                self.stat = named(ui.select(list(get_args(StatName)), value="ARM", label="Stat").classes("w-32"),
                                  "Stat")
                self.amount = named(ui.number("By (+ or -)", value=2).props("inputmode=numeric").classes("w-32"),
                                    "Change by")
            self.duration = named(ui.select({k: w.capitalize() for k, w in DURATION_WORDS.items() if k != "upkeep"},
                                            value="turn", label="For how long (unless upkept)").classes("w-full"),
                                  "For how long (unless upkept)")
        self.form.set_visibility(False)

    def answers(self) -> dict[str, object] | None:
        """The change's answers for the cast command (all empty when the spell changes no stat), or None and a
        message when no model is picked or the amount is not a whole number."""
        if not self.on.value:
            return {"target": None, "targets": (), "stat": None, "amount": None, "duration": "turn"}
        by = whole_number(self.amount.value, -10, 10)
        if not by or not self.targets.value:
            ui.notify("Pick the models and change the stat by a whole number from -10 to 10 (not 0).",
                      type="warning")
            return None
        return {"target": None, "targets": tuple(self.targets.value), "stat": self.stat.value, "amount": by,
                "duration": self.duration.value}
