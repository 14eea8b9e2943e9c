"""A person's own part on an event's page: register (an organiser may play in their own event too), submit saved
lists until they lock, withdraw or drop out, open their game of the round and report its result; and, apart, the
organisers' controls (the event's settings, the venue link, pairing the next round), so that a result coming in at
an organiser's own table leaves a scenario being typed and the "Pair round" button under their finger alone."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from models.service.accounts import Me
from models.service.events.records import Entrant, EventView, Pairing
from models.service.events.words import entrant_words, lists_words
from webapp.blocking import io
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.deps import current
from webapp.pages.event_results import Act, ResultForms, draw_my_result
from webapp.pages.event_rounds import controls_key, draw_pairing_form, draw_settings
from webapp.pages.event_venue import draw_venue_link


class YourPart:
    """The "Your part in this event" region, each of its two halves redrawn only when what it shows changes."""

    def __init__(self, me: Me | None, act: Act, forms: ResultForms) -> None:
        self.me, self.act, self.forms = me, act, forms
        with named(ui.column().classes("w-full gap-2"), "Your part in this event", role="region"):
            self.part = ui.column().classes("w-full gap-2")
            self.running = ui.column().classes("w-full gap-2")
        self.drawn: tuple[Any, ...] | None = None
        self.drawn_running: tuple[Any, ...] | None = None

    def show(self, view: EventView, runs: bool) -> None:
        part = self._key(view, runs)
        if part != self.drawn:
            self.drawn = part
            self.part.clear()
            with self.part:
                self._draw(view, runs)
        running = _running_key(view) if runs else None
        if running != self.drawn_running:
            self.drawn_running = running
            self.running.clear()
            if running is not None:
                with self.running:
                    draw_settings(view, self.me, self.act)
                    draw_venue_link(view, self.act)
                    draw_pairing_form(view, self.act)

    def _key(self, view: EventView, runs: bool) -> tuple[Any, ...]:
        entrant = next((e for e in view.players if self.me and e.account == self.me.id), None)
        mine = mine_of(view, self.me)
        return (self.me is not None, entrant, view.event.lists_locked, view.event.status, view.event.round,
                mine.game_id if mine else None, mine.player_b if mine else None,
                mine.words if mine else None, view.words.progress if mine else None, view.words.next_round, runs)

    def _draw(self, view: EventView, runs: bool) -> None:
        info = view.event
        if self.me is None:
            with ui.row().classes("items-center gap-2"):
                ui.label("You need no account to follow this event. To play in it,")
                ui.link("sign in", "/account").classes("p-3")
            return
        entrant = next((e for e in view.players if e.account == self.me.id), None)
        if entrant is None:
            if runs:
                ui.label("You run this event.").classes("tk-kind")
            if info.status == "open" and not info.lists_locked:
                # An organiser may play too (a club night's host does), offered apart from running it.
                with ui.row().classes("items-end gap-3"):
                    club = ui.input("Club or team (optional)").props("maxlength=60").classes("w-64")
                    once(ui.button("Play in it too" if runs else "Register for this event",
                                   icon="how_to_reg").props("no-caps"),
                         lambda: self.act(current().events.players.register, club.value or ""))
            elif not runs:
                ui.label("Registration is closed.").classes("tk-kind")
        elif entrant.dropped:
            ui.label(f"You are out of this event: {entrant_words(entrant)}.").classes("text-bold")
        else:
            self._draw_lists(view, entrant)
            if not info.read_only:
                self._draw_leave(view)
        mine = mine_of(view, self.me)
        if mine is not None:
            self._draw_my_game(mine)
            if mine.player_b is not None:
                draw_my_result(mine, self.me.id, view, self.act, self.forms)

    def _draw_leave(self, view: EventView) -> None:
        """Withdraw before round 1; afterwards drop out, once asked again (a tap on a phone is easily made)."""
        if not view.event.round:
            once(ui.button("Withdraw from this event", icon="logout").props("no-caps flat"),
                 lambda: self.act(current().events.players.withdraw))
            return
        with named(ui.dialog(), "Drop out of this event?") as dialog, ui.card():
            ui.label("Drop out of this event? You play no more rounds; your games so far stay in the standings.")
            with ui.row():
                ui.button("Stay in", on_click=dialog.close).props("no-caps flat")

                async def drop() -> None:
                    dialog.close()
                    await self.act(current().events.players.withdraw)

                once(ui.button("Drop out", icon="logout").props("no-caps color=negative"), drop)
        ui.button("Drop out of this event", icon="logout", on_click=dialog.open).props("no-caps flat")

    def _draw_lists(self, view: EventView, entrant: Entrant) -> None:
        info, given = view.event, entrant.lists
        if entrant.lists_status in ("pending", "approved", "rejected"):
            words = f"Your lists: {lists_words(entrant.lists_status)}"
            note = f" (the organiser's note: {entrant.lists_note})" if entrant.lists_note and \
                entrant.lists_status != "pending" else ""
            ui.label(words + note).props('role="status"')
        if info.lists_locked:
            ui.label("Your lists (locked): " + (", ".join(given) if given else "none given")).classes("text-bold")
            return
        ui.label("Your lists: " + (", ".join(given) if given else "none given yet")).classes("text-bold")
        with ui.row().classes("items-end gap-3") as row:
            ui.label("Loading your saved lists...").classes("tk-kind")

        async def fill() -> None:
            me = self.me
            assert me is not None
            saved = await io(current().lists.lists, me.owner) or []
            fitting = {s.id: f"{s.title} ({s.faction}, {s.points} of {s.army.size} points)" for s in saved
                       if s.army.size == info.game_size}
            row.clear()
            with row:
                if len(fitting) < info.lists_per_player:
                    ui.label(f"Build and save {info.lists_per_player} lists of {info.game_size} points under")
                    ui.link("Lists", "/lists").classes("p-3")
                    ui.label("to submit them here.")
                    return
                labels = ["Your list"] if info.lists_per_player == 1 else ["First list", "Second list"]
                picks = [named(ui.select(fitting, label=label).classes("w-80"), label) for label in labels]

                async def submit() -> None:
                    chosen = [p.value for p in picks]
                    if any(c is None for c in chosen):
                        ui.notify(f"Choose {' and '.join(lb.lower() for lb in labels)}.", type="warning")
                        return
                    await self.act(current().events.lists.submit, chosen)

                once(ui.button("Submit lists", icon="send").props("no-caps"), submit)

        ui.timer(0, fill, once=True)

    def _draw_my_game(self, mine: Pairing) -> None:
        if mine.player_b is None:
            ui.label(f"Round {mine.round}: you have a bye (it counts as a win).").classes("text-bold")
            return
        links = mine.links or {}
        seat = next((k for k in ("seat1", "seat2") if k in links), None)
        if mine.game_id is None or seat is None:
            return
        other = mine.name_b if seat == "seat1" else mine.name_a
        with ui.row().classes("items-center gap-3"):
            ui.label(f"Your game this round: table {mine.table} against {other}").classes("text-bold")
            named(ui.button("Open your game", icon=icons.PLAY,
                            on_click=lambda: ui.navigate.to(f"/table/{mine.game_id}/{links[seat]}")).props("no-caps"),
                  f"Your game this round: table {mine.table} against {other}")


def mine_of(view: EventView, me: Me | None) -> Pairing | None:
    """``me``'s table in the newest round (None: not paired in it, or nobody signed in)."""
    if me is None:
        return None
    return next((p for p in view.pairings if p.round == view.event.round and me.id in (p.player_a, p.player_b)),
                None)


def _running_key(view: EventView) -> tuple[Any, ...]:
    """What the organisers' controls show."""
    info = view.event
    return (info.status, info.round, info.rounds, info.time_zone, info.day, info.clock_minutes, info.tables,
            info.co_organisers, info.venue, info.lists_locked, controls_key(view))
