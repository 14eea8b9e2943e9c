"""The event view (DESIGN.md "An event is read like a game"): an event's facts, its players, its tables with each
result as the event counts it, its standings and the organiser's corrections, built from one read of the event's
rows and one batched read of its games (``EventAccess.tables``). Every part of the event services answers with
these records (``records.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from models.db.event_repository import EventRepository
from models.db.result_repository import ResultRepository
from models.db.tables import Event, EventPairing, EventPlayer
from models.rules import tournament_of
from models.rules.tournament.hook import Tournament
from models.rules.tournament.round_timer import timer_of
from models.rules.tournament.standings import Finished, Standing
from models.service.accounts import Me
from models.service.events.access import LEFT, EventAccess, TableFacts, aware, links_for, pairing_id, runs
from models.service.events.edition import EventEdition
from models.service.events.records import Correction, Entrant, EventInfo, EventView, Pairing, TableResult
from models.service.events.words import worded
from models.service.lists import ListService


class EventViews:
    def __init__(self, access: EventAccess, repo: EventRepository, rows: ResultRepository,
                 lists: ListService) -> None:
        """Events and their tables read through ``access`` and ``repo``, the corrections through ``rows``; lists
        shown as text against the catalog of ``lists``."""
        self.access = access
        self.repo = repo
        self.rows = rows
        self.lists = lists

    def edition(self, event_id: str) -> EventEdition:
        """The event as every screen of it shows it after a change: read once, its games at once, and built into
        the public view with its words (``EventEdition``; ``seen_by`` lays a person's own links over it)."""
        event = self.access.event(event_id)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        names = {p.account_id: p.name or LEFT for p in players}
        found = self.access.tables(event_id, pairings)
        hook = tournament_of(event.system)
        view = worded(EventView(
            event=self.info(event, players, pairings, found), pairings=tuple(self.pairing(t, names, found)
                                                                             for t in pairings),
            players=tuple(self.entrant(hook, p, texts=event.lists_published) for p in players),
            standings=tuple(self.standings(hook, players, pairings, found)), names=names,
            corrections=tuple(self.corrections(event, pairings))))
        known = {t.game_id: facts.game.known for t in pairings if t.game_id is not None
                 and (facts := found[pairing_id(t)]).game is not None}
        return EventEdition(view=view, timer=timer_of(event.round_timer, max((t.round for t in pairings), default=0)),
                            known=known, event=event, pairings=pairings, players=players,
                            list_texts=lambda p: self.list_texts(hook, p))

    def event(self, event_id: str, me: Me | None = None) -> EventView:
        """The event with its players, tables and standings; links as ``me`` may hold them (None: nobody
        signed in, the watch links only), and the lists as text where ``me`` may read them (the organisers; a
        player their own; everyone once the lists are published)."""
        return self.edition(event_id).seen_by(me)

    def info(self, event: Event, players: Sequence[EventPlayer], pairings: Sequence[EventPairing],
             found: dict[int, TableFacts] | None = None, me: Me | None = None) -> EventInfo:
        """The event's facts; its co-organisers' emails and its venue sign-up link only for ``me`` when ``me`` runs
        it."""
        done = max((t.round for t in pairings), default=0)
        status = event.status
        if done == event.rounds:
            found = self.access.tables(event.id, pairings) if found is None else found
            last = [t for t in pairings if t.round == done and t.game_id is not None]
            if all(found[pairing_id(t)].settled is not None for t in last):
                status = "finished"
        return EventInfo(id=event.id, name=event.name, day=event.day, system=event.system,
                         game_size=event.game_size, rounds=event.rounds, lists_per_player=event.lists_per_player,
                         deadline=aware(event.deadline), status=status, organiser=event.organiser or "",
                         organiser_name=self.repo.organiser_name(event.organiser) if event.organiser else LEFT,
                         players=len([p for p in players if not p.dropped]), round=done,
                         lists_locked=self.access.locked(event), clock_minutes=event.clock_minutes,
                         tables=event.tables,
                         co_organisers=tuple(event.co_organisers) if me is not None and runs(event, me) else (),
                         lists_published=event.lists_published,
                         read_only=event.organiser is None, time_zone=event.time_zone, seed=event.seed,
                         next_round_at=aware(event.next_round_at) if event.next_round_at else None,
                         venue=event.venue_token if me is not None and runs(event, me) else None)

    def fresh_info(self, event: Event, me: Me) -> EventInfo:
        """The event's facts as ``me`` reads them, its players and tables read again (after a change)."""
        return self.info(event, self.repo.players(event.id), self.repo.pairings(event.id), me=me)

    def entrant(self, hook: Tournament, p: EventPlayer, texts: bool = True) -> Entrant:
        """A player as the service shows them; ``texts``: with their lists as text."""
        return Entrant(account=p.account_id, name=p.name or LEFT,
                       lists=tuple(str(x.get("title", "")) for x in p.lists), dropped=p.dropped, walk_in=p.walk_in,
                       left=p.left, checked_in=p.checked_in, drop_reason=p.drop_reason,
                       dropped_round=p.dropped_round, lists_status=p.lists_status or ("checked" if p.lists else ""),
                       lists_note=p.lists_note, list_texts=self.list_texts(hook, p) if texts else (), club=p.club)

    def list_texts(self, hook: Tournament, p: EventPlayer) -> tuple[str, ...]:
        """A player's lists as text."""
        cards = self.lists.cards()
        return tuple(hook.list_text(x, cards) if x.get("army") else "" for x in p.lists)

    def standings(self, hook: Tournament, players: Sequence[EventPlayer], pairings: Sequence[EventPairing],
                  found: dict[int, TableFacts]) -> list[Standing]:
        """Every player who plays or played, ranked by the system's hook: a player dropped before any round is left
        out."""
        paired = {t.player_a for t in pairings} | {t.player_b for t in pairings}
        players = [p for p in players if not p.dropped or p.account_id in paired]
        finished = []
        for t in pairings:
            if not t.published:
                continue  # a drafted round counts for nothing yet
            if t.player_b is None:
                finished.append(Finished(a=t.player_a, b=None, winner=t.player_a))
                continue
            counted = found[pairing_id(t)].settled
            if counted is None:
                continue
            finished.append(Finished.of(t.player_a, t.player_b, counted.score))
        return hook.standings([p.account_id for p in players], finished)

    def pairing(self, t: EventPairing, names: dict[str, str], found: dict[int, TableFacts], event: Event | None = None,
                me: Me | None = None) -> Pairing:
        """A table as ``me`` reads it, of ``event``: the organisers get every link, its players their own (none
        without ``me``)."""
        result = None
        if t.game_id is not None:
            result = _table_result(t, found[pairing_id(t)])
        links = links_for(t, event, me) if event is not None else None
        return Pairing(round=t.round, table=t.table_no, player_a=t.player_a, name_a=names.get(t.player_a, ""),
                       player_b=t.player_b, name_b=names.get(t.player_b, "") if t.player_b else None,
                       game_id=t.game_id, watch=str(t.links["watch"]) if t.game_id else None, result=result,
                       links=links, scenario=t.scenario, published=t.published)

    def corrections(self, event: Event, pairings: Sequence[EventPairing]) -> list[Correction]:
        """The correction log of ``event`` whose tables are ``pairings`` (as read with them: one more query, two
        when it holds anything)."""
        rows = self.rows.corrections(event.id)
        if not rows:
            return []
        tables = {pairing_id(t): t for t in pairings}
        name = self.repo.organiser_name(event.organiser) if event.organiser else ""
        out = []
        for c in rows:
            t = tables.get(c.pairing_id)
            if t is not None:
                by = name if c.by == event.organiser else "a co-organiser"
                out.append(Correction(round=t.round, table=t.table_no, by=by, at=c.at, before=c.before,
                                      after=c.after, note=c.note))
        return out


def _table_result(t: EventPairing, facts: TableFacts) -> TableResult:
    players = (t.player_a, t.player_b)
    counted = facts.settled
    score = counted.score if counted else None
    report = facts.report
    return TableResult(
        finished=counted is not None,
        winner=players[score.winner] if score is not None and score.winner is not None else None,
        how=score.how if score else None, game_round=facts.game.round if facts.game else 0,
        provenance=counted.provenance.value if counted else None,
        control_points=score.control_points if score else None,
        army_points_destroyed=score.destroyed if score else None,
        army_points_in_scenario_elements=score.elements if score else None,
        report=report.status.value if report else None,
        reported_by=players[report.by] if report else None,
        report_winner=players[report.score.winner] if report and report.score.winner is not None else None,
        report_how=report.score.how if report else None,
        note=facts.row.note if facts.row is not None else "",
        report_control_points=report.score.control_points if report else None,
        report_army_points_destroyed=report.score.destroyed if report else None,
        report_army_points_in_scenario_elements=report.score.elements if report else None)
