"""What every part of the event services shares: finding an event, who may run it, whether its lists are locked,
what is known of each table's result, and opening a round's games through GameService. Every other part builds on
this; it knows none of them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from models.db.event_links import OWN, organisers_links, players_links
from models.db.event_repository import EventRepository
from models.db.result_repository import ResultRepository
from models.db.tables import AccessToken, AccountGame, Event, EventPairing, EventPlayer, ResultReport
from models.rules import tournament_of
from models.rules.tournament.hook import Known, Opening
from models.rules.tournament.table_results import Report, ReportStatus, Score, Settled, settled
from models.service.access import hash_token, new_token
from models.service.accounts import Me
from models.service.errors import EventError, Forbidden, NoSuchEvent
from models.service.games import GameService, Prepared

LEFT = "a player who left"  # the name shown for a deleted account's row
PLAYERS_MAX = 64
NOTE_MAX = 200  # the organiser's note on a player's lists, a result's correction, a dispute's reason
OUTCOMES_KEPT = 1024  # games' outcomes kept in memory: every table of 16 events of 64 tables


def wall_clock() -> datetime:
    return datetime.now(UTC)


def aware(when: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class EventAccess:
    def __init__(self, repo: EventRepository, rows: ResultRepository, games: GameService,
                 now: Callable[[], datetime] = wall_clock) -> None:
        """Events read through ``repo``, their tables' results through ``rows``; games open through ``games``;
        ``now`` is the time deadlines are held against."""
        self.repo = repo
        self.rows = rows
        self.games = games
        self.now = now
        self.outcomes = Outcomes()

    def event(self, event_id: str) -> Event:
        """The stored event; an unknown id answers NoSuchEvent."""
        event = self.repo.get(event_id) if event_id and len(event_id) <= 32 else None
        if event is None:
            raise NoSuchEvent()
        return event

    def check_organiser(self, me: Me, event: Event) -> None:
        """The organiser or a co-organiser, of an event that still has one."""
        self.check_running(event)
        if not runs(event, me):
            raise Forbidden("Only the event's organiser can do this.")

    def check_running(self, event: Event) -> None:
        """Refused once the event has no organiser left (it is read only)."""
        if event.organiser is None:
            raise EventError("event.read_only", "This event's organiser left the site: the event can be read, "
                                                "not changed.")

    def player(self, event_id: str, player_id: str) -> EventPlayer:
        """A registered player of the event; refused when there is none of that id."""
        player = self.repo.player(event_id, player_id[:32])
        if player is None:
            raise EventError("event.not_registered", "That player is not registered for this event.")
        return player

    def check_open(self, event: Event, verb: str) -> None:
        """Refused once round 1 is paired (``verb`` says what came too late)."""
        if event.status != "open":
            raise EventError("event.started", f"Round 1 is paired: it is too late to {verb}.")

    def locked(self, event: Event) -> bool:
        """Whether the event's lists are locked: at the deadline, or once round 1 is paired."""
        return event.status != "open" or aware(event.deadline) <= self.now()

    def tables(self, event_id: str, pairings: Sequence[EventPairing]) -> dict[int, TableFacts]:
        """What is known of each table's result, by pairing id: what its game has counted and its own result, the
        players' report and the organiser's entry, and the result that counts of these. The games are read at
        once: one read of their versions, and a game's outcome is worked out once per version it reaches."""
        games = self.games_at(t.game_id for t in pairings if t.game_id is not None)
        reports = self.rows.reports(event_id)
        out = {}
        for t in pairings:
            game = games.get(t.game_id or "")
            row = reports.get(pairing_id(t))
            report = _report(row)
            entered = Score.from_json(row.entered) if row is not None and row.entered else None
            out[pairing_id(t)] = TableFacts(game=game, report=report, row=row,
                                            settled=settled(game.score if game else None, report, entered))
        return out

    def games_at(self, game_ids: Iterable[str]) -> dict[str, Counted]:
        """What each existing game of ``game_ids`` has counted now, by its id, from one read of their versions."""
        found = {}
        for game_id, version in self.games.versions(set(game_ids)).items():
            played = self.outcomes.get(game_id, version)
            if played is None:
                version, state = self.games.state_at(game_id, version)
                hook = tournament_of(state.system)
                played = Counted(score=hook.score(state), round=state.round, known=hook.known(state))
                self.outcomes.keep(game_id, version, played)
            found[game_id] = played
        return found

    def open_games(self, event: Event, rows: Sequence[EventPairing],
                   by_id: dict[str, EventPlayer]) -> tuple[list[AccountGame], list[Any]]:
        """Open a game for each table of ``rows`` (byes aside), setting each row's game and links: each player's
        link to it (players with an account: their seat link is their own, the organisers get another), and the
        games' own rows, for the caller to store with the round in one transaction."""
        games: list[AccountGame] = []
        opened: list[Any] = []
        name_max = tournament_of(event.system).name_max
        for row in rows:
            if row.player_b is None:
                continue
            game = self._open_game(event, row.round, row.table_no, row.scenario, by_id[row.player_a],
                                   by_id[row.player_b])
            opened += game.rows
            row.game_id = game.game_id
            row.links = {"title": f"{event.name} R{row.round} T{row.table_no}"[:name_max], **game.tokens}
            for who, seat in ((row.player_a, "seat1"), (row.player_b, "seat2")):
                if has_account(by_id[who]):  # the organisers hold a copy of their own: it can end apart
                    row.links[OWN + seat], row.links[seat] = row.links[seat], new_token()
                    opened.append(AccessToken(hash=hash_token(row.links[seat]), game_id=row.game_id, role="seat",
                                              seat=int(seat[-1]) - 1))
                    games.append(AccountGame(account_id=who, game_id=row.game_id,
                                             links=players_links(row.links, seat)))
        return games, opened

    def _open_game(self, event: Event, round_no: int, table: int, scenario: str, a: EventPlayer,
                   b: EventPlayer) -> Prepared:
        """A tournament game for one table at ``scenario``, each side's lists given from the submitted copies (as
        the event's system opens one), made in memory: the round stores it with its tables."""
        hook = tournament_of(event.system)
        setup, then = hook.open_game(Opening(
            title=f"{event.name} R{round_no} T{table}"[:hook.name_max], names=(a.name or LEFT, b.name or LEFT),
            lists=(a.lists, b.lists), pairs=event.lists_per_player == 2, clock_minutes=event.clock_minutes,
            scenario=scenario))
        return self.games.prepare(setup, then)


def runs(event: Event, me: Me) -> bool:
    """Whether ``me`` organises ``event`` (as its organiser or a co-organiser)."""
    return event.organiser is not None and (me.id == event.organiser or me.email in event.co_organisers)


def links_for(t: EventPairing, event: Event, me: Me | None) -> dict[str, str] | None:
    """A table's links as ``me`` may hold them: those who run the event every one, its players their own seat link
    and the watch link; None: none (nobody signed in, anyone else, or no game yet)."""
    if me is None or t.game_id is None:
        return None
    if runs(event, me):
        return organisers_links(t.links)
    if me.id in (t.player_a, t.player_b):
        return players_links(t.links, "seat1" if me.id == t.player_a else "seat2")
    return None


def has_account(p: EventPlayer) -> bool:
    return not p.walk_in and not p.left


@dataclass(frozen=True)
class Counted:
    """What a table's game has counted at one of its versions: its own result as a table's score (None: not over),
    its round, and the numbers a report starts from."""

    score: Score | None
    round: int
    known: Known


class Outcomes:
    """Games' outcomes by game and version, the newest ``most`` kept: an event read works a game out again only
    once it changed. Shared by the threads that read events."""

    def __init__(self, most: int = OUTCOMES_KEPT) -> None:
        self.most = most
        self._kept: OrderedDict[str, tuple[int, Counted]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, version: int) -> Counted | None:
        with self._lock:
            kept = self._kept.get(game_id)
            return kept[1] if kept is not None and kept[0] == version else None

    def keep(self, game_id: str, version: int, played: Counted) -> None:
        with self._lock:
            self._kept[game_id] = (version, played)
            self._kept.move_to_end(game_id)
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)


@dataclass(frozen=True)
class TableFacts:
    game: Counted | None  # None: no game (a bye, a drafted round) or its game is gone
    report: Report | None
    row: ResultReport | None
    settled: Settled | None


def pairing_id(t: EventPairing) -> int:
    """A stored pairing's id."""
    assert t.id is not None  # a stored pairing
    return t.id


def _report(row: ResultReport | None) -> Report | None:
    if row is None or row.report is None or row.status is None or row.reported_by is None:
        return None
    return Report(by=row.reported_by, status=ReportStatus(row.status), score=Score.from_json(row.report))
