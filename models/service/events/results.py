"""Results of an event's tables from outside the app: a player reports a table's result, the opponent confirms or
disputes it, and the organiser enters or corrects any table's result, each correction logged with who, when, and the
result before and after (decisions in ``models.rules.tournament.table_results``; a round's stage in
``models.rules.tournament.rounds``).

Only the two players of a table report, confirm or dispute it, and only while its round is open; only the organiser
enters or corrects, in any round. A table's row changes only at the version its writer read, so two answers at
once cannot both count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from models.db.event_repository import EventRepository
from models.db.result_repository import ResultRepository
from models.db.tables import Event, EventPairing, ResultCorrection, ResultReport
from models.rules import tournament_of
from models.rules.text import clean_text
from models.rules.tournament import table_results
from models.rules.tournament.rounds import Act, Stage, check, stage
from models.rules.tournament.table_results import Provenance, Score
from models.service.accounts import Me
from models.service.errors import EventError, Forbidden, NoSuchEvent
from models.service.events.access import NOTE_MAX, EventAccess, TableFacts, pairing_id
from models.service.events.clock import stop_clock
from models.service.events.records import Correction
from models.service.events.view import EventViews


@dataclass(frozen=True)
class ScoreIn:
    """A result as a person gives it: the winner's account id (None: a draw), how, and each player's numbers in
    the table's order (its first player's, then its second's)."""

    winner: str | None
    how: str
    control_points: tuple[int, int] = (0, 0)
    army_points_destroyed: tuple[float, float] = (0, 0)
    army_points_in_scenario_elements: tuple[float, float] = (0, 0)


class ResultService:
    def __init__(self, access: EventAccess, repo: EventRepository, rows: ResultRepository,
                 views: EventViews) -> None:
        """An event's tables' results: events read through ``access``, stored through ``repo`` (events') and
        ``rows`` (results'), the corrections read as ``views`` shows them."""
        self.access = access
        self.repo = repo
        self.rows = rows
        self.views = views

    def report(self, me: Me, event_id: str, round_no: int, table_no: int, result: ScoreIn) -> None:
        """One of the table's players reports its result; the opponent confirms or disputes it."""
        event, t, side, facts = self._as_player(me, event_id, round_no, table_no)
        score = _score(t, result)
        made = table_results.report(facts.report, side, score, facts.settled,
                                    lead=tournament_of(event.system).scenario_lead(t.scenario))
        self._save(t, facts.row, status=made.status.value, reported_by=made.by,
                   report=made.score.to_json(), note="")

    def answer(self, me: Me, event_id: str, round_no: int, table_no: int, agree: bool, note: str = "") -> None:
        """The reporter's opponent confirms the report (``agree``) or disputes it, saying why in ``note`` (the
        organiser settles it from that reason, so a dispute without one is refused)."""
        _, t, side, facts = self._as_player(me, event_id, round_no, table_no)
        note = clean_text(note, "note", NOTE_MAX, empty_ok=True)
        if not agree and not note:
            raise EventError("event.dispute_reason", "Say why you dispute the report: the organiser reads it to "
                                                     "settle the result.")
        made = table_results.answer(facts.report, side, agree)
        self._save(t, facts.row, status=made.status.value, reported_by=made.by, report=made.score.to_json(),
                   note=note if not agree else "")
        if agree:
            stop_clock(self.access.games, t.game_id)

    def accept(self, me: Me, event_id: str, round_no: int, table_no: int) -> None:
        """The organiser accepts a table's report as it stands, waiting or disputed: it counts as confirmed (a
        walk-in has no account to confirm with). Logged with who and when, as an entry is."""
        _, t, facts = self._as_organiser(me, event_id, round_no, table_no)
        if facts.settled is not None:
            raise EventError("event.result_counts", "This table's result counts already: correct it instead.")
        made = table_results.accept(facts.report)
        row = facts.row
        assert row is not None  # a report is stored in it
        correction = ResultCorrection(event_id=event_id, pairing_id=pairing_id(t), by=me.id, before=None,
                                      after=made.score.to_json() | {"provenance": Provenance.CONFIRMED.value,
                                                                   "reported_by": made.by},
                                      note="")
        self._save(t, row, correction=correction, status=made.status.value, reported_by=made.by,
                   report=made.score.to_json(), note=row.note)
        stop_clock(self.access.games, t.game_id)

    def enter(self, me: Me, event_id: str, round_no: int, table_no: int, result: ScoreIn, note: str = "") -> None:
        """The organiser enters or corrects a table's result, in any round; the correction log keeps who, when, and
        the result before and after."""
        event, t, facts = self._as_organiser(me, event_id, round_no, table_no)
        note = clean_text(note, "note", NOTE_MAX) if note else ""
        score = _score(t, result)
        table_results.check_score(score, lead=tournament_of(event.system).scenario_lead(t.scenario))
        before = facts.settled.score.to_json() | {"provenance": facts.settled.provenance.value} \
            if facts.settled else None
        after = score.to_json() | {"provenance": table_results.Provenance.ORGANISER.value}
        row = facts.row
        correction = ResultCorrection(event_id=event_id, pairing_id=pairing_id(t), by=me.id, before=before, after=after,
                                      note=note)
        self._save(t, row, entered=score.to_json(), correction=correction,
                   status=row.status if row else None, reported_by=row.reported_by if row else None,
                   report=row.report if row else None, note=row.note if row else "")
        stop_clock(self.access.games, t.game_id)

    def corrections(self, event_id: str) -> list[Correction]:
        """Every entry and correction the organiser made, oldest first (public, as the standings are)."""
        event = self.access.event(event_id)
        return self.views.corrections(event, self.repo.pairings(event_id))

    # -- internals -------------------------------------------------------------------------------------------
    def _as_player(self, me: Me, event_id: str, round_no: int,
                   table_no: int) -> tuple[Event, EventPairing, int, TableFacts]:
        """The event, the table, ``me``'s side at it and what is known of its result; refused unless ``me`` plays
        there and its round takes reports."""
        event = self.access.event(event_id)
        pairings = self.repo.pairings(event_id)
        t = _table(pairings, round_no, table_no)
        if me.id not in (t.player_a, t.player_b):
            raise Forbidden(f"Only the two players of table {table_no} report, confirm or dispute its result.")
        if t.player_b is None:
            raise EventError("event.bye", "A bye has no result to report: it counts as a win.")
        facts = self.access.tables(event_id, [t])[pairing_id(t)]
        check(_stage_of(t, pairings, True), Act.REPORT, round_no)
        return event, t, 0 if me.id == t.player_a else 1, facts

    def _as_organiser(self, me: Me, event_id: str, round_no: int,
                      table_no: int) -> tuple[Event, EventPairing, TableFacts]:
        """The event, the table and what is known of its result; refused unless ``me`` runs the event (the
        organiser corrects in any round)."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        pairings = self.repo.pairings(event_id)
        t = _table(pairings, round_no, table_no)
        facts = self.access.tables(event_id, [t])[pairing_id(t)]
        check(_stage_of(t, pairings, facts.settled is not None), Act.CORRECT, round_no)
        return event, t, facts

    def _save(self, t: EventPairing, row: ResultReport | None, *, correction: ResultCorrection | None = None,
              entered: dict[str, Any] | None = None, **values: Any) -> None:
        new = ResultReport(pairing_id=pairing_id(t), event_id=t.event_id,
                           entered=entered if entered is not None else (row.entered if row else None), **values)
        if not self.rows.save(new, row.version if row else None, correction):
            raise EventError("event.result_changed", "This table's result changed a moment ago: look again.")


def _table(pairings: Sequence[EventPairing], round_no: int, table_no: int) -> EventPairing:
    found = next((t for t in pairings if t.round == round_no and t.table_no == table_no), None)
    if found is None:
        raise NoSuchEvent(f"Round {round_no} has no table {table_no}.")
    return found


def _stage_of(t: EventPairing, pairings: Sequence[EventPairing], started: bool) -> Stage:
    return stage(published=True, started=started, next_paired=any(p.round > t.round for p in pairings))


def _score(t: EventPairing, given: ScoreIn) -> Score:
    """The score in the table's sides; a winner who does not play at the table is refused."""
    if given.winner is not None and given.winner not in (t.player_a, t.player_b):
        raise EventError("event.winner_elsewhere", "The winner plays at this table: pick one of its two players.")
    winner = None if given.winner is None else (0 if given.winner == t.player_a else 1)
    return Score(winner=winner, how=given.how, control_points=given.control_points,
                 destroyed=given.army_points_destroyed, elements=given.army_points_in_scenario_elements)
