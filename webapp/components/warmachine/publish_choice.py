"""Publishing the cards an entry screen saves to the community card book (models/service/community.py), so the
next player need not type them: a signed-in player says so once for the screen, and where the facts come from
(their printed card, a page address, a card pack). Without an account the screen says how to publish instead.
Publishing is offered, never done unasked: what is published is public."""

from __future__ import annotations

from collections.abc import Sequence

from nicegui import ui

from models.catalog import shipped_cards
from models.catalog.schema import Card
from models.service.accounts import Me
from models.service.cards import CardService
from models.service.community import Published, Source
from webapp.components.a11y import named
from webapp.components.warmachine.community_view import SOURCES, attempt


class PublishChoice:
    """Whether the cards saved on this screen are published too, and from what."""

    def __init__(self, me: Me | None) -> None:
        self.me = me
        self.on: ui.switch | None = None
        with ui.card().classes("w-full gap-1") as box:
            named(box, "The community card book", role="group")
            if me is None:
                ui.label("Sign in to publish the cards you enter to the community card book, so other players need "
                         "not type them again.").classes("tk-kind")
                ui.link("Sign in", "/account").classes("tk-nav-button")
                return
            self.on = named(ui.switch("Also publish them to the community book"),
                            "Also publish them to the community book")
            with ui.row().classes("items-center gap-2") as self.details:
                self.kind = named(ui.select(SOURCES, value="card", label="From",
                                            on_change=self._show_where).classes("w-56"), "Where the facts come from")
                self.where = named(ui.input("Page address or pack name").props("maxlength=200").classes("w-72"),
                                   "Page address or pack name")
            ui.label("Only numbers, grid letters and names are published, never a card's rule text.").classes(
                "tk-kind text-sm")
            self._show_where()

    def _show_where(self, *_: object) -> None:
        self.where.set_visibility(self.kind.value in ("page", "pack"))

    @property
    def wanted(self) -> bool:
        return self.on is not None and bool(self.on.value)

    async def publish(self, cards: CardService, saved: Sequence[Card]) -> list[str]:
        """Publish the catalog cards of ``saved`` when the player asked to: what each publication did, in words
        (a refusal is told and that card left unpublished)."""
        if not self.wanted or self.me is None:
            return []
        done: list[str] = []
        source = Source(self.kind.value or "card", self.where.value or "")
        for card in saved:
            if card.key not in shipped_cards():
                continue  # a card of the player's own stays theirs (a card pack shares it)
            published: Published | None = await attempt(cards.community.publish, self.me.id, card, source)
            if published is not None:
                done.append(published.words())
        return done
