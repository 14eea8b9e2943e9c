"""All reads and writes of game data. Appending a command checks the game's version in the same transaction
(optimistic concurrency): a stale writer changes nothing and learns the current version. Idempotency keys
(a command's, a start's) are unique in the database: of two identical requests at once, one is stored."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, delete, func, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from models.db.notify import CHANNEL
from models.db.store import Store
from models.db.tables import AccessToken, CommandLog, Game, Snapshot, now

FROZEN = "frozen"  # a game's status once its event paired the next round


class StaleVersion(Exception):
    def __init__(self, current: int) -> None:
        super().__init__(f"the game is at version {current}")
        self.current = current


class Frozen(Exception):
    """The game is frozen (its event paired the next round): nothing more is logged."""


class Taken(Exception):
    """The idempotency key is stored already (a request with it was committed first); nothing was written."""

    def __init__(self, key: str) -> None:
        super().__init__(f"the key {key!r} is taken")
        self.key = key


@dataclass(frozen=True)
class LogRow:
    seq: int
    command: dict[str, Any]
    events: list[dict[str, Any]]
    actor: str
    undone: bool
    at: str


class Repository(Store):
    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self.notify_sql = engine.dialect.name == "postgresql"

    def create_game(self, game_id: str, system: str, title: str, tokens: list[AccessToken],
                    first: dict[str, Any], events: list[dict[str, Any]], actor: str,
                    start_key: str | None = None) -> None:
        """Store a new game at version 1; Taken if ``start_key`` made a game already."""
        with Session(self.engine) as s:
            s.add(Game(id=game_id, system=system, title=title, version=1, start_key=start_key))
            _flush(s, start_key)
            s.add_all(tokens)
            s.add(CommandLog(game_id=game_id, seq=1, command=first, events=events, actor=actor))
            s.commit()

    def started(self, start_key: str) -> tuple[str, dict[str, Any]] | None:
        """The game a start key made and the command that set it up, or None."""
        with Session(self.reads) as s:
            row = s.exec(select(Game.id, CommandLog.command).join(CommandLog, col(CommandLog.game_id) == Game.id)
                         .where(Game.start_key == start_key, CommandLog.seq == 1)).first()
            return (row[0], dict(row[1])) if row else None

    def game(self, game_id: str) -> Game | None:
        with Session(self.reads) as s:
            return s.get(Game, game_id)

    def version(self, game_id: str) -> int | None:
        with Session(self.reads) as s:
            return s.exec(select(Game.version).where(Game.id == game_id)).first()

    def versions(self, game_ids: Collection[str]) -> dict[str, int]:
        """Each existing game's version among ``game_ids``, in one read."""
        if not game_ids:
            return {}
        with Session(self.reads) as s:
            return dict(s.exec(select(Game.id, Game.version).where(col(Game.id).in_(list(game_ids)))).all())

    def token(self, token_hash: str) -> AccessToken | None:
        with Session(self.reads) as s:
            return s.get(AccessToken, token_hash)

    def append(self, game_id: str, expected: int, command: dict[str, Any], events: list[dict[str, Any]],
               actor: str, *, undo_seq: int | None = None, snapshot: dict[str, Any] | None = None,
               command_id: str | None = None) -> int:
        """Write one log entry as version ``expected + 1``; StaleVersion if someone wrote first, Taken if
        ``command_id`` is in this game's log already, Frozen if the game takes no more commands (checked in the
        same statement, so a command cannot slip in as its event freezes it)."""
        with Session(self.engine) as s:
            bumped = s.exec(update(Game).where(col(Game.id) == game_id, col(Game.version) == expected,
                                               col(Game.status) != FROZEN)
                            .values(version=expected + 1, updated=now()))
            if bumped.rowcount != 1:
                s.rollback()
                game = self.game(game_id)
                if game is not None and game.status == FROZEN:
                    raise Frozen()
                raise StaleVersion(self.version(game_id) or 0)
            seq = expected + 1
            s.add(CommandLog(game_id=game_id, seq=seq, command=command, events=events, actor=actor,
                             command_id=command_id))
            _flush(s, command_id)
            if undo_seq is not None:
                s.exec(update(CommandLog).where(col(CommandLog.game_id) == game_id, col(CommandLog.seq) == undo_seq)
                       .values(undone=True))
                s.exec(delete(Snapshot).where(col(Snapshot.game_id) == game_id, col(Snapshot.seq) >= undo_seq))
            if snapshot is not None:
                s.add(Snapshot(game_id=game_id, seq=seq, state=snapshot))
            if self.notify_sql:
                s.exec(select(func.pg_notify(CHANNEL, f"{game_id}:{seq}")))
            s.commit()
            return seq

    def logged(self, game_id: str, command_id: str) -> LogRow | None:
        """The log entry a command id made in this game, or None."""
        with Session(self.reads) as s:
            row = s.exec(select(CommandLog).where(CommandLog.game_id == game_id,
                                                  CommandLog.command_id == command_id)).first()
            return _log_row(row) if row else None

    def latest_snapshot(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        with Session(self.reads) as s:
            row = s.exec(select(Snapshot).where(Snapshot.game_id == game_id)
                         .order_by(col(Snapshot.seq).desc()).limit(1)).first()
            return (row.seq, row.state) if row else None

    def log(self, game_id: str, after: int = 0) -> list[LogRow]:
        with Session(self.reads) as s:
            rows = s.exec(select(CommandLog).where(CommandLog.game_id == game_id, CommandLog.seq > after)
                          .order_by(col(CommandLog.seq))).all()
            return [_log_row(r) for r in rows]


def _log_row(row: CommandLog) -> LogRow:
    return LogRow(row.seq, row.command, row.events, row.actor, row.undone, row.at.isoformat())


def _flush(session: Session, key: str | None) -> None:
    """Write what is pending now; a unique key that is stored already is Taken (and nothing is written)."""
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        if key is None:
            raise
        raise Taken(key) from None
