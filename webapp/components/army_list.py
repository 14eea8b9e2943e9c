"""The army list component: browse the catalog, build a list with live points and problems, keep lists in
this browser's name, share them as text, and start a game from two lists (home page).

Everything a player typed or a card holds is shown as text (labels, option labels, aria-labels set as props
values), never as HTML. Database work runs in a worker thread (``run.io_bound``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from nicegui import app, run, ui

from models.catalog import shipped_examples
from models.catalog.schema import (
    CASTER_ROLES,
    FREE_POINT_ROLES,
    STAT_NAMES,
    BoxesLayout,
    Card,
    GridLayout,
    SpiralLayout,
    WebLayout,
    missing_facts,
)
from models.rules import RuleViolation, tidy
from models.rules.warmachine.lists import (
    BATTLEGROUP_ROLES,
    GAME_SIZES,
    TEXT_MAX,
    TITLE_MAX,
    Army,
    ListEntry,
    Points,
    Problem,
    canonical,
    entry_cost,
    export_text,
    is_grymkin_warlock,
    known_arcana,
    parse_text,
    points,
    validate,
)
from models.service import NotFound
from models.service.lists import ListService, SavedList
from webapp.components.a11y import named
from webapp.components.card_book import card_service
from webapp.components.once import once
from webapp.components.starting import GameStarter
from webapp.deps import current

ROLE_WORDS = {
    "infernal_master": "Infernal master", "master_infernalist": "Master Infernalist", "horror": "Horror",
    "warcaster": "Warcaster", "warjack": "Warjack", "warlock": "Warlock", "warbeast": "Warbeast",
    "unit": "Unit", "solo": "Solo", "structure": "Structure", "attachment": "Attachment",
}
ROLE_FILTERS = {
    "all": "All roles",
    "casters": "Casters",
    "battlegroup": "Horrors, warjacks, warbeasts",
    "unit": "Units",
    "attachment": "Attachments",
    "solo": "Solos",
    "structure": "Structures",
}
RESULTS_MAX = 60


def list_service() -> ListService:
    """Lists built from this browser's cards: the site's catalog with its card book."""
    return ListService(current().service, card_service())


def browser_owner() -> str:
    """The per-browser id lists are kept under for a visitor without an account."""
    return str(app.storage.browser.get("id", ""))


def kind_words(card: Card) -> str:
    kind = ROLE_WORDS.get(card.role, card.role)
    if card.weight:
        kind = f"{card.weight.capitalize()} {kind.lower()}"
    if card.mercenary:
        kind += " (mercenary)"
    return kind


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


def cost_words(card: Card) -> str:
    if card.role in FREE_POINT_ROLES:
        bp = card.battlegroup_points
        return f"+{bp} battlegroup points" if bp is not None else "battlegroup points not known"
    if card.role == "unit":
        costs = card.unit.costs if card.unit else {}
        if not costs:
            return "not known"
        return ", ".join(f"{n} models: {c}" for n, c in sorted(costs.items()))
    return f"{card.cost} points" if card.cost is not None else "not known"


def role_matches(card: Card, role: str) -> bool:
    if role == "all":
        return True
    if role == "casters":
        return card.role in CASTER_ROLES
    if role == "battlegroup":
        return card.role in ("horror", "warjack", "warbeast")
    return card.role == role


def show_card_details(card: Card) -> None:
    """The card's facts, where they come from, and what is still missing (marked)."""
    ui.label(card.name).classes("text-h6 tk-name")
    ui.label(f"{card.faction} · {kind_words(card)}").classes("tk-kind")
    with ui.element("div").classes("tk-stats").props('role="table" aria-label="Stats"'):
        for stat in STAT_NAMES:
            value = getattr(card.stats, stat)
            if value is None and stat in ("FOCUS", "FURY", "THR", "ESSENCE", "CMD") and not _stat_expected(card, stat):
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
    for rule in card.rules:
        ui.label("• " + rule)
    ui.label("Source: " + (card.source or "not given")).classes("tk-source")
    missing = missing_facts(card)
    if missing:
        with ui.row().classes("items-center gap-2 tk-missing-facts"):
            ui.icon("warning").classes("tk-warn")
            ui.label("Not known yet: " + ", ".join(missing) + ".")
        ui.link("Complete this card in the card editor", f"/cards?key={card.key}")


def _stat_expected(card: Card, stat: str) -> bool:
    return {
        "ESSENCE": card.role in ("infernal_master", "master_infernalist", "horror"),
        "FOCUS": card.role == "warcaster",
        "FURY": card.role in ("warlock", "warbeast"),
        "THR": card.role == "warbeast",
        "CMD": card.role in ("unit", "solo", "structure", "attachment", *CASTER_ROLES),
    }.get(stat, True)


class CatalogBrowser:
    """Browse the catalog by faction and role, search by name, see a card, add it to the list."""

    def __init__(self, cards: dict[str, Card], on_add: Callable[[str], None], faction: str = "all") -> None:
        self.cards, self.on_add = cards, on_add
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

    def matching(self) -> list[Card]:
        words = " ".join((self.search.value or "").lower().split())[:60]
        found = [c for c in self.cards.values()
                 if (self.faction.value in ("all", None) or c.faction == self.faction.value)
                 and role_matches(c, self.role.value or "all")
                 and (not words or words in c.name.lower() or any(words in a.lower() for a in c.aliases))]
        return sorted(found, key=lambda c: (list(ROLE_WORDS).index(c.role) if c.role in ROLE_WORDS else 99, c.name))

    def refresh(self, *_: Any) -> None:
        found = self.matching()
        self.count.set_text(f"{len(found)} card{'s' if len(found) != 1 else ''}"
                            + (f"; the first {RESULTS_MAX} shown" if len(found) > RESULTS_MAX else ""))
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
                    ui.label(kind_words(card)).classes("tk-kind text-sm")

    def show(self, key: str) -> None:
        card = self.cards[key]
        self.details.clear()
        with self.details:
            show_card_details(card)
            named(ui.button("Add to list", icon="add", on_click=lambda: self.on_add(key)).props("no-caps"),
                  f"Add {card.name} to the list")
            ui.button("Close", on_click=lambda: self.details.set_visibility(False)).props("flat no-caps")
        self.details.set_visibility(True)


def problems_words(problems: list[Problem]) -> list[str]:
    return [p.message for p in problems]


class ListBuilder:
    """One list being built: entries, live points and problems, and saving it for this browser."""

    def __init__(self, service: ListService, owner: str, cards: dict[str, Card], saved: list[SavedList],
                 open_id: str | None = None) -> None:
        self.service, self.owner, self.cards = service, owner, cards
        self.saved = saved
        self.list_id: str | None = None
        self.army = Army(title="New list", faction="Infernals", size=75)
        factions = sorted({c.faction for c in cards.values()})
        with ui.column().classes("tk-builder").props('role="region" aria-label="Army list"'):
            with ui.row().classes("items-center gap-2 w-full"):
                self.saved_select = ui.select({}, label="Saved lists", on_change=self._open_selected).classes("w-64")
                named(self.saved_select, "Saved lists")
                named(ui.button("New list", icon="note_add", on_click=self.new_list).props("no-caps outline"),
                      "New list")
            with ui.row().classes("items-center gap-2 w-full"):
                self.title = ui.input("List name", value=self.army.title,
                                      validation={f"At most {TITLE_MAX} characters":
                                                  lambda v: len(v or "") <= TITLE_MAX},
                                      on_change=self._title_changed).props(f"maxlength={TITLE_MAX}").classes("w-64")
                named(self.title, "List name")
                self.faction = ui.select({f: f for f in factions}, value="Infernals", label="List faction",
                                         on_change=self._faction_changed).classes("w-40")
                named(self.faction, "List faction")
                self.size = ui.select({s: f"{s} points" for s in GAME_SIZES}, value=75, label="Game size",
                                      on_change=self._size_changed).classes("w-36")
                named(self.size, "Game size")
            self.summary = ui.column().classes("tk-summary gap-1 w-full").props('role="status" aria-live="polite"')
            self.body = ui.column().classes("tk-entries gap-1 w-full")
            with ui.row().classes("items-center gap-2 w-full tk-list-actions"):
                named(ui.button("Save", icon="save", on_click=self.save).props("no-caps"), "Save list")
                named(ui.button("Save as copy", icon="content_copy", on_click=self.duplicate).props("no-caps outline"),
                      "Save as a copy")
                named(ui.button("Rename", icon="edit", on_click=self.rename_dialog).props("no-caps outline"),
                      "Rename list")
                named(ui.button("Delete", icon="delete", on_click=self.delete_dialog).props("no-caps outline"),
                      "Delete list")
                named(ui.button("Export text", icon="ios_share", on_click=self.export_dialog).props("no-caps outline"),
                      "Export as text")
                named(ui.button("Import text", icon="input", on_click=self.import_dialog).props("no-caps outline"),
                      "Import from text")
        self._fill_saved()
        if open_id:
            found = next((s for s in saved if s.id == open_id), None)
            if found is not None:
                self.load(found)
                return
        self.render()

    # -- state -------------------------------------------------------------------------------------------
    def set_army(self, army: Army) -> None:
        self.army = canonical(army)
        self.render()

    def load(self, saved: SavedList) -> None:
        self.list_id = saved.id
        self.title.value = saved.army.title
        if saved.army.faction in (self.faction.options or {}):
            self.faction.value = saved.army.faction
        if saved.army.size in GAME_SIZES:
            self.size.value = saved.army.size
        self.set_army(saved.army)
        self.saved_select.set_value(saved.id)

    def new_list(self) -> None:
        self.list_id = None
        self.saved_select.set_value(None)
        self.title.value = "New list"
        self.set_army(Army(title="New list", faction=self.faction.value or "Infernals", size=self.size.value or 75))

    def _title_changed(self, *_: Any) -> None:
        text = tidy(self.title.value)
        if text and len(text) <= TITLE_MAX:
            self.army = self.army.model_copy(update={"title": text})

    def _faction_changed(self, *_: Any) -> None:
        if self.faction.value:
            self.set_army(self.army.model_copy(update={"faction": self.faction.value}))

    def _size_changed(self, *_: Any) -> None:
        if self.size.value in GAME_SIZES:
            self.set_army(self.army.model_copy(update={"size": self.size.value}))

    def add(self, key: str) -> None:
        card = self.cards.get(key)
        if card is None:
            ui.notify("That card is not in the catalog any more.", type="warning")
            return
        entries = list(self.army.entries)
        if len(entries) >= 80:
            ui.notify("A list holds at most 80 entries.", type="warning")
            return
        entry = ListEntry(card=key)
        if card.role in ("horror", "warjack", "warbeast"):
            leader = self._leader_for(card)
            if leader is not None:
                entry = entry.model_copy(update={"battlegroup_of": leader})
        elif card.role == "unit" and card.unit and card.unit.costs:
            entry = entry.model_copy(update={"size": min(card.unit.costs)})
        elif card.role == "attachment":
            hosts = self._hosts(card)
            if hosts:
                entry = entry.model_copy(update={"attached_to": hosts[-1]})
        if not self.army.entries and card.faction != self.army.faction and card.faction in (self.faction.options or {}):
            self.faction.value = card.faction  # the first card picks the list's faction
            self.army = self.army.model_copy(update={"faction": card.faction})
        self.set_army(self.army.model_copy(update={"entries": (*entries, entry)}))

    def _leader_for(self, card: Card) -> int | None:
        """The caster a new battlegroup model joins: the latest one that may still take it."""
        entries = self.army.entries
        for i in reversed(range(len(entries))):
            leader = self.cards.get(entries[i].card)
            if leader is None or card.role not in BATTLEGROUP_ROLES.get(leader.role, ()):
                continue
            if leader.role == "master_infernalist":
                taken = sum(1 for e in entries if e.battlegroup_of == i)
                if leader.max_horrors is not None and taken >= leader.max_horrors:
                    continue
                if leader.horror_weights is not None and card.weight not in leader.horror_weights:
                    continue
            return i
        return None

    def _hosts(self, card: Card) -> list[int]:
        goal = card.attaches_to
        out = []
        for i, e in enumerate(self.army.entries):
            host = self.cards.get(e.card)
            if host is None:
                continue
            if (goal and (host.key == goal or host.role == goal)) or (not goal and host.role == "unit"):
                out.append(i)
        return out

    def remove(self, index: int) -> None:
        entries = []
        for i, e in enumerate(self.army.entries):
            if i == index:
                continue
            update: dict[str, Any] = {}
            for field in ("battlegroup_of", "attached_to"):
                target = getattr(e, field)
                if target == index:
                    update[field] = None
                elif target is not None and target > index:
                    update[field] = target - 1
            entries.append(e.model_copy(update=update) if update else e)
        self.set_army(self.army.model_copy(update={"entries": tuple(entries)}))

    def change(self, index: int, **update: Any) -> None:
        entries = list(self.army.entries)
        try:
            entries[index] = ListEntry.model_validate({**entries[index].model_dump(), **update})
        except ValueError:
            ui.notify("That value cannot be used here.", type="warning")
            self.render()
            return
        self.set_army(self.army.model_copy(update={"entries": tuple(entries)}))

    # -- drawing -----------------------------------------------------------------------------------------
    def render(self) -> None:
        total, problems = points(self.army, self.cards), validate(self.army, self.cards)
        self._draw_summary(total, problems)
        self.body.clear()
        with self.body:
            if not self.army.entries:
                ui.label("The list is empty: add a caster from the catalog.").classes("tk-kind")
            tops = {i for i, e in enumerate(self.army.entries) if e.battlegroup_of is None and e.attached_to is None}
            for i, entry in enumerate(self.army.entries):
                self._draw_entry(i, entry, i not in tops)

    def _draw_summary(self, total: Points, problems: list[Problem]) -> None:
        self.summary.clear()
        with self.summary:
            over = " tk-over" if total.over else ""
            named(ui.label(f"Points: {total.used} / {total.allowed}").classes("tk-points" + over),
                  f"Points used: {total.used} of {total.allowed}")
            if total.unknown:
                n = len(total.unknown)
                ui.label(f"Not counted: {n} entr{'y' if n == 1 else 'ies'} whose cost is not known.").classes(
                    "tk-warn")
            for group in total.battlegroups:
                granted = "?" if group.granted is None else str(group.granted)
                lost = f" ({group.lost} unspent, lost)" if group.lost and group.granted is not None else ""
                ui.label(f"{group.name}: battlegroup points {group.free_used} / {granted}{lost}").classes("tk-bgp")
            if not self.army.entries:
                return
            if problems:
                for text in problems_words(problems):
                    with ui.row().classes("items-center no-wrap gap-2 tk-problem"):
                        ui.icon("error_outline").classes("tk-warn")
                        ui.label(text)
            else:
                with ui.row().classes("items-center gap-2 tk-legal"):
                    ui.icon("check_circle")
                    ui.label("This list is legal.")

    def _draw_entry(self, i: int, entry: ListEntry, child: bool) -> None:
        card = self.cards.get(entry.card)
        name = card.name if card else entry.card
        line = f"{name}, line {i + 1}"
        with ui.row().classes("items-center gap-2 w-full tk-list-entry" + (" tk-child" if child else "")) as row:
            named(row, line, role="group")
            with ui.column().classes("gap-0 tk-entry-name"):
                ui.label(name).classes("text-bold")
                if card is not None:
                    cost = entry_cost(entry, card)
                    words = (cost_words(card) if card.role in FREE_POINT_ROLES
                             else f"{cost} points" if cost is not None else "cost not known")
                    ui.label(f"{kind_words(card)} · {words}").classes("tk-kind text-sm")
            if card is not None:
                self._entry_controls(i, entry, card, line)
            ui.space()
            named(ui.button(icon="close", on_click=lambda _, k=i: self.remove(k)).props("flat round"), f"Remove {line}")

    def _entry_controls(self, i: int, entry: ListEntry, card: Card, line: str) -> None:
        entries = self.army.entries
        if card.role in ("horror", "warjack", "warbeast"):
            leaders = {j: self.cards[e.card].name for j, e in enumerate(entries)
                       if e.card in self.cards and self.cards[e.card].role in CASTER_ROLES}
            options = {-1: "No battlegroup", **{j: f"{n} (line {j + 1})" for j, n in leaders.items()}}
            value = entry.battlegroup_of if entry.battlegroup_of in leaders else -1
            select = ui.select(options, value=value, label="Battlegroup",
                               on_change=lambda e, k=i: self.change(k, battlegroup_of=None if e.value in (-1, None)
                                                                    else e.value)).classes("w-48")
            named(select, f"Battlegroup of {line}")
        elif card.role == "unit":
            costs = card.unit.costs if card.unit else {}
            sizes = sorted(costs) or list(range(1, 21))
            options = {n: f"{n} models" for n in sizes}
            if entry.size is not None and entry.size not in options:
                options[entry.size] = f"{entry.size} models"
            select = ui.select(options, value=entry.size, label="Models",
                               on_change=lambda e, k=i: self.change(k, size=e.value)).classes("w-32")
            named(select, f"Models in {line}")
        elif card.role == "attachment":
            hosts = {j: f"{self.cards[entries[j].card].name} (line {j + 1})" for j in self._hosts(card)}
            options = {-1: "Not attached", **hosts}
            value = entry.attached_to if entry.attached_to in hosts else -1
            select = ui.select(options, value=value, label="Joins",
                               on_change=lambda e, k=i: self.change(k, attached_to=None if e.value in (-1, None)
                                                                    else e.value)).classes("w-48")
            named(select, f"{line} joins")
        if is_grymkin_warlock(card) or entry.arcana:
            names = sorted(known_arcana(self.cards))
            select = ui.select(names + [n for n in entry.arcana if n not in names], value=list(entry.arcana),
                               multiple=True, label="Arcana",
                               on_change=lambda e, k=i: self.change(k, arcana=tuple(e.value or ())[:6])
                               ).classes("w-64").props("use-chips")
            named(select, f"Arcana of {line}")

    # -- saving ------------------------------------------------------------------------------------------
    def _fill_saved(self) -> None:
        self.saved_select.set_options({s.id: f"{s.title} ({s.points} pts)" for s in self.saved},
                                      value=self.list_id if any(s.id == self.list_id for s in self.saved) else None)

    async def _reload_saved(self) -> None:
        self.saved = await run.io_bound(self.service.lists, self.owner)
        self._fill_saved()

    async def _open_selected(self, event: Any) -> None:
        list_id = event.value
        if not list_id or list_id == self.list_id:
            return
        found = next((s for s in self.saved if s.id == list_id), None)
        if found is not None:
            self.load(found)

    def _current(self) -> Army | None:
        text = tidy(self.title.value)
        if not text:
            ui.notify("Give the list a name first.", type="warning")
            return None
        if len(text) > TITLE_MAX:
            ui.notify(f"A list's name can be at most {TITLE_MAX} characters.", type="warning")
            return None
        return self.army.model_copy(update={"title": text})

    async def save(self) -> None:
        army = self._current()
        if army is None:
            return
        try:
            saved = await run.io_bound(self.service.save, self.owner, army, self.list_id)
        except NotFound:
            saved = await run.io_bound(self.service.save, self.owner, army, None)
        except RuleViolation as refusal:
            ui.notify(refusal.message, type="warning")
            return
        self.list_id = saved.id
        await self._reload_saved()
        ui.notify(f"Saved “{saved.title}”.", type="positive")

    async def duplicate(self) -> None:
        if self.list_id is None:
            ui.notify("Save the list first; then you can copy it.", type="warning")
            return
        await self.save()
        try:
            copy = await run.io_bound(self.service.duplicate, self.owner, self.list_id)
        except (RuleViolation, NotFound) as refusal:
            ui.notify(getattr(refusal, "message", "That list is gone."), type="warning")
            return
        await self._reload_saved()
        self.load(copy)
        ui.notify(f"Saved a copy: “{copy.title}”.", type="positive")

    def rename_dialog(self) -> None:
        if self.list_id is None:
            ui.notify("Save the list first; then you can rename it.", type="warning")
            return
        with ui.dialog() as dialog, ui.card().classes("tk-dialog"):
            ui.label("Rename the list").classes("text-h6")
            field = ui.input("New name", value=self.army.title).props(f"maxlength={TITLE_MAX} autofocus")
            named(field, "New name")

            async def apply() -> None:
                try:
                    saved = await run.io_bound(self.service.rename, self.owner, self.list_id, field.value or "")
                except (RuleViolation, NotFound) as refusal:
                    ui.notify(getattr(refusal, "message", "That list is gone."), type="warning")
                    return
                self.title.value = saved.title
                self.army = self.army.model_copy(update={"title": saved.title})
                await self._reload_saved()
                dialog.close()
                ui.notify(f"Renamed to “{saved.title}”.", type="positive")

            with ui.row():
                named(ui.button("Rename", on_click=apply).props("no-caps"), "Apply the new name")
                ui.button("Cancel", on_click=dialog.close).props("flat no-caps")
        dialog.open()

    def delete_dialog(self) -> None:
        if self.list_id is None:
            ui.notify("This list is not saved.", type="warning")
            return
        with ui.dialog() as dialog, ui.card().classes("tk-dialog"):
            ui.label("Delete this list?").classes("text-h6")
            ui.label(self.army.title)

            async def apply() -> None:
                with contextlib.suppress(NotFound):
                    await run.io_bound(self.service.delete, self.owner, self.list_id)
                await self._reload_saved()
                dialog.close()
                self.new_list()
                ui.notify("List deleted.", type="positive")

            with ui.row():
                named(ui.button("Delete", on_click=apply).props("no-caps color=negative"), "Yes, delete the list")
                ui.button("Cancel", on_click=dialog.close).props("flat no-caps")
        dialog.open()

    def export_dialog(self) -> None:
        army = self._current() or self.army
        text = export_text(army, self.cards)
        with ui.dialog() as dialog, ui.card().classes("tk-dialog"):
            ui.label("The list as text").classes("text-h6")
            ui.label("Copy it into a forum post or a tournament site; Import text reads it back.")
            area = ui.textarea(value=text).props("readonly outlined autogrow").classes("w-full tk-mono")
            named(area, "List text")
            with ui.row():
                named(ui.button("Copy", icon="content_copy",
                                on_click=lambda: (ui.clipboard.write(text), ui.notify("Copied."))).props("no-caps"),
                      "Copy the text")
                ui.button("Close", on_click=dialog.close).props("flat no-caps")
        dialog.open()

    def import_dialog(self) -> None:
        with ui.dialog() as dialog, ui.card().classes("tk-dialog"):
            ui.label("Read a list from text").classes("text-h6")
            ui.label("Paste a list: one model per line as “name, points”; battlegroup models and attachments "
                     "on lines starting with “-” under their caster or unit.")
            area = ui.textarea("List text").props(f"outlined maxlength={TEXT_MAX}").classes("w-full tk-mono")
            named(area, "Text to import")
            examples = shipped_examples()
            if examples:
                pick = ui.select({k: k.replace("-", " ") for k in examples}, label="Or start from an example",
                                 on_change=lambda e: area.set_value(examples.get(e.value, area.value)))
                named(pick, "Example lists")
            report = ui.column().classes("gap-0")

            def apply() -> None:
                try:
                    imported = parse_text(area.value or "", self.cards, faction=self.faction.value)
                except RuleViolation as refusal:
                    ui.notify(refusal.message, type="warning")
                    return
                if not imported.army.entries:
                    ui.notify("No model in that text was recognised; the list is unchanged.", type="warning")
                    self._report(report, imported.unrecognised)
                    return
                self.list_id = None
                self.saved_select.set_value(None)
                self.title.value = imported.army.title
                if imported.army.faction in (self.faction.options or {}):
                    self.faction.value = imported.army.faction
                self.size.value = imported.army.size
                self.set_army(imported.army)
                if imported.unrecognised:
                    self._report(report, imported.unrecognised)
                    ui.notify(f"List read; {len(imported.unrecognised)} line(s) were not recognised (listed in the "
                              "dialog). Save it to keep it.", type="warning")
                else:
                    dialog.close()
                    ui.notify("List read. Save it to keep it.", type="positive")

            with ui.row():
                named(ui.button("Read list", on_click=apply).props("no-caps"), "Read the list")
                ui.button("Close", on_click=dialog.close).props("flat no-caps")
        dialog.open()

    @staticmethod
    def _report(where: ui.column, unrecognised: tuple) -> None:
        where.clear()
        with where:
            if unrecognised:
                ui.label("Not recognised:").classes("text-bold")
            for item in unrecognised[:30]:
                ui.label(f"{item.line} — {item.reason}")
            if len(unrecognised) > 30:
                ui.label(f"… and {len(unrecognised) - 30} more")


# -- the home page: a game from two lists -----------------------------------------------------------------
class SideFromList:
    """One side of a game from lists: the player's name and a saved list, or a list pasted as text."""

    def __init__(self, seat: int, saved: list[SavedList]) -> None:
        self.seat = seat
        self.lists = {s.id: s for s in saved}
        self.warned: str | None = None
        with ui.card().classes("tk-sideform") as box:
            named(box, f"Side {seat + 1} from a list", role="group")
            ui.label(f"Player {seat + 1}").classes("text-h6")
            self.name = ui.input("Player name").props("maxlength=60")
            named(self.name, f"Side {seat + 1} player name")
            self.saved = ui.select({s.id: f"{s.title} ({s.points} pts)" for s in saved}, label="Saved list",
                                   clearable=True).classes("w-64")
            named(self.saved, f"Side {seat + 1} saved list")
            self.text = ui.textarea("…or paste a list as text").props(f"outlined maxlength={TEXT_MAX}").classes(
                "w-full tk-mono")
            named(self.text, f"Side {seat + 1} list text")
            self.report = ui.column().classes("gap-0")

    def army(self, cards: dict[str, Card]) -> Army | None:
        """The side's list, or None after telling the player what is wrong."""
        text = (self.text.value or "").strip()
        if self.saved.value and text:
            ui.notify(f"Player {self.seat + 1}: pick a saved list or paste one, not both.", type="warning")
            return None
        if self.saved.value:
            return self.lists[self.saved.value].army
        if not text:
            ui.notify(f"Player {self.seat + 1}: pick a saved list or paste one.", type="warning")
            return None
        try:
            imported = parse_text(text, cards)
        except RuleViolation as refusal:
            ui.notify(f"Player {self.seat + 1}: {refusal.message}", type="warning")
            return None
        ListBuilder._report(self.report, imported.unrecognised)
        if imported.unrecognised and self.warned != text:
            self.warned = text
            ui.notify(f"Player {self.seat + 1}: {len(imported.unrecognised)} line(s) of the pasted list were not "
                      "recognised (shown under it). Fix them, or press Start again to play without them.",
                      type="warning")
            return None
        return imported.army


async def start_from_lists_section() -> None:
    """Home page: start a game from two saved lists, or a saved list and the opponent's pasted text."""
    service = list_service()
    owner = browser_owner()
    try:
        saved = await run.io_bound(service.lists, owner) if owner else []
    except RuleViolation:
        saved = []
    cards = await run.io_bound(service.cards)
    with ui.column().classes("w-full tk-from-lists").props('role="region" aria-label="Start from two lists"'):
        ui.label("Start from two saved lists").classes("text-h5")
        ui.label("Pick a saved list for each player, or paste the opponent's list as text. Build lists on the "
                 "Lists page.").classes("tk-kind")
        title = ui.input("Game title").props("maxlength=60").classes("w-96")
        named(title, "Game title from lists")
        with ui.row().classes("w-full gap-4"):
            sides = [SideFromList(0, saved), SideFromList(1, saved)]
        first = ui.select({0: "Player 1 goes first", 1: "Player 2 goes first"}, value=0)
        named(first, "Who goes first with lists")
        wizard = named(ui.checkbox("Use the setup wizard (tournament)", value=False), "Setup wizard with lists")

        async def start() -> None:
            armies = []
            for side in sides:
                army = side.army(cards)
                if army is None:
                    return
                armies.append((side.name.value or f"Player {side.seat + 1}", army))
            name = title.value or "Game from lists"
            await starter.start(lambda key: service.start_game(name, armies, first.value or 0, bool(wizard.value), key),
                                name)

        starter = GameStarter()
        named(once(ui.button("Start from lists", icon="play_arrow").props("no-caps size=lg"), start),
              "Start the game from these lists")
