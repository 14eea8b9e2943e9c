"""SQLModel tables (DESIGN.md "Persistence"): the command log is the truth, snapshots are a cache."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint, false
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
    link before issue 10; they are kept but never read."""

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
