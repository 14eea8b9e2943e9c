"""One edition of an event per change (DESIGN.md "An event is read like a game"): the event read once, its games
at once (``EventAccess.tables``), and built into the public event view with its words, its round timer and what its
game pages show. Every screen of the event draws it: the event page, a player's game page, the hall screen (a
projection of it) and the API; a signed-in person's own links and lists are laid over it from what the edition
holds (``seen_by``), never by reading the event again.

What only some may read (each table's links, the co-organisers' emails, the venue link, lists before they are
published) stays in the edition's rows, out of the public view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from models.db.tables import Event, EventPairing, EventPlayer
from models.rules.tournament.hook import Known
from models.rules.tournament.round_timer import RoundTimer
from models.service.accounts import Me
from models.service.events.access import links_for, runs
from models.service.events.records import Entrant, EventView, GameTable, Pairing

ListTexts = Callable[[EventPlayer], tuple[str, ...]]  # a player's lists as text


@dataclass(frozen=True, eq=False)
class EventEdition:
    view: EventView  # as anyone reads it: nobody's links, the lists as text once published
    timer: RoundTimer | None  # the newest round's timer (None: not started for it)
    known: dict[str, Known]  # what each table's game in the app has counted, by game id
    event: Event  # the rows it was built from, for what only some may read
    pairings: Sequence[EventPairing]
    players: Sequence[EventPlayer]
    list_texts: ListTexts
    _texts: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def seen_by(self, me: Me | None) -> EventView:
        """The view as ``me`` reads it: the organisers get every table's links, the co-organisers' emails and the
        venue link; a player their own seat link; both the lists as text they may read (the organisers every
        player's, a player their own)."""
        if me is None:
            return self.view
        organises = runs(self.event, me)
        if not organises and all(me.id not in (t.player_a, t.player_b) for t in self.pairings) and \
                all(p.account_id != me.id for p in self.players):
            return self.view  # a stranger reads what anyone reads
        info = self.view.event
        if organises:
            info = replace(info, co_organisers=tuple(self.event.co_organisers), venue=self.event.venue_token)
        pairings = tuple(_with_links(p, t, self.event, me) for p, t in zip(self.view.pairings, self.pairings,
                                                                             strict=True))
        players = self.view.players
        if not self.event.lists_published:
            players = tuple(self._with_texts(e, p) if organises or p.account_id == me.id else e
                            for e, p in zip(players, self.players, strict=True))
        return replace(self.view, event=info, pairings=pairings, players=players)

    def table_of_game(self, game_id: str, me: Me | None = None) -> GameTable | None:
        """The table ``game_id`` is played at, as ``me`` reads it (None: no table of this event)."""
        shown = self.seen_by(me)
        found = next((p for p in shown.pairings if p.game_id == game_id), None)
        if found is None:
            return None
        return GameTable(event_id=self.event.id, event_name=self.event.name, pairing=found, names=shown.names,
                         known=self.known.get(game_id))

    def result_of_game(self, game_id: str) -> dict[str, Any] | None:
        """The event's part of a game's result for tournament software (``result_record``); None: no table of
        this event."""
        found = self.table_of_game(game_id)
        return None if found is None else result_record(found)

    def _with_texts(self, e: Entrant, p: EventPlayer) -> Entrant:
        if p.account_id not in self._texts:
            self._texts[p.account_id] = self.list_texts(p)
        return replace(e, list_texts=self._texts[p.account_id])


def _with_links(p: Pairing, t: EventPairing, event: Event, me: Me) -> Pairing:
    links = links_for(t, event, me)
    return p if links is None else replace(p, links=links)


def result_record(found: GameTable) -> dict[str, Any]:
    """The event's part of a game's result for tournament software: the event, round and table, the table's result
    as the event counts it (a confirmed report or the organiser's entry counts where the game in the app has none)
    and a report still waiting or disputed."""
    p, r = found.pairing, found.pairing.result

    def name(who: str | None) -> str | None:
        return found.names.get(who) if who else None

    counted = None if r is None or not r.finished else {
        "winner_name": name(r.winner), "how": r.how, "provenance": r.provenance,
        "control_points": list(r.control_points or (0, 0)),
        "army_points_destroyed": list(r.army_points_destroyed or (0, 0)),
        "army_points_in_scenario_elements": list(r.army_points_in_scenario_elements or (0, 0))}
    waiting = None if r is None or r.report is None or r.finished else {
        "status": r.report, "by": name(r.reported_by), "winner_name": name(r.report_winner), "how": r.report_how,
        "control_points": list(r.report_control_points or (0, 0))}
    return {"id": found.event_id, "name": found.event_name, "round": p.round, "table": p.table,
            "result": counted, "report": waiting}
