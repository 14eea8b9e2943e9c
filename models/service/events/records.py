"""What the event services answer with: the records the event page, the hall screen and the API read as they are
(webapp/api/events.py answers with them; ``doc`` says what a field means there)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from pydantic import ConfigDict, Field

from models.rules.tournament.hook import Known
from models.rules.tournament.standings import Standing as Standing  # the API answers with it
from models.service.zones import UTC_NAME


def _answered(schema: dict[str, Any]) -> None:
    """An answer carries every field, a defaulted one too: its schema says so and shows no defaults."""
    for field in schema.get("properties", {}).values():
        field.pop("default", None)


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
                                    "paired.")] = None  # anyone can draw it again (models.rules.tournament.swiss.drawn)
    next_round_at: Annotated[datetime | None, doc("When the organiser says the next round starts (null: not "
                                                  "said).")] = None
    venue: Annotated[str | None, doc("The venue sign-up link's token (`/events/{id}/join/{venue}`), only for those "
                                     "who run the event; null: none.")] = None


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
class TableWords:
    """A table in the sentences every screen shows it with (models/service/events/words.py)."""

    __pydantic_config__ = ANSWER
    line: Annotated[str, doc("Who plays whom and where their game stands.")] = ""
    outcome: Annotated[str, doc("Who won and how (empty: no result yet).")] = ""
    result: Annotated[str, doc("The result that counts with its numbers and where it came from (empty: none).")] = ""
    report: Annotated[str, doc("What a player's report says (empty: none).")] = ""
    reported: Annotated[str, doc("The report's numbers (empty: no report).")] = ""
    dispute: Annotated[str, doc("Who disputes the report and why (empty: not disputed).")] = ""


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
    words: TableWords = TableWords()


@dataclass(frozen=True)
class Correction:
    round: int
    table: int
    by: str  # the organiser's name
    at: datetime
    before: dict[str, Any] | None  # the result that counted before (None: none), as stored
    after: dict[str, Any]
    note: str


@dataclass(frozen=True)
class EventWords:
    """The event in the sentences its screens show (models/service/events/words.py)."""

    __pydantic_config__ = ANSWER
    round: Annotated[str, doc("Where the event stands, as a heading: `Round 2 of 3`.")] = ""
    tables: Annotated[str, doc("The tables' heading.")] = ""
    scenario: Annotated[str, doc("The newest round's scenario (empty: none, or the event is over).")] = ""
    progress: Annotated[str, doc("How many tables of the newest round still play, and which.")] = ""
    next_round: Annotated[str, doc("When the next round starts, as the organiser said (empty: not said).")] = ""
    corrections: Annotated[tuple[str, ...], doc("The correction log, a line each, oldest first.")] = ()


@dataclass(frozen=True)
class EventView:
    event: EventInfo
    players: tuple[Entrant, ...]
    pairings: tuple[Pairing, ...]
    standings: tuple[Standing, ...]
    names: dict[str, str]  # account id -> the name the player registered with
    corrections: tuple[Correction, ...] = ()  # the organiser's entries and corrections of results, oldest first
    words: EventWords = EventWords()


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
