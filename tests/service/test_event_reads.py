"""An event is read like a game: one read of the event builds the view every screen draws, and its games are asked
once for every table together (their versions), each game's outcome worked out once per version it reaches. SQLite
always, PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, event

from tests.service.site_client import sign_up
from tests.service.test_events_api import concede, enter, new_event, pair
from webapp import deps

GAME_TABLES = re.compile(r"\b(game|command_log|snapshot)\b", re.IGNORECASE)


@contextmanager
def statements() -> Iterator[list[str]]:
    """Every SQL statement any engine runs inside the block."""
    seen: list[str] = []

    def heard(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        seen.append(sql)

    event.listen(Engine, "before_cursor_execute", heard)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", heard)


def game_reads(seen: list[str]) -> int:
    """The statements that read games' rows: their versions, logs or snapshots."""
    return sum(1 for sql in seen if GAME_TABLES.search(sql.split(" WHERE ")[0]))


def test_an_event_read_asks_its_games_once_for_every_table(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    made = new_event(client, organiser)
    players = [enter(client, made, name) for name in ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")]
    tables = pair(client, made, organiser)
    events, games = deps.current().events, deps.current().service
    assert len([t for t in tables if t["game_id"]]) == 3
    events.event(made["id"])  # each game worked out once at its version

    with statements() as seen:
        view = events.event(made["id"])
    assert game_reads(seen) == 1
    assert [p.words.line for p in view.pairings] == ["Ann against Bob: setting up", "Cid against Dee: setting up",
                                                     "Eve against Fay: setting up"]

    concede(client, players[0], made)  # a game moves on: its outcome is worked out again, from memory
    with statements() as seen:
        view = events.event(made["id"])
    assert game_reads(seen) == 1
    assert view.pairings[0].words.line == "Ann against Bob: Bob won (concession)"

    # the positive control: asking each table's game on its own, as an event read once did, is a read per table
    with statements() as seen:
        for t in tables:
            games.state(t["game_id"])
    assert game_reads(seen) == 3
