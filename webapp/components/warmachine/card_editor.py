"""The card editor: complete a card the public reference leaves blank, or write one, from the player's own
stat card, into the player's card book (an operator may also save it for the whole site); the cards with
missing facts; the card book as a JSON card pack to share, and importing one.

Numbers are typed as text and read here: an empty field means "not known" (never 0), anything else must be a
whole number in range, or nothing is saved and the field is named in the message. A warjack's grid and a
warbeast's spiral are tapped in (tap_editor.py); nothing drawn means "not known".
"""

from __future__ import annotations

import re
from typing import Any

from nicegui import events, ui

from models.catalog import shipped_cards
from models.catalog.schema import (
    ALIASES_MAX,
    FACTION_MAX,
    NAME_MAX,
    RULE_MAX,
    RULES_MAX,
    SOURCE_MAX,
    STAT_NAMES,
    UNIT_NAME_MAX,
    Card,
    Role,
    Weight,
    missing_facts,
)
from models.rules import Refusal, RuleViolation, tidy
from models.service import Forbidden
from models.service.card_drawing import sheet
from models.service.cards import PACK_MAX, CardService, checked
from models.service.errors import Busy
from webapp.blocking import io
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.dialogs import titled_dialog
from webapp.components.warmachine.card_book import keep_cards
from webapp.components.warmachine.card_words import ROLE_WORDS, kind_words
from webapp.components.warmachine.tap_editor import TapGrid, TapSpiral
from webapp.deps import current

ROLES: tuple[str, ...] = Role.__args__  # type: ignore[attr-defined]
WEIGHTS: tuple[str, ...] = Weight.__args__  # type: ignore[attr-defined]
DAMAGE_KINDS = {"none": "Not known", "boxes": "Boxes", "web": "Web (horror)", "grid": "Grid (warjack)",
                "spiral": "Spiral (warbeast)"}
RING_NAMES = ("outer", "middle", "centre")
NUMBER_FIELDS = {  # label: (low, high)
    "Card id": (1, 10**7), "Base size (mm)": (20, 200), "Cost": (0, 200), "Battlegroup points": (0, 200),
    "Damage boxes": (1, 200), "Boxes in all": (1, 200), "Leader boxes": (1, 50), "Trooper boxes": (1, 50),
    "Horrors at most": (0, 20),
}


class BadField(ValueError):
    pass


def read_int(label: str, value: Any, low: int, high: int) -> int | None:
    text = str(value if value is not None else "").strip()
    if not text:
        return None
    if not re.fullmatch(r"-?\d{1,8}", text) or not low <= int(text) <= high:
        raise BadField(f"{label}: enter a whole number from {low} to {high}, or leave it empty when not known.")
    return int(text)


def read_text(label: str, value: Any, limit: int = NAME_MAX) -> str | None:
    text = tidy(str(value or ""))
    if len(text) > limit:
        raise BadField(f"{label}: at most {limit} characters.")
    return text or None


def read_costs(value: Any) -> dict[int, int]:
    text = str(value or "").strip()
    if not text:
        return {}
    pairs = re.findall(r"(\d{1,2})\s*[:=]\s*(\d{1,3})", text)
    rest = re.sub(r"(\d{1,2})\s*[:=]\s*(\d{1,3})", "", text)
    if not pairs or re.sub(r"[\s,;]", "", rest):
        raise BadField("Unit costs: write models:points pairs, such as 4:5, 6:7.")
    return {int(n): int(c) for n, c in pairs}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64] or "card"


class CardEditor:
    """One form for every field of the card schema; ``load`` fills it, ``save`` checks it and keeps it in the
    card book; with the operator's token (``operator``) it may save it for the whole site instead."""

    def __init__(self, service: CardService, cards: dict[str, Card], on_saved: Any) -> None:
        self.service, self.cards, self.on_saved = service, cards, on_saved
        self.operator: str | None = None  # the operator token typed on this page, once it is the right one
        self.key: str | None = None  # None: a new card
        self.own: set[str] = set()  # the keys of the player's card book, read off the event loop by the page
        self.f: dict[str, Any] = {}
        factions = sorted({c.faction for c in cards.values()})
        with ui.card().classes("tk-editor w-full") as self.box:
            named(self.box, "Card editor", role="region")
            self.heading = ui.label("New card").classes("text-h6")
            self.origin = ui.label("").classes("tk-kind")
            with ui.row().classes("items-start gap-2 w-full"):
                self._text("Name", width="w-64")
                self._text("Faction", width="w-40", limit=FACTION_MAX).props["autocomplete"] = "off"
                self.f["Faction"].set_autocomplete(factions)
                self.f["Role"] = named(ui.select({r: ROLE_WORDS.get(r, r) for r in ROLES}, value="solo",
                                                 label="Role").classes("w-48"), "Role")
                self.f["Weight"] = named(ui.select({"": "None", **{w: w.capitalize() for w in WEIGHTS}}, value="",
                                                   label="Weight", on_change=self._show_damage).classes("w-36"),
                                         "Weight")
            with ui.row().classes("items-start gap-2 w-full"):
                for label in ("Card id", "Base size (mm)", "Cost", "Battlegroup points"):
                    self._text(label, width="w-36")
                self._text("FA", width="w-24")
            ui.label("Stats (leave empty when not known)").classes("text-bold")
            with ui.row().classes("items-start gap-1 w-full tk-stat-inputs"):
                for stat in STAT_NAMES:
                    self._text(stat, width="w-20")
            ui.label("Damage").classes("text-bold")
            with ui.row().classes("items-start gap-2 w-full"):
                self.f["Damage kind"] = named(ui.select(DAMAGE_KINDS, value="none", label="Damage kind",
                                                        on_change=self._show_damage).classes("w-48"), "Damage kind")
                self._text("Damage boxes", width="w-36")
                self._text("Boxes in all", width="w-36")
            with ui.row().classes("items-start gap-2 w-full") as self.rings_row:
                for ring in RING_NAMES:
                    self._text(f"Boxes in the {ring} ring", width="w-44")
            self.drawing_box = ui.column().classes("gap-1 w-full")
            self.drawing: TapGrid | TapSpiral | None = None
            ui.label("Units").classes("text-bold")
            with ui.row().classes("items-start gap-2 w-full"):
                self._text("Unit costs", width="w-40").props["placeholder"] = "4:5, 6:7"
                self._text("Leader boxes", width="w-32")
                self._text("Trooper boxes", width="w-32")
                self._text("Leader name", width="w-36")
                self._text("Trooper name", width="w-36")
            with ui.row().classes("items-center gap-2 w-full"):
                for label in ("Soulless", "Marked Soul", "Construct", "Mercenary"):
                    self.f[label] = named(ui.checkbox(label), label)
            with ui.row().classes("items-start gap-2 w-full"):
                self._text("Attaches to", width="w-48").props["placeholder"] = "a unit's key, or infernal_master"
                self._text("Trump arcana", width="w-48")
                self._text("Horrors at most", width="w-36")
                self.f["Horror weights"] = named(ui.select({w: w.capitalize() for w in WEIGHTS}, value=[],
                                                           multiple=True, label="Horror weights").classes("w-48"),
                                                 "Horror weights")
            self._text("Other names (comma separated)", width="w-full")
            self.f["Rules"] = named(ui.textarea("Rules, one per line").props(
                f"outlined maxlength={RULES_MAX * (RULE_MAX + 1)}").classes("w-full"), "Rules, one per line")
            self._text("Source", width="w-full", limit=SOURCE_MAX)
            self.problems = ui.label("").classes("tk-problem").props('role="alert"')
            with ui.row().classes("gap-2"):
                named(ui.button("Save card", icon="save", on_click=self.save).props("no-caps"),
                      "Save card in my card book")
                self.site_button = named(ui.button("Save for the whole site", icon="public",
                                                   on_click=self.save_for_site).props("no-caps outline"),
                                         "Save card for the whole site")
                self.site_button.set_visibility(False)
                named(ui.button("New card", icon="add", on_click=self.new).props("no-caps outline"), "New card")
        self.new()

    def _text(self, label: str, width: str, limit: int = NAME_MAX) -> ui.input:
        field = ui.input(label).props(f"maxlength={limit}").classes(width)
        named(field, label)
        self.f[label] = field
        return field

    def _show_damage(self, *_: Any) -> None:
        kind = self.f["Damage kind"].value
        self.f["Damage boxes"].set_visibility(kind == "boxes")
        self.f["Boxes in all"].set_visibility(kind in ("web", "grid", "spiral"))
        self.rings_row.set_visibility(kind == "web")
        kept = self.drawing.strings() if self.drawing is not None and self.drawing.kind == kind else ()
        self._redraw(kind, kept)

    def _redraw(self, kind: str, strings: tuple[str, ...] | list[str] = ()) -> None:
        """The grid or spiral to tap, starting from ``strings`` (a loaded card's, or what was drawn before)."""
        self.drawing_box.clear()
        self.drawing = None
        with self.drawing_box:
            if kind == "grid":
                self.drawing = TapGrid("This card", self.f["Weight"].value or None, None, strings)
            elif kind == "spiral":
                self.drawing = TapSpiral("This card", self.f["Weight"].value or None, None, strings)

    def _set(self, label: str, value: Any) -> None:
        field = self.f[label]
        if isinstance(field, ui.input):
            field.set_value("" if value is None else str(value))
        else:
            field.set_value(value)

    # -- loading -----------------------------------------------------------------------------------------
    def new(self) -> None:
        self.key = None
        self.heading.set_text("New card")
        self.origin.set_text("Fill in what your stat card says; leave a field empty when you do not know it.")
        for field in self.f.values():
            if isinstance(field, ui.checkbox):
                field.set_value(False)
            elif isinstance(field, ui.input | ui.textarea):
                field.set_value("")
        self.f["Role"].set_value("solo")
        self.f["Weight"].set_value("")
        self.f["Damage kind"].set_value("boxes")
        self.f["Horror weights"].set_value([])
        self._set("Faction", "Infernals")
        self._set("Source", "my own stat card")
        self.problems.set_text("")
        self._show_damage()

    def load(self, card: Card) -> None:
        self.new()
        self.key = card.key
        self.heading.set_text(f"Edit {card.name}")
        if card.key in shipped_cards():
            where = "shipped card: fill in what it leaves empty; kept in your card book"
        elif card.key in self.own:
            where = "your own card, in your card book"
        else:
            where = "a card of this site: saving keeps your version in your card book"
        self.origin.set_text(f"{card.faction} · {kind_words(card)} · {where}")
        self._set("Name", card.name)
        self._set("Faction", card.faction)
        self.f["Role"].set_value(card.role)
        self.f["Weight"].set_value(card.weight or "")
        for label, value in (("Card id", card.card_id), ("Base size (mm)", card.base_mm), ("Cost", card.cost),
                             ("Battlegroup points", card.battlegroup_points), ("FA", card.fa)):
            self._set(label, value)
        for stat in STAT_NAMES:
            self._set(stat, getattr(card.stats, stat))
        d = card.damage
        self.f["Damage kind"].set_value(d.kind if d is not None else "none")
        if d is not None:
            if d.kind == "boxes":
                self._set("Damage boxes", d.boxes)
            else:
                self._set("Boxes in all", d.total)
            if d.kind == "web" and d.rings:
                for ring, n in zip(RING_NAMES, d.rings, strict=True):
                    self._set(f"Boxes in the {ring} ring", n)
        if card.unit is not None:
            self._set("Unit costs", ", ".join(f"{n}:{c}" for n, c in sorted(card.unit.costs.items())))
            self._set("Leader boxes", card.unit.leader_boxes)
            self._set("Trooper boxes", card.unit.trooper_boxes)
            self._set("Leader name", card.unit.leader_name)
            self._set("Trooper name", card.unit.trooper_name)
        for label, value in (("Soulless", card.soulless), ("Marked Soul", card.marked_soul),
                             ("Construct", card.is_construct), ("Mercenary", card.mercenary)):
            self.f[label].set_value(value)
        self._set("Attaches to", card.attaches_to)
        self._set("Trump arcana", card.trump)
        self._set("Horrors at most", card.max_horrors)
        self.f["Horror weights"].set_value(list(card.horror_weights or ()))
        self._set("Other names (comma separated)", ", ".join(card.aliases))
        self.f["Rules"].set_value("\n".join(card.rules))
        self._set("Source", card.source)
        self._show_damage()
        if d is not None and d.kind in ("grid", "spiral"):
            self._redraw(d.kind, (d.columns if d.kind == "grid" else d.branches) or ())

    # -- saving ------------------------------------------------------------------------------------------
    def collect(self) -> dict[str, Any]:
        """The form as card data; BadField names the first field that cannot be read."""
        v = {label: field.value for label, field in self.f.items()}
        name = read_text("Name", v["Name"])
        if not name:
            raise BadField("Name: a card needs a name.")
        faction = read_text("Faction", v["Faction"], FACTION_MAX)
        if not faction:
            raise BadField("Faction: a card needs a faction.")
        number = {label: read_int(label, v[label], *NUMBER_FIELDS[label]) for label in NUMBER_FIELDS}
        stats = {stat: read_int(stat, v[stat], 0, 40) for stat in STAT_NAMES}
        kind = v["Damage kind"]
        damage: dict[str, Any] | None = None
        if kind == "boxes":
            damage = {"kind": "boxes", "boxes": number["Damage boxes"]}
        elif kind == "web":
            rings = [read_int(f"Boxes in the {r} ring", v[f"Boxes in the {r} ring"], 1, 200) for r in RING_NAMES]
            if any(r is not None for r in rings) and any(r is None for r in rings):
                raise BadField("Web rings: fill in all three rings, or none.")
            damage = {"kind": "web", "total": number["Boxes in all"], "rings": rings if rings[0] is not None else None}
        elif kind in ("grid", "spiral"):
            drawn = self._drawn(number["Boxes in all"])
            damage = {"kind": kind, "total": number["Boxes in all"], "sides": sheet(kind, v["Weight"] or None).sides,
                      "columns" if kind == "grid" else "branches": drawn}
        role = v["Role"]
        unit = None
        if role == "unit" or any(str(v[k] or "").strip() for k in ("Unit costs", "Leader boxes", "Trooper boxes")):
            unit = {"costs": read_costs(v["Unit costs"]), "leader_boxes": number["Leader boxes"],
                    "trooper_boxes": number["Trooper boxes"],
                    "leader_name": read_text("Leader name", v["Leader name"], UNIT_NAME_MAX) or "Leader",
                    "trooper_name": read_text("Trooper name", v["Trooper name"], UNIT_NAME_MAX) or "Grunt"}
        aliases = [a for a in (tidy(x) for x in str(v["Other names (comma separated)"] or "").split(","))
                   if a]
        if len(aliases) > ALIASES_MAX or any(len(a) > NAME_MAX for a in aliases):
            raise BadField(f"Other names: at most {ALIASES_MAX}, each at most {NAME_MAX} characters.")
        rules = [tidy(line) for line in str(v["Rules"] or "").splitlines() if tidy(line)]
        if len(rules) > RULES_MAX or any(len(r) > RULE_MAX for r in rules):
            raise BadField(f"Rules: at most {RULES_MAX} lines of {RULE_MAX} characters.")
        fa = read_text("FA", v["FA"], 3)
        return {
            "key": self.key or slug(name), "name": name, "faction": faction, "role": role,
            "weight": v["Weight"] or None, "card_id": number["Card id"], "base_mm": number["Base size (mm)"],
            "stats": stats, "damage": damage, "cost": number["Cost"],
            "battlegroup_points": number["Battlegroup points"],
            "fa": fa.upper() if fa else None, "unit": unit,
            "soulless": bool(v["Soulless"]), "marked_soul": bool(v["Marked Soul"]),
            "is_construct": bool(v["Construct"]), "mercenary": bool(v["Mercenary"]),
            "attaches_to": read_text("Attaches to", v["Attaches to"], 64),
            "trump": read_text("Trump arcana", v["Trump arcana"]),
            "max_horrors": number["Horrors at most"],
            "horror_weights": list(v["Horror weights"]) or None,
            "aliases": aliases, "rules": rules,
            "source": read_text("Source", v["Source"], SOURCE_MAX) or "",
        }

    def _drawn(self, total: int | None) -> list[str] | None:
        """The tapped grid's columns or spiral's branches; None when nothing is drawn (not known)."""
        if self.drawing is None or not self.drawing.boxes():
            return None
        problem = self.drawing.problem(total)
        if problem:
            raise BadField(problem)
        return list(self.drawing.strings())

    def _card(self) -> Card | None:
        """The form as a checked card, or None after saying what is wrong."""
        try:
            data = self.collect()
            if self.key is None and data["key"] in self.cards:
                raise BadField(f"A card named {self.cards[data['key']].name} exists already: pick it in the list "
                               "to change it, or give this one another name.")
            return checked(data)
        except BadField as bad:
            self._refuse(str(bad))
        except RuleViolation as refusal:
            self._refuse(refusal.message)
        return None

    async def save(self) -> None:
        """Keep the card in the player's card book (offered for this player's next games)."""
        card = self._card()
        if card is None:
            return
        try:
            await keep_cards(self.service, [card])
        except RuleViolation as refusal:
            self._refuse(refusal.message)
            return
        await self._saved(card, "in your card book")

    async def save_for_site(self) -> None:
        """Save the card for every player of this site (the operator's right)."""
        card = self._card()
        if card is None:
            return
        try:
            await io(lambda: self.service.save([card], for_site=True, operator_token=self.operator))
        except Forbidden:
            self._refuse("Saving for the whole site needs the operator token.")
            return
        await self._saved(card, "for the whole site")

    async def _saved(self, card: Card, where: str) -> None:
        self.problems.set_text("")
        self.key = card.key
        self.heading.set_text(f"Edit {card.name}")
        ui.notify(f"Saved the card {card.name} {where}.", type="positive")
        await self.on_saved(card)

    def _refuse(self, message: str) -> None:
        self.problems.set_text(message)
        ui.notify(message + " Nothing was saved.", type="warning")


SHOWN_MAX = 120  # rows the card list draws at once (the catalog holds every Mk III model)


class MissingView:
    """The catalog's cards, those with missing facts first, with what each still lacks."""

    def __init__(self, on_pick: Any) -> None:
        self.on_pick = on_pick
        self.cards: dict[str, Card] = {}
        with ui.column().classes("tk-missing-view gap-1") as box:
            named(box, "Card list", role="region")
            ui.label("Cards").classes("text-h6")
            with ui.row().classes("items-center gap-2"):
                self.only = named(ui.switch("Only cards with missing facts", value=True, on_change=self.draw),
                                  "Only cards with missing facts")
            self.search = named(ui.input("Search by name", on_change=self.draw).props("clearable maxlength=60"),
                                "Search cards")
            self.count = ui.label("").classes("tk-kind")
            self.rows = ui.column().classes("gap-0 w-full")

    def set_cards(self, cards: dict[str, Card]) -> None:
        self.cards = cards
        self.draw()

    def draw(self, *_: Any) -> None:
        words = tidy(self.search.value).lower()
        found = [c for c in sorted(self.cards.values(), key=lambda c: (c.faction, c.name))
                 if (not self.only.value or missing_facts(c)) and (not words or words in c.name.lower())]
        shown = f"; the first {SHOWN_MAX} shown, search by name to find the others" if len(found) > SHOWN_MAX else ""
        self.count.set_text(f"{len(found)} card{'s' if len(found) != 1 else ''}{shown}")
        self.rows.clear()
        with self.rows:
            for card in found[:SHOWN_MAX]:
                with ui.row().classes("items-center no-wrap gap-2 w-full tk-result"):
                    named(ui.button(icon=icons.EDIT, on_click=lambda _, c=card: self.on_pick(c)).props(
                        "round dense flat"), f"Edit {card.name}")
                    with ui.column().classes("gap-0"):
                        ui.label(f"{card.name} ({card.faction})").classes("text-bold")
                        missing = missing_facts(card)
                        ui.label(("Missing: " + ", ".join(missing)) if missing else "Complete").classes(
                            "tk-kind text-sm" + (" tk-warn" if missing else ""))


class CardsFile:
    """The card book as a card pack: export it as a JSON file, import one (all its cards or none)."""

    def __init__(self, service: CardService, on_imported: Any, export: bool = True) -> None:
        self.service, self.on_imported = service, on_imported
        with ui.card().classes("w-full") as box:
            named(box, "Card packs", role="region")
            ui.label("Card packs").classes("text-h6")
            ui.label("The cards you complete at the table or write on the Cards page are kept in your "
                     "card book, for your next games. " + ("Save them as a card pack to share, or import a pack: "
                     if export else "Import a card pack your club shares: ") + "its cards join your card book."
                     ).classes("tk-kind")
            with ui.row().classes("items-center gap-2"):
                if export:
                    named(ui.button("Export card pack", icon="download", on_click=self.export).props(
                        "no-caps outline"), "Export my card book as a card pack")
                self.upload = ui.upload(label="Import card pack", auto_upload=True, max_file_size=PACK_MAX,
                                        on_upload=self.imported, on_rejected=self.rejected).props(
                    "accept=.json,application/json flat bordered").classes("hidden")
                named(self.upload, "Import a card pack")
                # A plain named button opens the (hidden) uploader's file picker: Quasar's own picker button is
                # nameless and nested in a control, which screen readers cannot use (axe-core).
                ui.button("Import card pack", icon="upload").props("no-caps outline").on(
                    "click", js_handler=f"() => runMethod({self.upload.id}, 'pickFiles', [])")

    async def export(self) -> None:
        try:
            pack = await current().lanes.data.run(self.service.export_pack)
        except Busy as busy:
            ui.notify(busy.message, type="warning")
            return
        ui.download.content(pack.encode("utf-8"), "tablekeeper-cards.json", "application/json")

    async def imported(self, event: events.UploadEventArguments) -> None:
        data = await event.file.read()
        self.upload.reset()
        await self.read(data)

    async def read(self, data: bytes | str) -> None:
        """Check the pack in the lane of heavy work (webapp/lanes.py), say what it adds and would overwrite, and keep
        its cards in the card book here (all or none); a value of the player's own is overwritten only when they say
        so."""
        try:
            cards = await current().lanes.data.run(CardService.read_pack, data)
            plan = await io(self.service.pack_plan, cards)
        except Refusal as refusal:
            ui.notify(refusal.message + " No card was kept.", type="warning")
            return
        overwrite = False
        if plan.overwrites:
            with titled_dialog("Your own values differ") as dialog:
                ui.label(plan.words())
                ui.label("Keep your own values (the pack fills in only what your cards leave empty), or take the "
                         "pack's?")
                with ui.row().classes("gap-2"):
                    ui.button("Keep mine", on_click=lambda: dialog.submit("mine")).props("no-caps")
                    ui.button("Take the pack's", on_click=lambda: dialog.submit("pack")).props("no-caps outline")
                    ui.button("Cancel", on_click=lambda: dialog.submit(None)).props("no-caps flat")
            answer = await dialog
            if answer is None:
                ui.notify("No card was kept.", type="info")
                return
            overwrite = answer == "pack"
        try:
            kept = await self._keep(cards, overwrite)
        except RuleViolation as refusal:
            ui.notify(refusal.message + " No card was kept.", type="warning")
            return
        ui.notify(f"Kept {len(kept)} card{'s' if len(kept) != 1 else ''} from the pack in your card book. "
                  + plan.words(), type="positive")
        await self.on_imported()

    async def _keep(self, cards: list[Card], overwrite: bool) -> list[Card]:
        if self.service.book_on_loop:
            return self.service.keep_pack(cards, overwrite)
        return await io(self.service.keep_pack, cards, overwrite)

    def rejected(self) -> None:
        ui.notify("That file is too big for a card pack (at most 2 MB).", type="warning")
