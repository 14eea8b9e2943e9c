"""Events: an organiser's Swiss tournament of one game system's games, asked of the system's tournament hook.

An account creates an event; accounts register and submit copies of their saved lists (checked as legal for the
event's game size), which lock at the deadline or when round 1 is paired, whichever comes first. The organiser
pairs each round (``models.rules.swiss``): each table opens a tournament game through GameService, its links kept
on the table and in each player's ``account_game``. With two lists per player the game starts at the Steamroller
list pairs step with both pairs given from the submitted lists, so the players only choose. Results are never
copied: standings read each game's result when asked, ranked by the system's hook (``standings``).

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
from typing import Annotated, Any

from pydantic import ConfigDict, Field
from sqlalchemy import Engine

from models.db.event_links import organisers_links, players_links
from models.db.event_repository import EventRepository
from models.db.result_repository import ResultRepository
from models.db.tables import Event, EventPairing, EventPlayer
from models.rules import drawn, pair_round, tournament_of
from models.rules.rounds import Stage, check_pair_next
from models.rules.text import clean_text
from models.rules.tournament.hook import Known, Tournament
from models.rules.tournament.standings import Finished
from models.rules.tournament.standings import Standing as Standing  # the API's standings build on it
from models.service.access import hash_token, new_token
from models.service.accounts import Me, clean_email
from models.service.errors import EventError, Forbidden, NotFound
from models.service.event_access import LEFT, EventAccess, TableFacts, pairing_id, runs
from models.service.event_results import Correction, ResultService
from models.service.event_rounds import RoundService
from models.service.games import GameService
from models.service.lists import ListService
from models.service.zones import UTC_NAME, check_zone

NAME_LIMIT = 80
CLUB_MAX = 60
SEED_MAX = 2**31 - 1
ROUNDS_MAX = 8
PLAYERS_MAX = 64
EVENTS_SHOWN = 200
CO_ORGANISERS_MAX = 5
NOTE_MAX = 200
LIST_TEXT_MAX = 4000
WALK_IN = "w"  # a walk-in's id starts so (account ids are 16 hex digits)


def wall_clock() -> datetime:
    return datetime.now(UTC)


def _answered(schema: dict[str, Any]) -> None:
    """An answer carries every field, a defaulted one too: its schema says so and shows no defaults."""
    for field in schema.get("properties", {}).values():
        field.pop("default", None)


# The API answers with these records as they are (webapp/api/events.py); ``doc`` says what a field means there.
ANSWER = ConfigDict(json_schema_serialization_defaults_required=True, json_schema_extra=_answered)


def doc(text: str) -> Any:
    """A field's meaning in the API's schema."""
    return Field(description=text)


@dataclass(frozen=True)
class EventInfo:
    __pydantic_config__ = ANSWER
    id: str
    name: str
    day: str
    system: str
    game_size: int
    rounds: int
    lists_per_player: int
    deadline: datetime
    status: Annotated[str, doc("`open` (no round paired), `running`, `finished`.")]
    organiser: str
    organiser_name: str
    players: int
    round: Annotated[int, doc("Rounds paired so far.")]
    lists_locked: bool
    clock_minutes: int | None  # each game's deathclock, minutes per player (None: the players choose)
    tables: int | None  # tables in the hall (None: as many as a round needs)
    co_organisers: Annotated[tuple[str, ...], doc("Emails of the co-organisers (only for those who run the event).")]
    lists_published: bool  # everyone reads the submitted lists
    read_only: Annotated[bool, doc("The organiser's account was deleted and nobody took the event over.")]
    time_zone: Annotated[str, doc("The IANA time zone the event's times are shown in.")] = UTC_NAME
    seed: Annotated[int | None, doc("Round 1's random draw: the n-th registered player is placed by the SHA-256 (hex) "
                                    "of `\"{seed}:{n}\"`, then paired as later rounds are; null until round 1 is "
                                    "paired.")] = None  # anyone can draw it again (models.rules.swiss.drawn)
    next_round_at: Annotated[datetime | None, doc("When the organiser says the next round starts (null: not "
                                                  "said).")] = None


@dataclass(frozen=True)
class Entrant:
    __pydantic_config__ = ANSWER
    account: Annotated[str, doc("The player's id in the event (an account's, or a walk-in's).")]
    name: str
    lists: Annotated[tuple[str, ...], doc("Titles of the lists submitted.")]
    dropped: Annotated[bool, doc("Paired no more (`drop_reason` says why).")]
    walk_in: bool = False  # added by the organiser, without an account
    left: Annotated[bool, doc("The account was deleted: the row stays without a name, with its results.")] = False
    checked_in: bool = False
    drop_reason: Annotated[str, doc("`no_lists`, `not_checked_in` (left out of round 1), `organiser`, `player`, "
                                    "`left`.")] = ""
    dropped_round: Annotated[int | None, doc("Rounds paired when the player was dropped.")] = None
    lists_status: Annotated[str, doc("`checked`, `pending`, `approved`, `rejected` (empty: no lists).")] = ""
    lists_note: str = ""  # the organiser's note, or what the catalog could not check
    list_texts: Annotated[tuple[str, ...], doc("Each list as text, for the organisers, the player, and everyone once "
                                               "the lists are published (else empty).")] = ()
    club: Annotated[str, doc("The player's club or team (kept apart from its mates in round 1); empty: none.")] = ""


@dataclass(frozen=True)
class TableResult:
    __pydantic_config__ = ANSWER
    finished: Annotated[bool, doc("The table has a result that counts.")]
    winner: Annotated[str | None, doc("The winner's account id (null: a draw, or not finished).")]
    how: str | None
    game_round: int  # the game's own round (0 while it is set up)
    provenance: Annotated[str | None, doc("Where the result comes from: `played` (the game in the app), `confirmed` "
                                          "(reported and confirmed), `organiser` (entered).")] = None
    control_points: Annotated[tuple[int, int] | None, doc("The table's order: player a's, player b's.")] = None
    army_points_destroyed: tuple[float, float] | None = None
    army_points_in_scenario_elements: tuple[float, float] | None = None
    report: Annotated[str | None, doc("A player's report: `reported` (waiting for the opponent), `confirmed`, "
                                      "`disputed` (the organiser settles it); null: none.")] = None
    reported_by: Annotated[str | None, doc("The reporter's account id.")] = None
    report_winner: Annotated[str | None, doc("The winner the report names (account id).")] = None
    report_how: str | None = None
    note: Annotated[str, doc("Why the opponent disputed the report.")] = ""
    report_control_points: Annotated[tuple[int, int] | None, doc("The report's numbers, the table's order (null: no "
                                                                 "report).")] = None
    report_army_points_destroyed: tuple[float, float] | None = None
    report_army_points_in_scenario_elements: tuple[float, float] | None = None


@dataclass(frozen=True)
class Pairing:
    __pydantic_config__ = ANSWER
    round: int
    table: int
    player_a: str
    name_a: str
    player_b: Annotated[str | None, doc("null: a bye.")]
    name_b: str | None
    game_id: str | None
    watch: Annotated[str | None, doc("The watch link's token (`/watch/{game_id}/{watch}`).")]  # events are public
    result: TableResult | None  # None for a bye
    links: Annotated[dict[str, str] | None, doc("The organiser: every link of the table; a player: their own seat "
                                                "link and the watch link.")]
    scenario: Annotated[str, doc("The round's scenario.")] = ""
    published: Annotated[bool, doc("false: a drafted round (no game yet; the organiser may swap players, pair it "
                                   "again, publish or delete it).")] = True


@dataclass(frozen=True)
class EventView:
    event: EventInfo
    players: tuple[Entrant, ...]
    pairings: tuple[Pairing, ...]
    standings: tuple[Standing, ...]
    names: dict[str, str]  # account id -> the name the player registered with
    corrections: tuple[Correction, ...] = ()  # the organiser's entries and corrections of results, oldest first


@dataclass(frozen=True)
class MyGame:
    __pydantic_config__ = ANSWER
    round: int
    table: int
    opponent: Annotated[str | None, doc("null: a bye.")]
    game_id: str | None
    links: Annotated[dict[str, str], doc('`{"title", "seat1" or "seat2", "watch"}`: raw tokens.')]  # empty: a bye


@dataclass(frozen=True)
class GameTable:
    """An event's table as the game page of its game shows it."""

    event_id: str
    event_name: str
    pairing: Pairing
    names: dict[str, str]
    known: Known | None  # the numbers the game in the app has counted so far


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


class EventService:
    def __init__(self, engine: Engine, games: GameService, now: Callable[[], datetime] = wall_clock) -> None:
        """Events are stored through their own repository on ``engine``; games open through ``games``."""
        self.games = games
        self.lists = ListService(engine, games)
        self.repo = EventRepository(engine)
        self.result_rows = ResultRepository(engine)
        self.now = now
        self.access = EventAccess(self.repo, self.result_rows, games)
        self.results = ResultService(self.access, self.repo, self.result_rows)
        self.rounds = RoundService(self.access, self.repo, self)

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
            raise EventError("event.day_invalid", "Give the event's day as a date (year-month-day).") from None
        event = Event(id=secrets.token_hex(8), organiser=me.id, name=name, day=day, game_size=game_size,
                      rounds=rounds, lists_per_player=lists_per_player, deadline=_aware(deadline),
                      time_zone=time_zone)
        hook = tournament_of(event.system)  # an event's system is the stored event's (no form asks for one yet)
        if game_size not in hook.game_sizes:
            raise EventError("event.game_size", "Pick a game size of " + ", ".join(map(str, hook.game_sizes)) +
                             " points.")
        _check_rounds(rounds, 0)
        if lists_per_player not in (1, 2):
            raise EventError("event.lists_per_player", "Each player brings one list or two.")
        event.clock_minutes, event.tables = _clock(clock_minutes, hook), _tables(tables)
        self.repo.add(event)
        return self._info(event, [], [])

    def edit(self, me: Me, event_id: str, changes: dict[str, Any]) -> EventInfo:
        """The organiser changes the event's ``name``, ``rounds`` (not below those paired), ``deadline`` (while
        round 1 is not paired), ``clock_minutes`` (games opened from then on) or ``tables``; each checked as at
        creation, nothing stored when one is refused."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        unknown = set(changes) - {"name", "rounds", "deadline", "clock_minutes", "tables"}
        if unknown:
            raise EventError("event.edit", "These cannot be changed: " + ", ".join(sorted(unknown)) + ".")
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
            event.clock_minutes = _clock(changes["clock_minutes"], tournament_of(event.system))
        if "tables" in changes:
            event.tables = _tables(changes["tables"])
        self.repo.save_event(event)
        return self._info(event, self.repo.players(event_id), pairings, me=me)

    def name_co_organiser(self, me: Me, event_id: str, email: str) -> EventInfo:
        """The organisers name a co-organiser by email: whoever signs in with it runs the event too, and the first
        of them with an account takes it over if the organiser's account is deleted. Whether the email has an
        account is never said (naming one answers alike either way)."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        email = clean_email(email)
        if email == me.email or email in event.co_organisers:
            raise EventError("event.co_organiser", "That email runs this event already.")
        named = self.repo.name_co_organiser(event_id, email, CO_ORGANISERS_MAX)
        if named == "there already":
            raise EventError("event.co_organiser", "That email runs this event already.")
        if named == "full":
            raise EventError("event.co_organisers", f"An event has at most {CO_ORGANISERS_MAX} co-organisers.")
        event = self.access.event(event_id)
        return self._info(event, self.repo.players(event_id), self.repo.pairings(event_id), me=me)

    def remove_co_organiser(self, me: Me, event_id: str, email: str) -> EventInfo:
        """The event's own organiser takes ``email`` off its co-organisers: whoever signs in with it no longer runs
        the event, and every link of its tables they were shown ends at once (new ones replace them: the players'
        own seat links stay). A co-organiser cannot remove anyone (themselves included)."""
        event = self.access.event(event_id)
        self.access.check_running(event)
        if me.id != event.organiser:
            raise Forbidden("Only the event's organiser can remove a co-organiser.")
        email = clean_email(email)
        if email not in event.co_organisers:
            raise EventError("event.not_co_organiser", "That email is not a co-organiser of this event.")
        event.co_organisers = [e for e in event.co_organisers if e != email]
        self.repo.save_rotating_links(event, new_token, hash_token)
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
        event = self.access.event(event_id)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        names = {p.account_id: p.name or LEFT for p in players}
        found = self.access.tables(event_id, pairings)
        tables = tuple(self._pairing(t, names, found, event, me) for t in pairings)
        organises = me is not None and runs(event, me)
        hook = tournament_of(event.system)
        entrants = tuple(self._entrant(hook, p, texts=organises or event.lists_published or (me is not None and
                                                                                        me.id == p.account_id))
                         for p in players)
        return EventView(event=self._info(event, players, pairings, found, me), players=entrants, pairings=tables,
                         standings=tuple(self._standings(hook, players, pairings, found)), names=names,
                         corrections=tuple(self.results.logged(event, pairings)))

    # -- players ---------------------------------------------------------------------------------------------
    def register(self, me: Me, event_id: str, club: str = "") -> Entrant:
        """``me`` joins the event under their account's name, with their ``club`` or team (kept apart from its
        mates in round 1), until the list deadline and round 1."""
        club = clean_text(club, "club or team", CLUB_MAX) if club.strip() else ""
        event = self.access.event(event_id)
        self.access.check_running(event)
        self._check_open(event, "register")
        if _aware(event.deadline) <= self.now():
            raise EventError("event.registration_closed", "Registration closed at the list deadline.")
        self._join(EventPlayer(event_id=event_id, account_id=me.id, name=me.name, lists=[], club=club))
        return Entrant(account=me.id, name=me.name, lists=(), dropped=False, club=club)

    def add_walk_in(self, me: Me, event_id: str, name: str, list_text: str = "") -> Entrant:
        """The organiser adds a person without an account, before round 1 or late (paired from the next round),
        checked in; ``list_text``, a list typed in, is read against the catalog: its lists status says whether the
        catalog could check it (the organiser typed it, so it needs no approval)."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        hook = tournament_of(event.system)
        name = clean_text(name, "player's name", hook.name_max)
        lists: list[dict[str, Any]] = []
        status = note = ""
        if (list_text or "").strip():
            kept = hook.typed_list(list_text[:LIST_TEXT_MAX], f"{name}'s list", event.game_size, self.lists.cards())
            lists = [kept.data]
            status, note = "approved", "; ".join(kept.unchecked)[:NOTE_MAX]
        player = EventPlayer(event_id=event_id, account_id=WALK_IN + secrets.token_hex(7), name=name, lists=lists,
                             walk_in=True, checked_in=True, lists_status=status, lists_note=note)
        self._join(player)
        return self._entrant(hook, player)

    def withdraw(self, me: Me, event_id: str, account_id: str | None = None) -> None:
        """A player leaves: ``me``, or the player ``account_id`` (the organiser's, or ``me``'s own). Before round 1
        a player's own registration goes; otherwise the player is dropped: their games stay in the standings (their
        opponents' strength of schedule counts them) and no later round pairs them."""
        event = self.access.event(event_id)
        self.access.check_running(event)
        who = account_id or me.id
        if who != me.id:
            self.access.check_organiser(me, event)
        if event.status == "open" and who == me.id:
            left = self.repo.withdraw(event_id, who)
        else:  # the organiser's drop before round 1 can be undone (reinstate), like any later one
            paired = max((t.round for t in self.repo.pairings(event_id)), default=0)
            left = self.repo.drop(event_id, who, "player" if who == me.id else "organiser", paired)
        if not left:
            raise EventError("event.not_registered", "Not registered for this event (or left it already).")

    def reinstate(self, me: Me, event_id: str, player_id: str) -> None:
        """The organiser brings a dropped player back (a late arrival, a drop by mistake): paired again from the
        next round, their earlier games kept."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        player = self._player(event_id, player_id)
        if player.left:
            raise EventError("event.player_left", "This player's account was deleted.")
        if not self.repo.reinstate(event_id, player_id):
            raise EventError("event.not_dropped", f"{player.name} is not dropped.")

    def check_in(self, me: Me, event_id: str, player_id: str, present: bool = True) -> None:
        """The organiser checks a player in (or out again) on the day. Once anyone is checked in, round 1 pairs
        only the players checked in."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        self._player(event_id, player_id)
        self.repo.update_player(event_id, player_id, checked_in=present)

    def check_in_all(self, me: Me, event_id: str) -> int:
        """The organiser checks in every player still in the event at once (the morning's queue at the desk);
        how many were checked in now."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        return self.repo.check_in_all(event_id)

    def submit_lists(self, me: Me, event_id: str, list_ids: Sequence[str]) -> Entrant:
        """Copies of ``me``'s saved lists (``list_ids``, as many as the event asks), each legal at the event's game
        size; they replace what ``me`` submitted before, until the lists lock. A list whose cards the catalog
        cannot fully check (a cost or a Trump it lacks) is kept for the organiser to approve."""
        event = self.access.event(event_id)
        self.access.check_running(event)
        player = next((p for p in self.repo.players(event_id) if p.account_id == me.id), None)
        if player is None:
            raise EventError("event.not_registered", "Register for this event before you submit lists.")
        if self._locked(event):
            raise EventError("event.lists_locked", "Lists are locked: the deadline has passed or round 1 is "
                                                   "paired.")
        if len(list_ids) != event.lists_per_player:
            raise EventError("event.list_count", "This event asks for " +
                             ("one list." if event.lists_per_player == 1 else "two lists."))
        if len(set(list_ids)) != len(list_ids):
            raise EventError("event.list_twice", "Submit two different lists.")
        hook = tournament_of(event.system)
        cards = self.lists.cards()
        copies: list[dict[str, Any]] = []
        unchecked: list[str] = []
        for list_id in list_ids:
            try:
                saved = self.lists.get(me.owner, list_id)
            except NotFound:
                raise EventError("event.list_not_found", "One of those lists is not among your saved lists.") \
                    from None
            if saved.army.size != event.game_size:
                raise EventError("event.list_size", f"{saved.title} is built for {saved.army.size} points; this "
                                                    f"event plays {event.game_size}.")
            kept = hook.keep_list(saved.army, saved.id, cards)
            unchecked += [f"{saved.title}: {p}" for p in kept.unchecked]
            copies.append(kept.data)
        if len(copies) == 2 and copies[0]["title"].casefold() == copies[1]["title"].casefold():
            raise EventError("event.list_same_name", "Give the two lists different names, so that the choice is "
                                                     "clear.")
        status = "pending" if unchecked else "checked"
        self.repo.update_player(event_id, me.id, lists=copies, lists_status=status,
                                lists_note="; ".join(unchecked)[:NOTE_MAX])
        return self._entrant(hook, self._player(event_id, me.id))

    def review_lists(self, me: Me, event_id: str, player_id: str, approve: bool, note: str = "") -> Entrant:
        """The organiser approves or rejects a player's lists, with a ``note`` the player reads. A rejected player
        submits again while the lists are open; one still rejected when round 1 is paired is left out."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        player = self._player(event_id, player_id)
        if not player.lists:
            raise EventError("event.no_lists", f"{player.name} has submitted no lists.")
        note = clean_text(note, "note", NOTE_MAX, empty_ok=True)
        if not approve and not note:
            raise EventError("event.reject_note", "Say in the note why the lists are rejected.")
        self.repo.update_player(event_id, player_id, lists_status="approved" if approve else "rejected",
                                lists_note=note)
        return self._entrant(tournament_of(event.system), self._player(event_id, player_id))

    def publish_lists(self, me: Me, event_id: str) -> EventInfo:
        """The organiser publishes the lists once they are locked: everyone reads them on the event page."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        if not self._locked(event):
            raise EventError("event.lists_open", "Lists are published once they lock (at the deadline or when "
                                                 "round 1 is paired).")
        event.lists_published = True
        self.repo.save_event(event)
        return self._info(event, self.repo.players(event_id), self.repo.pairings(event_id), me=me)

    # -- rounds ----------------------------------------------------------------------------------------------
    def pair_next_round(self, me: Me, event_id: str, scenario: str, seed: int | None = None,
                        draft: bool = False) -> list[Pairing]:
        """The organiser pairs the next round and opens its games at ``scenario`` (every game of the round plays
        it). Round 1 is a random draw of the players it pairs (``_round_one``; the others are left out of the event)
        from ``seed`` (the organiser's, else one drawn here; it is recorded), club and team mates kept apart where
        they can be; later rounds pair in standings order, once every table of the round before has a result. A
        ``draft`` round opens no game: the organiser may swap players or pair it again, then publishes it
        (``rounds``). The round's tables and games are stored in one transaction."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        done = max((t.round for t in pairings), default=0)
        if done >= event.rounds:
            raise EventError("event.all_rounds_paired", f"All {event.rounds} rounds are paired.")
        scenario = clean_text(scenario, "scenario's name", 60)
        found = self.access.tables(event_id, pairings)
        if done:
            last = [t for t in pairings if t.round == done]
            at = Stage.PLAYING if all(t.published for t in last) else Stage.DRAFTED
            check_pair_next(at, done, [t.table_no for t in last
                                       if t.player_b is not None and found[pairing_id(t)].settled is None])
        avoid: list[tuple[str, str]] = []
        if done == 0:
            ready, left_out = _round_one(event, players)
            if seed is None:
                seed = secrets.randbits(31)
            elif not 0 <= seed <= SEED_MAX:
                raise EventError("event.seed", f"A draw's seed is a whole number from 0 to {SEED_MAX}.")
            ranked = drawn(ready, seed)
            clubs = {p.account_id: p.club.casefold() for p in players if p.club}
            avoid = [(a, b) for i, a in enumerate(ready) for b in ready[i + 1:]
                     if clubs.get(a) and clubs.get(a) == clubs.get(b)]
        else:
            seed = None  # later rounds are not drawn
            dropped = {p.account_id for p in players if p.dropped}
            ranked = [s.player for s in self._standings(tournament_of(event.system), players, pairings, found)
                      if s.player not in dropped]
            left_out = {}
        if event.tables is not None and len(ranked) // 2 > event.tables:
            raise EventError("event.tables", f"This round needs {len(ranked) // 2} tables; the event has "
                                             f"{event.tables}: give it more tables first.")
        tables = pair_round(ranked, [(t.player_a, t.player_b) for t in pairings], avoid)
        by_id = {p.account_id: p for p in players}
        rows = [EventPairing(event_id=event_id, round=done + 1, table_no=table.number, player_a=table.a,
                             player_b=table.b, links={}, scenario=scenario, published=not draft) for table in tables]
        games, opened = ([], []) if draft else self.access.open_games(event, rows, by_id)
        # every earlier round's results stand once this one is published
        frozen = [] if draft else [t.game_id for t in pairings if t.game_id is not None]
        if not self.repo.add_round(event_id, rows, games, dropped=left_out, frozen=frozen, opened=opened, seed=seed):
            raise EventError("event.round_paired", "This round was paired a moment ago: reload the event.")
        return [p for p in self.event(event_id, me).pairings if p.round == done + 1]

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
        the game is no event's); what the game in the app knows of the numbers comes with it."""
        t = self.repo.pairing_of_game(game_id)
        if t is None:
            return None
        event = self.access.event(t.event_id)
        names = {p.account_id: p.name or LEFT for p in self.repo.players(event.id)}
        found = self.access.tables(event.id, [t])
        facts = found[pairing_id(t)]
        return GameTable(event_id=event.id, event_name=event.name, pairing=self._pairing(t, names, found, event, me),
                         names=names, known=tournament_of(event.system).known(facts.state)
                         if facts.state is not None else None)

    def result_of_game(self, game_id: str) -> dict[str, Any] | None:
        """The event's part of a game's result for tournament software (None: no event's game): the event, round
        and table, the table's result as the event counts it (a confirmed report or the organiser's entry counts
        where the game in the app has none) and a report still waiting or disputed."""
        found = self.table_of_game(game_id)
        if found is None:
            return None
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

    # -- standings -------------------------------------------------------------------------------------------
    def standings(self, event_id: str) -> list[Standing]:
        event = self.access.event(event_id)
        players, pairings = self.repo.players(event_id), self.repo.pairings(event_id)
        return self._standings(tournament_of(event.system), players, pairings, self.access.tables(event_id, pairings))

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

    # -- internals -------------------------------------------------------------------------------------------

    def check_runs(self, me: Me, event_id: str) -> None:
        """Refused unless ``me`` runs the event (its organiser or a co-organiser) and it still has an organiser."""
        self.access.check_organiser(me, self.access.event(event_id))

    def _join(self, player: EventPlayer) -> None:
        """Store a new player, counted against the event's room in the same locked transaction (a burst for its
        last place registers one)."""
        joined = self.repo.register(player, PLAYERS_MAX)
        if joined == "full":
            raise EventError("event.full", f"The event has the most players it can take ({PLAYERS_MAX}).")
        if joined == "there already":
            raise EventError("event.registered", "You are registered for this event already.")

    def _player(self, event_id: str, player_id: str) -> EventPlayer:
        player = self.repo.player(event_id, player_id[:32])
        if player is None:
            raise EventError("event.not_registered", "That player is not registered for this event.")
        return player

    def _entrant(self, hook: Tournament, p: EventPlayer, texts: bool = True) -> Entrant:
        """A player as the service shows them; ``texts``: with their lists as text."""
        shown: tuple[str, ...] = ()
        if texts:
            cards = self.lists.cards()
            shown = tuple(hook.list_text(x, cards) if x.get("army") else "" for x in p.lists)
        return Entrant(account=p.account_id, name=p.name or LEFT,
                       lists=tuple(str(x.get("title", "")) for x in p.lists), dropped=p.dropped, walk_in=p.walk_in,
                       left=p.left, checked_in=p.checked_in, drop_reason=p.drop_reason,
                       dropped_round=p.dropped_round, lists_status=p.lists_status or ("checked" if p.lists else ""),
                       lists_note=p.lists_note, list_texts=shown, club=p.club)

    def _check_open(self, event: Event, verb: str) -> None:
        if event.status != "open":
            raise EventError("event.started", f"Round 1 is paired: it is too late to {verb}.")

    def _locked(self, event: Event) -> bool:
        return event.status != "open" or _aware(event.deadline) <= self.now()

    def _standings(self, hook: Tournament, players: Sequence[EventPlayer], pairings: Sequence[EventPairing],
                   found: dict[int, TableFacts]) -> list[Standing]:
        """Every player who plays or played: a player dropped before any round is left out."""
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
            score = counted.score
            finished.append(Finished(
                a=t.player_a, b=t.player_b,
                winner=None if score.winner is None else (t.player_a, t.player_b)[score.winner],
                control_points=score.control_points, destroyed=score.destroyed, elements=score.elements))
        return hook.standings([p.account_id for p in players], finished)

    def _pairing(self, t: EventPairing, names: dict[str, str], found: dict[int, TableFacts], event: Event,
                 me: Me | None) -> Pairing:
        result = None
        if t.game_id is not None:
            result = _table_result(t, found[pairing_id(t)])
        links: dict[str, str] | None = None
        if me is not None and t.game_id is not None:
            if runs(event, me):
                links = organisers_links(t.links)
            elif me.id in (t.player_a, t.player_b):
                links = players_links(t.links, "seat1" if me.id == t.player_a else "seat2")
        return Pairing(round=t.round, table=t.table_no, player_a=t.player_a, name_a=names.get(t.player_a, ""),
                       player_b=t.player_b, name_b=names.get(t.player_b, "") if t.player_b else None,
                       game_id=t.game_id, watch=str(t.links["watch"]) if t.game_id else None, result=result,
                       links=links, scenario=t.scenario, published=t.published)

    def _info(self, event: Event, players: Sequence[EventPlayer], pairings: Sequence[EventPairing],
              found: dict[int, TableFacts] | None = None, me: Me | None = None) -> EventInfo:
        """The event's facts; its co-organisers' emails only for ``me`` when ``me`` runs it."""
        done = max((t.round for t in pairings), default=0)
        status = event.status
        if done == event.rounds:
            found = self.access.tables(event.id, pairings) if found is None else found
            last = [t for t in pairings if t.round == done and t.game_id is not None]
            if all(found[pairing_id(t)].settled is not None for t in last):
                status = "finished"
        return EventInfo(id=event.id, name=event.name, day=event.day, system=event.system,
                         game_size=event.game_size, rounds=event.rounds, lists_per_player=event.lists_per_player,
                         deadline=_aware(event.deadline), status=status, organiser=event.organiser or "",
                         organiser_name=self.repo.organiser_name(event.organiser) if event.organiser else LEFT,
                         players=len([p for p in players if not p.dropped]), round=done,
                         lists_locked=self._locked(event), clock_minutes=event.clock_minutes, tables=event.tables,
                         co_organisers=tuple(event.co_organisers) if me is not None and runs(event, me) else (),
                         lists_published=event.lists_published,
                         read_only=event.organiser is None, time_zone=event.time_zone, seed=event.seed,
                         next_round_at=_aware(event.next_round_at) if event.next_round_at else None)


def _round_one(event: Event, players: Sequence[EventPlayer]) -> tuple[list[str], dict[str, str]]:
    """Who round 1 pairs, in registration order, and who it leaves out and why: lists missing or rejected (a
    walk-in plays without a list typed in), or, once the organiser checks anyone in, not checked in. Lists still
    waiting for the organiser's approval stop the pairing: the organiser decides them first."""
    waiting = [p.name for p in players if p.lists_status == "pending" and not p.dropped]
    if waiting:
        raise EventError("event.lists_pending", "Approve or reject the lists of " + ", ".join(waiting) +
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


def _clock(minutes: int | None, hook: Tournament) -> int | None:
    most = hook.clock_minutes_max
    if minutes is not None and not 1 <= minutes <= most:
        raise EventError("event.clock", f"Give each player from 1 to {most} minutes (or no clock).")
    return minutes


def _tables(tables: int | None) -> int | None:
    if tables is not None and not 1 <= tables <= PLAYERS_MAX // 2:
        raise EventError("event.tables", f"An event has from 1 to {PLAYERS_MAX // 2} tables.")
    return tables


def _check_rounds(rounds: int, paired: int) -> None:
    if not max(1, paired) <= rounds <= ROUNDS_MAX:
        raise EventError("event.rounds", f"An event has from {max(1, paired)} to {ROUNDS_MAX} rounds.")


def _table_result(t: EventPairing, facts: TableFacts) -> TableResult:
    players = (t.player_a, t.player_b)
    counted = facts.settled
    score = counted.score if counted else None
    report = facts.report
    return TableResult(
        finished=counted is not None,
        winner=players[score.winner] if score is not None and score.winner is not None else None,
        how=score.how if score else None, game_round=facts.state.round if facts.state else 0,
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


def _cell(text: str) -> str:
    """A typed name as a CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
