"""One event with everything it needs, written as JSON and restored (docs/DEPLOY.md "Restoring one event").

A database dump restores the whole site; this brings back one event into a site that goes on: the event, its
players and pairings, the games its pairings opened with their command logs and link hashes (the links people
hold keep working), the accounts' rows of those games, and the accounts the event names. The log is the truth:
a restored game replays from it, so snapshots (a cache) are not written. Password hashes are never written either:
an account that has to be made again gets no usable password, and its owner sets one by a password reset.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, DateTime, Engine, Table, select
from sqlmodel import SQLModel

from models.db.tables import AccessToken, Account, AccountGame, CommandLog, Event, EventPairing, EventPlayer, Game

FORMAT = "tablekeeper-event/1"
NO_PASSWORD = "!"  # not an argon2 hash: no password matches it until the owner resets it
ACCOUNT_COLUMNS = ("id", "email", "name", "created")


class ArchiveError(Exception):
    """The archive cannot be written or restored; the message says why, and nothing was changed."""


@dataclass(frozen=True)
class Restored:
    event_id: str
    games_restored: int
    games_kept: int  # still in the database: the stored log is as new as the archive's or newer
    accounts_made: int


def _table(model: type[SQLModel]) -> Table:
    table = model.__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


def _is_time(table: Table, name: str) -> bool:
    kind = table.columns[name].type
    return isinstance(getattr(kind, "impl", kind), DateTime) or isinstance(kind, DateTime)


def _out(table: Table, row: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A row as JSON-ready values (times in ISO 8601); ``skip`` drops surrogate keys the database hands out."""
    return {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in row._mapping.items() if k not in skip}


def _in(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    unknown = set(row) - set(table.columns.keys())
    if unknown:
        raise ArchiveError(f"The archive has columns this version does not know in {table.name}: "
                           + ", ".join(sorted(unknown)) + ".")
    return {k: (datetime.fromisoformat(v) if isinstance(v, str) and _is_time(table, k) else v)
            for k, v in row.items()}


def export_event(engine: Engine, event_id: str) -> dict[str, Any]:
    """Everything needed to restore the event ``event_id`` (ArchiveError when there is no such event)."""
    ev, players, pairings = _table(Event), _table(EventPlayer), _table(EventPairing)
    games, logs, tokens = _table(Game), _table(CommandLog), _table(AccessToken)
    account_games, accounts = _table(AccountGame), _table(Account)
    with engine.connect() as c:
        event = c.execute(select(ev).where(ev.c.id == event_id)).first()
        if event is None:
            raise ArchiveError(f"There is no event {event_id!r} in this database.")
        player_rows = c.execute(select(players).where(players.c.event_id == event_id)
                                .order_by(players.c.registered, players.c.account_id)).all()
        pairing_rows = c.execute(select(pairings).where(pairings.c.event_id == event_id)
                                 .order_by(pairings.c.round, pairings.c.table_no)).all()
        game_ids = sorted({r.game_id for r in pairing_rows if r.game_id is not None})
        game_rows = c.execute(select(games).where(games.c.id.in_(game_ids)).order_by(games.c.id)).all()
        log_rows = c.execute(select(logs).where(logs.c.game_id.in_(game_ids))
                             .order_by(logs.c.game_id, logs.c.seq)).all()
        token_rows = c.execute(select(tokens).where(tokens.c.game_id.in_(game_ids))
                               .order_by(tokens.c.game_id, tokens.c.hash)).all()
        held = c.execute(select(account_games).where(account_games.c.game_id.in_(game_ids))
                         .order_by(account_games.c.game_id, account_games.c.account_id)).all()
        named = ({event.organiser} - {None}) | {r.account_id for r in player_rows} | {r.account_id for r in held}
        account_rows = c.execute(select(*(accounts.c[k] for k in ACCOUNT_COLUMNS))
                                 .where(accounts.c.id.in_(sorted(named))).order_by(accounts.c.id)).all()
    return {
        "format": FORMAT,
        "event": _out(ev, event),
        "players": [_out(players, r) for r in player_rows],
        "pairings": [_out(pairings, r, skip=("id",)) for r in pairing_rows],
        "games": [{"game": _out(games, g),
                   "log": [_out(logs, r, skip=("id",)) for r in log_rows if r.game_id == g.id],
                   "tokens": [_out(tokens, r) for r in token_rows if r.game_id == g.id]} for g in game_rows],
        "account_games": [_out(account_games, r) for r in held],
        "accounts": [_out(accounts, r) for r in account_rows],
    }


def restore_event(engine: Engine, archive: dict[str, Any]) -> Restored:
    """Put an exported event back, in one transaction. Refused (ArchiveError, nothing written) when the event is
    in the database already or an account's email now belongs to another account. A game still in the database is
    kept as it is: its stored log holds everything the archive's does, and maybe more."""
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveError(f"This is not an event archive ({FORMAT}).")
    ev = _table(Event)
    event_id = archive["event"]["id"]
    with engine.begin() as c:
        if c.execute(select(ev.c.id).where(ev.c.id == event_id)).first() is not None:
            raise ArchiveError(f"Event {event_id!r} is in the database already: nothing was restored.")
        made = _restore_accounts(c, archive["accounts"])
        restored = kept = 0
        for game in archive["games"]:
            if _restore_game(c, game):
                restored += 1
            else:
                kept += 1
        c.execute(ev.insert(), [_in(ev, archive["event"])])
        for model, key in ((EventPlayer, "players"), (EventPairing, "pairings")):
            table = _table(model)
            if archive[key]:
                c.execute(table.insert(), [_in(table, r) for r in archive[key]])
        held = _table(AccountGame)
        for row in archive["account_games"]:
            there = c.execute(select(held.c.game_id).where(held.c.account_id == row["account_id"],
                                                           held.c.game_id == row["game_id"])).first()
            if there is None:
                c.execute(held.insert(), [_in(held, row)])
    return Restored(event_id=event_id, games_restored=restored, games_kept=kept, accounts_made=made)


def _restore_accounts(c: Connection, rows: list[dict[str, Any]]) -> int:
    accounts = _table(Account)
    made = 0
    for row in rows:
        if c.execute(select(accounts.c.id).where(accounts.c.id == row["id"])).first() is not None:
            continue
        if c.execute(select(accounts.c.id).where(accounts.c.email == row["email"])).first() is not None:
            raise ArchiveError(f"The email {row['email']!r} belongs to another account now: nothing was restored.")
        c.execute(accounts.insert(), [_in(accounts, {**row, "password_hash": NO_PASSWORD})])
        made += 1
    return made


def _restore_game(c: Connection, game: dict[str, Any]) -> bool:
    """Insert one game with its log and links; False when the game is in the database already."""
    games, logs, tokens = _table(Game), _table(CommandLog), _table(AccessToken)
    if c.execute(select(games.c.id).where(games.c.id == game["game"]["id"])).first() is not None:
        return False
    c.execute(games.insert(), [_in(games, game["game"])])
    if game["log"]:
        c.execute(logs.insert(), [_in(logs, r) for r in game["log"]])
    if game["tokens"]:
        c.execute(tokens.insert(), [_in(tokens, r) for r in game["tokens"]])
    return True
