"""The numbers next to the attack assistant's dice: the attacker's MAT, RAT or magic skill and the target's DEF
for the attack roll, the weapon's P+S or POW and the target's ARM for the damage roll, pre-filled from the cards
as effects change them (editable: an effect the app does not track may change them too). The rules do the arithmetic
(``attacks.suggested_hit`` / ``suggested_damage``); this only shows it and passes the suggestion on."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import (
    AttackRecord,
    attack_stat,
    board,
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

    def _say(self, words: str) -> None:
        self.words.set_text(f"{words[0].upper()}{words[1:]}.")


class HitNumbers(_Arithmetic):
    """MAT/RAT and DEF fields with the arithmetic of the roll in the dice field; ``on_suggest`` hears hit,
    miss or None (a number is missing) after every change."""

    high = STAT_MAX

    def __init__(self, state: GameState, a: AttackRecord, on_suggest: Callable[[bool | None], None]) -> None:
        super().__init__(state, a)
        self.on_suggest = on_suggest
        attacker, target = board(state).model(a.attacker or ""), board(state).model(a.target)
        name, value = attack_stat(state, attacker, a.kind)
        with ui.row().classes("gap-2 items-end"):
            self.first = _number(f"{name} of {attacker.name}", value, self.refresh)
            self.second = _number(f"DEF of {target.name}", stat_with_why(state, target, "DEF")[0], self.refresh)
        self.words = self._words()

    def refresh(self) -> None:
        faces = self._faces("Enter or roll the dice to see the numbers.")
        if faces is None:
            self.on_suggest(None)
            return
        stat, defence = self.values()
        hit, words = suggested_hit(self.state, self.a, faces, self.removed(), stat, defence)
        self._say(words)
        self.on_suggest(hit)


class DamageNumbers(_Arithmetic):
    """P+S or POW and ARM fields with the arithmetic of the damage roll; the damage points it gives go into
    ``points`` (the player may still change them)."""

    high = POWER_MAX

    def __init__(self, state: GameState, a: AttackRecord, power: int | None) -> None:
        super().__init__(state, a)
        self.points: ui.number | None = None
        target = board(state).model(a.target)
        attacker = board(state).model(a.attacker) if a.attacker else None
        weapons = weapon_powers(board(state).card_of(attacker), a.kind) if attacker is not None else {}
        if power is None and weapons:  # the card's (first) weapon: a tap on another weapon changes it
            power = next(iter(weapons.values()))
        with ui.row().classes("gap-2 items-end"):
            self.first = _number(f"{power_name(a.kind)} of the weapon", power, self.refresh)
            self.second = _number(f"ARM of {target.name}", stat_with_why(state, target, "ARM")[0], self.refresh)
        if len(weapons) > 1:
            with ui.row().classes("gap-2 items-center"):
                for name, value in weapons.items():
                    named(ui.button(f"{name}: {power_name(a.kind)} {value}", on_click=lambda _, v=value: self._use(v))
                          .props("no-caps outline"), f"Use {name}, {power_name(a.kind)} {value}")
        self.words = self._words()

    def _use(self, value: int) -> None:
        self.first.set_value(value)
        self.refresh()

    def refresh(self) -> None:
        faces = self._faces("Enter or roll the dice to see the damage.")
        if faces is None:
            return
        power, armour = self.values()
        damage, words = suggested_damage(self.state, self.a, faces, self.removed(), power, armour)
        self._say(words)
        if damage is not None and self.points is not None:
            self.points.set_value(damage)
