"""The numbers next to the attack assistant's dice: the attacker's MAT, RAT or magic skill and the target's DEF
for the attack roll, the weapon's P+S or POW and the target's ARM for the damage roll, pre-filled from the cards
as effects change them (editable: an effect the app does not track may change them too). The rules do the arithmetic
and the service puts it in words (models/service/views/warmachine_attack.py); this only shows it and passes the
suggestion on."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import AttackRecord
from models.service.views.warmachine_attack import Field, damage_fields, damage_sum, hit_fields, hit_sum
from webapp.components.a11y import named
from webapp.components.warmachine.dice import DiceField
from webapp.components.whole_numbers import whole_number

STAT_MAX = 30
POWER_MAX = 40


def _number(field: Field, on_change: Callable[[], None]) -> ui.number:
    number = ui.number(field.label, value=field.value, on_change=lambda _: on_change()).classes("w-40")
    return named(number.props("inputmode=numeric"), field.label)


class _Arithmetic:
    """Two number fields beside a roll's dice (``first``, ``second``: whole numbers up to ``high``) and the
    rules' arithmetic of the roll in words, shared by the hit and the damage roll."""

    high: int

    def __init__(self, state: GameState, a: AttackRecord) -> None:
        self.state, self.a = state, a
        self.dice: DiceField | None = None
        self.removed: Callable[[], int] = lambda: 0
        self.first: ui.number
        self.second: ui.number
        self.words: ui.label

    def _words(self) -> ui.label:
        return named(ui.label("").classes("tk-arithmetic text-body1"), "The numbers", role="status")

    def values(self) -> tuple[int | None, int | None]:
        return whole_number(self.first.value, 0, self.high), whole_number(self.second.value, 0, self.high)

    def _faces(self, waiting: str) -> tuple[int, ...] | None:
        """The dice typed or rolled, or None after saying ``waiting`` (no dice yet)."""
        faces = self.dice.faces() if self.dice is not None else None
        if not faces:
            self.words.set_text(waiting)
            return None
        return faces



class HitNumbers(_Arithmetic):
    """MAT/RAT and DEF fields with the arithmetic of the roll in the dice field; ``on_suggest`` hears hit,
    miss or None (a number is missing) after every change."""

    high = STAT_MAX

    def __init__(self, state: GameState, a: AttackRecord, on_suggest: Callable[[bool | None], None]) -> None:
        super().__init__(state, a)
        self.on_suggest = on_suggest
        stat, defence = hit_fields(state, a)
        with ui.row().classes("gap-2 items-end"):
            self.first = _number(stat, self.refresh)
            self.second = _number(defence, self.refresh)
        self.words = self._words()

    def refresh(self) -> None:
        faces = self._faces("Enter or roll the dice to see the numbers.")
        if faces is None:
            self.on_suggest(None)
            return
        stat, defence = self.values()
        hit, words = hit_sum(self.state, self.a, faces, self.removed(), stat, defence)
        self.words.set_text(words)
        self.on_suggest(hit)


class DamageNumbers(_Arithmetic):
    """P+S or POW and ARM fields with the arithmetic of the damage roll; the damage points it gives go into
    ``points`` (the player may still change them)."""

    high = POWER_MAX

    def __init__(self, state: GameState, a: AttackRecord, power: int | None) -> None:
        super().__init__(state, a)
        self.points: ui.number | None = None
        weapon, armour, weapons = damage_fields(state, a, power)  # a tap on another weapon changes the power
        with ui.row().classes("gap-2 items-end"):
            self.first = _number(weapon, self.refresh)
            self.second = _number(armour, self.refresh)
        if weapons:
            with ui.row().classes("gap-2 items-center"):
                for w in weapons:
                    named(ui.button(w.words, on_click=lambda _, v=w.value: self._use(v)).props("no-caps outline"),
                          w.spoken)
        self.words = self._words()

    def _use(self, value: int) -> None:
        self.first.set_value(value)
        self.refresh()

    def refresh(self) -> None:
        faces = self._faces("Enter or roll the dice to see the damage.")
        if faces is None:
            return
        power, armour = self.values()
        damage, words = damage_sum(self.state, self.a, faces, self.removed(), power, armour)
        self.words.set_text(words)
        if damage is not None and self.points is not None:
            self.points.set_value(damage)
