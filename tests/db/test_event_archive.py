"""Backing up and restoring one event (deploy/event_backup.py): an event with a finished game is exported,
deleted from the database, restored, and its games replay to the same states and results, its standings are the
same, its links still open the games, and its rows come back as they were. Runs on SQLite and, with
TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, delete, select

from deploy import event_backup
from models.db.engine import make_engine, migrate
from models.db.tables import (
    AccessToken,
    Account,
    AccountGame,
    CommandLog,
    Event,
    EventPairing,
    EventPlayer,
    Game,
    Snapshot,
)
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.ending import Concede
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import ArmyEntry
from models.service import Actor, GameService
from models.service.accounts import AccountService
from models.service.errors import SiteError
from models.service.events.service import EventService

ARMY = [ArmyEntry(card="agathon"), ArmyEntry(card="cultist-band", size=4)]
PASSWORD = "correct horse battery"


def an_event(engine: Engine) -> dict[str, Any]:
    """Four accounts in an event of one round: table 1's game conceded, table 2's still going."""
    accounts = AccountService(engine)
    people = [accounts.sign_up(f"{n}@example.org", PASSWORD, n)[0] for n in ("Ann", "Bob", "Cy", "Di")]
    games = GameService(engine)
    first = games.start(setup_game("Round 1, table 1", [("Ann", ARMY), ("Bob", ARMY)]))
    second = games.start(setup_game("Round 1, table 2", [("Cy", ARMY), ("Di", ARMY)]))
    games.execute(first.game_id, Concede(seat=1), 1, Actor(role="seat", seat=1))
    with Session(engine) as s:
        s.add(Event(id="ev1", organiser=people[0].id, name="Winter Steamroller", day="2026-12-05",
                    deadline=datetime.now(UTC) + timedelta(days=3)))
        s.flush()
        s.add_all([EventPlayer(event_id="ev1", account_id=p.id, name=p.name, lists=[{"title": f"{p.name}'s list"}])
                   for p in people])
        for table_no, (made, a, b) in enumerate(((first, 0, 1), (second, 2, 3)), start=1):
            s.add(EventPairing(event_id="ev1", round=1, table_no=table_no, player_a=people[a].id,
                               player_b=people[b].id, game_id=made.game_id, links={"watch": made.tokens["watch"]}))
            for seat, who in enumerate((a, b), start=1):
                s.add(AccountGame(account_id=people[who].id, game_id=made.game_id,
                                  links={"title": f"Table {table_no}", f"seat{seat}": made.tokens[f"seat{seat}"]}))
        s.commit()
    return {"people": people, "games": (first, second)}


def rows(engine: Engine) -> dict[str, Any]:
    """The event's rows as plain data (surrogate ids left out: the database hands them out again)."""
    with Session(engine) as s:
        def dump(model: Any, *order: Any) -> list[dict[str, Any]]:
            return [r.model_dump(exclude={"id"}) for r in s.exec(select(model).order_by(*order)).all()]
        return {"event": dump(Event, Event.id), "players": dump(EventPlayer, EventPlayer.account_id),
                "pairings": dump(EventPairing, EventPairing.table_no),
                "account_games": dump(AccountGame, AccountGame.game_id, AccountGame.account_id),
                "tokens": dump(AccessToken, AccessToken.hash),
                "log": dump(CommandLog, CommandLog.game_id, CommandLog.seq), "games": dump(Game, Game.id)}


def delete_event(engine: Engine, game_ids: list[str]) -> None:
    with Session(engine) as s:
        for model, column in ((AccountGame, AccountGame.game_id), (EventPairing, EventPairing.game_id),
                              (AccessToken, AccessToken.game_id), (CommandLog, CommandLog.game_id),
                              (Snapshot, Snapshot.game_id), (Game, Game.id)):
            s.exec(delete(model).where(col(column).in_(game_ids)))
        s.exec(delete(EventPlayer))
        s.exec(delete(Event))
        s.commit()


def export(url: str, event_id: str, capsys: pytest.CaptureFixture[str], into: Path) -> Path:
    assert event_backup.main(["--database-url", url, "export", event_id]) == 0
    into.write_text(capsys.readouterr().out, encoding="utf-8")
    return into


def test_an_event_deleted_after_its_backup_comes_back_with_its_games_and_links(
        db_url: str, engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = an_event(engine)
    ids = [g.game_id for g in made["games"]]
    before_rows = rows(engine)
    before = GameService(engine)
    states = {g: before.state(g)[1].model_dump() for g in ids}
    results = {g: before.result_json(g)["result"] for g in ids}
    assert results[ids[0]]["winner"] == 0 and results[ids[1]] is None  # positive control: one finished game
    standings = EventService(engine, before).standings("ev1")
    assert (standings[0].player, standings[0].wins) == (made["people"][0].id, 1)

    archive = export(db_url, "ev1", capsys, tmp_path / "event.json")
    delete_event(engine, ids)
    assert rows(engine)["games"] == [] and rows(engine)["event"] == []

    assert event_backup.main(["--database-url", db_url, "restore", str(archive)]) == 0
    assert "2 games restored, 0 kept" in capsys.readouterr().out
    assert rows(engine) == before_rows
    after = GameService(engine)  # a fresh cache: the games replay from their restored logs
    assert {g: after.state(g)[1].model_dump() for g in ids} == states
    assert {g: after.result_json(g)["result"] for g in ids} == results
    assert EventService(engine, after).standings("ev1") == standings
    second = made["games"][1]
    assert after.authorize(second.game_id, second.tokens["seat2"]) == Actor(role="seat", seat=1)
    version = after.state(second.game_id)[0]
    assert board(after.execute(second.game_id, Concede(seat=0), version, Actor(role="seat", seat=0)).state).result


def test_a_restore_over_an_event_still_there_is_refused_and_changes_nothing(
        db_url: str, engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    an_event(engine)
    archive = export(db_url, "ev1", capsys, tmp_path / "event.json")
    before = rows(engine)
    assert event_backup.main(["--database-url", db_url, "restore", str(archive)]) == 1
    assert "is in the database already" in capsys.readouterr().err
    assert rows(engine) == before


def test_a_game_still_in_the_database_keeps_its_newer_log(
        db_url: str, engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = an_event(engine)
    archive = export(db_url, "ev1", capsys, tmp_path / "event.json")
    second = made["games"][1].game_id
    GameService(engine).execute(second, Concede(seat=0), 1, Actor(role="table"))
    with Session(engine) as s:
        for model in (AccountGame, EventPairing, EventPlayer, Event):
            s.exec(delete(model))
        s.commit()
    assert event_backup.main(["--database-url", db_url, "restore", str(archive)]) == 0
    assert "0 games restored, 2 kept" in capsys.readouterr().out
    assert GameService(engine).result_json(second)["result"]["winner"] == 1


def test_an_event_restored_into_a_new_database_brings_its_accounts_without_passwords(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old_url, new_url = f"sqlite:///{tmp_path}/old.db", f"sqlite:///{tmp_path}/new.db"
    old = make_engine(old_url)
    migrate(old)
    made = an_event(old)
    archive = export(old_url, "ev1", capsys, tmp_path / "event.json")
    assert "password" not in archive.read_text()
    old.dispose()

    assert event_backup.main(["--database-url", new_url, "restore", str(archive)]) == 0
    assert "4 accounts made again" in capsys.readouterr().out
    new = make_engine(new_url)
    with Session(new) as s:
        assert sorted(a.name for a in s.exec(select(Account)).all()) == ["Ann", "Bob", "Cy", "Di"]
    with pytest.raises(SiteError, match="do not match"):
        AccountService(new).sign_in("ann@example.org", PASSWORD)
    first = made["games"][0]
    assert GameService(new).result_json(first.game_id)["result"]["winner"] == 0
    new.dispose()


def test_an_unknown_event_or_a_file_that_is_no_archive_gets_a_sentence(
        db_url: str, engine: Engine, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert event_backup.main(["--database-url", db_url, "export", "nope"]) == 1
    assert "There is no event 'nope'" in capsys.readouterr().err
    junk = tmp_path / "junk.json"
    junk.write_text(json.dumps({"format": "something else"}))
    assert event_backup.main(["--database-url", db_url, "restore", str(junk)]) == 1
    assert "not an event archive" in capsys.readouterr().err
    junk.write_text("{")
    assert event_backup.main(["--database-url", db_url, "restore", str(junk)]) == 1
    assert "cannot be read as JSON" in capsys.readouterr().err
