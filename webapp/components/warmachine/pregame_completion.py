"""The pre-game screen: before a game starts, each side whose cards lack a fact the game needs gets one screen
("2 cards need facts: complete them now") with a quick card per card, asking only what tracking needs: a
caster's ESSENCE, FOCUS or FURY and boxes, a warjack's grid (tapped), a warbeast's spiral (tapped) and FURY/THR,
a horror's ring split, a unit's trooper boxes, a Grymkin warlock's Trump card. Saved cards go into the player's
card book, so the game and the player's next games use them; the game starts only once every card can be tracked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nicegui import ui

from models.catalog.card_facts import FactOrigin
from models.catalog.schema import NAME_MAX, Card
from models.rules import RuleViolation
from models.rules.warmachine import ArmyEntry
from models.service.accounts import Me
from models.service.card_entry import stats_to_offer, with_stats
from models.service.cards import CardService
from models.service.completion import CardQuestions, pregame_ask, pregame_card, still_missing
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.warmachine.card_book import card_service, keep_cards, player_resolved
from webapp.components.warmachine.code_entry import CodeEntry, offer_each_other
from webapp.components.warmachine.fast_card import stat_field
from webapp.components.warmachine.publish_choice import PublishChoice
from webapp.components.whole_numbers import whole_number
from webapp.components.whose import signed_in_now


class BadFact(ValueError):
    pass


class QuickCard:
    """One card's missing facts, and nothing else: ``card()`` is the completed card, or BadFact (RuleViolation)
    naming what is wrong."""

    def __init__(self, asked: CardQuestions, cards: Mapping[str, Card] | None = None) -> None:
        self.asked = asked
        card = asked.card
        self.numbers: dict[str, ui.number] = {}
        self.drawing: CodeEntry | None = None
        self.trump: ui.input | None = None
        with ui.card().classes("w-full") as box:
            named(box, f"{card.name}'s card", role="group")
            ui.label(card.name).classes("text-h6")
            kind = " ".join(w for w in (card.weight, card.role.replace("_", " ")) if w)
            ui.label(f"{card.faction} {kind} · needs {', '.join(asked.facts)}").classes("tk-kind")
            with ui.row().classes("items-start gap-2"):
                for label in asked.numbers:
                    if label not in asked.rings:
                        self._number(label)
            if asked.rings:
                if asked.web_total:
                    ui.label(f"The web has {asked.web_total} boxes in all.")
                with ui.row().classes("items-start gap-2"):
                    for label in asked.rings:
                        self._number(label)
            self.line: dict[str, ui.input] = {}
            offered = stats_to_offer(card, asked.numbers)
            if offered:
                ui.label("Its stat line, if you have the card at hand (it saves typing at each attack):").classes(
                    "text-sm")
                with ui.element("div").classes("tk-line"):
                    self.line = {stat: stat_field(card, stat) for stat in offered}
            if asked.drawing is not None:  # typed column by column (branch by branch), drawn beside
                self.drawing = CodeEntry(card, cards)
            if asked.trump:
                self.trump = named(ui.input("Trump arcana").props(f"maxlength={NAME_MAX}").classes("w-64"),
                                   "Trump arcana")

    def _number(self, label: str) -> None:
        # No min/max: NiceGUI would clamp the typed value on blur instead of it being refused (whole_numbers.py).
        self.numbers[label] = named(ui.number(label).classes("w-36"), label)

    def _read(self, label: str) -> int | None:
        value = self.numbers[label].value
        if label in self.asked.optional and value in (None, ""):
            return None
        number = whole_number(value, 1, self.asked.most)
        if number is None:
            raise BadFact(f"{self.asked.card.name}, {label}: enter a whole number from 1 to {self.asked.most}.")
        return number

    def card(self) -> Card:
        try:
            drawn = None if self.drawing is None else self.drawing.layout()
        except RuleViolation as refusal:
            raise RuleViolation(refusal.code, f"{self.asked.card.name}: {refusal.message}") from refusal
        done = pregame_card(self.asked, {label: self._read(label) for label in self.numbers}, drawn,
                            None if self.trump is None else self.trump.value)
        return with_stats(done, {stat: str(field.value or "") for stat, field in self.line.items()})


async def side_screen(player: str, cards: Sequence[CardQuestions], book: CardService, last: bool,
                      catalog: Mapping[str, Card] | None = None, me: Me | None = None) -> bool:
    """One side's screen; True once its cards are saved in the card book, False when the player goes back."""
    count = f"{len(cards)} card{'s need' if len(cards) != 1 else ' needs'} facts"
    with ui.dialog().props("maximized persistent") as dialog, ui.card().classes("w-full items-stretch"):
        named(dialog, f"{player}: {count}")
        ui.label(f"{player}: {count}: complete them now").classes("text-h5")
        ui.label("The catalog does not give these. Read them off your own stat cards: they are kept in your "
                 "card book, for this game and your next ones.").classes("tk-kind")
        quick = [QuickCard(asked, catalog) for asked in cards]
        offer_each_other([q.drawing for q in quick if q.drawing is not None], catalog or {})
        publishing = PublishChoice(me)
        problem = ui.label("").classes("tk-problem")  # the notification announces it; this stays in view

        async def save() -> None:
            try:
                done = [q.card() for q in quick]
                left = still_missing(done)
                if left:
                    raise BadFact(left)
                await keep_cards(book, done)
            except (BadFact, RuleViolation) as bad:
                message = bad.message if isinstance(bad, RuleViolation) else str(bad)
                problem.set_text(message)
                ui.notify(message + " Nothing was saved.", type="warning")
                return
            for words in await publishing.publish(book, done):
                ui.notify(f"Published to the community book: {words}", type="positive")
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
                                ) -> tuple[dict[str, Card], dict[str, tuple[FactOrigin, ...]]] | None:
    """Ask each side (player name, army) for what its cards lack, one screen per side. The player's catalog to
    start the game with (the community card book's facts, their card book on top, read now: a card completed since
    the form opened counts) with the origins of the community's facts, or None when the player is to correct the
    form first: a game the set-up would refuse (no title, an army that breaks a rule) is refused before any fact
    is asked."""
    book = await card_service()
    cards, origins = await player_resolved(book)
    asking = pregame_ask(title, sides, cards)
    if asking.refusal:
        ui.notify(asking.refusal, type="warning")
        return None
    if not asking.sides:
        return cards, origins
    for n, (player, todo) in enumerate(asking.sides):
        if not await side_screen(player, todo, book, last=n == len(asking.sides) - 1, catalog=cards,
                                 me=await signed_in_now()):
            return None
    return await player_resolved(book)
