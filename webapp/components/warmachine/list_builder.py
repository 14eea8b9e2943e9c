"""The list builder: build a list with live points and problems, keep lists in the player's name: their account's,
or this browser's (the catalog beside it is catalog_browser.py; its text form list_text_dialogs.py; a game from
two lists from_lists.py).

Where a new card goes, which leaders and hosts an entry may take, and whether a list is legal are the rules';
the service puts their answers together as one view of the list (models/service/list_view.py), which this
component draws. Everything a player typed or a card holds is shown as text, never as HTML. Database work runs
in a worker thread (``run.io_bound``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from nicegui import app, ui

from models.catalog.schema import FREE_POINT_ROLES, Card
from models.rules import Refusal, RuleViolation, tidy
from models.rules.warmachine import GAME_SIZES, THEMELESS, TITLE_MAX, Army
from models.service import NotFound
from models.service.list_view import Edited, EntryView, ListView, add_card, change_entry, list_view, remove_entry
from models.service.lists import ListService, SavedList
from models.service.themes import theme_choices
from webapp.blocking import io
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.warmachine.card_book import book_of
from webapp.components.warmachine.card_words import cost_words, kind_words
from webapp.components.warmachine.list_text_dialogs import export_dialog, import_dialog
from webapp.components.whose import signed_in_now
from webapp.deps import current


def browser_owner() -> str:
    """The per-browser id lists are kept under for a visitor without an account."""
    return str(app.storage.browser.get("id", ""))


async def my_lists() -> tuple[ListService, str]:
    """The lists of whoever uses this page, built from their cards, and the owner key they are kept under: the
    signed-in account's (any device), or this browser's."""
    me = await signed_in_now()
    return current().lists.for_cards(book_of(me)), me.owner if me is not None else browser_owner()


class ListBuilder:
    """One list being built: entries, live points and problems, and saving it for this browser."""

    def __init__(self, service: ListService, owner: str, cards: dict[str, Card], saved: list[SavedList],
                 open_id: str | None = None, on_faction: Callable[[str], None] | None = None,
                 community: Mapping[str, str] | None = None) -> None:
        self.service, self.owner, self.cards = service, owner, cards
        self.community = community or {}  # per card, what the community card book gave it, in words
        self.on_faction = on_faction  # the catalog beside the list follows its faction
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
                self.theme = ui.select(theme_choices(None), value=THEMELESS, label="Theme force",
                                       on_change=self._theme_changed).classes("w-48")
                named(self.theme, "Theme force")
                self.size = ui.select({s: f"{s} points" for s in GAME_SIZES}, value=75, label="Game size",
                                      on_change=self._size_changed).classes("w-36")
                named(self.size, "Game size")
            self.summary = ui.column().classes("tk-summary gap-1 w-full").props('role="status" aria-live="polite"')
            self.body = ui.column().classes("tk-entries gap-1 w-full")
            with ui.row().classes("items-center gap-2 w-full tk-list-actions"):
                named(ui.button("Save", icon="save", on_click=self.save).props("no-caps"), "Save list")
                ui.button("Save as a copy", icon="content_copy", on_click=self.duplicate).props("no-caps outline")
                named(ui.button("Rename", icon=icons.EDIT, on_click=self.rename_dialog).props("no-caps outline"),
                      "Rename list")
                named(ui.button("Delete", icon="delete", on_click=self.delete_dialog).props("no-caps outline"),
                      "Delete list")
                ui.button("Export as text", icon="ios_share", on_click=self.export_dialog).props("no-caps outline")
                ui.button("Import from text", icon="input", on_click=self.import_dialog).props("no-caps outline")
                ui.button("Enter its cards", icon="style", on_click=self.enter_cards).props("no-caps outline")
        self._fill_saved()
        if open_id:
            found = next((s for s in saved if s.id == open_id), None)
            if found is not None:
                self.load(found)
                return
        self.set_army(self.army)

    # -- state -------------------------------------------------------------------------------------------
    def set_army(self, army: Army) -> None:
        self.show(list_view(army, self.cards))

    def show(self, view: ListView) -> None:
        """Draw ``view``: its list is the one being built from now on."""
        self.view, self.army = view, view.army
        self.theme.set_options(view.themes, value=view.theme)
        self.render()

    def _theme_changed(self, *_: Any) -> None:
        theme = None if self.theme.value in (THEMELESS, None) else self.theme.value
        if theme != self.army.theme:
            self.set_army(self.army.model_copy(update={"theme": theme}))

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
            if self.on_faction is not None:
                self.on_faction(self.faction.value)

    def _size_changed(self, *_: Any) -> None:
        if self.size.value in GAME_SIZES:
            self.set_army(self.army.model_copy(update={"size": self.size.value}))

    def add(self, key: str) -> None:
        self._edited(add_card(self.army, self.cards, key))
        if self.army.faction != self.faction.value and self.army.faction in (self.faction.options or {}):
            self.faction.value = self.army.faction  # the first card picks the list's faction

    def remove(self, index: int) -> None:
        self._edited(remove_entry(self.army, self.cards, index))

    def change(self, index: int, **update: Any) -> None:
        self._edited(change_entry(self.army, self.cards, index, **update))

    def _edited(self, edited: Edited) -> None:
        """Show the list an edit made, or the rules' refusal (the list stays as it was)."""
        if edited.refusal is not None:
            ui.notify(edited.refusal, type="warning")
        self.show(edited.view)

    # -- drawing -----------------------------------------------------------------------------------------
    def render(self) -> None:
        self._draw_summary(self.view)
        self.body.clear()
        with self.body:
            if not self.view.entries:
                ui.label("The list is empty: add a caster from the catalog.").classes("tk-kind")
            for entry in self.view.entries:
                self._draw_entry(entry)

    def _draw_summary(self, view: ListView) -> None:
        self.summary.clear()
        with self.summary:
            over = " tk-over" if view.over else ""
            named(ui.label(f"Points: {view.used} / {view.allowed}").classes("tk-points" + over),
                  f"Points used: {view.used} of {view.allowed}")
            if view.not_counted is not None:
                ui.label(view.not_counted).classes("tk-warn")
            if view.theme_line is not None:
                ui.label(view.theme_line).classes("tk-kind")
            for line in view.battlegroups:
                ui.label(line).classes("tk-bgp")
            for text in view.problems:
                with ui.row().classes("items-center no-wrap gap-2 tk-problem"):
                    ui.icon("error_outline").classes("tk-warn")
                    ui.label(text)
            if view.legal:
                with ui.row().classes("items-center gap-2 tk-legal"):
                    ui.icon("check_circle")
                    ui.label("This list is legal.")

    def _draw_entry(self, entry: EntryView) -> None:
        card, line, i = entry.card, entry.line, entry.index
        with ui.row().classes("items-center gap-2 w-full tk-list-entry" + (" tk-child" if entry.child else "")) as row:
            named(row, line, role="group")
            with ui.column().classes("gap-0 tk-entry-name"):
                ui.label(entry.name).classes("text-bold")
                if card is not None:
                    words = (cost_words(card) if card.role in FREE_POINT_ROLES
                             else f"{entry.cost} points" if entry.cost is not None else "cost not known")
                    ui.label(f"{kind_words(card)} · {words}").classes("tk-kind text-sm")
                    if card.key in self.community:
                        ui.label(self.community[card.key]).classes("tk-kind text-sm tk-community")
            self._entry_controls(entry)
            ui.space()
            named(ui.button(icon=icons.CLOSE, on_click=lambda _, k=i: self.remove(k)).props("flat round"),
                  f"Remove {line}")

    def _entry_controls(self, entry: EntryView) -> None:
        i, line = entry.index, entry.line
        if entry.battlegroup is not None:
            select = ui.select(entry.battlegroup.options, value=entry.battlegroup.value, label="Battlegroup",
                               on_change=lambda e, k=i: self.change(k, battlegroup_of=e.value)).classes("w-48")
            named(select, f"Battlegroup of {line}")
        if entry.models is not None:
            select = ui.select(entry.models.options, value=entry.models.value, label="Models",
                               on_change=lambda e, k=i: self.change(k, size=e.value)).classes("w-32")
            named(select, f"Models in {line}")
        if entry.joins is not None:
            select = ui.select(entry.joins.options, value=entry.joins.value, label="Joins",
                               on_change=lambda e, k=i: self.change(k, attached_to=e.value)).classes("w-48")
            named(select, f"{line} joins")
        if entry.arcana is not None:
            select = ui.select(list(entry.arcana.options), value=list(entry.arcana.chosen), multiple=True,
                               label="Arcana", on_change=lambda e, k=i: self.change(k, arcana=tuple(e.value or ())[:6])
                               ).classes("w-64").props("use-chips")
            named(select, f"Arcana of {line}")

    # -- saving ------------------------------------------------------------------------------------------
    def _fill_saved(self) -> None:
        self.saved_select.set_options({s.id: f"{s.title} ({s.points} pts)" for s in self.saved},
                                      value=self.list_id if any(s.id == self.list_id for s in self.saved) else None)

    async def _reload_saved(self) -> None:
        self.saved = await io(self.service.lists, self.owner)
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
            saved = await io(self.service.save, self.owner, army, self.list_id)
        except NotFound:
            saved = await io(self.service.save, self.owner, army, None)
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
            copy = await io(self.service.duplicate, self.owner, self.list_id)
        except Refusal as refusal:
            ui.notify(refusal.message, type="warning")
            return
        await self._reload_saved()
        self.load(copy)
        ui.notify(f"Saved a copy: “{copy.title}”.", type="positive")

    def _saved(self, refusal: str) -> str | None:
        """The saved list's id; None after telling the player ``refusal`` (the list was never saved)."""
        if self.list_id is None:
            ui.notify(refusal, type="warning")
        return self.list_id

    async def enter_cards(self) -> None:
        """The screen for every card of this list that lacks a fact (the list is saved first, as it is now)."""
        await self.save()
        if self.list_id is not None:
            ui.navigate.to(f"/cards/list/{self.list_id}")

    def rename_dialog(self) -> None:
        list_id = self._saved("Save the list first; then you can rename it.")
        if list_id is None:
            return
        with titled_dialog("Rename the list") as dialog:
            field = ui.input("New name", value=self.army.title).props(f"maxlength={TITLE_MAX} autofocus")
            named(field, "New name")

            async def apply() -> bool:
                try:
                    saved = await io(self.service.rename, self.owner, list_id, field.value or "")
                except Refusal as refusal:
                    ui.notify(refusal.message, type="warning")
                    return False
                self.title.value = saved.title
                self.army = self.army.model_copy(update={"title": saved.title})
                await self._reload_saved()
                ui.notify(f"Renamed to “{saved.title}”.", type="positive")
                return True

            ok_cancel("Rename", apply, dialog, name="Apply the new name")

    def delete_dialog(self) -> None:
        list_id = self._saved("This list is not saved.")
        if list_id is None:
            return
        with titled_dialog("Delete this list?") as dialog:
            ui.label(self.army.title)

            async def apply() -> bool:
                with contextlib.suppress(NotFound):
                    await io(self.service.delete, self.owner, list_id)
                await self._reload_saved()
                self.new_list()
                ui.notify("List deleted.", type="positive")
                return True

            ok_cancel("Delete", apply, dialog, name="Yes, delete the list", props="no-caps color=negative")

    async def export_dialog(self) -> None:
        await export_dialog(self.service, self._current() or self.army)

    def import_dialog(self) -> None:
        import_dialog(self.service, self.faction.value, self._imported)

    def _imported(self, army: Army) -> None:
        self.list_id = None
        self.saved_select.set_value(None)
        self.title.value = army.title
        if army.faction in (self.faction.options or {}):
            self.faction.value = army.faction
        self.size.value = army.size
        self.set_army(army)
