"""/cards/list/{list_id}: every card of one of the player's lists that lacks a fact, on one screen in list order,
with progress ("3 of 7 cards complete"), to enter from the printed cards before game day. Each card is saved into
the player's card book (their account's when signed in), so the list builder, the quick form and the pre-game
screen use it. Reached from the list builder and the card book page."""

from __future__ import annotations

from nicegui import ui

from models.rules import Refusal, RuleViolation
from models.service.card_entry import list_cards, progress, to_enter
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.warmachine.card_book import card_service, keep_cards, player_catalog
from webapp.components.warmachine.code_entry import offer_each_other
from webapp.components.warmachine.fast_card import FastCard
from webapp.components.warmachine.list_builder import my_lists
from webapp.components.warmachine.publish_choice import PublishChoice
from webapp.components.whose import signed_in_now
from webapp.pages.frame import frame


async def list_cards_page(list_id: str) -> None:
    frame("Enter a list's cards")
    lists, owner = await my_lists()
    try:
        saved = await io(lists.get, owner, list_id[:32])
    except Refusal:
        saved = None
    with ui.column().classes("w-full gap-3 tk-list-cards"):
        if saved is None:
            ui.label("There is no list of yours at this address.").classes("text-h6")
            ui.link("Your lists", "/lists").classes("tk-nav-button")
            return
        book = await card_service()
        cards = await player_catalog(book)
        todo = list_cards((e.card for e in saved.army.entries), cards)
        ui.label(f"Cards of “{saved.title}”").classes("text-h5")
        ui.label("Read each fact off your printed card. What the catalog gives is shown already; each card you "
                 "save goes into your card book, for your lists and games.").classes("tk-kind")
        status = ui.label("").classes("text-bold").props('role="status" aria-live="polite"')
        if not todo:
            status.set_text("Every card of this list is complete.")
            return
        publishing = PublishChoice(await signed_in_now())
        done: set[str] = set()

        def counted() -> None:
            status.set_text(progress(len(done), len(todo)))

        entries: list[FastCard] = []
        for card in todo:
            entry = FastCard(card, cards)
            entries.append(entry)
            with entry.box:
                problem = ui.label("").classes("tk-problem")

                async def save(entry: FastCard = entry, problem: ui.label = problem) -> None:
                    try:
                        made = entry.card()
                        await keep_cards(book, [made])
                    except RuleViolation as refusal:
                        problem.set_text(refusal.message)
                        ui.notify(refusal.message + " Nothing was saved.", type="warning")
                        return
                    problem.set_text("")
                    cards[made.key] = made
                    for other in entries:
                        if other.codes is not None:
                            other.codes.offer(cards)
                    entry.saved(made)
                    (done.add if not to_enter(made) else done.discard)(made.key)
                    counted()
                    ui.notify(f"Saved {made.name} in your card book.", type="positive")
                    for words in await publishing.publish(book, [made]):
                        ui.notify(f"Published to the community book: {words}", type="positive")

                named(ui.button(f"Save {card.name}", icon="save", on_click=save).props("no-caps"),
                      f"Save {card.name}")
        offer_each_other([e.codes for e in entries if e.codes is not None], cards)
        counted()
        ui.link("Back to the list", f"/lists?list_id={saved.id}").classes("tk-nav-button")

