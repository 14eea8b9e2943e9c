"""/events/{id}: one event. Anyone, without an account, follows its standings, pairings and every live table (each
opening its watch page), updated live as games change and rounds are paired (webapp/live/event_feed.py). A signed-in
person registers and submits lists from their saved lists until they lock, and opens their own game of the
round; the organiser pairs each round and holds every table's links. Standings export as CSV and JSON (the API).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from fastapi import HTTPException
from nicegui import ui

from models.rules import Refusal, tournament_of
from models.service import NotFound
from models.service.accounts import Me
from models.service.events.access import NOTE_MAX
from models.service.events.edition import EventEdition
from models.service.events.records import Entrant, EventView, Pairing
from models.service.events.registrations import LIST_TEXT_MAX
from models.service.events.words import GONE, draw_words, entrant_words, lists_words, page_facts_words, report_said
from webapp.blocking import io
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.kept_parts import KeptParts, Part
from webapp.components.once import once
from webapp.components.round_timer import RoundTimerControls
from webapp.deps import current
from webapp.pages.event_results import ResultForms, draw_my_result, from_report
from webapp.pages.event_rounds import controls_key, draw_round_controls
from webapp.pages.event_venue import draw_venue_link
from webapp.pages.events import account_of, who_acts, whole
from webapp.pages.frame import frame
from webapp.session import page_session

SCENARIO_MAX = 60
PLAYER_NAME_MAX = 60
WIDE = "tk-wide"  # a standings column a phone shows only behind the row's tap (static/tablekeeper.css)
STANDING_COLUMNS = [
    {"name": "rank", "label": "Rank", "field": "rank", "align": "right"},
    {"name": "name", "label": "Player", "field": "name", "align": "left"},
    {"name": "wins", "label": "Wins", "field": "wins", "align": "right"},
    {"name": "sos", "label": "Strength of schedule", "field": "sos", "align": "right"},
    *({"name": key, "label": label, "field": key, "align": "right", "classes": WIDE, "headerClasses": WIDE}
      for key, label in (("cp", "Control points"), ("apd", "Army points destroyed"),
                         ("elements", "Army points in scenario elements"), ("played", "Played"))),
]
# On a phone the last four columns give way to a button per row that opens them as a line of words.
STANDINGS_HEADER = r"""
<q-tr :props="props">
  <q-th v-for="col in props.cols" :key="col.name" :props="props">{{ col.label }}</q-th>
  <q-th class="tk-narrow"><span class="tk-sr">Tiebreakers</span></q-th>
</q-tr>"""
STANDINGS_BODY = r"""
<q-tr :props="props">
  <q-td v-for="col in props.cols" :key="col.name" :props="props">{{ col.value }}</q-td>
  <q-td class="tk-narrow" auto-width>
    <q-btn flat round :icon="props.expand ? 'expand_less' : 'expand_more'" class="tk-more"
           :aria-label="'Tiebreakers of ' + props.row.name" :aria-expanded="props.expand ? 'true' : 'false'"
           @click="props.expand = !props.expand" />
  </q-td>
</q-tr>
<q-tr v-if="props.expand" :props="props" class="tk-narrow">
  <q-td colspan="100%" class="tk-tiebreakers">
    Control points {{ props.row.cp }} · army points destroyed {{ props.row.apd }} · in scenario elements
    {{ props.row.elements }} · played {{ props.row.played }}
  </q-td>
</q-tr>"""


async def event_page(event_id: str) -> None:
    deps = current()
    token = page_session()
    me = await account_of(token)
    try:
        view = await io(deps.events.event, event_id[:32], me)
    except NotFound:
        raise HTTPException(status_code=404, detail="There is no event at this address.") from None
    frame(view.event.name)
    EventPage(view, me, token)


def _player_row_box() -> ui.row:
    return ui.row().classes("items-center gap-2 tk-person")


def _table_row_box() -> ui.column:
    return ui.column().classes("w-full gap-1")


def _list_card_box(name: str) -> ui.column:
    return named(ui.column().classes("w-full gap-1 tk-list-card"), f"{name}'s lists", role="group")


class EventPage:
    """The page of one event for one browser; ``show`` draws a new view of it."""

    def __init__(self, view: EventView, me: Me | None, token: str | None) -> None:
        self.event_id = view.event.id
        self.me, self.token = me, token
        self.feed = current().event_feed
        self.followed_games: set[str] = set()
        self.drawn_part: tuple[Any, ...] | None = None
        self.drawn_running: tuple[Any, ...] | None = None
        with ui.column().classes("tk-event w-full gap-4"):
            self.heading = ui.label().classes("text-h5").props('role="heading" aria-level="1"')
            self.facts = ui.label().classes("tk-kind")
            ui.link("Hall screen (for a TV in the room)", f"/events/{self.event_id}/hall").classes("p-3 self-start")
            self.draw = ui.label().classes("tk-kind")
            with named(ui.column().classes("w-full gap-2"), "Your part in this event", role="region"):
                self.part = ui.column().classes("w-full gap-2")
                # The organisers' controls, apart: a result coming in at their own table leaves a scenario being
                # typed and the "Pair round" button under their finger alone.
                self.running = ui.column().classes("w-full gap-2")
            with named(ui.column().classes("w-full gap-2"), "Check-in", role="region") as self.check_ins:
                self.check_in_words = ui.label().classes("text-bold")
                with ui.row().classes("items-center gap-2"):
                    self.check_in_all = ui.element()
                    self.check_in_buttons = KeptParts(ui.row().classes("items-center gap-2"))
            self.timer = RoundTimerControls(self.event_id, view.event.time_zone, self._act) \
                if self._runs(view) else None
            with named(ui.column().classes("w-full gap-1"), "Tables", role="region"):
                self.tables_heading = ui.label().classes("text-h6").props('role="heading" aria-level="2"')
                self.tables_head = ui.column().classes("w-full gap-1")
                self.table_rows = KeptParts(ui.column().classes("w-full gap-1"))
            with named(ui.column().classes("w-full gap-1"), "Standings", role="region"):
                ui.label("Standings").classes("text-h6").props('role="heading" aria-level="2"')
                self.standings = ui.table(columns=STANDING_COLUMNS, rows=[], row_key="rank").props(
                    "flat bordered dense hide-pagination :rows-per-page-options=[0]").classes("tk-standings")
                self.standings.add_slot("header", STANDINGS_HEADER)
                self.standings.add_slot("body", STANDINGS_BODY)
                with ui.row().classes("gap-4"):
                    ui.link("Standings as CSV", f"/api/events/{self.event_id}/standings.csv").classes("p-3")
                    ui.link("Standings as JSON", f"/api/events/{self.event_id}/standings.json").classes("p-3")
            with named(ui.column().classes("w-full gap-1"), "Earlier rounds", role="region") as self.earlier_region:
                ui.label("Earlier rounds").classes("text-h6").props('role="heading" aria-level="2"')
                self.earlier = ui.column().classes("w-full gap-1")
            with named(ui.column().classes("w-full gap-1"), "Result corrections", role="region") as self.log_region:
                ui.label("Result corrections").classes("text-h6").props('role="heading" aria-level="2"')
                self.log = ui.column().classes("w-full gap-1")
            with named(ui.column().classes("w-full gap-1"), "Players", role="region"):
                ui.label("Players").classes("text-h6").props('role="heading" aria-level="2"')
                self.players = ui.column().classes("w-full gap-0")
                with self.players:
                    self.nobody = ui.label("Nobody has registered yet.").classes("tk-kind")
                self.walk_in = ui.column().classes("w-full gap-0")
            with named(ui.column().classes("w-full gap-1"), "Submitted lists", role="region") as self.lists_region:
                ui.label("Submitted lists").classes("text-h6").props('role="heading" aria-level="2"')
                self.lists = ui.column().classes("w-full gap-2")
                with self.lists:
                    self.lists_head = ui.column().classes("w-full gap-2")
        self.drawn_people: tuple[Any, ...] | None = None
        self.drawn_check_ins: int | None = None  # how many the "check in all" button names
        self.drawn_log: tuple[Any, ...] | None = None
        self.drawn_lists_head: tuple[bool, ...] | None = None
        self.list_cards = KeptParts(self.lists)  # a player's card is redrawn only when their lists change
        self.player_rows = KeptParts(self.players)  # and their row only when they change
        self.drawn_tables: tuple[Any, ...] | None = None  # the tables' heading lines: redrawn on change
        self.drawn_earlier: tuple[Any, ...] | None = None
        self.drawn_walk_in: tuple[bool, bool] | None = None
        self.forms = ResultForms(self._act)
        self.show(view)
        if self.timer is not None:
            ui.timer(0, self.timer.refresh, once=True)
        self.feed.follow(self.event_id).subscribe(self.changed)

    # -- live -----------------------------------------------------------------------------------------------
    def changed(self, edition: EventEdition) -> None:
        """A new edition of the event: drawn as this page's account reads it, with nothing read again."""
        if self.timer is not None:
            self.timer.show(edition.timer)
        self.show(edition.seen_by(self.me))

    def game_changed(self, _version: int) -> None:
        self.feed.poke(self.event_id)

    def follow_games(self, view: EventView) -> None:
        live = current().live
        for p in view.pairings:
            if p.game_id is not None and p.game_id not in self.followed_games:
                self.followed_games.add(p.game_id)
                live.event(p.game_id).subscribe(self.game_changed)

    def poke(self) -> None:
        """This page changed the event: every page of it (this one too) reads it again."""
        self.feed.poke(self.event_id)

    # -- drawing --------------------------------------------------------------------------------------------
    def show(self, view: EventView) -> None:
        self.follow_games(view)
        if self.timer is not None:
            self.timer.box.set_visibility(view.event.round > 0)
        info = view.event
        self.heading.set_text(info.name)
        self.facts.set_text(page_facts_words(info))
        self.draw.set_text(draw_words(info))
        part = self._part_key(view)
        if part != self.drawn_part:
            self.drawn_part = part
            self.part.clear()
            with self.part:
                self._draw_part(view)
        running = self._running_key(view)
        if running != self.drawn_running:
            self.drawn_running = running
            self.running.clear()
            if running is not None:
                with self.running:
                    self._draw_settings(view)
                    draw_venue_link(view, self._act)
                    self._draw_pairing_form(view)
        self._draw_check_ins(view)
        self._draw_tables(view)
        self.standings.rows = [{"rank": s.rank, "name": view.names.get(s.player, ""), "wins": s.wins,
                                "sos": s.strength_of_schedule, "cp": s.control_points,
                                "apd": s.army_points_destroyed, "elements": s.army_points_in_scenario_elements,
                                "played": s.played} for s in view.standings]
        self.standings.update()
        self._draw_earlier(view)
        self._draw_log(view)
        people = (view.players, info.round, info.lists_locked, info.lists_published, self._runs(view))
        if people != self.drawn_people:  # redrawn only when a player changed: a note being typed stays
            self.drawn_people = people
            self._draw_players(view)
            self._draw_lists_region(view)
        walk_in = (self._runs(view), info.round > 0)
        if walk_in != self.drawn_walk_in:  # apart from the players: a walk-in being typed outlives their changes
            self.drawn_walk_in = walk_in
            self.walk_in.clear()
            if walk_in[0]:
                with self.walk_in:
                    self._walk_in_form(view)

    def _runs(self, view: EventView) -> bool:
        """Whether this page's account organises the event (its organiser or a co-organiser)."""
        info = view.event
        return self.me is not None and not info.read_only and (self.me.id == info.organiser or
                                                                self.me.email in info.co_organisers)

    def _draw_players(self, view: EventView) -> None:
        """Every player and where they stand; the organisers check them in, drop and reinstate them. A player's row
        is redrawn only when they change: a tap on another player's button outlives a registration."""
        runs, paired = self._runs(view), bool(view.event.round)
        self.nobody.set_visibility(not view.players)
        self.player_rows.show([Part(e.account, (e, runs, paired), _player_row_box,
                                    partial(self._player_row, view, e, runs)) for e in view.players])

    def _player_row(self, view: EventView, e: Entrant, runs: bool) -> None:
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
                       lambda: self._act(events.players.reinstate, e.account)),
                  f"Check in {e.name} late, from the next round" if late else f"Reinstate {e.name}")
            return
        if not view.event.round and e.checked_in:
            named(once(ui.button("Check out").props("no-caps flat"),
                       lambda: self._act(events.players.check_in, e.account, False)), f"Check out {e.name}")
        named(once(ui.button("Drop", icon="person_remove").props("no-caps flat"),
                   lambda: self._act(events.players.withdraw, e.account)), f"Drop {e.name}")

    def _draw_check_ins(self, view: EventView) -> None:
        """Near the top of the page, before round 1, the organiser checks players in: everyone at once, or each of
        those not yet in with one tap. Each player's button stays put while others change (a tap is not lost)."""
        present = [e for e in view.players if not e.dropped and not e.left]
        waiting = [e for e in present if not e.checked_in]
        shown = self._runs(view) and not view.event.round and bool(present)
        self.check_ins.set_visibility(shown)
        if not shown:
            return
        self.check_in_words.set_text(f"Check-in: {len(present) - len(waiting)} of {len(present)} players checked "
                                     "in. Once anyone is checked in, round 1 pairs only those checked in.")
        everyone = len(waiting) if len(waiting) > 1 else 0
        if everyone != self.drawn_check_ins:
            self.drawn_check_ins = everyone
            self.check_in_all.clear()
            if everyone:
                with self.check_in_all:
                    once(ui.button(f"Check in all {everyone}", icon="how_to_reg").props("no-caps"),
                         lambda: self._act(current().events.players.check_in_all))
        self.check_in_buttons.show([Part(e.account, e.name, ui.element, partial(self._check_in_button, e))
                                    for e in waiting])

    def _check_in_button(self, e: Entrant) -> None:
        named(once(ui.button(e.name, icon="how_to_reg").props("no-caps outline"),
                   partial(self._act, current().events.players.check_in, e.account, True)), f"Check in {e.name}")

    def _walk_in_form(self, view: EventView) -> None:
        later = " (paired from the next round)" if view.event.round else ""
        with named(ui.column().classes("w-full gap-1 tk-walk-in"), "Add a walk-in", role="group"):
            ui.label(f"Add a walk-in: a person without an account, checked in{later}.").classes("tk-kind")
            name = named(ui.input("Walk-in's name").props(f"maxlength={PLAYER_NAME_MAX}").classes("w-72"),
                         "Walk-in's name")
            typed = named(ui.textarea("Their list as text (optional)").props(f"outlined maxlength={LIST_TEXT_MAX}")
                          .classes("w-full tk-mono"), "Walk-in's list")

            async def add() -> None:
                if await self._act(current().events.players.add_walk_in, name.value or "", typed.value or ""):
                    name.value, typed.value = "", ""  # added: the form is ready for the next walk-in

            once(ui.button("Add the walk-in", icon="person_add").props("no-caps"), add)

    def _draw_lists_region(self, view: EventView) -> None:
        """The lists as text: the organisers review them (approve, or reject with a note) and publish them once
        locked; everyone reads them once published. Each player's card is redrawn only when their lists change: a
        note being typed, or a tap on Approve, outlives another player's registration."""
        runs, info = self._runs(view), view.event
        shown = [e for e in view.players if e.list_texts and not e.left]
        self.lists_region.set_visibility(runs or info.lists_published)
        head = (runs, info.lists_locked, info.lists_published, bool(shown))
        if head != self.drawn_lists_head:
            self.drawn_lists_head = head
            self.lists_head.clear()
            with self.lists_head:
                if runs and not info.lists_published:
                    if info.lists_locked:
                        once(ui.button("Publish the lists", icon="campaign").props("no-caps"),
                             lambda: self._act(current().events.lists.publish))
                    else:
                        ui.label("The lists are yours to read until they lock; then publish them for everyone.") \
                            .classes("tk-kind")
                elif info.lists_published:
                    ui.label("Published: everyone reads these lists.").classes("tk-kind")
                if not shown:
                    ui.label("No lists submitted yet.").classes("tk-kind")
        self.list_cards.show([Part(e.account, (runs, e.name, e.lists_status, e.lists_note, e.lists, e.list_texts),
                                   partial(_list_card_box, e.name),
                                   partial(self._list_card, e, runs)) for e in shown])

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
                       lambda: self._act(events.lists.review, e.account, True, note.value or "")),
                  f"Approve {e.name}'s lists")
            named(once(ui.button("Reject", icon="block").props("no-caps flat"),
                       lambda: self._act(events.lists.review, e.account, False, note.value or "")),
                  f"Reject {e.name}'s lists")

    def _newest(self, view: EventView) -> list[Pairing]:
        return [p for p in view.pairings if p.round == view.event.round]

    def _mine(self, view: EventView) -> Pairing | None:
        if self.me is None:
            return None
        return next((p for p in self._newest(view) if self.me.id in (p.player_a, p.player_b)), None)

    def _part_key(self, view: EventView) -> tuple[Any, ...]:
        entrant = next((e for e in view.players if self.me and e.account == self.me.id), None)
        mine = self._mine(view)
        return (self.me is not None, entrant, view.event.lists_locked, view.event.status, view.event.round,
                mine.game_id if mine else None, mine.player_b if mine else None,
                mine.words if mine else None, view.words.progress if mine else None, view.words.next_round,
                self._runs(view))

    def _running_key(self, view: EventView) -> tuple[Any, ...] | None:
        """What the organisers' controls show (None: this page's account does not run the event)."""
        if not self._runs(view):
            return None
        info = view.event
        return (info.status, info.round, info.rounds, info.time_zone, info.day, info.clock_minutes, info.tables,
                info.co_organisers, info.venue, info.lists_locked, controls_key(view))

    def _draw_tables(self, view: EventView) -> None:
        """The newest round's tables, each row redrawn only when that table changes: a tap on one table's button
        is not lost to a result coming in at another table."""
        info = view.event
        organiser = self._runs(view)
        shown_words = view.words
        head = (info.round, shown_words.tables, shown_words.progress, shown_words.next_round, shown_words.scenario)
        if head != self.drawn_tables:
            self.drawn_tables = head
            self.tables_heading.set_text(shown_words.tables)
            self.tables_head.clear()
            with self.tables_head:
                if not info.round:
                    ui.label("Round 1 is not paired yet.").classes("tk-kind")
                elif shown_words.scenario:
                    ui.label(shown_words.scenario)
                if info.round and shown_words.progress:
                    ui.label(shown_words.progress).classes("text-bold")
                if shown_words.next_round:
                    ui.label(shown_words.next_round).classes("text-bold")
        walk_ins = {e.account for e in view.players if e.walk_in}

        def shown(p: Pairing) -> tuple[Any, ...]:  # what the row shows: the table, and its players' names and kinds
            seated = (p.player_a, p.player_b)
            return p, organiser, tuple(view.names.get(x or "") for x in seated), tuple(x in walk_ins for x in seated)

        self.table_rows.show([Part(f"{p.round}:{p.table}", shown(p), _table_row_box,
                                   partial(self._table_row, p, view, organiser)) for p in self._newest(view)])

    def _table_row(self, p: Pairing, view: EventView, organiser: bool) -> None:
        with ui.row().classes("items-center gap-3 tk-event-table"):
            ui.label(f"Table {p.table}: {p.words.line}")
            waiting = p.result is not None and p.result.report in ("reported", "disputed") and not p.result.finished
            if waiting and p.result is not None:
                ui.label(f"({p.words.report}, {p.result.report})").classes("tk-kind")
            if p.game_id and p.watch:
                named(ui.link("Watch", f"/watch/{p.game_id}/{p.watch}").classes("p-3"), f"Watch table {p.table}")
            if organiser and p.game_id and p.links:
                self._organiser_links(p)
            if organiser and p.player_b is not None:
                self._correct_button(p, view)
        if organiser and waiting:
            self._report_to_settle(p, view)

    def _organiser_links(self, p: Pairing) -> None:
        links = p.links or {}
        for key, words in (("table", "table link"), ("seat1", f"{p.name_a}'s link"), ("seat2", f"{p.name_b}'s link")):
            if links.get(key):
                named(ui.link(words, f"/table/{p.game_id}/{links[key]}").classes("p-3"),
                      f"Table {p.table}: {words}")

    def _correct_button(self, p: Pairing, view: EventView) -> None:
        """The organiser's result form: a waiting or disputed report fills it, with the dispute's reason shown."""
        finished = p.result is not None and p.result.finished
        words = "Correct the result" if finished else "Enter the result"
        start, said = (None, "") if finished else (from_report(p), report_said(p.words))
        named(ui.button(words, icon="edit_note",
                        on_click=lambda: self.forms.open_result(p, as_organiser=True, start=start, said=said))
              .props("no-caps outline"), f"{words} of round {p.round}, table {p.table}")

    def _report_to_settle(self, p: Pairing, view: EventView) -> None:
        """Under a table whose report waits or is disputed, the organiser reads it whole and accepts it in one
        tap (a walk-in cannot confirm; a dispute may be unfounded), or enters the result from it."""
        r = p.result
        assert r is not None
        reporter = view.names.get(r.reported_by or "") or GONE
        with named(ui.column().classes("gap-1 tk-report-to-settle"), f"Report of round {p.round}, table {p.table}",
                   role="group"):
            ui.label(report_said(p.words))
            walk_in = next((e.name for e in view.players if e.walk_in and e.account in (p.player_a, p.player_b)
                            and e.account != r.reported_by), None)
            if walk_in and r.report == "reported":
                ui.label(f"{walk_in} plays without an account: confirm the report for them.").classes("tk-kind")
            named(once(ui.button(f"Accept {reporter}'s report", icon="check").props("no-caps"),
                       lambda: self._act(current().events.results.accept, p.round, p.table)),
                  f"Accept {reporter}'s report at round {p.round}, table {p.table}")

    def _draw_earlier(self, view: EventView) -> None:
        organiser = self._runs(view)
        shown = (organiser, tuple(p for p in view.pairings if p.round < view.event.round))
        if shown == self.drawn_earlier:
            return
        self.drawn_earlier = shown
        self.earlier.clear()
        rounds = sorted({p.round for p in view.pairings if p.round < view.event.round})
        self.earlier_region.set_visibility(bool(rounds))
        with self.earlier:
            for n in rounds:
                ui.label(f"Round {n}").classes("text-bold")
                for p in (p for p in view.pairings if p.round == n):
                    with ui.row().classes("items-center gap-3"):
                        ui.label(f"Table {p.table}: {p.words.line}")
                        if p.game_id and p.watch:
                            named(ui.link("Result", f"/result/{p.game_id}/{p.watch}").classes("p-3"),
                                  f"Result of round {n}, table {p.table}")
                        if organiser and p.player_b is not None:
                            self._correct_button(p, view)

    def _draw_log(self, view: EventView) -> None:
        """The organiser's entries and corrections of results, each with who and when (public, as the standings)."""
        if view.words.corrections == self.drawn_log:
            return
        self.drawn_log = view.words.corrections
        self.log_region.set_visibility(bool(view.words.corrections))
        self.log.clear()
        with self.log:
            for line in view.words.corrections:
                ui.label(line)

    # -- your part: register, lists, your game, pairing ----------------------------------------------------------
    def _draw_part(self, view: EventView) -> None:
        info = view.event
        if self.me is None:
            with ui.row().classes("items-center gap-2"):
                ui.label("You need no account to follow this event. To play in it,")
                ui.link("sign in", "/account").classes("p-3")
            return
        entrant = next((e for e in view.players if e.account == self.me.id), None)
        if entrant is None:
            runs = self._runs(view)
            if runs:
                ui.label("You run this event.").classes("tk-kind")
            if info.status == "open" and not info.lists_locked:
                # An organiser may play too (a club night's host does), offered apart from running it.
                with ui.row().classes("items-end gap-3"):
                    club = ui.input("Club or team (optional)").props("maxlength=60").classes("w-64")
                    once(ui.button("Play in it too" if runs else "Register for this event",
                                   icon="how_to_reg").props("no-caps"),
                         lambda: self._act(current().events.players.register, club.value or ""))
            elif not runs:
                ui.label("Registration is closed.").classes("tk-kind")
        elif entrant.dropped:
            ui.label(f"You are out of this event: {entrant_words(entrant)}.").classes("text-bold")
        else:
            self._draw_lists(view, entrant)
            if not info.read_only:
                self._draw_leave(view)
        mine = self._mine(view)
        if mine is not None:
            self._draw_my_game(mine)
            if mine.player_b is not None:
                draw_my_result(mine, self.me.id, view, self._act, self.forms)

    def _draw_leave(self, view: EventView) -> None:
        """Withdraw before round 1; afterwards drop out, once asked again (a tap on a phone is easily made)."""
        if not view.event.round:
            once(ui.button("Withdraw from this event", icon="logout").props("no-caps flat"),
                 lambda: self._act(current().events.players.withdraw))
            return
        with named(ui.dialog(), "Drop out of this event?") as dialog, ui.card():
            ui.label("Drop out of this event? You play no more rounds; your games so far stay in the standings.")
            with ui.row():
                ui.button("Stay in", on_click=dialog.close).props("no-caps flat")

                async def drop() -> None:
                    dialog.close()
                    await self._act(current().events.players.withdraw)

                once(ui.button("Drop out", icon="logout").props("no-caps color=negative"), drop)
        ui.button("Drop out of this event", icon="logout", on_click=dialog.open).props("no-caps flat")

    def _draw_settings(self, view: EventView) -> None:
        """The organisers change the deathclock (games opened from then on) and the tables, and name a
        co-organiser (who runs the event too, and takes it over if the organiser's account is deleted)."""
        info = view.event
        with named(ui.row().classes("items-end gap-3"), "Event settings", role="group"):
            clock = ui.number("Deathclock: minutes per player", value=info.clock_minutes, min=1, max=600, step=1,
                              precision=0).classes("w-72")
            tables = ui.number("Tables", value=info.tables, min=1, max=32, step=1, precision=0).classes("w-40")
            once(ui.button("Save the settings", icon="save").props("no-caps outline"),
                 lambda: self._act(current().events.settings.edit, {"clock_minutes": whole(clock.value),
                                                           "tables": whole(tables.value)}))
        owner = self.me is not None and self.me.id == info.organiser
        with named(ui.column().classes("gap-2"), "Co-organisers", role="group"):
            if not info.co_organisers:
                ui.label("No co-organiser yet: if your account is deleted, the event stays read-only.").classes(
                    "tk-kind")
            else:
                ui.label("Co-organisers:" if owner else "Co-organisers (only the event's organiser removes one):")
            for co in info.co_organisers:
                with ui.row().classes("items-center gap-2"):
                    ui.label(co)
                    if owner:
                        once(named(ui.button("Remove", icon="person_remove").props("no-caps flat"),
                                   f"Remove co-organiser {co}"),
                             partial(self._act, current().events.settings.remove_co_organiser, co))
            with ui.row().classes("items-end gap-3"):
                email = ui.input("Co-organiser's email").props("type=email maxlength=254").classes("w-72")
                once(ui.button("Name co-organiser", icon="group_add").props("no-caps outline"),
                     lambda: self._act(current().events.settings.name_co_organiser, email.value or ""))

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
                    await self._act(current().events.lists.submit, chosen)

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

    def _draw_pairing_form(self, view: EventView) -> None:
        info = view.event
        draw_round_controls(view, self._act)
        if info.round >= info.rounds:
            ui.label(f"All {info.rounds} rounds are paired.").classes("tk-kind")
            return
        n = info.round + 1
        offered = tournament_of(info.system).scenarios
        with named(ui.row().classes("items-end gap-3"), "Organiser", role="group"):
            scenario = ui.input(f"Scenario of round {n}", autocomplete=list(offered)).props(
                f"maxlength={SCENARIO_MAX}").classes("w-80")
            ui.label("Steamroller 2019: " + ", ".join(offered) + ", or type your own.").classes("tk-kind")
            seed = ui.input("Draw seed (optional)").props("inputmode=numeric maxlength=10").classes("w-48") \
                if n == 1 else None

            async def pair(draft: bool) -> None:
                given = (seed.value or "").strip() if seed is not None else ""
                if given and not given.isdigit():
                    ui.notify("A draw's seed is a whole number (or leave it empty: the server draws one).",
                              type="warning")
                    return
                await self._act(current().events.rounds.pair, scenario.value or "", int(given) if given else None,
                                draft)

            once(ui.button(f"Pair round {n}", icon="shuffle").props("no-caps"), lambda: pair(False))
            once(ui.button(f"Draft round {n}", icon=icons.EDIT).props("no-caps outline"), lambda: pair(True))

    async def _act(self, action: Callable[..., Any], *args: Any) -> bool:
        """Run one of the service's event actions, ``action(me, event_id, *args)``, as the account the page was built
        for while its session lasts; a refusal is said in words. True when it went through."""
        me = await who_acts(self.token)
        if me is None:
            return False
        try:
            await io(action, me, self.event_id, *args)
        except NotFound:
            ui.notify("This event is gone.", type="warning")
            return False
        except Refusal as refusal:
            ui.notify(refusal.message, type="warning")
            return False
        self.poke()
        return True
