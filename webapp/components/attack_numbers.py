"""The numbers next to the attack assistant's dice: the attacker's MAT, RAT or magic skill and the target's DEF
for the attack roll, the weapon's P+S or POW and the target's ARM for the damage roll, pre-filled from the cards
as effects change them (editable: an effect the app does not track may change them too). The rules do the arithmetic
(``attacks.suggested_hit`` / ``suggested_damage``); this only shows it and passes the suggestion on."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from models.rules import AttackRecord, GameState
from models.rules.warmachine import (
    attack_stat,
    power_name,
    stat_with_why,
    suggested_damage,
    suggested_hit,
    weapon_powers,
)
from webapp.components.a11y import named
from webapp.components.card_dialog import whole_number
from webapp.components.dice import DiceField

STAT_MAX = 30
POWER_MAX = 40


def _number(label: str, value: int | None, on_change: Callable[[], None]) -> ui.number:
    field = ui.number(label, value=value, on_change=lambda _: on_change()).classes("w-40")
    return named(field.props("inputmode=numeric"), label)


class HitNumbers:
    """MAT/RAT and DEF fields with the arithmetic of the roll in the dice field; ``on_suggest`` hears hit,
    miss or None (a number is missing) after every change."""

    def __init__(self, state: GameState, a: AttackRecord, on_suggest: Callable[[bool | None], None]) -> None:
        self.state, self.a, self.on_suggest = state, a, on_suggest
        self.dice: DiceField | None = None
        self.removed: Callable[[], int] = lambda: 0
        attacker, target = state.model(a.attacker or ""), state.model(a.target)
        name, value = attack_stat(state, attacker, a.kind)
        with ui.row().classes("gap-2 items-end"):
            self.stat = _number(f"{name} of {attacker.name}", value, self.refresh)
            self.defence = _number(f"DEF of {target.name}", stat_with_why(state, target, "DEF")[0], self.refresh)
        self.words = named(ui.label("").classes("tk-arithmetic text-body1"), "The numbers", role="status")

    def values(self) -> tuple[int | None, int | None]:
        return whole_number(self.stat.value, 0, STAT_MAX), whole_number(self.defence.value, 0, STAT_MAX)

    def refresh(self) -> None:
        faces = self.dice.faces() if self.dice is not None else None
        if not faces:
            self.words.set_text("Enter or roll the dice to see the numbers.")
            self.on_suggest(None)
            return
        stat, defence = self.values()
        hit, words = suggested_hit(self.state, self.a, faces, self.removed(), stat, defence)
        self.words.set_text(f"{words[0].upper()}{words[1:]}.")
        self.on_suggest(hit)


class DamageNumbers:
    """P+S or POW and ARM fields with the arithmetic of the damage roll; the damage points it gives go into
    ``points`` (the player may still change them)."""

    def __init__(self, state: GameState, a: AttackRecord, power: int | None) -> None:
        self.state, self.a = state, a
        self.points: ui.number | None = None
        self.dice: DiceField | None = None
        self.removed: Callable[[], int] = lambda: 0
        target = state.model(a.target)
        attacker = state.model(a.attacker) if a.attacker else None
        weapons = weapon_powers(state.card_of(attacker), a.kind) if attacker is not None else {}
        if power is None and weapons:  # the card's (first) weapon: a tap on another weapon changes it
            power = next(iter(weapons.values()))
        with ui.row().classes("gap-2 items-end"):
            self.power = _number(f"{power_name(a.kind)} of the weapon", power, self.refresh)
            self.armour = _number(f"ARM of {target.name}", stat_with_why(state, target, "ARM")[0], self.refresh)
        if len(weapons) > 1:
            with ui.row().classes("gap-2 items-center"):
                for name, value in weapons.items():
                    named(ui.button(f"{name}: {power_name(a.kind)} {value}", on_click=lambda _, v=value: self._use(v))
                          .props("no-caps outline"), f"Use {name}, {power_name(a.kind)} {value}")
        self.words = named(ui.label("").classes("tk-arithmetic text-body1"), "The numbers", role="status")

    def _use(self, value: int) -> None:
        self.power.set_value(value)
        self.refresh()

    def values(self) -> tuple[int | None, int | None]:
        return whole_number(self.power.value, 0, POWER_MAX), whole_number(self.armour.value, 0, POWER_MAX)

    def refresh(self) -> None:
        faces = self.dice.faces() if self.dice is not None else None
        if not faces:
            self.words.set_text("Enter or roll the dice to see the damage.")
            return
        power, armour = self.values()
        damage, words = suggested_damage(self.state, self.a, faces, self.removed(), power, armour)
        self.words.set_text(f"{words[0].upper()}{words[1:]}.")
        if damage is not None and self.points is not None:
            self.points.set_value(damage)
