"""The tables of an event on its page: the newest round's tables (each row redrawn only when that table changes, so
a tap on one table's button is not lost to a result coming in at another), the standings, the earlier rounds and the
correction log. The organisers hold every table's links, enter or correct any result and settle a waiting report."""

from __future__ import annotations

from functools import partial
from typing import Any

from nicegui import ui

from models.service.events.records import EventView, Pairing
from models.service.events.words import GONE, NOT_PAIRED, report_said
from webapp.components.a11y import named
from webapp.components.kept_parts import KeptParts, Part
from webapp.components.once import once
from webapp.deps import current
from webapp.pages.event_results import Act, ResultForms, from_report

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


class Tables:
    """The Tables region: the newest round's heading lines and its tables."""

    def __init__(self, act: Act, forms: ResultForms) -> None:
        self.act, self.forms = act, forms
        with named(ui.column().classes("w-full gap-1"), "Tables", role="region"):
            self.heading = ui.label().classes("text-h6").props('role="heading" aria-level="2"')
            self.head = ui.column().classes("w-full gap-1")
            self.rows = KeptParts(ui.column().classes("w-full gap-1"))
        self.drawn: tuple[Any, ...] | None = None  # the heading lines: redrawn on change

    def show(self, view: EventView, runs: bool) -> None:
        info, words = view.event, view.words
        head = (info.round, words.tables, words.progress, words.next_round, words.scenario)
        if head != self.drawn:
            self.drawn = head
            self.heading.set_text(words.tables)
            self.head.clear()
            with self.head:
                if not info.round:
                    ui.label(NOT_PAIRED).classes("tk-kind")
                elif words.scenario:
                    ui.label(words.scenario)
                if info.round and words.progress:
                    ui.label(words.progress).classes("text-bold")
                if words.next_round:
                    ui.label(words.next_round).classes("text-bold")
        walk_ins = {e.account for e in view.players if e.walk_in}

        def shown(p: Pairing) -> tuple[Any, ...]:  # what the row shows: the table, and its players' names and kinds
            seated = (p.player_a, p.player_b)
            return p, runs, tuple(view.names.get(x or "") for x in seated), tuple(x in walk_ins for x in seated)

        self.rows.show([Part(f"{p.round}:{p.table}", shown(p), _table_row_box, partial(self._row, p, view, runs))
                        for p in view.pairings if p.round == info.round])

    def _row(self, p: Pairing, view: EventView, runs: bool) -> None:
        with ui.row().classes("items-center gap-3 tk-event-table"):
            ui.label(f"Table {p.table}: {p.words.line}")
            waiting = p.result is not None and p.result.report in ("reported", "disputed") and not p.result.finished
            if waiting and p.result is not None:
                ui.label(f"({p.words.report}, {p.result.report})").classes("tk-kind")
            if p.game_id and p.watch:
                named(ui.link("Watch", f"/watch/{p.game_id}/{p.watch}").classes("p-3"), f"Watch table {p.table}")
            if runs and p.game_id and p.links:
                _organiser_links(p)
            if runs and p.player_b is not None:
                correct_button(p, self.forms)
        if runs and waiting:
            self._report_to_settle(p, view)

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
                       lambda: self.act(current().events.results.accept, p.round, p.table)),
                  f"Accept {reporter}'s report at round {p.round}, table {p.table}")


class Standings:
    """The Standings region, with its downloads."""

    def __init__(self, event_id: str) -> None:
        with named(ui.column().classes("w-full gap-1"), "Standings", role="region"):
            ui.label("Standings").classes("text-h6").props('role="heading" aria-level="2"')
            self.table = ui.table(columns=STANDING_COLUMNS, rows=[], row_key="rank").props(
                "flat bordered dense hide-pagination :rows-per-page-options=[0]").classes("tk-standings")
            self.table.add_slot("header", STANDINGS_HEADER)
            self.table.add_slot("body", STANDINGS_BODY)
            with ui.row().classes("gap-4"):
                ui.link("Standings as CSV", f"/api/events/{event_id}/standings.csv").classes("p-3")
                ui.link("Standings as JSON", f"/api/events/{event_id}/standings.json").classes("p-3")

    def show(self, view: EventView) -> None:
        self.table.rows = [{"rank": s.rank, "name": view.names.get(s.player, ""), "wins": s.wins,
                            "sos": s.strength_of_schedule, "cp": s.control_points, "apd": s.army_points_destroyed,
                            "elements": s.army_points_in_scenario_elements, "played": s.played}
                           for s in view.standings]
        self.table.update()


class EarlierRounds:
    """The Earlier rounds and Result corrections regions: each table of a closed round with its result page, and
    the organiser's entries and corrections of results, each with who and when (public, as the standings)."""

    def __init__(self, forms: ResultForms) -> None:
        self.forms = forms
        with named(ui.column().classes("w-full gap-1"), "Earlier rounds", role="region") as self.region:
            ui.label("Earlier rounds").classes("text-h6").props('role="heading" aria-level="2"')
            self.earlier = ui.column().classes("w-full gap-1")
        with named(ui.column().classes("w-full gap-1"), "Result corrections", role="region") as self.log_region:
            ui.label("Result corrections").classes("text-h6").props('role="heading" aria-level="2"')
            self.log = ui.column().classes("w-full gap-1")
        self.drawn: tuple[Any, ...] | None = None
        self.drawn_log: tuple[str, ...] | None = None

    def show(self, view: EventView, runs: bool) -> None:
        self._earlier(view, runs)
        if view.words.corrections != self.drawn_log:
            self.drawn_log = view.words.corrections
            self.log_region.set_visibility(bool(view.words.corrections))
            self.log.clear()
            with self.log:
                for line in view.words.corrections:
                    ui.label(line)

    def _earlier(self, view: EventView, runs: bool) -> None:
        shown = (runs, tuple(p for p in view.pairings if p.round < view.event.round))
        if shown == self.drawn:
            return
        self.drawn = shown
        self.earlier.clear()
        rounds = sorted({p.round for p in view.pairings if p.round < view.event.round})
        self.region.set_visibility(bool(rounds))
        with self.earlier:
            for n in rounds:
                ui.label(f"Round {n}").classes("text-bold")
                for p in (p for p in view.pairings if p.round == n):
                    with ui.row().classes("items-center gap-3"):
                        ui.label(f"Table {p.table}: {p.words.line}")
                        if p.game_id and p.watch:
                            named(ui.link("Result", f"/result/{p.game_id}/{p.watch}").classes("p-3"),
                                  f"Result of round {n}, table {p.table}")
                        if runs and p.player_b is not None:
                            correct_button(p, self.forms)


def correct_button(p: Pairing, forms: ResultForms) -> None:
    """The organiser's result form: a waiting or disputed report fills it, with the dispute's reason shown."""
    finished = p.result is not None and p.result.finished
    words = "Correct the result" if finished else "Enter the result"
    start, said = (None, "") if finished else (from_report(p), report_said(p.words))
    named(ui.button(words, icon="edit_note",
                    on_click=lambda: forms.open_result(p, as_organiser=True, start=start, said=said))
          .props("no-caps outline"), f"{words} of round {p.round}, table {p.table}")


def _organiser_links(p: Pairing) -> None:
    links = p.links or {}
    for key, words in (("table", "table link"), ("seat1", f"{p.name_a}'s link"), ("seat2", f"{p.name_b}'s link")):
        if links.get(key):
            named(ui.link(words, f"/table/{p.game_id}/{links[key]}").classes("p-3"), f"Table {p.table}: {words}")


def _table_row_box() -> ui.column:
    return ui.column().classes("w-full gap-1")
