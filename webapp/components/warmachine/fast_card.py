"""One card entered fast from the printed card in hand: its stat line in the card's order (a number keypad on a
tablet, the Tab key along the line), its grid or spiral as codes (code_entry.py), a web's rings or its boxes, a
unit's sizes and costs, its cost and FA, and its weapons as rows. What the card already gives is shown, not asked.
The card the answers make, and what is wrong with them, are the service's (models/service/card_entry.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from nicegui import ui

from models.catalog.schema import FREE_POINT_ROLES, Card, WebLayout
from models.service.card_entry import (
    SIZES_MAX,
    WEAPON_FIELDS,
    Typed,
    entered,
    line_stats,
    to_enter,
)
from models.service.completion import RING_FIELDS
from webapp.components.a11y import named
from webapp.components.warmachine.card_words import kind_words
from webapp.components.warmachine.code_entry import CodeEntry, code_entry

CSS = """
.tk-line { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; }
.tk-line .q-field { width: 4.5rem; }
.tk-line .tk-wide.q-field { width: 12rem; }
"""
NUMERIC = "inputmode=numeric pattern=[0-9]* maxlength=3 autocomplete=off enterkeyhint=next"
TEXT = "maxlength=40 autocomplete=off enterkeyhint=next"


def _number(label: str, name: str | None = None, value: object = None, wide: bool = False) -> ui.input:
    """A whole-number field that opens the number keypad on a tablet; ``value``: the card gives it (read only)."""
    field = ui.input(label, value="" if value is None else str(value)).props(NUMERIC)
    if value is not None:
        field.props("readonly")
    if wide:
        field.classes("tk-wide")
    return named(field, name or label)


def stat_field(card: Card, stat: str) -> ui.input:
    """One stat of a card's line (its value read only when the card gives it)."""
    ui.add_css(CSS)
    return _number(stat, f"{card.name} {stat}", getattr(card.stats, stat))


class FastCard:
    """The fields of one card that lacks facts; ``card()`` is the card they make (RuleViolation: what is wrong)."""

    def __init__(self, card: Card, cards: Mapping[str, Card] | None = None) -> None:
        ui.add_css(CSS)
        self.source = card
        self.stats: dict[str, ui.input] = {}
        self.rings: list[ui.input] = []
        self.boxes: ui.input | None = None
        self.unit: dict[str, ui.input] = {}
        self.sizes: list[tuple[ui.input, ui.input]] = []
        self.money: dict[str, ui.input] = {}
        self.weapons: list[list[ui.input]] = []
        self.codes: CodeEntry | None = None
        with ui.card().classes("w-full gap-2") as self.box:
            named(self.box, f"{card.name}'s card", role="group")
            ui.label(card.name).classes("text-h6")
            self.needs = ui.label("").classes("tk-kind").props('aria-live="polite"')
            self._show_needs(card)
            if line_stats(card):
                with ui.element("div").classes("tk-line"):
                    for stat in line_stats(card):
                        self.stats[stat] = stat_field(card, stat)
            self._damage(card, cards)
            self._points(card)
            self._weapons(card)

    def _show_needs(self, card: Card) -> None:
        missing = to_enter(card)
        self.needs.set_text(f"{card.faction} {kind_words(card)} · " +
                            (f"needs {', '.join(missing)}" if missing else "complete"))

    def _damage(self, card: Card, cards: Mapping[str, Card] | None) -> None:
        layout = card.damage
        self.codes = code_entry(card, cards)
        if self.codes is not None:
            return
        if isinstance(layout, WebLayout):
            if layout.total:
                ui.label(f"The web has {layout.total} boxes in all.")
            with ui.element("div").classes("tk-line"):
                for n, label in enumerate(RING_FIELDS):
                    value = layout.rings[n] if layout.rings else None
                    self.rings.append(_number(label.replace("Boxes in the ", "").capitalize(), label, value,
                                              wide=True))
        elif card.role == "unit":
            unit = card.unit
            with ui.element("div").classes("tk-line"):
                for label, value in (("Trooper boxes", unit.trooper_boxes if unit else None),
                                     ("Leader boxes", unit.leader_boxes if unit else None)):
                    self.unit[label] = _number(label, f"{card.name} {label.lower()}", value, wide=True)
        else:
            boxes = layout.boxes if layout is not None and layout.kind == "boxes" else None
            with ui.element("div").classes("tk-line"):
                self.boxes = _number("Damage boxes", f"{card.name} damage boxes", boxes, wide=True)

    def _points(self, card: Card) -> None:
        with ui.element("div").classes("tk-line"):
            if card.role in FREE_POINT_ROLES:
                self.money["bgp"] = _number("Battlegroup points", f"{card.name} battlegroup points",
                                            card.battlegroup_points, wide=True)
                return
            if card.role == "unit":
                costs = sorted((card.unit.costs if card.unit else {}).items())
                for models, points in costs:
                    ui.label(f"{models} models: {points} points").classes("self-center")
                for n in range(len(costs) + 1, max(len(costs), SIZES_MAX - 1) + 1):
                    self.sizes.append((_number("Models", f"Size {n}: models"),
                                       _number("Points", f"Size {n}: points")))
            else:
                self.money["cost"] = _number("Cost", f"{card.name} cost", card.cost)
            field = ui.input("FA", value=card.fa or "").props("maxlength=3 autocomplete=off")
            if card.fa is not None:
                field.props("readonly")
            self.money["fa"] = named(field, f"{card.name} FA")

    def _weapons(self, card: Card) -> None:
        if card.role == "attachment":
            return
        if card.weapons:
            ui.label("Weapons: " + "; ".join(w.name for w in card.weapons)).classes("tk-kind")
            return
        ui.label("Weapons (as the card lists them; leave empty if you do not need them)").classes("text-sm")
        self.weapon_rows = ui.column().classes("gap-1 w-full")
        self.add_weapon()
        named(ui.button("Add a weapon", icon="add", on_click=self.add_weapon).props("no-caps outline"),
              f"Add a weapon to {card.name}")

    def add_weapon(self) -> None:
        n = len(self.weapons) + 1
        with self.weapon_rows, ui.element("div").classes("tk-line"):
            row = []
            for label in WEAPON_FIELDS:
                if label == "Name":
                    field = named(ui.input("Name").props(TEXT).classes("tk-wide"), f"Weapon {n} name")
                elif label in ("POW", "P+S"):
                    field = _number(label, f"Weapon {n} {label}")
                else:
                    field = named(ui.input(label).props(TEXT), f"Weapon {n} {label}")
                row.append(field)
            self.weapons.append(row)

    def typed(self) -> Typed:
        def text(field: ui.input | None) -> str:
            return "" if field is None or "readonly" in field.props else str(field.value or "")

        return Typed(
            stats={s: text(f) for s, f in self.stats.items()},
            codes=self.codes.typed() if self.codes is not None else (),
            rings=tuple(text(f) for f in self.rings), boxes=text(self.boxes),
            trooper_boxes=text(self.unit.get("Trooper boxes")), leader_boxes=text(self.unit.get("Leader boxes")),
            sizes=tuple((text(a), text(b)) for a, b in self.sizes),
            cost=text(self.money.get("cost")), fa=text(self.money.get("fa")),
            battlegroup_points=text(self.money.get("bgp")),
            weapons=tuple(tuple(text(f) for f in row) for row in self.weapons))

    def card(self) -> Card:
        """The card with what was typed and drawn (checked as every card kept); RuleViolation otherwise."""
        return entered(self.source, self.typed())

    def saved(self, card: Card) -> None:
        """``card`` was kept: what it still lacks is said again."""
        self._show_needs(card)
