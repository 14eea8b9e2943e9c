"""The site's notices on PostgreSQL (models/db/site_notices.py): every committed change of an event's rows says
"event/<id>", of Live now's listings "listings/", a bulk change of event rows "event/*"; a rolled-back change
says nothing. Another server process's listener hears them (webapp/live/games.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import psycopg
import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from models.db.notify import CHANNEL, Listener
from models.db.tables import EventPlayer
from models.rules.tournament.round_timer import start
from models.rules.warmachine.builders import setup_game
from models.service import GameService
from models.service.access import Actor
from models.service.accounts import AccountService
from models.service.events.hall import HallService
from models.service.events.service import EventService
from models.service.listings import ListingService
from tests.conftest import migrated

PASSWORD = "correct horse battery"


@pytest.fixture
def engine(pg_url: str) -> Iterator[Engine]:
    with migrated(pg_url) as made:
        yield made


@pytest.fixture
def heard(pg_url: str) -> Iterator[psycopg.Connection]:
    listener = Listener.for_url(pg_url, print, print)
    assert listener is not None
    with psycopg.connect(listener.conninfo, autocommit=True) as conn:
        conn.execute(f"LISTEN {CHANNEL}")
        yield conn


def drain(conn: psycopg.Connection) -> list[str]:
    """The notices delivered so far, in order (game notices left out)."""
    return [n.payload for n in conn.notifies(timeout=0.5) if ":" not in n.payload]


def test_committed_changes_of_an_events_rows_and_of_the_listings_are_announced(engine: Engine,
                                                                               heard: psycopg.Connection) -> None:
    accounts, games = AccountService(engine), GameService(engine)
    events = EventService(engine, games)
    (olga, _), (ann, ann_session) = (accounts.sign_up(f"{n}@example.org", PASSWORD, n) for n in ("olga", "ann"))
    assert drain(heard) == []  # positive control: accounts are not events
    event = events.settings.create(olga, "Club night", "2030-01-01", 50, 2, 2, datetime(2030, 1, 1, 9, tzinfo=UTC))
    assert drain(heard) == [f"event/{event.id}"]
    events.players.register(ann, event.id)
    assert drain(heard) == [f"event/{event.id}"]
    HallService(engine, events, lambda: 0).repo.set_timer(event.id, start(1, 50, now_ms=0).to_json())
    assert drain(heard) == [f"event/{event.id}"]

    with Session(engine) as s:  # a change rolled back is never announced
        s.add(EventPlayer(event_id=event.id, account_id=olga.id, name="Olga", lists=[]))
        s.flush()
        s.rollback()
    assert drain(heard) == []

    created = games.start(setup_game("Listed", [("Ann", []), ("Bob", [])]))
    listings = ListingService(engine, games)
    listings.list_game(created.game_id, Actor(role="table"))
    assert drain(heard) == ["listings/"]
    listings.unlist(created.game_id, Actor(role="table"))
    assert drain(heard) == ["listings/"]

    accounts.delete(ann_session, PASSWORD)  # statements that delete the account's event rows name no event
    assert {"event/*", f"event/{event.id}"} & set(drain(heard))
