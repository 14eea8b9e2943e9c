"""The army list component: build a list with live points and problems, keep lists in this browser's name, share
them as text (the catalog beside it is catalog_browser.py; a game from two lists is from_lists.py).

Everything a player typed or a card holds is shown as text (labels, option labels, aria-labels set as props
values), never as HTML. Database work runs in a worker thread (``run.io_bound``).
"""

from __future__ import annotations

import contextlib
from typing import Any

from nicegui import app, run, ui

from models.catalog import shipped_examples
from models.catalog.schema import (
    CASTER_ROLES,
    FREE_POINT_ROLES,
    Card,
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
from webapp.deps import current

ROLE_WORDS = {
    "infernal_master": "Infernal master", "master_infernalist": "Master Infernalist", "horror": "Horror",
    "warcaster": "Warcaster", "warjack": "Warjack", "warlock": "Warlock", "warbeast": "Warbeast",
    "unit": "Unit", "solo": "Solo", "structure": "Structure", "attachment": "Attachment",
}


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
                ui.button("Save as a copy", icon="content_copy", on_click=self.duplicate).props("no-caps outline")
                named(ui.button("Rename", icon="edit", on_click=self.rename_dialog).props("no-caps outline"),
                      "Rename list")
                named(ui.button("Delete", icon="delete", on_click=self.delete_dialog).props("no-caps outline"),
                      "Delete list")
                ui.button("Export as text", icon="ios_share", on_click=self.export_dialog).props("no-caps outline")
                ui.button("Import from text", icon="input", on_click=self.import_dialog).props("no-caps outline")
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
            # only casters whose battlegroup takes this kind of model (army_rules.BATTLEGROUP_ROLES)
            leaders = {j: self.cards[e.card].name for j, e in enumerate(entries)
                       if e.card in self.cards and (card.role in BATTLEGROUP_ROLES.get(self.cards[e.card].role, ())
                                                    or (j == entry.battlegroup_of
                                                        and self.cards[e.card].role in CASTER_ROLES))}
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
            ui.label("Copy it into a forum post or a tournament site; Import from text reads it back.")
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
