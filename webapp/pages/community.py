"""/cards/community: the community card book. Browse the catalog cards players published facts for, see a card's
facts with who entered them, from what, how many agree and what a moderator checked, and its history; signed in,
publish a card from your card book and change your own values; a moderator checks, hides and reverts."""

from __future__ import annotations

from nicegui import ui

from models.service.community import CommunityCard
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.warmachine.card_book import card_service
from webapp.components.warmachine.community_view import CommunityCardView, PublishForm
from webapp.components.whose import signed_in_now
from webapp.pages.frame import frame

RESULTS_MAX = 60


async def community_page(key: str | None = None) -> None:
    frame("Community card book")
    me = await signed_in_now()
    cards = await card_service()
    moderator = bool(me) and await io(cards.community.is_moderator, me.id if me else None)
    with ui.column().classes("w-full gap-3 tk-community"):
        ui.label("Community card book").classes("text-h5").props('role="heading" aria-level="1"')
        ui.label("Facts of the catalog's cards that players entered from their own cards, for everyone: who entered "
                 "each value, from what, and how many others entered the same. Games use the value most entered "
                 "(or checked by a moderator); values that disagree are listed side by side.").classes("tk-kind")
        coverage = ui.label("").classes("tk-kind").props('role="status"')

        async def download() -> None:
            pack = await io(cards.community.export_pack)
            ui.download.content(pack.encode("utf-8"), "tablekeeper-community-cards.json", "application/json")

        named(ui.button("Download the community book as a card pack", icon="download", on_click=download)
              .props("no-caps outline"), "Download the community book as a card pack")
        ui.label("Import it on a tablet with no network from the card editor's card packs: its games then use the "
                 "same facts.").classes("tk-kind")
        search = named(ui.input("Search by name").props("clearable maxlength=60"), "Search the community book")
        results = ui.column().classes("gap-0 w-full")

        async def refresh() -> None:
            book: dict[str, CommunityCard] = await io(cards.community.resolved)
            numbers = await io(cards.community.coverage)
            coverage.set_text(f"{numbers['cards']} cards with community facts; {numbers['agreed']} of "
                              f"{numbers['facts']} facts agreed by two or more accounts or checked; "
                              f"{numbers['disagreements']} with values that disagree.")
            words = " ".join((search.value or "").lower().split())[:60]
            found = [c for c in book.values() if not words or words in c.shipped.name.lower()]
            results.clear()
            with results:
                for c in sorted(found, key=lambda c: c.shipped.name)[:RESULTS_MAX]:
                    with ui.row().classes("items-center gap-2"):
                        named(ui.button(c.shipped.name, on_click=lambda _, k=c.key: view.show(k))
                              .props("flat no-caps"), f"Show {c.shipped.name}")
                        ui.label(f"{c.shipped.faction} · {c.says()}").classes("tk-kind text-sm")

        search.on_value_change(refresh)
        if me is None:
            ui.link("Sign in to publish the cards you entered", "/account")
        view = CommunityCardView(cards, me, moderator, refresh)
        if me is not None:
            async def published(key: str) -> None:
                await refresh()
                await view.show(key)

            PublishForm(cards, me, await io(cards.book), published)
    await refresh()
    if key:
        await view.show(key[:64])
