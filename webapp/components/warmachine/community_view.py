"""The community card book on the site: a catalog card's published facts side by side with who entered them, from
what, how many accounts agree and whether a moderator checked them; its history; and what a person may do there:
publish a card from their card book, take a value into their own card book, change their own value, and for a
moderator check, hide, show and revert. Every change goes through the service (CardService.community); this
component only draws its answers. Everything a player typed is shown as text."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from nicegui import ui
from pydantic import ValidationError

from models.catalog import shipped_cards
from models.catalog.card_facts import FACT_WORDS, value_words, with_fact
from models.catalog.schema import Card
from models.rules import Refusal, RuleViolation
from models.service.accounts import Me
from models.service.cards import CardService
from models.service.community import Change, CommunityCard, FactStanding, Publication, Source, Standing
from models.service.errors import CommunityError
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.warmachine.card_book import keep_cards

SCALAR = tuple(f for f in FACT_WORDS if f.startswith("stats.")) + (
    "cost", "battlegroup_points", "fa", "base_mm", "unit.trooper_boxes", "unit.leader_boxes", "trump")
SOURCES = {"card": "My printed card", "page": "A page (its address)", "pack": "A card pack (its name)"}


def refusal_words(error: Exception) -> str:
    return getattr(error, "message", None) or str(error)


async def attempt(call: Callable[..., Any], *args: Any) -> Any | None:
    """``call(*args)`` in a worker thread; a refusal is told in words (and None returned)."""
    try:
        return await io(call, *args)
    except Refusal as refused:
        ui.notify(refusal_words(refused), type="warning")
        return None


class CommunityCardView:
    """One card's community facts, its history and the actions the reader may take."""

    def __init__(self, cards: CardService, me: Me | None, moderator: bool, on_change: Callable[[], Awaitable[None]]
                 ) -> None:
        self.cards, self.me, self.moderator, self.on_change = cards, me, moderator, on_change
        self.box = named(ui.column().classes("w-full gap-2 tk-community-card"), "Community facts", role="region")

    async def show(self, key: str) -> None:
        try:
            card: CommunityCard = await io(self.cards.community.card, key, self.me.id if self.me else None)
        except CommunityError as refused:
            ui.notify(refused.message, type="warning")
            return
        history = await io(self.cards.community.history, key, self.me.id if self.me else None)
        self.box.clear()
        with self.box:
            ui.label(card.shipped.name).classes("text-h5")
            ui.label(card.says() or "No community facts yet.").classes("tk-kind")
            for standing in card.facts:
                self._fact(card, standing)
            self._history(history)

    def _fact(self, card: CommunityCard, standing: FactStanding) -> None:
        with named(ui.card().classes("w-full"), f"{card.shipped.name}, {standing.label}", role="group"):
            ui.label(standing.label).classes("text-h6")
            if standing.shipped is not None:
                ui.label("Shipped catalog: " + value_words(standing.fact, standing.shipped)).classes("tk-kind")
            if standing.disagreement:
                ui.label("The values published disagree: " + ("both are listed; the most entered or checked one "
                                                              "is used, and you may pick another."
                                                              if standing.chosen is not None else
                                                              "they stand level, so a game asks its player to "
                                                              "pick one or type their own.")).classes("tk-warn")
            for value in standing.values:
                self._value(card, standing, value)
            for hidden in standing.hidden:
                with ui.row().classes("items-center gap-2"):
                    ui.label(f"Hidden: {hidden.words} by {hidden.by}").classes("tk-kind")
                    self._button("Show", hidden, lambda p: self.cards.community.hide(self._id(), p.id, False))

    def _value(self, card: CommunityCard, standing: FactStanding, value: Standing) -> None:
        used = standing.chosen is value
        with ui.column().classes("gap-1 w-full tk-community-value"):
            with ui.row().classes("items-center gap-2"):
                ui.label(value.words).classes("text-bold")
                people = f"{value.accounts} account{'s' if value.accounts != 1 else ''}"
                ui.label(f"entered by {people}" + (", checked by a moderator" if value.checked else "")
                         + (" · used in games" if used else ""))
                named(ui.button("Use this value", on_click=lambda _, v=value: self._use(card, standing, v))
                      .props("no-caps outline dense"), f"Use {value.words} for {standing.label} in my card book")
            for p in value.publications:
                self._publication(p)

    def _publication(self, p: Publication) -> None:
        with ui.row().classes("items-center gap-2 tk-publication"):
            ui.label(f"{p.by}, from {p.source_words}, {p.updated:%Y-%m-%d %H:%M} UTC, version {p.version}"
                     + (", checked" if p.checked else "")).classes("tk-kind")
            mine = self.me is not None and p.author == self.me.id
            if (mine or self.moderator) and p.fact in SCALAR:
                self._change(p)
            if self.moderator:
                self._button("Uncheck" if p.checked else "Check", p,
                             lambda q: self.cards.community.check(self._id(), q.id, not q.checked))
                self._button("Hide", p, lambda q: self.cards.community.hide(self._id(), q.id, True))
                if p.version > 1:
                    self._button(f"Revert to version {p.version - 1}", p,
                                 lambda q: self.cards.community.revert(self._id(), q.id, q.version - 1))

    def _id(self) -> str:
        return self.me.id if self.me is not None else ""

    def _button(self, label: str, p: Publication, call: Callable[[Publication], Any]) -> None:
        async def act() -> None:
            if await attempt(call, p) is not None:
                ui.notify(f"{label}: done.", type="positive")
                await self.show(p.card_key)
                await self.on_change()

        named(ui.button(label, on_click=act).props("no-caps flat dense"), f"{label} {p.by}'s {p.label}")

    def _change(self, p: Publication) -> None:
        field = named(ui.input("New value", value=str(p.value)).props("dense maxlength=40").classes("w-24"),
                      f"New value of {p.by}'s {p.label}")

        async def save() -> None:
            typed = (field.value or "").strip()
            value: Any = int(typed) if typed.isdigit() else typed
            if await attempt(self.cards.community.change, self._id(), p.id, value) is not None:
                ui.notify(f"{p.label}: changed.", type="positive")
                await self.show(p.card_key)
                await self.on_change()

        named(ui.button("Change", on_click=save).props("no-caps outline dense"), f"Change {p.by}'s {p.label}")

    async def _use(self, card: CommunityCard, standing: FactStanding, value: Standing) -> None:
        """Keep the value in the player's own card book: their games use it over the community's choice."""
        own = (await io(self.cards.book)).get(card.key, shipped_cards()[card.key])
        try:
            mine = with_fact(own, standing.fact, value.value)
            await keep_cards(self.cards, [mine])
        except (RuleViolation, ValidationError) as refused:
            ui.notify(refusal_words(refused), type="warning")
            return
        ui.notify(f"{card.shipped.name}: your card book now has {standing.label} {value.words}.", type="positive")

    def _history(self, changes: list[Change]) -> None:
        ui.label("History").classes("text-h6")
        with named(ui.column().classes("gap-0"), "History", role="list"):
            for c in changes:
                words = f": {c.words}" if c.words else ""
                note = f" ({c.note})" if c.note else ""
                ui.label(f"{c.at:%Y-%m-%d %H:%M} UTC · {c.label} {c.action} by {c.by}, version {c.version}{words}"
                         f"{note}").props('role="listitem"')


class PublishForm:
    """Publish a card of the signed-in player's card book to the community book, saying where its facts come
    from."""

    def __init__(self, cards: CardService, me: Me, book: dict[str, Card], on_done: Callable[[str], Awaitable[None]]
                 ) -> None:
        catalog = shipped_cards()
        offered = {k: c.name for k, c in sorted(book.items(), key=lambda i: i[1].name) if k in catalog}
        with named(ui.card().classes("w-full"), "Publish a card", role="group"):
            ui.label("Publish a card from your card book").classes("text-h6")
            if not offered:
                ui.label("Your card book has no card of the catalog yet: complete one in the card editor or the "
                         "pre-game screen first.").classes("tk-kind")
                return
            ui.label("Only numbers, grid letters and names are published, never a card's rule text.").classes(
                "tk-kind")
            with ui.row().classes("items-center gap-2"):
                pick = named(ui.select(offered, label="Card").classes("w-64"), "Card to publish")
                kind = named(ui.select(SOURCES, value="card", label="From").classes("w-56"),
                             "Where the facts come from")
                where = named(ui.input("Page address or pack name").props("maxlength=200").classes("w-72"),
                              "Page address or pack name")

            async def publish() -> None:
                key = pick.value
                if not key:
                    ui.notify("Pick a card to publish first.", type="warning")
                    return
                done = await attempt(cards.community.publish, me.id, book[key],
                                     Source(kind.value or "card", where.value or ""))
                if done is not None:
                    ui.notify(done.words(), type="positive")
                    await on_done(key)

            named(ui.button("Publish", icon="publish", on_click=publish).props("no-caps"), "Publish the card")
