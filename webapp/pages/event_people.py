"""The people of an event on its page: the organisers' check-in before round 1, every player and where they stand
(the organisers drop, reinstate and add walk-ins), and the submitted lists as text (the organisers review and
publish them). Each player's row and card is redrawn only when that player changes: a tap on another player's button,
or a note being typed, outlives a registration."""

from __future__ import annotations

from functools import partial
from typing import Any

from nicegui import ui

from models.service.events.access import NOTE_MAX
from models.service.events.records import Entrant, EventView
from models.service.events.registrations import LIST_TEXT_MAX
from models.service.events.words import check_in_words, entrant_words, lists_words
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.kept_parts import KeptParts, Part
from webapp.components.once import once
from webapp.deps import current
from webapp.pages.event_results import Act

PLAYER_NAME_MAX = 60


class CheckIns:
    """Near the top of the page, before round 1, the organiser checks players in: everyone at once, or each of
    those not yet in with one tap. Each player's button stays put while others change (a tap is not lost)."""

    def __init__(self, act: Act) -> None:
        self.act = act
        with named(ui.column().classes("w-full gap-2"), "Check-in", role="region") as self.region:
            self.words = ui.label().classes("text-bold")
            with ui.row().classes("items-center gap-2"):
                self.everyone = ui.element()
                self.buttons = KeptParts(ui.row().classes("items-center gap-2"))
        self.drawn: int | None = None  # how many the "check in all" button names

    def show(self, view: EventView, runs: bool) -> None:
        present = [e for e in view.players if not e.dropped and not e.left]
        waiting = [e for e in present if not e.checked_in]
        shown = runs and not view.event.round and bool(present)
        self.region.set_visibility(shown)
        if not shown:
            return
        self.words.set_text(check_in_words(len(present) - len(waiting), len(present)))
        everyone = len(waiting) if len(waiting) > 1 else 0
        if everyone != self.drawn:
            self.drawn = everyone
            self.everyone.clear()
            if everyone:
                with self.everyone:
                    once(ui.button(f"Check in all {everyone}", icon="how_to_reg").props("no-caps"),
                         lambda: self.act(current().events.players.check_in_all))
        self.buttons.show([Part(e.account, e.name, ui.element, partial(self._button, e)) for e in waiting])

    def _button(self, e: Entrant) -> None:
        named(once(ui.button(e.name, icon="how_to_reg").props("no-caps outline"),
                   partial(self.act, current().events.players.check_in, e.account, True)), f"Check in {e.name}")


class People:
    """The Players and Submitted lists regions."""

    def __init__(self, act: Act) -> None:
        self.act = act
        with named(ui.column().classes("w-full gap-1"), "Players", role="region"):
            ui.label("Players").classes("text-h6").props('role="heading" aria-level="2"')
            players = ui.column().classes("w-full gap-0")
            with players:
                self.nobody = ui.label("Nobody has registered yet.").classes("tk-kind")
            self.walk_in = ui.column().classes("w-full gap-0")
        with named(ui.column().classes("w-full gap-1"), "Submitted lists", role="region") as self.lists_region:
            ui.label("Submitted lists").classes("text-h6").props('role="heading" aria-level="2"')
            lists = ui.column().classes("w-full gap-2")
            with lists:
                self.lists_head = ui.column().classes("w-full gap-2")
        self.rows = KeptParts(players)  # a player's row is redrawn only when they change
        self.cards = KeptParts(lists)  # and their card only when their lists change
        self.drawn: tuple[Any, ...] | None = None
        self.drawn_head: tuple[bool, ...] | None = None
        self.drawn_walk_in: tuple[bool, bool] | None = None

    def show(self, view: EventView, runs: bool) -> None:
        info = view.event
        people = (view.players, info.round, info.lists_locked, info.lists_published, runs)
        if people != self.drawn:  # redrawn only when a player changed: a note being typed stays
            self.drawn = people
            self._players(view, runs)
            self._lists(view, runs)
        walk_in = (runs, info.round > 0)
        if walk_in != self.drawn_walk_in:  # apart from the players: a walk-in being typed outlives their changes
            self.drawn_walk_in = walk_in
            self.walk_in.clear()
            if runs:
                with self.walk_in:
                    self._walk_in_form(view)

    def _players(self, view: EventView, runs: bool) -> None:
        """Every player and where they stand; the organisers check them in, drop and reinstate them."""
        paired = bool(view.event.round)
        self.nobody.set_visibility(not view.players)
        self.rows.show([Part(e.account, (e, runs, paired), _player_row_box, partial(self._player, view, e, runs))
                        for e in view.players])

    def _player(self, view: EventView, e: Entrant, runs: bool) -> None:
        ui.label(f"{e.name}{f' ({e.club})' if e.club else ''}: {entrant_words(e)}")
        if runs and not e.left:
            self._player_buttons(view, e)

    def _player_buttons(self, view: EventView, e: Entrant) -> None:
        """Drop a player, or bring a dropped one back: a late arrival left out of round 1 is checked in (and paired
        from the next round), anyone else dropped is reinstated. Check-in before round 1 is the Check-in part's."""
        events = current().events
        if e.dropped:
            late = e.drop_reason == "not_checked_in"
            words = "Check in late" if late else "Reinstate"
            named(once(ui.button(words, icon="how_to_reg" if late else icons.UNDO).props("no-caps outline"),
                       lambda: self.act(events.players.reinstate, e.account)),
                  f"Check in {e.name} late, from the next round" if late else f"Reinstate {e.name}")
            return
        if not view.event.round and e.checked_in:
            named(once(ui.button("Check out").props("no-caps flat"),
                       lambda: self.act(events.players.check_in, e.account, False)), f"Check out {e.name}")
        named(once(ui.button("Drop", icon="person_remove").props("no-caps flat"),
                   lambda: self.act(events.players.withdraw, e.account)), f"Drop {e.name}")

    def _walk_in_form(self, view: EventView) -> None:
        later = " (paired from the next round)" if view.event.round else ""
        with named(ui.column().classes("w-full gap-1 tk-walk-in"), "Add a walk-in", role="group"):
            ui.label(f"Add a walk-in: a person without an account, checked in{later}.").classes("tk-kind")
            name = named(ui.input("Walk-in's name").props(f"maxlength={PLAYER_NAME_MAX}").classes("w-72"),
                         "Walk-in's name")
            typed = named(ui.textarea("Their list as text (optional)").props(f"outlined maxlength={LIST_TEXT_MAX}")
                          .classes("w-full tk-mono"), "Walk-in's list")

            async def add() -> None:
                if await self.act(current().events.players.add_walk_in, name.value or "", typed.value or ""):
                    name.value, typed.value = "", ""  # added: the form is ready for the next walk-in

            once(ui.button("Add the walk-in", icon="person_add").props("no-caps"), add)

    def _lists(self, view: EventView, runs: bool) -> None:
        """The lists as text: the organisers review them (approve, or reject with a note) and publish them once
        locked; everyone reads them once published."""
        info = view.event
        shown = [e for e in view.players if e.list_texts and not e.left]
        self.lists_region.set_visibility(runs or info.lists_published)
        head = (runs, info.lists_locked, info.lists_published, bool(shown))
        if head != self.drawn_head:
            self.drawn_head = head
            self.lists_head.clear()
            with self.lists_head:
                if runs and not info.lists_published:
                    if info.lists_locked:
                        once(ui.button("Publish the lists", icon="campaign").props("no-caps"),
                             lambda: self.act(current().events.lists.publish))
                    else:
                        ui.label("The lists are yours to read until they lock; then publish them for everyone.") \
                            .classes("tk-kind")
                elif info.lists_published:
                    ui.label("Published: everyone reads these lists.").classes("tk-kind")
                if not shown:
                    ui.label("No lists submitted yet.").classes("tk-kind")
        self.cards.show([Part(e.account, (runs, e.name, e.lists_status, e.lists_note, e.lists, e.list_texts),
                              partial(_list_card_box, e.name), partial(self._list_card, e, runs)) for e in shown])

    def _list_card(self, e: Entrant, runs: bool) -> None:
        ui.label(f"{e.name}: {lists_words(e.lists_status)}").classes("text-bold")
        if runs and e.lists_note:
            ui.label(e.lists_note).classes("tk-kind")
        for title, text in zip(e.lists, e.list_texts, strict=False):
            ui.label(title).classes("text-bold")
            ui.label(text).classes("tk-mono whitespace-pre-wrap")
        if runs:
            self._review(e)

    def _review(self, e: Entrant) -> None:
        events = current().events
        with ui.row().classes("items-end gap-2"):
            note = named(ui.input(f"Note for {e.name}").props(f"maxlength={NOTE_MAX}").classes("w-72"),
                         f"Note for {e.name}")
            named(once(ui.button("Approve", icon="check").props("no-caps outline"),
                       lambda: self.act(events.lists.review, e.account, True, note.value or "")),
                  f"Approve {e.name}'s lists")
            named(once(ui.button("Reject", icon="block").props("no-caps flat"),
                       lambda: self.act(events.lists.review, e.account, False, note.value or "")),
                  f"Reject {e.name}'s lists")


def _player_row_box() -> ui.row:
    return ui.row().classes("items-center gap-2 tk-person")


def _list_card_box(name: str) -> ui.column:
    return named(ui.column().classes("w-full gap-1 tk-list-card"), f"{name}'s lists", role="group")
