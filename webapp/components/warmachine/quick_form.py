"""The home page's casual path: each player picks a caster, then what the rules let that caster's army take
(the service's answer, models/service/quick_army.py, which this form draws), with points as the list builder
counts them. The form is kept in this browser's storage as it is filled, so a reload or a closed tab loses
nothing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from nicegui import app, ui

from models.catalog.schema import Card
from models.rules.warmachine import NAME_MAX, THEMELESS, ArmyEntry
from models.service.quick_army import (
    SMALLEST,
    QuickArmy,
    QuickOffer,
    asks_size,
    caster_choices,
    faction_choices,
    offer,
    refitted,
    restored,
    size_choices,
    with_entry,
)
from models.service.themes import theme_choices
from webapp.components import icons
from webapp.components.a11y import named

STORE = "quick_form"
ROW_OF_ROLE = {"horror": "horror", "warjack": "beast", "warbeast": "beast"}


def stored() -> dict[str, Any]:
    """The form as this browser left it (empty when there is none or it cannot be read)."""
    kept = app.storage.user.get(STORE)
    return kept if isinstance(kept, dict) else {}


def store(form: dict[str, Any]) -> None:
    app.storage.user[STORE] = form


def forget() -> None:
    """A started game's form is done: the next visit starts a fresh one."""
    app.storage.user.pop(STORE, None)


# A pick list of the catalog may hold hundreds of names (every Mk III caster of every faction): its menu draws
# them all when it opens (Quasar draws 10 at a time by default), so every name can be reached at once.
LONG_LIST = "virtual-scroll-slice-size=1500"

class SideForm:
    """One player's name and army: a caster, then the battlegroup its kind leads (horrors for an infernal
    master, warjacks for a warcaster, warbeasts for a warlock) and units, solos and structures of its faction."""

    def __init__(self, seat: int, cards: dict[str, Card], kept: dict[str, Any], on_change: Callable[[], None],
                 community: Mapping[str, str] | None = None) -> None:
        self.seat, self.cards, self.on_change = seat, cards, on_change
        self.community = community or {}  # per card, what the community card book gave it, in words
        self.entries: list[ArmyEntry] = []
        n = seat + 1
        with ui.card().classes("tk-sideform").props(f'role="group" aria-label="Player {n}"'):
            ui.label(f"Player {n}").classes("text-h6")
            self.name = ui.input("Player name", value=str(kept.get("name") or "")[:NAME_MAX],
                                 validation={f"At most {NAME_MAX} characters": lambda v: len(v or "") <= NAME_MAX},
                                 on_change=lambda: self.on_change()).props(
                f'maxlength={NAME_MAX} aria-label="Player {n} name"')
            offered_factions = faction_choices(cards)
            faction = kept.get("faction") if kept.get("faction") in offered_factions else ""
            with ui.row().classes("items-center gap-2"):
                self.faction = ui.select(offered_factions, value=faction,
                                         label="Faction", on_change=self._faction_changed).props(
                    f'aria-label="Player {n} faction"').classes("w-40")
                offered = self._casters()
                self.master = ui.select(offered, value=kept.get("caster") if kept.get("caster") in offered else None,
                                        label="Caster",
                                        on_change=self._caster_changed).props(
                    f'aria-label="Player {n} caster" {LONG_LIST}').classes("w-64")
            self.theme = ui.select(theme_choices(None), value=THEMELESS, label="Theme force",
                                   on_change=self._theme_changed).classes("w-48")
            named(self.theme, f"Player {n} theme force")
            self.hint = ui.label("Pick a caster: the battlegroup and the models offered follow it.").classes("tk-kind")
            with ui.row().classes("items-center") as self.horror_row:
                self.horror = ui.select({}, label="Horror").props(f'aria-label="Player {n} horror" {LONG_LIST}'
                                                                  ).classes("w-48")
                ui.button("Add horror", on_click=lambda: self.add_battlegroup(self.horror)).props(
                    f'no-caps aria-label="Add horror for player {n}"')
            with ui.row().classes("items-center") as self.beast_row:
                self.beast = ui.select({}, label="Warjack or warbeast").props(
                    f'aria-label="Player {n} warjack or warbeast" {LONG_LIST}').classes("w-48")
                ui.button("Add warjack or warbeast", on_click=lambda: self.add_battlegroup(self.beast)).props(
                    f'no-caps aria-label="Add warjack or warbeast for player {n}"')
            with ui.row().classes("items-center") as self.other_row:
                self.other = ui.select({}, label="Unit or solo", on_change=self._other_changed).props(
                    f'aria-label="Player {n} unit or solo" {LONG_LIST}').classes("w-48")
                self.size = ui.select(size_choices(cards, None), value=SMALLEST, label="Size").classes("w-28").props(
                    f'aria-label="Player {n} unit size"')
                ui.button("Add", on_click=self.add_other).props(f'no-caps aria-label="Add model for player {n}"')
            self.points = ui.label("").classes("tk-points").props('aria-live="polite"')
            self.chosen = ui.column().classes("gap-1")
        self._show_themes()
        if kept.get("theme") in (self.theme.options or {}):
            self.theme.set_value(kept["theme"])
        self.entries = list(restored(self.quick(), cards, kept.get("entries") or ()).entries)
        self._refresh()

    # -- what the rules offer ----------------------------------------------------------------------------
    def _casters(self) -> dict[str, str]:
        return caster_choices(self.cards, self.faction.value)

    def _faction_changed(self, *_: Any) -> None:
        """Only the casters of the chosen faction are offered; a caster of another faction is unpicked."""
        options = self._casters()
        self.master.set_options(options, value=self.master.value if self.master.value in options else None)
        self.on_change()

    def theme_key(self) -> str | None:
        """The theme force picked for this army (None: no theme)."""
        return None if self.theme.value in (THEMELESS, None) else str(self.theme.value)

    def quick(self) -> QuickArmy:
        """This side's army as the form holds it now."""
        return QuickArmy(caster=self.master.value or None, theme=self.theme_key(), entries=tuple(self.entries))

    def army(self) -> list[ArmyEntry]:
        return self.quick().army()

    def _refresh(self) -> None:
        """Offer what the rules allow now, and show the chosen models with their points."""
        now = offer(self.quick(), self.cards)
        row = ROW_OF_ROLE.get(now.battlegroup_role)
        self.hint.set_visibility(not self.master.value)
        self._show_themes()
        self.horror_row.set_visibility(row == "horror")
        self.beast_row.set_visibility(row == "beast")
        self.other_row.set_visibility(bool(self.master.value))
        for select in (self.horror, self.beast):
            select.set_options(now.battlegroup, value=select.value if select.value in now.battlegroup else None)
        self.other.set_options(now.others, value=self.other.value if self.other.value in now.others else None)
        self._other_changed()
        self._draw(now)

    def _show_themes(self) -> None:
        """Offer the theme forces of the caster's faction (hidden when it has none)."""
        caster = self.cards.get(self.master.value or "")
        themes = theme_choices(caster.faction if caster else None)
        self.theme.set_options(themes, value=self.theme.value if self.theme.value in themes else THEMELESS)
        self.theme.set_visibility(len(themes) > 1)

    def _other_changed(self, *_: Any) -> None:
        sizes = size_choices(self.cards, self.other.value)
        self.size.set_options(sizes, value=self.size.value if self.size.value in sizes else SMALLEST)
        self.size.set_visibility(asks_size(self.cards, self.other.value))

    def _theme_changed(self, *_: Any) -> None:
        self._caster_changed(why="theme force")

    def _caster_changed(self, *_: Any, why: str = "caster's army") -> None:
        """A new caster keeps only the models its army may take; the player is told what went."""
        kept, dropped = refitted(self.quick(), self.cards)
        self.entries = list(kept.entries)
        if dropped:
            ui.notify(f"Player {self.seat + 1}: removed {', '.join(dropped)}, which the new {why} cannot "
                      "take.", type="info")
        self._refresh()
        self.on_change()

    # -- adding and removing -----------------------------------------------------------------------------
    def add_battlegroup(self, select: ui.select) -> None:
        if not select.value:
            ui.notify(f"Pick a {select.props.get('label', 'model').lower()} first.", type="warning")
            return
        self._add(ArmyEntry(card=select.value, battlegroup_of=0))

    def add_other(self) -> None:
        if not self.other.value:
            ui.notify("Pick a unit or solo first.", type="warning")
            return
        unit = asks_size(self.cards, self.other.value)
        self._add(ArmyEntry(card=self.other.value, size=(self.size.value or None) if unit else None))

    def _add(self, entry: ArmyEntry) -> None:
        if not self.master.value:
            ui.notify("Pick a caster first.", type="warning")
            return
        army, refusal = with_entry(self.quick(), self.cards, entry)
        if refusal is not None:
            ui.notify(f"Player {self.seat + 1}: {refusal}", type="warning")
            return
        self.entries = list(army.entries)
        self._refresh()
        self.on_change()

    def _remove(self, index: int) -> None:
        self.entries.pop(index)
        self._refresh()
        self.on_change()

    def set_cards(self, cards: dict[str, Card]) -> None:
        """Offer these cards (after a card pack joined the card book)."""
        self.cards = cards
        factions = faction_choices(cards)
        self.faction.set_options(factions, value=self.faction.value if self.faction.value in factions else "")
        options = self._casters()
        self.master.set_options(options, value=self.master.value if self.master.value in options else None)
        self.entries = [e for e in self.entries if e.card in cards]
        self._refresh()

    # -- showing -----------------------------------------------------------------------------------------
    def _draw(self, now: QuickOffer) -> None:
        self.points.set_text(now.points)
        self.chosen.clear()
        with self.chosen:
            for i, picked in enumerate(now.picked):
                with ui.row().classes("items-center gap-2"):
                    ui.label(picked.text)
                    if self.entries[i].card in self.community:
                        ui.label(self.community[self.entries[i].card]).classes("tk-kind text-sm tk-community")
                    named(ui.button(icon=icons.CLOSE, on_click=lambda _, k=i: self._remove(k)).props("flat round"),
                          f"Remove {picked.name}")

    def kept(self) -> dict[str, Any]:
        return {"name": self.name.value or "", "faction": self.faction.value or "", "caster": self.master.value,
                "theme": self.theme_key(), "entries": [e.model_dump() for e in self.entries]}
