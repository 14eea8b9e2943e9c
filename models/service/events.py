"""Events (issue 15): an organiser's Swiss tournament of Warmachine games.

An account creates an event; accounts register and submit copies of their saved lists (checked as legal for the
event's game size), which lock at the deadline or when round 1 is paired, whichever comes first. The organiser
pairs each round (``models.rules.swiss``): each table opens a tournament game through GameService, its links kept
on the table and in each player's ``account_game``. With two lists per player the game starts at the Steamroller
list pairs step with both pairs given from the submitted lists, so the players only choose. Results are never
copied: standings read each game's result when asked (``models.rules.warmachine.standings``).

Events are public: anyone reads the players, the tables with their watch links, and the standings. A seat link
goes only to its player, and every table's links to the organiser.
"""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from models.db.event_repository import EventRepository
from models.db.tables import AccountGame, Event, EventPairing, EventPlayer
from models.rules import GameState, RuleViolation, pair_round
from models.rules.match import PairedList
from models.rules.text import clean_text
from models.rules.warmachine.clock import MAX_MINUTES
from models.rules.warmachine.list_model import GAME_SIZES, TITLE_MAX, Army, parse_army
from models.rules.warmachine.list_pairs import GiveListPair
from models.rules.warmachine.pregame import ChooseScenario, RevealLists
from models.rules.warmachine.setup import NAME_MAX
from models.rules.warmachine.standings import Finished, Standing, standings
from models.service.access import Actor
from models.service.accounts import Me, clean_email
from models.service.errors import Forbidden, NoSuchEvent, NotFound
from models.service.games import GameService
from models.service.lists import ListService, unchecked_list
from models.service.results import outcome
from models.service.zones import UTC_NAME, check_zone

NAME_LIMIT = 80
ROUNDS_MAX = 8
PLAYERS_MAX = 64
EVENTS_SHOWN = 200
CO_ORGANISERS_MAX = 5
NOTE_MAX = 200
LIST_TEXT_MAX = 4000
WALK_IN = "w"  # a walk-in's id starts so (account ids are 16 hex digits)
LEFT = "a player who left"  # the name shown for a deleted account's row
TABLE = Actor(role="table")


def wall_clock() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class EventInfo:
    id: str
    name: str
    day: str
    system: str
    game_size: int
    rounds: int
    lists_per_player: int
    deadline: datetime
    status: str  # open (no round paired), running, finished (every round paired and played)
    organiser: str
    organiser_name: str
    players: int
    round: int  # rounds paired so far
    lists_locked: bool
    clock_minutes: int | None  # each game's deathclock, minutes per player (None: the players choose)
    tables: int | None  # tables in the hall (None: as many as a round needs)
    co_organisers: tuple[str, ...]  # emails of those who run it too (shown only to those who run it)
    lists_published: bool  # everyone reads the submitted lists
    read_only: bool  # the organiser's account was deleted and no co-organiser took the event
    time_zone: str = UTC_NAME  # the IANA zone the event's times are shown in (UTC beside them)


@dataclass(frozen=True)
class Entrant:
    account: str  # the player's id in the event: an account's, or a walk-in's
    name: str
    lists: tuple[str, ...]  # the titles of the lists submitted
    dropped: bool  # paired no more (``drop_reason`` says why)
    walk_in: bool = False  # added by the organiser, without an account
    left: bool = False  # the account was deleted: an anonymous row with its results
    checked_in: bool = False
    drop_reason: str = ""  # "no_lists", "not_checked_in" (left out of round 1), "organiser", "player", "dropped"
    dropped_round: int | None = None  # the rounds paired when the player was dropped
    lists_status: str = ""  # "checked", "pending" (for the organiser to judge), "approved", "rejected"
    lists_note: str = ""  # the organiser's note, or what the catalog could not check
    list_texts: tuple[str, ...] = ()  # each list as text, for whom may read it (the organiser; all once published)


@dataclass(frozen=True)
class TableResult:
    finished: bool
    winner: str | None  # the winner's account id (None: a draw, or not finished)
    how: str | None
    game_round: int  # the game's own round (0 while it is set up)


@dataclass(frozen=True)
class Pairing:
    round: int
    table: int
    player_a: str
    name_a: str
    player_b: str | None  # None: a bye
    name_b: str | None
    game_id: str | None
    watch: str | None  # the watch link's token: events are public
    result: TableResult | None  # None for a bye
    links: dict[str, str] | None  # what the reader may hold: the organiser every link, a player their own seat


@dataclass(frozen=True)
class EventView:
    event: EventInfo
    players: tuple[Entrant, ...]
    pairings: tuple[Pairing, ...]
    standings: tuple[Standing, ...]
    names: dict[str, str]  # account id -> the name the player registered with


@dataclass(frozen=True)
class MyGame:
    round: int
    table: int
    opponent: str | None  # None: a bye
    game_id: str | None
    links: dict[str, str]  # {"title", "seat1" or "seat2", "watch"}; empty for a bye


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class EventService:
    def __init__(self, games: GameService, now: Callable[[], datetime] = wall_clock) -> None:
        self.games = games
        self.lists = ListService(games)
        self.repo = EventRepository(games.repo.engine)
        self.now = now

    # -- events ----------------------------------------------------------------------------------------------
    def create(self, me: Me, name: str, day: str, game_size: int, rounds: int, lists_per_player: int,
               deadline: datetime, clock_minutes: int | None = None, tables: int | None = None,
               time_zone: str = UTC_NAME) -> EventInfo:
        """A new event organised by ``me``, its times shown in ``time_zone``; bad input is refused and nothing is
        stored."""
        name = clean_text(name, "event's name", NAME_LIMIT)
        time_zone = check_zone(time_zone)
        try:
            day = date.fromisoformat(day or "").isoformat()
        except ValueError:
            raise RuleViolation("event.day_invalid", "Give the event's day as a date (year-month-day).") from None
        if game_size not in GAME_SIZES:
            raise RuleViolation("event.game_size", "Pick a game size of " + ", ".join(map(str, GAME_SIZES)) +
                                " points.")
        _check_rounds(rounds, 0)
        if lists_per_player not in (1, 2):
            raise RuleViolation("event.lists_per_player", "Each player brings one list or two.")
        event = Event(id=secrets.token_hex(8), organiser=me.id, name=name, day=day, game_size=game_size,
                      rounds=rounds, lists_per_player=lists_per_player, deadline=_aware(deadline),
                      clock_minutes=_clock(clock_minutes), tables=_tables(tables), time_zone=time_zone)
        self.repo.add(event)
        return self._info(event, [], [])

    def edit(self, me: Me, event_id: str, changes: dict[str, Any]) -> EventInfo:
        """The organiser changes the event's ``name``, ``rounds`` (not below those paired), ``deadline`` (while
        round 1 is not paired), ``clock_minutes`` (games opened from then on) or ``tables``; each checked as at
        creation, nothing stored when one is refused."""
        event = self._event(event_id)
        self._check_organiser(me, event)
        unknown = set(changes) - {"name", "rounds", "deadline", "clock_minutes", "tables"}
        if unknown:
            raise RuleViolation("event.edit", "These cannot be changed: " + ", ".join(sorted(unknown)) + ".")
        pairings = self.repo.pairings(event_id)
        if "name" in changes:
            event.name = clean_text(changes["name"], "event's name", NAME_LIMIT)
        if "rounds" in changes:
            _check_rounds(changes["rounds"], max((t.round for t in pairings), default=0))
            event.rounds = changes["rounds"]
        if "deadline" in changes:
            self._check_open(event, "move the list deadline")
            event.deadline = _aware(changes["deadline"])
        if "clock_minutes" in changes:
            event.clock_minutes = _clock(changes["clock_minutes"])
        if "tables" in changes:
            event.tables = _tables(changes["tables"])
        self.repo.save_event(event)
        return self._info(event, self.repo.players(event_id), pairings, me=me)

    def name_co_organiser(self, me: Me, event_id: str, email: str) -> EventInfo:
        """The organisers name a co-organiser by email: whoever signs in with it runs the event too, and the first
        of them with an account takes it over if the organiser's account is deleted. Whether the email has an
        account is never said (naming one answers alike either way)."""
        event = self._event(event_id)
        self._check_organiser(me, event)
        email = clean_email(email)
        if email == me.email or email in event.co_organisers:
            raise RuleViolation("event.co_organiser", "That email runs this event already.")
        if len(event.co_organisers) >= CO_ORGANISERS_MAX:
            raise RuleViolation("event.co_organisers", f"An event has at most {CO_ORGANISERS_MAX} co-organisers.")
        event.co_organisers = [*event.co_organisers, email]
        self.repo.save_event(event)
        return self._info(event, self.repo.players(event_id), self.repo.pairings(event_id), me=me)

    def events(self) -> list[EventInfo]:
        """Every event, newest day first (public)."""
        out = []
        for event in self.repo.events(EVENTS_SHOWN):
            out.append(self._info(event, self.repo.players(event.id), self.repo.pairings(event.id)))
        return out

    def event(self, event_id: str, me: Me | None = None) -> EventView:
        """The event with its players, tables and standings; links as ``me`` may hold them (None: nobody
        signed in, the watch links only), and the lists as text where ``me`` may read them (the organisers; a
        player their own; everyone once the lists are published)."""
        event = self._event(event_id)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        names = {p.account_id: p.name or LEFT for p in players}
        states = self._states(pairings)
        tables = tuple(self._pairing(t, names, states, event, me) for t in pairings)
        runs = me is not None and _runs(event, me)
        entrants = tuple(self._entrant(p, texts=runs or event.lists_published or (me is not None and
                                                                                  me.id == p.account_id))
                         for p in players)
        return EventView(event=self._info(event, players, pairings, states, me), players=entrants, pairings=tables,
                         standings=tuple(self._standings(players, pairings, states)), names=names)

    # -- players ---------------------------------------------------------------------------------------------
    def register(self, me: Me, event_id: str) -> Entrant:
        """``me`` joins the event under their account's name, until the list deadline and round 1."""
        event = self._event(event_id)
        self._check_running(event)
        self._check_open(event, "register")
        if _aware(event.deadline) <= self.now():
            raise RuleViolation("event.registration_closed", "Registration closed at the list deadline.")
        self._check_room(event_id)
        if not self.repo.register(EventPlayer(event_id=event_id, account_id=me.id, name=me.name, lists=[])):
            raise RuleViolation("event.registered", "You are registered for this event already.")
        return Entrant(account=me.id, name=me.name, lists=(), dropped=False)

    def add_walk_in(self, me: Me, event_id: str, name: str, list_text: str = "") -> Entrant:
        """The organiser adds a person without an account, before round 1 or late (paired from the next round),
        checked in; ``list_text``, a list typed in, is read against the catalog: its lists status says whether the
        catalog could check it (the organiser typed it, so it needs no approval)."""
        event = self._event(event_id)
        self._check_organiser(me, event)
        name = clean_text(name, "player's name", NAME_MAX)
        self._check_room(event_id)
        lists: list[dict[str, Any]] = []
        status = note = ""
        if (list_text or "").strip():
            imported = self.lists.import_text(list_text[:LIST_TEXT_MAX])
            if imported.unrecognised:
                first = imported.unrecognised[0]
                raise RuleViolation("list.unrecognised", f"This line is not recognised: {first.line} "
                                                         f"({first.reason}).")
            army = imported.army.model_copy(update={"title": f"{name}'s list"[:TITLE_MAX],
                                                    "size": event.game_size})
            paired, unchecked = unchecked_list(army, army.title, self.lists.cards())
            lists = [_copy("", army, paired)]
            status, note = "approved", "; ".join(unchecked)[:NOTE_MAX]
        player = EventPlayer(event_id=event_id, account_id=WALK_IN + secrets.token_hex(7), name=name, lists=lists,
                             walk_in=True, checked_in=True, lists_status=status, lists_note=note)
        self.repo.register(player)
        return self._entrant(player)

    def withdraw(self, me: Me, event_id: str, account_id: str | None = None) -> None:
        """A player leaves: ``me``, or the player ``account_id`` (the organiser's, or ``me``'s own). Before round 1
        a player's own registration goes; otherwise the player is dropped: their games stay in the standings (their
        opponents' strength of schedule counts them) and no later round pairs them."""
        event = self._event(event_id)
        self._check_running(event)
        who = account_id or me.id
        if who != me.id:
            self._check_organiser(me, event)
        if event.status == "open" and who == me.id:
            left = self.repo.withdraw(event_id, who)
        else:  # the organiser's drop before round 1 can be undone (reinstate), like any later one
            paired = max((t.round for t in self.repo.pairings(event_id)), default=0)
            left = self.repo.drop(event_id, who, "player" if who == me.id else "organiser", paired)
        if not left:
            raise RuleViolation("event.not_registered", "Not registered for this event (or left it already).")

    def reinstate(self, me: Me, event_id: str, player_id: str) -> None:
        """The organiser brings a dropped player back (a late arrival, a drop by mistake): paired again from the
        next round, their earlier games kept."""
        event = self._event(event_id)
        self._check_organiser(me, event)
        player = self._player(event_id, player_id)
        if player.left:
            raise RuleViolation("event.player_left", "This player's account was deleted.")
        if not self.repo.reinstate(event_id, player_id):
            raise RuleViolation("event.not_dropped", f"{player.name} is not dropped.")

    def check_in(self, me: Me, event_id: str, player_id: str, present: bool = True) -> None:
        """The organiser checks a player in (or out again) on the day. Once anyone is checked in, round 1 pairs
        only the players checked in."""
        event = self._event(event_id)
        self._check_organiser(me, event)
        self._player(event_id, player_id)
        self.repo.update_player(event_id, player_id, checked_in=present)

    def submit_lists(self, me: Me, event_id: str, list_ids: Sequence[str]) -> Entrant:
        """Copies of ``me``'s saved lists (``list_ids``, as many as the event asks), each legal at the event's game
        size; they replace what ``me`` submitted before, until the lists lock. A list whose cards the catalog
        cannot fully check (a cost or a Trump it lacks) is kept for the organiser to approve."""
        event = self._event(event_id)
        self._check_running(event)
        player = next((p for p in self.repo.players(event_id) if p.account_id == me.id), None)
        if player is None:
            raise RuleViolation("event.not_registered", "Register for this event before you submit lists.")
        if self._locked(event):
            raise RuleViolation("event.lists_locked", "Lists are locked: the deadline has passed or round 1 is "
                                                      "paired.")
        if len(list_ids) != event.lists_per_player:
            raise RuleViolation("event.list_count", "This event asks for " +
                                ("one list." if event.lists_per_player == 1 else "two lists."))
        if len(set(list_ids)) != len(list_ids):
            raise RuleViolation("event.list_twice", "Submit two different lists.")
        cards = self.lists.cards()
        copies: list[dict[str, Any]] = []
        unchecked: list[str] = []
        for list_id in list_ids:
            try:
                saved = self.lists.get(me.owner, list_id)
            except NotFound:
                raise RuleViolation("event.list_not_found", "One of those lists is not among your saved lists.") \
                    from None
            if saved.army.size != event.game_size:
                raise RuleViolation("event.list_size", f"{saved.title} is built for {saved.army.size} points; this "
                                                       f"event plays {event.game_size}.")
            paired, problems = unchecked_list(saved.army, saved.title, cards)
            unchecked += [f"{saved.title}: {p}" for p in problems]
            copies.append(_copy(saved.id, saved.army, paired))
        if len(copies) == 2 and copies[0]["title"].casefold() == copies[1]["title"].casefold():
            raise RuleViolation("pairs.same_name", "Give the two lists different names, so that the choice is "
                                                   "clear.")
        status = "pending" if unchecked else "checked"
        self.repo.update_player(event_id, me.id, lists=copies, lists_status=status,
                                lists_note="; ".join(unchecked)[:NOTE_MAX])
        return self._entrant(self._player(event_id, me.id))

    def review_lists(self, me: Me, event_id: str, player_id: str, approve: bool, note: str = "") -> Entrant:
        """The organiser approves or rejects a player's lists, with a ``note`` the player reads. A rejected player
        submits again while the lists are open; one still rejected when round 1 is paired is left out."""
        event = self._event(event_id)
        self._check_organiser(me, event)
        player = self._player(event_id, player_id)
        if not player.lists:
            raise RuleViolation("event.no_lists", f"{player.name} has submitted no lists.")
        note = clean_text(note, "note", NOTE_MAX, empty_ok=True)
        if not approve and not note:
            raise RuleViolation("event.reject_note", "Say in the note why the lists are rejected.")
        self.repo.update_player(event_id, player_id, lists_status="approved" if approve else "rejected",
                                lists_note=note)
        return self._entrant(self._player(event_id, player_id))

    def publish_lists(self, me: Me, event_id: str) -> EventInfo:
        """The organiser publishes the lists once they are locked: everyone reads them on the event page."""
        event = self._event(event_id)
        self._check_organiser(me, event)
        if not self._locked(event):
            raise RuleViolation("event.lists_open", "Lists are published once they lock (at the deadline or when "
                                                    "round 1 is paired).")
        event.lists_published = True
        self.repo.save_event(event)
        return self._info(event, self.repo.players(event_id), self.repo.pairings(event_id), me=me)

    # -- rounds ----------------------------------------------------------------------------------------------
    def pair_next_round(self, me: Me, event_id: str, scenario: str) -> list[Pairing]:
        """The organiser pairs the next round and opens its games at ``scenario`` (every game of the round plays
        it). Round 1 pairs in registration order the players whose lists are in (the others are left out of the
        event); later rounds in standings order, once every game of the round before has a result."""
        event = self._event(event_id)
        self._check_organiser(me, event)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        done = max((t.round for t in pairings), default=0)
        if done >= event.rounds:
            raise RuleViolation("event.all_rounds_paired", f"All {event.rounds} rounds are paired.")
        scenario = clean_text(scenario, "scenario's name", 60)
        states = self._states(pairings)
        if any(t.round == done and t.game_id is not None and _result(states.get(t.game_id)) is None
               for t in pairings):
            raise RuleViolation("event.round_unfinished", f"Some games of round {done} have no result yet.")
        if done == 0:
            ranked, left_out = _round_one(event, players)
        else:
            dropped = {p.account_id for p in players if p.dropped}
            ranked = [s.player for s in self._standings(players, pairings, states) if s.player not in dropped]
            left_out = {}
        if event.tables is not None and len(ranked) // 2 > event.tables:
            raise RuleViolation("event.tables", f"This round needs {len(ranked) // 2} tables; the event has "
                                                f"{event.tables}: give it more tables first.")
        tables = pair_round(ranked, [(t.player_a, t.player_b) for t in pairings])
        by_id = {p.account_id: p for p in players}
        rows: list[EventPairing] = []
        games: list[AccountGame] = []
        for table in tables:
            row = EventPairing(event_id=event_id, round=done + 1, table_no=table.number, player_a=table.a,
                               player_b=table.b, links={})
            if table.b is not None:
                row.game_id, row.links = self._open_game(event, done + 1, table.number, scenario,
                                                         by_id[table.a], by_id[table.b])
                seat_links = {"title": row.links["title"], "watch": row.links["watch"]}
                games += [AccountGame(account_id=who, game_id=row.game_id, links={**seat_links, seat: row.links[seat]})
                          for who, seat in ((table.a, "seat1"), (table.b, "seat2")) if _has_account(by_id[who])]
            rows.append(row)
        if not self.repo.add_round(event_id, rows, games, dropped=left_out):
            raise RuleViolation("event.round_paired", "This round was paired a moment ago: reload the event.")
        return [p for p in self.event(event_id, me).pairings if p.round == done + 1]

    def _open_game(self, event: Event, round_no: int, table: int, scenario: str, a: EventPlayer,
                   b: EventPlayer) -> tuple[str, dict[str, str]]:
        """A tournament game for one table at ``scenario``, each side's lists given from the submitted copies."""
        title = f"{event.name} R{round_no} T{table}"[:NAME_MAX]
        lists = [[PairedList.model_validate(x["paired"]) for x in p.lists] for p in (a, b)]
        names = [p.name or LEFT for p in (a, b)]
        clock = float(event.clock_minutes) if event.clock_minutes else None
        if event.lists_per_player == 2:
            created = self.games.create_game(title, [(names[0], []), (names[1], [])], pairs=True, clock_minutes=clock)
        else:
            armies = [(name, list(x[0].army) if x else []) for name, x in zip(names, lists, strict=True)]
            created = self.games.create_game(title, armies, wizard=True, clock_minutes=clock,
                                             themes=[x[0].theme if x else None for x in lists])
        version = self.games.execute(created.game_id, ChooseScenario(name=scenario), created.version, TABLE).version
        if event.lists_per_player == 2:
            for seat in (0, 1):
                if len(lists[seat]) == 2:
                    pair = GiveListPair(seat=seat, lists=(lists[seat][0], lists[seat][1]))
                    version = self.games.execute(created.game_id, pair, version, TABLE).version
        elif all(lists):  # the event fixed both lists: nobody names one in secret
            reveal = RevealLists(lists=(lists[0][0].name, lists[1][0].name))
            version = self.games.execute(created.game_id, reveal, version, TABLE).version
        return created.game_id, {"title": title, **created.tokens}

    def my_game(self, me: Me, event_id: str) -> MyGame | None:
        """``me``'s table in the newest round, with ``me``'s own seat link (None: not paired in it)."""
        self._event(event_id)
        pairings = self.repo.pairings(event_id)
        newest = max((t.round for t in pairings), default=0)
        names = {p.account_id: p.name for p in self.repo.players(event_id)}
        for t in pairings:
            if t.round == newest and me.id in (t.player_a, t.player_b):
                seat = "seat1" if t.player_a == me.id else "seat2"
                other = t.player_b if seat == "seat1" else t.player_a
                links = {k: str(t.links[k]) for k in ("title", seat, "watch")} if t.game_id else {}
                return MyGame(round=t.round, table=t.table_no, opponent=names.get(other) if other else None,
                              game_id=t.game_id, links=links)
        return None

    # -- standings -------------------------------------------------------------------------------------------
    def standings(self, event_id: str) -> list[Standing]:
        self._event(event_id)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        return self._standings(players, pairings, self._states(pairings))

    def name(self, event_id: str) -> str:
        """The event's name (downloads are named after it)."""
        return self._event(event_id).name

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

    # -- internals -------------------------------------------------------------------------------------------
    def _event(self, event_id: str) -> Event:
        event = self.repo.get(event_id) if event_id and len(event_id) <= 32 else None
        if event is None:
            raise NoSuchEvent()
        return event

    def check_runs(self, me: Me, event_id: str) -> None:
        """Refused unless ``me`` runs the event (its organiser or a co-organiser) and it still has an organiser."""
        self._check_organiser(me, self._event(event_id))

    def _check_organiser(self, me: Me, event: Event) -> None:
        """The organiser or a co-organiser, of an event that still has one."""
        self._check_running(event)
        if not _runs(event, me):
            raise Forbidden("Only the event's organiser can do this.")

    def _check_running(self, event: Event) -> None:
        if event.organiser is None:
            raise RuleViolation("event.read_only", "This event's organiser left the site: the event can be read, "
                                                   "not changed.")

    def _check_room(self, event_id: str) -> None:
        if len(self.repo.players(event_id)) >= PLAYERS_MAX:
            raise RuleViolation("event.full", f"The event has the most players it can take ({PLAYERS_MAX}).")

    def _player(self, event_id: str, player_id: str) -> EventPlayer:
        player = self.repo.player(event_id, player_id[:32])
        if player is None:
            raise RuleViolation("event.not_registered", "That player is not registered for this event.")
        return player

    def _entrant(self, p: EventPlayer, texts: bool = True) -> Entrant:
        """A player as the service shows them; ``texts``: with their lists as text."""
        shown: tuple[str, ...] = ()
        if texts:
            shown = tuple(self.lists.export_text(parse_army(x["army"])) if x.get("army") else "" for x in p.lists)
        return Entrant(account=p.account_id, name=p.name or LEFT,
                       lists=tuple(str(x.get("title", "")) for x in p.lists), dropped=p.dropped, walk_in=p.walk_in,
                       left=p.left, checked_in=p.checked_in, drop_reason=p.drop_reason,
                       dropped_round=p.dropped_round, lists_status=p.lists_status or ("checked" if p.lists else ""),
                       lists_note=p.lists_note, list_texts=shown)

    def _check_open(self, event: Event, verb: str) -> None:
        if event.status != "open":
            raise RuleViolation("event.started", f"Round 1 is paired: it is too late to {verb}.")

    def _locked(self, event: Event) -> bool:
        return event.status != "open" or _aware(event.deadline) <= self.now()

    def _states(self, pairings: Sequence[EventPairing]) -> dict[str, GameState]:
        found = {}
        for t in pairings:
            if t.game_id is not None:
                try:
                    found[t.game_id] = self.games.state(t.game_id)[1]
                except NotFound:
                    continue
        return found

    def _standings(self, players: Sequence[EventPlayer], pairings: Sequence[EventPairing],
                   states: dict[str, GameState]) -> list[Standing]:
        """Every player who plays or played: a player dropped before any round is left out."""
        paired = {t.player_a for t in pairings} | {t.player_b for t in pairings}
        players = [p for p in players if not p.dropped or p.account_id in paired]
        finished = []
        for t in pairings:
            if t.player_b is None:
                finished.append(Finished(a=t.player_a, b=None, winner=t.player_a))
                continue
            ended = _result(states.get(t.game_id or ""))
            if ended is None:
                continue
            tb = ended.get("tiebreakers") or {}
            seat = ended["winner"]
            finished.append(Finished(
                a=t.player_a, b=t.player_b, winner=None if seat is None else (t.player_a, t.player_b)[seat],
                control_points=tuple(tb.get("control_points") or (0, 0)),
                destroyed=tuple(tb.get("army_points_destroyed") or (0, 0)),
                elements=tuple(tb.get("army_points_in_scenario_elements") or (0, 0))))
        return standings([p.account_id for p in players], finished)

    def _pairing(self, t: EventPairing, names: dict[str, str], states: dict[str, GameState], event: Event,
                 me: Me | None) -> Pairing:
        result = None
        if t.game_id is not None:
            state = states.get(t.game_id)
            ended = _result(state)
            seat = ended["winner"] if ended else None
            result = TableResult(finished=ended is not None,
                                 winner=None if seat is None else (t.player_a, t.player_b)[seat],
                                 how=ended["how"] if ended else None, game_round=state.round if state else 0)
        links: dict[str, str] | None = None
        if me is not None and t.game_id is not None:
            if _runs(event, me):
                links = {k: str(v) for k, v in t.links.items()}
            elif me.id in (t.player_a, t.player_b):
                seat = "seat1" if me.id == t.player_a else "seat2"
                links = {k: str(t.links[k]) for k in ("title", seat, "watch")}
        return Pairing(round=t.round, table=t.table_no, player_a=t.player_a, name_a=names.get(t.player_a, ""),
                       player_b=t.player_b, name_b=names.get(t.player_b, "") if t.player_b else None,
                       game_id=t.game_id, watch=str(t.links["watch"]) if t.game_id else None, result=result,
                       links=links)

    def _info(self, event: Event, players: Sequence[EventPlayer], pairings: Sequence[EventPairing],
              states: dict[str, GameState] | None = None, me: Me | None = None) -> EventInfo:
        """The event's facts; its co-organisers' emails only for ``me`` when ``me`` runs it."""
        done = max((t.round for t in pairings), default=0)
        status = event.status
        if done == event.rounds:
            states = self._states(pairings) if states is None else states
            last = [t for t in pairings if t.round == done and t.game_id is not None]
            if all(_result(states.get(t.game_id or "")) is not None for t in last):
                status = "finished"
        return EventInfo(id=event.id, name=event.name, day=event.day, system=event.system,
                         game_size=event.game_size, rounds=event.rounds, lists_per_player=event.lists_per_player,
                         deadline=_aware(event.deadline), status=status, organiser=event.organiser or "",
                         organiser_name=self.repo.organiser_name(event.organiser) if event.organiser else LEFT,
                         players=len([p for p in players if not p.dropped]), round=done,
                         lists_locked=self._locked(event), clock_minutes=event.clock_minutes, tables=event.tables,
                         co_organisers=tuple(event.co_organisers) if me is not None and _runs(event, me) else (),
                         lists_published=event.lists_published,
                         read_only=event.organiser is None, time_zone=event.time_zone)


def _runs(event: Event, me: Me) -> bool:
    """Whether ``me`` organises ``event`` (as its organiser or a co-organiser)."""
    return event.organiser is not None and (me.id == event.organiser or me.email in event.co_organisers)


def _has_account(p: EventPlayer) -> bool:
    return not p.walk_in and not p.left


def _round_one(event: Event, players: Sequence[EventPlayer]) -> tuple[list[str], dict[str, str]]:
    """Who round 1 pairs, in registration order, and who it leaves out and why: lists missing or rejected (a
    walk-in plays without a list typed in), or, once the organiser checks anyone in, not checked in. Lists still
    waiting for the organiser's approval stop the pairing: the organiser decides them first."""
    waiting = [p.name for p in players if p.lists_status == "pending" and not p.dropped]
    if waiting:
        raise RuleViolation("event.lists_pending", "Approve or reject the lists of " + ", ".join(waiting) +
                            " first.")
    checking = any(p.checked_in for p in players)
    ranked: list[str] = []
    left_out: dict[str, str] = {}
    for p in players:
        if p.dropped:
            continue
        if checking and not p.checked_in:
            left_out[p.account_id] = "not_checked_in"
        elif not p.walk_in and (len(p.lists) != event.lists_per_player or p.lists_status == "rejected"):
            left_out[p.account_id] = "no_lists"
        else:
            ranked.append(p.account_id)
    return ranked, left_out


def _copy(list_id: str, army: Army, paired: PairedList) -> dict[str, Any]:
    """A submitted list as the event keeps it: the army as built and as the game plays it."""
    return {"id": list_id, "title": army.title, "faction": army.faction, "army": army.model_dump(mode="json"),
            "paired": paired.model_dump(mode="json")}


def _clock(minutes: int | None) -> int | None:
    if minutes is not None and not 1 <= minutes <= MAX_MINUTES:
        raise RuleViolation("event.clock", f"Give each player from 1 to {MAX_MINUTES} minutes (or no clock).")
    return minutes


def _tables(tables: int | None) -> int | None:
    if tables is not None and not 1 <= tables <= PLAYERS_MAX // 2:
        raise RuleViolation("event.tables", f"An event has from 1 to {PLAYERS_MAX // 2} tables.")
    return tables


def _check_rounds(rounds: int, paired: int) -> None:
    if not max(1, paired) <= rounds <= ROUNDS_MAX:
        raise RuleViolation("event.rounds", f"An event has from {max(1, paired)} to {ROUNDS_MAX} rounds.")


def _result(state: GameState | None) -> dict[str, Any] | None:
    return None if state is None else outcome(state)


def _cell(text: str) -> str:
    """A typed name as a CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
