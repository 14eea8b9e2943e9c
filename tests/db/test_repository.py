"""The database layer (models/db): Alembic migrations, the command log with optimistic versions, snapshots,
access tokens and the operator's site cards. Every test runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL
(the `db_url` fixture), each on an empty database of its own.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, func, inspect, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel, select

from models.db.card_repository import CardRepository
from models.db.engine import MIGRATIONS, make_engine, migrate, normalise
from models.db.repository import Repository, StaleVersion, Taken
from models.db.tables import AccessToken, CardRow, CommandLog, Game, Snapshot

TABLES = {"game", "command_log", "snapshot", "army_list", "card", "access_token"}
GAME = "g1"


@pytest.fixture
def repo(engine: Engine) -> Repository:
    return Repository(engine)


def head_revision() -> str:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def new_game(repo: Repository, game_id: str = GAME, tokens: list[AccessToken] | None = None) -> None:
    repo.create_game(game_id, "warmachine", "Friday game", tokens or [], {"type": "setup", "n": 0},
                     [{"kind": "game.setup", "text": "Set up."}], "table")


def entry(n: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return {"type": "mark_damage", "n": n}, [{"kind": "damage.marked", "text": f"entry {n}"}]


def count(engine: Engine, table: type[SQLModel]) -> int:
    with Session(engine) as s:
        return s.exec(select(func.count()).select_from(table)).one()


def snapshot_seqs(engine: Engine, game_id: str = GAME) -> list[int]:
    with Session(engine) as s:
        query = select(Snapshot.seq).where(Snapshot.game_id == game_id).order_by(Snapshot.seq)
        return list(s.exec(query).all())


# -- migrations ------------------------------------------------------------------------------------

def test_migrations_create_every_table_at_alembic_head(engine: Engine) -> None:
    names = set(inspect(engine).get_table_names())
    assert names >= TABLES | {"alembic_version"}
    assert current_revision(engine) == head_revision()


def test_migrated_schema_matches_the_sqlmodel_tables(engine: Engine) -> None:
    """No model change without a migration: autogenerate finds nothing left to do at head."""
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), SQLModel.metadata) == []


def test_migrate_is_idempotent_and_keeps_data(engine: Engine, repo: Repository, db_url: str) -> None:
    new_game(repo)
    repo.append(GAME, 1, *entry(2), "table")
    migrate(engine)
    other = make_engine(db_url)  # a second server starting on the same database migrates too
    try:
        migrate(other)
        migrate(other)
    finally:
        other.dispose()
    assert set(inspect(engine).get_table_names()) >= TABLES
    assert current_revision(engine) == head_revision()
    assert repo.version(GAME) == 2
    assert [r.seq for r in repo.log(GAME)] == [1, 2]


def test_the_key_migration_keeps_a_log_written_before_it(engine: Engine, db_url: str) -> None:
    """0002 adds command_log.command_id and game.start_key (SQLite batch mode) to a database already in use."""
    old = make_engine(db_url)
    try:
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with old.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0001")
        with old.begin() as conn:  # a game as the old schema wrote it
            conn.execute(text("INSERT INTO game (id, system, title, status, version, created, updated) "
                              "VALUES ('old', 'warmachine', 'Old game', 'active', 1, :t, :t)"), {"t": "2025-01-01"})
            conn.execute(text("INSERT INTO command_log (game_id, seq, command, events, actor, undone, at) "
                              "VALUES ('old', 1, '{\"type\": \"setup\"}', '[]', 'table', false, :t)"),
                         {"t": "2025-01-01"})
        migrate(old)
    finally:
        old.dispose()
    repo = Repository(engine)
    assert current_revision(engine) == head_revision()
    # 0005 marks a setup logged before turn flow 2 with the flow it was played in (models/db/legacy.py).
    assert [(r.seq, r.command) for r in repo.log("old")] == [(1, {"type": "setup", "turn_flow": 1})]
    assert repo.append("old", 1, *entry(2), "table", command_id="tap-1") == 2
    assert repo.logged("old", "tap-1") is not None


def test_one_log_entry_per_game_and_seq(engine: Engine, repo: Repository) -> None:
    new_game(repo)
    with pytest.raises(IntegrityError), Session(engine) as s:
        s.add(CommandLog(game_id=GAME, seq=1, command={"type": "x"}, events=[], actor="table"))
        s.commit()
    assert [r.seq for r in repo.log(GAME)] == [1]


def test_normalise_accepts_plain_postgres_urls() -> None:
    assert normalise("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise("sqlite:///x.db") == "sqlite:///x.db"


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/wal.db")
    try:
        migrate(engine)
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL: a commit survives power loss
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        engine.dispose()


def test_reads_do_not_wait_for_a_writer(repo: Repository, engine: Engine) -> None:
    """A page reading a game while another process holds the write lock gets the last committed state at once
    (SQLite: reads begin deferred, writes IMMEDIATE; PostgreSQL: MVCC)."""
    new_game(repo)
    result: list[object] = []
    with engine.connect() as writer:
        writer.begin()  # holds the write lock until rolled back
        writer.execute(text("UPDATE game SET title = 'being written' WHERE id = :g"), {"g": GAME})
        reading = threading.Thread(target=lambda: result.extend([repo.version(GAME), repo.log(GAME)[0].seq]))
        reading.start()
        reading.join(timeout=10)  # a read queued behind the writer would wait for the 30 s busy timeout
        finished = not reading.is_alive()
        writer.rollback()
    reading.join()
    assert finished, "a read waited for the writer"
    assert result == [1, 1]


# -- the log and versions --------------------------------------------------------------------------

def test_create_game_writes_version_one_with_its_first_entry(repo: Repository) -> None:
    new_game(repo)
    game = repo.game(GAME)
    assert game is not None and game.version == 1 and game.title == "Friday game"
    rows = repo.log(GAME)
    assert [(r.seq, r.command["type"], r.actor, r.undone) for r in rows] == [(1, "setup", "table", False)]


def test_append_bumps_the_version_by_one(repo: Repository) -> None:
    new_game(repo)
    for expected in range(1, 6):
        seq = repo.append(GAME, expected, *entry(expected + 1), "table")
        assert seq == expected + 1
        assert repo.version(GAME) == expected + 1
    rows = repo.log(GAME)
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[-1].command == {"type": "mark_damage", "n": 6}
    assert rows[-1].events == [{"kind": "damage.marked", "text": "entry 6"}]
    assert [r.seq for r in repo.log(GAME, after=4)] == [5, 6]


@pytest.mark.parametrize("stale", [0, 1, 2, 4])
def test_stale_expected_version_writes_nothing(repo: Repository, engine: Engine, stale: int) -> None:
    new_game(repo)
    repo.append(GAME, 1, *entry(2), "table")
    repo.append(GAME, 2, *entry(3), "table")
    before = (repo.log(GAME), repo.version(GAME), count(engine, CommandLog), count(engine, Snapshot))
    with pytest.raises(StaleVersion) as refused:
        repo.append(GAME, stale, *entry(99), "table", snapshot={"big": "state"}, undo_seq=2)
    assert refused.value.current == 3
    assert (repo.log(GAME), repo.version(GAME), count(engine, CommandLog), count(engine, Snapshot)) == before
    assert not any(r.undone for r in repo.log(GAME))


def test_append_to_an_unknown_game_is_stale_at_version_zero(repo: Repository) -> None:
    with pytest.raises(StaleVersion) as refused:
        repo.append("nope", 1, *entry(2), "table")
    assert refused.value.current == 0
    assert repo.version("nope") is None and repo.game("nope") is None


def test_games_have_versions_of_their_own(repo: Repository) -> None:
    new_game(repo, "a")
    new_game(repo, "b")
    repo.append("a", 1, *entry(2), "table")
    assert (repo.version("a"), repo.version("b")) == (2, 1)
    assert repo.append("b", 1, *entry(2), "table") == 2
    assert [r.seq for r in repo.log("b")] == [1, 2]


def test_a_command_id_is_stored_once_per_game(repo: Repository, engine: Engine) -> None:
    new_game(repo, "a")
    new_game(repo, "b")
    assert repo.append("a", 1, *entry(2), "table", command_id="tap-1") == 2
    with pytest.raises(Taken):
        repo.append("a", 2, *entry(3), "table", command_id="tap-1")
    assert (repo.version("a"), [r.seq for r in repo.log("a")]) == (2, [1, 2])
    row = repo.logged("a", "tap-1")
    assert row is not None and (row.seq, row.command) == (2, entry(2)[0])
    assert repo.logged("a", "tap-2") is None
    # Positive controls: another game may use the key, and entries without a key are not limited.
    assert repo.append("b", 1, *entry(2), "table", command_id="tap-1") == 2
    assert repo.append("a", 2, *entry(3), "table") == 3
    assert repo.append("a", 3, *entry(4), "table") == 4


def test_a_start_key_makes_one_game(repo: Repository, engine: Engine) -> None:
    repo.create_game("g1", "warmachine", "Friday", [], {"type": "setup", "n": 1}, [], "table", start_key="key-1")
    with pytest.raises(Taken):
        repo.create_game("g2", "warmachine", "Friday", [], {"type": "setup", "n": 1}, [], "table", start_key="key-1")
    assert repo.game("g2") is None and count(engine, Game) == 1
    assert repo.started("key-1") == ("g1", {"type": "setup", "n": 1})
    assert repo.started("key-2") is None
    new_game(repo, "g3")  # positive control: games without a key are not limited
    new_game(repo, "g4")
    assert count(engine, Game) == 3


# -- undo marks and snapshots ----------------------------------------------------------------------

def test_snapshot_is_stored_with_its_entry(repo: Repository, engine: Engine) -> None:
    new_game(repo)
    repo.append(GAME, 1, *entry(2), "table", snapshot={"at": 2})
    repo.append(GAME, 2, *entry(3), "table")
    repo.append(GAME, 3, *entry(4), "table", snapshot={"at": 4})
    assert snapshot_seqs(engine) == [2, 4]
    assert repo.latest_snapshot(GAME) == (4, {"at": 4})
    assert repo.latest_snapshot("other") is None


def test_undo_marks_the_entry_keeps_history_and_drops_snapshots_from_it_on(repo: Repository,
                                                                           engine: Engine) -> None:
    new_game(repo)
    for expected in range(1, 6):
        repo.append(GAME, expected, *entry(expected + 1), "table",
                    snapshot={"at": expected + 1} if expected + 1 in (2, 4, 6) else None)
    assert snapshot_seqs(engine) == [2, 4, 6]
    seq = repo.append(GAME, 6, {"type": "undo", "target": 4}, [{"kind": "undo", "text": "Undone"}], "table",
                      undo_seq=4)
    assert seq == 7
    rows = repo.log(GAME)
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5, 6, 7]  # nothing deleted
    assert [r.seq for r in rows if r.undone] == [4]
    assert snapshot_seqs(engine) == [2]
    assert repo.latest_snapshot(GAME) == (2, {"at": 2})


# -- tokens and cards ------------------------------------------------------------------------------

def test_tokens_are_looked_up_by_hash(repo: Repository) -> None:
    new_game(repo, tokens=[AccessToken(hash="h-table", game_id=GAME, role="table"),
                           AccessToken(hash="h-seat", game_id=GAME, role="seat", seat=1)])
    row = repo.token("h-seat")
    assert row is not None and (row.game_id, row.role, row.seat) == (GAME, "seat", 1)
    assert repo.token("h-missing") is None


def test_site_cards_are_saved_and_replaced_as_the_operators(engine: Engine) -> None:
    cards = CardRepository(engine)
    assert cards.site_cards() == {}
    cards.save_site_cards({"foreboder": {"key": "foreboder", "rings": [6, 4, 4]}})
    cards.save_site_cards({"foreboder": {"key": "foreboder", "rings": [5, 5, 4]}})
    assert cards.site_cards() == {"foreboder": {"key": "foreboder", "rings": [5, 5, 4]}}
    assert count(engine, CardRow) == 1


def test_cards_any_link_wrote_before_the_operator_right_are_kept_but_never_read(empty_db_url: str) -> None:
    """Rows of the old site-wide card table were written by any game link; after the migration they stay (an operator
    may look at them) but the catalog no longer reads them. Positive control: a row the operator saves afterwards is
    read."""
    engine = make_engine(empty_db_url)
    try:
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0001")
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO card (key, data, updated) VALUES ('agathon', '{\"name\": \"Evil\"}', "
                              "CURRENT_TIMESTAMP)"))
        migrate(engine)
        cards = CardRepository(engine)
        assert count(engine, CardRow) == 1
        assert cards.site_cards() == {}
        cards.save_site_cards({"my-solo": {"key": "my-solo"}})
        assert cards.site_cards() == {"my-solo": {"key": "my-solo"}}
    finally:
        engine.dispose()


# -- PostgreSQL: commits notify other server processes ---------------------------------------------

@pytest.mark.pg
def test_postgres_append_notifies_after_commit(pg_url: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    engine = make_engine(pg_url)
    migrate(engine)
    repo = Repository(engine)
    new_game(repo)
    conninfo = make_url(pg_url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as listener:
        listener.execute("LISTEN tablekeeper")
        repo.append(GAME, 1, *entry(2), "table")
        with pytest.raises(StaleVersion):
            repo.append(GAME, 1, *entry(2), "table")  # refused: no notice
        repo.append(GAME, 2, *entry(3), "table")
        notes = [n.payload for n in listener.notifies(timeout=2, stop_after=2)]
        assert notes == [f"{GAME}:2", f"{GAME}:3"]
        assert [n.payload for n in listener.notifies(timeout=0.3)] == []
    engine.dispose()


def test_game_row_matches_the_version_column(engine: Engine, repo: Repository) -> None:
    new_game(repo)
    repo.append(GAME, 1, *entry(2), "table")
    with Session(engine) as s:
        game = s.get(Game, GAME)
        assert game is not None and game.version == 2
        rows = s.exec(text("SELECT count(*) FROM command_log WHERE game_id = :g").bindparams(g=GAME))
        assert rows.one()[0] == 2
