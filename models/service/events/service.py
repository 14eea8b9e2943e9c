"""Events: an organiser's Swiss tournament of one game system's games, asked of the system's tournament hook.

An account creates an event (``settings``); accounts register (``players``) and submit copies of their saved lists
(``lists``), which lock at the deadline or when round 1 is paired, whichever comes first. The organiser pairs each
round (``rounds``): each table opens a tournament game through GameService, its links kept on the table and in each
player's ``account_game``. Results are never copied: standings read each game's result when asked, ranked by the
system's hook; results from outside the app are ``results``.

Events are public: anyone reads the players, the tables with their watch links, and the standings (``event``, the
event view). A seat link goes only to its player, and every table's links to the organiser.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import Engine

from models.db.event_links import players_links
from models.db.event_repository import EventRepository
from models.db.result_repository import ResultRepository
from models.rules import tournament_of
from models.rules.tournament.standings import Standing
from models.service.accounts import Me
from models.service.events.access import LEFT, EventAccess, pairing_id, wall_clock
from models.service.events.edition import EventEdition, result_record
from models.service.events.lists import EventLists
from models.service.events.records import EventInfo, EventView, GameTable, MyGame
from models.service.events.registrations import Registrations
from models.service.events.results import ResultService
from models.service.events.rounds import RoundService
from models.service.events.settings import EventSettings
from models.service.events.view import EventViews
from models.service.events.words import table_said
from models.service.games import GameService
from models.service.lists import ListService

EVENTS_SHOWN = 200


class EventService:
    """The site's events, as the pages and the API reach them: the reads here, each kind of change in its part."""

    def __init__(self, engine: Engine, games: GameService, now: Callable[[], datetime] = wall_clock) -> None:
        """Events are stored through their own repositories on ``engine``; games open through ``games``."""
        self.repo = EventRepository(engine)
        rows = ResultRepository(engine)
        saved = ListService(engine, games)
        self.access = EventAccess(self.repo, rows, games, now)
        self.views = EventViews(self.access, self.repo, rows, saved)
        self.settings = EventSettings(self.access, self.repo, self.views)
        self.players = Registrations(self.access, self.repo, self.views, saved)
        self.lists = EventLists(self.access, self.repo, self.views, saved)
        self.rounds = RoundService(self.access, self.repo, self.views)
        self.results = ResultService(self.access, self.repo, rows, self.views)

    def events(self) -> list[EventInfo]:
        """Every event, newest day first (public)."""
        return [self.views.info(event, self.repo.players(event.id), self.repo.pairings(event.id))
                for event in self.repo.events(EVENTS_SHOWN)]

    def event(self, event_id: str, me: Me | None = None) -> EventView:
        """The event view as ``me`` reads it (``EventViews.event``)."""
        return self.views.event(event_id, me)

    def edition(self, event_id: str) -> EventEdition:
        """The event as every screen of it shows it after a change, read once (``EventViews.edition``)."""
        return self.views.edition(event_id)

    def check_runs(self, me: Me, event_id: str) -> None:
        """Refused unless ``me`` runs the event (its organiser or a co-organiser) and it still has an organiser."""
        self.access.check_organiser(me, self.access.event(event_id))

    def my_game(self, me: Me, event_id: str) -> MyGame | None:
        """``me``'s table in the newest round, with ``me``'s own seat link (None: not paired in it)."""
        self.access.event(event_id)
        pairings = self.repo.pairings(event_id)
        newest = max((t.round for t in pairings), default=0)
        names = {p.account_id: p.name for p in self.repo.players(event_id)}
        for t in pairings:
            if t.round == newest and me.id in (t.player_a, t.player_b):
                seat = "seat1" if t.player_a == me.id else "seat2"
                other = t.player_b if seat == "seat1" else t.player_a
                links = players_links(t.links, seat) if t.game_id else {}
                return MyGame(round=t.round, table=t.table_no, opponent=names.get(other) if other else None,
                              game_id=t.game_id, links=links)
        return None

    def table_of_game(self, game_id: str, me: Me | None = None) -> GameTable | None:
        """The event table a game is played at, with its result as the event counts it and ``me``'s links (None:
        the game is no event's); what the game in the app knows of the numbers comes with it. One table is read:
        a page opening uses it, a live page takes the table from the event's edition (``EventEdition``)."""
        t = self.repo.pairing_of_game(game_id)
        if t is None:
            return None
        event = self.access.event(t.event_id)
        names = {p.account_id: p.name or LEFT for p in self.repo.players(event.id)}
        found = self.access.tables(event.id, [t])
        game = found[pairing_id(t)].game
        pairing = self.views.pairing(t, names, found, event, me)
        said = table_said(pairing, names, self.views.corrections(event, [t]))
        return GameTable(event_id=event.id, event_name=event.name, pairing=replace(pairing, words=said), names=names,
                         known=game.known if game is not None else None)

    def result_of_game(self, game_id: str) -> dict[str, Any] | None:
        """The event's part of a game's result for tournament software (None: no event's game): the event, round
        and table, the table's result as the event counts it and a report still waiting or disputed."""
        found = self.table_of_game(game_id)
        return None if found is None else result_record(found)

    def standings(self, event_id: str) -> list[Standing]:
        event = self.access.event(event_id)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        return self.views.standings(tournament_of(event.system), players, pairings,
                                    self.access.tables(event_id, pairings))

    def name(self, event_id: str) -> str:
        """The event's name (downloads are named after it)."""
        return self.access.event(event_id).name

    def standings_csv(self, event_id: str) -> str:
        """The standings as CSV (rank, player, wins, then the tiebreakers in order)."""
        names = {p.account_id: p.name or LEFT for p in self.repo.players(event_id)}
        rows = self.standings(event_id)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", "player", "wins", "strength_of_schedule", "control_points",
                         "army_points_destroyed", "army_points_in_scenario_elements", "played", "byes"])
        for s in rows:
            writer.writerow([s.rank, _cell(names.get(s.player, "")), s.wins, s.strength_of_schedule,
                             s.control_points, s.army_points_destroyed, s.army_points_in_scenario_elements,
                             s.played, s.byes])
        return out.getvalue()


def _cell(text: str) -> str:
    """A typed name as a CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
