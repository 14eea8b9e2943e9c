"""The catalog on the Lists page: browse it by faction and role, search by name, see a card's facts (and what is
still missing), and add a card to the list being built.

Everything a card holds is shown as text (labels, aria-labels set as props values), never as HTML.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from nicegui import ui

from models.catalog.schema import (
    CASTER_ROLES,
    STAT_NAMES,
    BoxesLayout,
    Card,
    GridLayout,
    SpiralLayout,
    WebLayout,
    has_stat,
    missing_facts,
)
from models.rules import tidy
from webapp.components.a11y import named
from webapp.components.warmachine.card_words import ROLE_WORDS, cost_words, kind_words, spell_words, weapon_words

ROLE_FILTERS = {
    "all": "All roles",
    "casters": "Casters",
    "battlegroup": "Horrors, warjacks, warbeasts",
    "unit": "Units",
    "attachment": "Attachments",
    "solo": "Solos",
    "structure": "Structures",
    "battle_engine": "Battle engines",
}
RESULTS_MAX = 60


def damage_words(card: Card) -> str:
    d = card.damage
    if card.role == "unit":
        info = card.unit
        boxes = info.trooper_boxes if info else None
        return f"{boxes} damage box{'es' if boxes != 1 else ''} per trooper" if boxes else "Trooper boxes: not known"
    if isinstance(d, BoxesLayout):
        return f"{d.boxes} damage boxes" if d.boxes else "Damage boxes: not known"
    if isinstance(d, WebLayout):
        total = f"{d.total} boxes" if d.total else "boxes not known"
        rings = f"outer {d.rings[0]}, middle {d.rings[1]}, centre {d.rings[2]}" if d.rings else "rings not known"
        return f"Damage web: {total}; {rings}"
    if isinstance(d, GridLayout):
        total = f"{d.total} boxes" if d.total else "boxes not known"
        return f"Damage grid: {total}; {'columns known' if d.columns else 'columns not known'}"
    if isinstance(d, SpiralLayout):
        total = f"{d.total} boxes" if d.total else "boxes not known"
        return f"Damage spiral: {total}; {'branches known' if d.branches else 'branches not known'}"
    return "Damage: not known"


def role_matches(card: Card, role: str) -> bool:
    if role == "all":
        return True
    if role == "casters":
        return card.role in CASTER_ROLES
    if role == "battlegroup":
        return card.role in ("horror", "warjack", "warbeast")
    return card.role == role


def show_community(card: Card, words: str) -> None:
    """Where the card's community facts come from, beside the shipped ones, with a way to see who entered what."""
    with ui.row().classes("items-center gap-2 tk-community"):
        named(ui.icon("groups"), "community card book")
        ui.label(words).classes("tk-kind")
    ui.link("Who entered what: the community card book", f"/cards/community?key={card.key}")


def show_card_details(card: Card, community: str = "") -> None:
    """The card's facts, where they come from (the shipped catalog's source; ``community``: what the community
    card book gave), and what is still missing (marked)."""
    ui.label(card.name).classes("text-h6 tk-name")
    ui.label(f"{card.faction} · {kind_words(card)}").classes("tk-kind")
    with ui.element("div").classes("tk-stats").props('role="table" aria-label="Stats"'):
        for stat in STAT_NAMES:
            value = getattr(card.stats, stat)
            if value is None and not has_stat(card, stat):
                continue
            with ui.element("div").classes("tk-stat" + (" tk-missing" if value is None else "")):
                ui.label(stat).classes("tk-stat-name")
                shown = "?" if value is None else str(value)
                named(ui.label(shown), f"{stat}: {'not known' if value is None else value}")
    ui.label(damage_words(card))
    ui.label("Cost: " + cost_words(card))
    ui.label(f"Field allowance: {card.fa}" if card.fa else "Field allowance: not known")
    extras = []
    if card.card_id:
        extras.append(f"card id {card.card_id}")
    if card.base_mm:
        extras.append(f"{card.base_mm} mm base")
    if card.marked_soul:
        extras.append("Marked Soul")
    if card.soulless:
        extras.append("soulless")
    if card.max_horrors is not None:
        kinds = " or ".join(card.horror_weights) if card.horror_weights else "any"
        extras.append(f"starts with at most {card.max_horrors} {kinds} horror(s)")
    if card.attaches_to:
        extras.append("joins " + card.attaches_to.replace("_", " ").replace("-", " "))
    if card.trump:
        extras.append(f"Trump: {card.trump}")
    if extras:
        ui.label("; ".join(extras))
    if card.weapons:
        with ui.column().classes("gap-0").props('role="list" aria-label="Weapons"'):
            ui.label("Weapons").classes("text-bold")
            for weapon in card.weapons:
                ui.label(weapon_words(weapon)).props('role="listitem"')
    if card.spells:
        with ui.column().classes("gap-0").props('role="list" aria-label="Spells"'):
            ui.label("Spells").classes("text-bold")
            for spell in card.spells:
                ui.label(spell_words(spell)).props('role="listitem"')
    for rule in card.rules:
        ui.label("• " + rule)
    ui.label("Source: " + (card.source or "not given")).classes("tk-source")
    if community:
        show_community(card, community)
    missing = missing_facts(card)
    if missing:
        with ui.row().classes("items-center gap-2 tk-missing-facts"):
            ui.icon("warning").classes("tk-warn")
            ui.label("Not known yet: " + ", ".join(missing) + ".")
        ui.link("Complete this card in the card editor", f"/cards?key={card.key}")


class CatalogBrowser:
    """Browse the catalog by faction and role, search by name, see a card, add it to the list."""

    def __init__(self, cards: dict[str, Card], on_add: Callable[[str], None], faction: str = "all",
                 community: Mapping[str, str] | None = None) -> None:
        self.cards, self.on_add = cards, on_add
        self.community = community or {}  # per card, what the community card book gave it, in words
        factions = sorted({c.faction for c in cards.values()})
        with ui.column().classes("tk-catalog").props('role="region" aria-label="Catalog"'):
            ui.label("Catalog").classes("text-h6")
            with ui.row().classes("items-center gap-2"):
                self.faction = ui.select({"all": "All factions", **{f: f for f in factions}},
                                         value=faction if faction in factions else "all", label="Faction",
                                         on_change=self.refresh).classes("w-40")
                named(self.faction, "Catalog faction")
                self.role = ui.select(ROLE_FILTERS, value="all", label="Role", on_change=self.refresh).classes("w-48")
                named(self.role, "Catalog role")
            self.search = ui.input("Search by name", on_change=self.refresh).props("clearable maxlength=60")
            named(self.search, "Search the catalog")
            self.details = ui.card().classes("tk-details w-full")
            named(self.details, "Card details", role="region")
            self.details.set_visibility(False)
            self.count = ui.label("").classes("tk-kind").props('aria-live="polite"')
            self.results = ui.column().classes("tk-results gap-0 w-full")
        self.refresh()

    def follow(self, faction: str) -> None:
        """Show the cards of the list's faction (the list's faction was changed); the player may widen it."""
        if faction in (self.faction.options or {}) and self.faction.value != faction:
            self.faction.set_value(faction)

    def matching(self) -> list[Card]:
        words = tidy(self.search.value).lower()[:60]
        found = [c for c in self.cards.values()
                 if (self.faction.value in ("all", None) or c.faction == self.faction.value)
                 and role_matches(c, self.role.value or "all")
                 and (not words or words in c.name.lower() or any(words in a.lower() for a in c.aliases))]
        return sorted(found, key=lambda c: (list(ROLE_WORDS).index(c.role) if c.role in ROLE_WORDS else 99, c.name))

    def refresh(self, *_: Any) -> None:
        found = self.matching()
        self.count.set_text(f"{len(found)} card{'s' if len(found) != 1 else ''}"
                            + (f"; the first {RESULTS_MAX} shown, search by name to find the others"
                               if len(found) > RESULTS_MAX else ""))
        self.results.clear()
        with self.results:
            for card in found[:RESULTS_MAX]:
                with ui.row().classes("items-center no-wrap gap-1 w-full tk-result"):
                    named(ui.button(icon="add", on_click=lambda _, k=card.key: self.on_add(k)).props("round dense"),
                          f"Add {card.name}")
                    shown = named(ui.button(card.name, on_click=lambda _, k=card.key: self.show(k))
                                  .props("flat no-caps align=left").classes("tk-result-name"),
                                  f"Show {card.name}")
                    shown.props["title"] = kind_words(card)
                    if missing_facts(card):
                        named(ui.icon("help_outline").classes("tk-warn"), "card not complete")
                    if card.key in self.community:
                        named(ui.icon("groups"), "facts from the community card book")
                    ui.label(kind_words(card)).classes("tk-kind text-sm")

    def show(self, key: str) -> None:
        card = self.cards[key]
        self.details.clear()
        with self.details:
            show_card_details(card, self.community.get(key, ""))
            named(ui.button("Add to list", icon="add", on_click=lambda: self.on_add(key)).props("no-caps"),
                  f"Add {card.name} to the list")
            ui.button("Close", on_click=lambda: self.details.set_visibility(False)).props("flat no-caps")
        self.details.set_visibility(True)
