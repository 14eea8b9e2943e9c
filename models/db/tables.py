"""SQLModel tables (DESIGN.md "Persistence"): the command log is the truth, snapshots are a cache."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint, false, true
from sqlmodel import Field, SQLModel


def now() -> datetime:
    return datetime.now(UTC)


class Game(SQLModel, table=True):
    # A start's idempotency key: the same key (a repeated "Start game") never makes a second game.
    __table_args__ = (Index("ix_game_start_key", "start_key", unique=True),)
    id: str = Field(primary_key=True, max_length=32)
    system: str = Field(max_length=32)
    title: str = Field(max_length=120)
    status: str = Field(default="active", max_length=16)
    version: int = 0
    created: datetime = Field(default_factory=now)
    updated: datetime = Field(default_factory=now)
    start_key: str | None = Field(default=None, max_length=64)


class CommandLog(SQLModel, table=True):
    __tablename__ = "command_log"
    # A command's idempotency key, unique per game: a repeated tap or request is answered, never logged twice.
    __table_args__ = (UniqueConstraint("game_id", "seq"),
                      Index("ix_command_log_game_command_id", "game_id", "command_id", unique=True))
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=32)
    seq: int
    command: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    events: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    actor: str = Field(max_length=32)
    undone: bool = False
    at: datetime = Field(default_factory=now)
    command_id: str | None = Field(default=None, max_length=64)


class Snapshot(SQLModel, table=True):
    __table_args__ = (Index("ix_snapshot_game_seq", "game_id", "seq", unique=True),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32)
    seq: int
    state: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))


class AccessToken(SQLModel, table=True):
    __tablename__ = "access_token"
    hash: str = Field(primary_key=True, max_length=64)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=32)
    role: str = Field(max_length=8)
    seat: int | None = None


class CardRow(SQLModel, table=True):
    """A card an operator saved for the whole site (``by_operator``). Rows without it were written by any game
    link before site-wide cards needed an operator; they are kept but never read."""

    __tablename__ = "card"
    key: str = Field(primary_key=True, max_length=64)
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    updated: datetime = Field(default_factory=now)
    by_operator: bool = Field(default=False, sa_column_kwargs={"server_default": false()})


class ArmyList(SQLModel, table=True):
    __tablename__ = "army_list"
    id: str = Field(primary_key=True, max_length=32)
    owner: str = Field(index=True, max_length=64)
    title: str = Field(max_length=60)
    faction: str = Field(max_length=40)
    points: int = 0
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    updated: datetime = Field(default_factory=now)


# -- the hosted site: accounts, their cards and games, public listings, events ----------------------

class Account(SQLModel, table=True):
    """A person with an email and a password (argon2 hash only). Playing needs none: links keep working."""

    id: str = Field(primary_key=True, max_length=32)
    email: str = Field(max_length=254, unique=True, index=True)  # stored lower-case
    name: str = Field(max_length=60)
    password_hash: str = Field(max_length=200)
    created: datetime = Field(default_factory=now)


class AccountSession(SQLModel, table=True):
    """A signed-in browser or API client; the token is shown once and kept only as a hash."""

    __tablename__ = "account_session"
    hash: str = Field(primary_key=True, max_length=64)
    account_id: str = Field(foreign_key="account.id", index=True, max_length=32)
    created: datetime = Field(default_factory=now)


class ResetToken(SQLModel, table=True):
    """A one-time password reset token (hash only), good until ``expires``."""

    __tablename__ = "reset_token"
    hash: str = Field(primary_key=True, max_length=64)
    account_id: str = Field(foreign_key="account.id", index=True, max_length=32)
    expires: datetime
    used: bool = False


class PendingSignUp(SQLModel, table=True):
    """A sign-up on a site that sends mail, waiting for its email's owner to open the mailed link: opening it makes
    the account. The token is kept as a hash, like a reset link's, and the password only as its argon2 hash."""

    __tablename__ = "pending_sign_up"
    hash: str = Field(primary_key=True, max_length=64)
    email: str = Field(max_length=254, index=True)  # stored lower-case
    name: str = Field(max_length=60)
    password_hash: str = Field(max_length=200)
    expires: datetime = Field(index=True)
    event_id: str | None = Field(default=None, max_length=32)  # made through this event's venue link: it joins it


class SignInFailure(SQLModel, table=True):
    """One failed sign-in: counted per email over a window, so every server process sees the same limit."""

    __tablename__ = "sign_in_failure"
    id: int | None = Field(default=None, primary_key=True)
    email: str = Field(max_length=254, index=True)
    at: datetime = Field(default_factory=now, index=True)


class AccountCard(SQLModel, table=True):
    """A card in an account's card book (the browser's card book, kept on the server)."""

    __tablename__ = "account_card"
    account_id: str = Field(foreign_key="account.id", primary_key=True, max_length=32)
    key: str = Field(primary_key=True, max_length=64)
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    updated: datetime = Field(default_factory=now)


class AccountGame(SQLModel, table=True):
    """A game an account played or started, with the links it holds to it (table, seat, watch, result)."""

    __tablename__ = "account_game"
    account_id: str = Field(foreign_key="account.id", primary_key=True, max_length=32)
    game_id: str = Field(foreign_key="game.id", primary_key=True, max_length=32)
    links: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    added: datetime = Field(default_factory=now)


class PublicListing(SQLModel, table=True):
    """A game its players listed on "Live now"; the watch token is kept so that anyone can open the watch view."""

    __tablename__ = "public_listing"
    game_id: str = Field(foreign_key="game.id", primary_key=True, max_length=32)
    watch_token: str = Field(max_length=64)
    listed: datetime = Field(default_factory=now)


class Event(SQLModel, table=True):
    """A tournament an account organises: Swiss rounds of one game system. ``organiser`` None: the organiser's
    account was deleted with no co-organiser to take the event, which stays readable and changes no more."""

    id: str = Field(primary_key=True, max_length=32)
    organiser: str | None = Field(default=None, index=True, max_length=32)
    name: str = Field(max_length=80)
    day: str = Field(max_length=10)  # ISO date
    system: str = Field(default="warmachine", max_length=32)
    game_size: int = 75
    rounds: int = 3
    lists_per_player: int = 2
    deadline: datetime  # lists lock then
    status: str = Field(default="open", max_length=16)  # open, running, finished
    created: datetime = Field(default_factory=now)
    clock_minutes: int | None = None  # each game's deathclock, minutes per player (None: the players choose)
    tables: int | None = None  # tables in the hall (None: as many as a round needs)
    co_organisers: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False,
                                                                            server_default="[]"))
    lists_published: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    # The organiser's round timer (models/rules/tournament/round_timer.py), None until started; the IANA time zone the
    # event's times are shown in.
    round_timer: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    time_zone: str = Field(default="UTC", max_length=64, sa_column_kwargs={"server_default": "UTC"})
    seed: int | None = None  # round 1's random draw (models.rules.tournament.swiss.drawn), recorded to show it was fair
    next_round_at: datetime | None = None  # when the organiser says the next round starts (players see it)
    # The venue sign-up link's token (None: no link): shown to the organisers, as their copies of the table links are.
    venue_token: str | None = Field(default=None, max_length=64)


class EventPlayer(SQLModel, table=True):
    """A registration: the player's name in the event and the lists they submitted (copies, locked at the
    deadline). ``account_id`` is the player's id in the event: an account's, or a walk-in's own ("w..."); the row
    outlives a deleted account (``left``: shown without a name, its results kept)."""

    __tablename__ = "event_player"
    event_id: str = Field(foreign_key="event.id", primary_key=True, max_length=32)
    account_id: str = Field(primary_key=True, max_length=32)
    name: str = Field(max_length=60)
    lists: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    registered: datetime = Field(default_factory=now)
    dropped: bool = False
    walk_in: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    left: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    checked_in: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    # Why and when a dropped player stopped being paired: "no_lists", "not_checked_in", "organiser", "player".
    drop_reason: str = Field(default="", max_length=16, sa_column_kwargs={"server_default": ""})
    dropped_round: int | None = None
    # The organiser's review of the lists: "checked" (the catalog found them legal), "pending" (the catalog cannot
    # check every card: the organiser decides), "approved", "rejected" ("" before any list is submitted).
    lists_status: str = Field(default="", max_length=16, sa_column_kwargs={"server_default": ""})
    lists_note: str = Field(default="", max_length=200, sa_column_kwargs={"server_default": ""})
    club: str = Field(default="", max_length=60, sa_column_kwargs={"server_default": ""})  # kept apart in round 1


class EventPairing(SQLModel, table=True):
    """One table of one round; ``player_b`` None is a bye. ``links`` holds the game's seat and watch links."""

    __tablename__ = "event_pairing"
    __table_args__ = (UniqueConstraint("event_id", "round", "table_no"),)
    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id", index=True, max_length=32)
    round: int
    table_no: int
    player_a: str = Field(max_length=32)
    player_b: str | None = Field(default=None, max_length=32)
    game_id: str | None = Field(default=None, foreign_key="game.id", max_length=32)
    links: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    scenario: str = Field(default="", max_length=60, sa_column_kwargs={"server_default": ""})
    published: bool = Field(default=True, sa_column_kwargs={"server_default": true()})  # False: drafted, no games


class ResultReport(SQLModel, table=True):
    """What the players and the organiser said of one table's result (its game's own result is in its log): a
    player's report with the opponent's answer, and the organiser's entry, which counts over everything.
    ``version`` grows with each change, so two answers at once cannot both count."""

    __tablename__ = "result_report"
    pairing_id: int = Field(foreign_key="event_pairing.id", primary_key=True)
    event_id: str = Field(foreign_key="event.id", index=True, max_length=32)
    reported_by: int | None = None  # the table's side (0, 1) that reported
    status: str | None = Field(default=None, max_length=16)  # reported, confirmed, disputed
    report: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    note: str = Field(default="", max_length=200)  # why the opponent disputed it
    entered: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    version: int = 1
    updated: datetime = Field(default_factory=now)


class ResultCorrection(SQLModel, table=True):
    """The organiser entered or changed a table's result: who, when, the result that counted before and after."""

    __tablename__ = "result_correction"
    id: int | None = Field(default=None, primary_key=True)
    event_id: str = Field(foreign_key="event.id", index=True, max_length=32)
    pairing_id: int = Field(foreign_key="event_pairing.id")
    by: str = Field(max_length=32)  # the organiser's account id
    at: datetime = Field(default_factory=now)
    before: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    after: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    note: str = Field(default="", max_length=200)


# -- the community card book (DESIGN.md "Cards: where a fact comes from") ------------------------------------

class CommunityFact(SQLModel, table=True):
    """One account's published value of one fact of a catalog card (models/catalog/card_facts.py): at most one per
    account, card and fact; its author (or a moderator) changes it, anyone else publishes their own beside it.
    ``author`` has no foreign key: a deleted account's facts stay, shown without a name."""

    __tablename__ = "community_fact"
    __table_args__ = (UniqueConstraint("card_key", "fact", "author"),)
    id: int | None = Field(default=None, primary_key=True)
    card_key: str = Field(index=True, max_length=64)
    fact: str = Field(max_length=32)
    value: Any = Field(sa_column=Column(JSON, nullable=False))
    author: str = Field(index=True, max_length=32)
    source_kind: str = Field(max_length=8)  # card (their printed card), page (a page address), pack (a card pack)
    source: str = Field(default="", max_length=200)
    version: int = 1
    created: datetime = Field(default_factory=now)
    updated: datetime = Field(default_factory=now)
    hidden: bool = False
    checked_by: str | None = Field(default=None, max_length=32)  # the moderator who checked this version


class CommunityChange(SQLModel, table=True):
    """One change of a community fact, for its card's history: published, changed, checked, hidden, shown,
    reverted; ``value`` the fact's value after it (None when the value did not change)."""

    __tablename__ = "community_change"
    id: int | None = Field(default=None, primary_key=True)
    fact_id: int = Field(foreign_key="community_fact.id", index=True)
    card_key: str = Field(index=True, max_length=64)
    version: int
    action: str = Field(max_length=16)
    by: str = Field(index=True, max_length=32)
    at: datetime = Field(default_factory=now, index=True)
    value: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
    note: str = Field(default="", max_length=200)


class Moderator(SQLModel, table=True):
    """An account the site's operator made a moderator of the community card book (a command, never the UI)."""

    account_id: str = Field(foreign_key="account.id", primary_key=True, max_length=32)
    granted: datetime = Field(default_factory=now)
