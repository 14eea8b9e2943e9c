"""The pre-game screen: before a game starts, each side whose cards lack a fact the game needs gets one screen
("2 cards need facts: complete them now") with a quick card per card, asking only what tracking needs: a
caster's ESSENCE, FOCUS or FURY and boxes, a warjack's grid (tapped), a warbeast's spiral (tapped) and FURY/THR,
a horror's ring split, a unit's trooper boxes, a Grymkin warlock's Trump card. Saved cards go into the player's
card book, so the game and the player's next games use them; the game starts only once every card can be tracked.
"""

from __future__ import annotations

from collections.abc import Sequence

from nicegui import ui

from models.catalog.schema import NAME_MAX, Card, UnitInfo, WebLayout
from models.rules import RuleViolation, tidy
from models.rules.warmachine import (
    ArmyEntry,
    cards_to_complete,
    completed_card,
    pregame_facts,
    setup_refusal,
    stats_to_ask,
)
from models.service.cards import CardService
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.card_book import card_service, keep_cards, player_catalog
from webapp.components.card_dialog import whole_number
from webapp.components.once import once
from webapp.components.tap_editor import TapGrid, TapSpiral

RINGS = ("outer", "middle", "centre")
LEADER = "Leader boxes, if not the same"  # left empty: the leader has the troopers' boxes (damage.py)


class BadFact(ValueError):
    pass


class QuickCard:
    """One card's missing facts, and nothing else: ``card()`` is the completed card, or BadFact naming what is
    wrong."""

    def __init__(self, card: Card) -> None:
        self.source = card
        self.numbers: dict[str, ui.number] = {}
        self.drawing: TapGrid | TapSpiral | None = None
        self.trump: ui.input | None = None
        missing = pregame_facts(card)
        with ui.card().classes("w-full") as box:
            named(box, f"{card.name}'s card", role="group")
            ui.label(card.name).classes("text-h6")
            kind = " ".join(w for w in (card.weight, card.role.replace("_", " ")) if w)
            ui.label(f"{card.faction} {kind} · needs {', '.join(missing)}").classes("tk-kind")
            with ui.row().classes("items-start gap-2"):
                for stat in (("ESSENCE",) if "ESSENCE" in missing else ()) + stats_to_ask(card):
                    self._number(stat)
                if "damage boxes" in missing:
                    self._number("Damage boxes")
                if "trooper boxes" in missing:
                    self._number("Trooper boxes")
                    if card.unit is None or card.unit.leader_boxes is None:
                        self._number(LEADER)
            if "web rings" in missing:
                total = getattr(card.damage, "total", None)
                if total:
                    ui.label(f"The web has {total} boxes in all.")
                with ui.row().classes("items-start gap-2"):
                    for ring in RINGS:
                        self._number(f"Boxes in the {ring} ring")
            if "grid columns" in missing:
                self.drawing = TapGrid.of(card)
            if "spiral branches" in missing:
                self.drawing = TapSpiral.of(card)
            if "Trump arcana" in missing:
                self.trump = named(ui.input("Trump arcana").props(f"maxlength={NAME_MAX}").classes("w-64"),
                                   "Trump arcana")

    def _number(self, label: str) -> None:
        # No min/max: NiceGUI would clamp the typed value on blur instead of it being refused (card_dialog).
        self.numbers[label] = named(ui.number(label).classes("w-36"), label)

    def _read(self, label: str) -> int | None:
        value = self.numbers[label].value
        if label == LEADER and value in (None, ""):
            return None
        return self._whole(label)

    def _whole(self, label: str) -> int:
        number = whole_number(self.numbers[label].value, 1, 99)
        if number is None:
            raise BadFact(f"{self.source.name}, {label}: enter a whole number from 1 to 99.")
        return number

    def card(self) -> Card:
        card = self.source
        values = {label: self._read(label) for label in self.numbers}
        rings = None
        if "Boxes in the outer ring" in values:
            total = card.damage.total if isinstance(card.damage, WebLayout) else None
            outer, middle, inner = (self._whole(f"Boxes in the {r} ring") for r in RINGS)
            rings = (outer, middle, inner)
            if total is not None and sum(rings) != total:
                raise BadFact(f"{card.name}: the three rings must add up to the web's {total} boxes.")
        try:
            done = completed_card(
                card, {s: n for s in ("ESSENCE", "FOCUS", "FURY", "THR") if (n := values.get(s)) is not None},
                boxes=values.get("Damage boxes"), rings=rings,
                drawn=None if self.drawing is None else self.drawing.layout(None))
        except RuleViolation as refusal:
            raise BadFact(f"{card.name}: {refusal.message}") from refusal
        unit = card.unit
        if "Trooper boxes" in values:
            unit = (unit or UnitInfo()).model_copy(update={
                "trooper_boxes": values["Trooper boxes"],
                "leader_boxes": values.get(LEADER, unit.leader_boxes if unit else None)})
        trump = card.trump
        if self.trump is not None:
            trump = tidy(self.trump.value)[:NAME_MAX]
            if not trump:
                raise BadFact(f"{card.name}, Trump arcana: enter the name of its Trump card.")
        return done.model_copy(update={"unit": unit, "trump": trump})


async def side_screen(player: str, cards: Sequence[Card], book: CardService, last: bool) -> bool:
    """One side's screen; True once its cards are saved in the card book, False when the player goes back."""
    count = f"{len(cards)} card{'s need' if len(cards) != 1 else ' needs'} facts"
    with ui.dialog().props("maximized persistent") as dialog, ui.card().classes("w-full items-stretch"):
        named(dialog, f"{player}: {count}")
        ui.label(f"{player}: {count}: complete them now").classes("text-h5")
        ui.label("The catalog does not give these. Read them off your own stat cards: they are kept in your "
                 "card book, for this game and your next ones.").classes("tk-kind")
        quick = [QuickCard(card) for card in cards]
        problem = ui.label("").classes("tk-problem")  # the notification announces it; this stays in view

        async def save() -> None:
            try:
                done = [q.card() for q in quick]
                left = [f"{c.name} ({', '.join(pregame_facts(c))})" for c in done if pregame_facts(c)]
                if left:
                    raise BadFact("Still missing: " + "; ".join(left) + ".")
                await keep_cards(book, done)
            except (BadFact, RuleViolation) as bad:
                message = bad.message if isinstance(bad, RuleViolation) else str(bad)
                problem.set_text(message)
                ui.notify(message + " Nothing was saved.", type="warning")
                return
            dialog.submit(True)

        ui.label("Saving starts the game." if last else "Saving goes on to the next player's cards.")
        with ui.row().classes("gap-2"):
            # The button says exactly its accessible name (WCAG 2.5.3); what follows is said above it.
            named(once(ui.button(f"Save {player}'s cards", icon=icons.PLAY if last else "arrow_forward")
                       .props("no-caps size=lg"), save, dialog), f"Save {player}'s cards")
            ui.button("Back to the form", on_click=lambda: dialog.submit(False)).props("outline no-caps size=lg")
    dialog.open()
    answer = await dialog
    dialog.delete()
    return bool(answer)


async def complete_before_start(title: str, sides: Sequence[tuple[str, Sequence[ArmyEntry]]]
                                ) -> dict[str, Card] | None:
    """Ask each side (player name, army) for what its cards lack, one screen per side. The player's catalog to
    start the game with (their card book on top, read now: a card completed since the form opened counts), or
    None when the player is to correct the form first: a game the set-up would refuse (no title, an army that
    breaks a rule) is refused before any fact is asked."""
    book = await card_service()
    cards = await player_catalog(book)
    refusal = setup_refusal(title, sides, cards)
    if refusal:
        ui.notify(refusal, type="warning")
        return None
    asking: list[tuple[str, list[Card]]] = []
    asked: set[str] = set()
    for player, army in sides:
        todo = cards_to_complete([e.card for e in army], cards, asked)
        asked |= {c.key for c in todo}
        if todo:
            asking.append((player, todo))
    if not asking:
        return cards
    for n, (player, todo) in enumerate(asking):
        if not await side_screen(player, todo, book, last=n == len(asking) - 1):
            return None
    return await player_catalog(book)
