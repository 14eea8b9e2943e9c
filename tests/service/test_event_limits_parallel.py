"""An event's count-then-write limits hold under parallel requests from two server processes on one database: a
burst for its last place registers one player (registrations and the organiser's walk-ins alike), and a burst of
namings names at most CO_ORGANISERS_MAX co-organisers, none lost. Each test has a positive control: the same burst
against a count and a write made in two steps passes the limit. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine, func
from sqlmodel import Session, select

from models.db.event_repository import EventRepository, Joined
from models.db.tables import Event, EventPlayer
from models.service.accounts import Me
from models.service.events.access import PLAYERS_MAX
from models.service.events.service import EventService
from models.service.events.settings import CO_ORGANISERS_MAX
from models.service.games import GameService
from tests.service.parallel import burst, counted_first

BURST = 8
OLGA = Me(id="0" * 16, email="olga@example.org", name="Olga")


@pytest.fixture
def sites(engines: list[Engine]) -> list[EventService]:
    """The events of two server processes on one database (each with its own engine)."""
    return [EventService(e, GameService(e)) for e in engines]


@pytest.fixture
def event_id(sites: list[EventService]) -> str:
    return sites[0].settings.create(OLGA, "Club night", "2031-05-01", 75, 3, 1,
                           datetime.now(UTC) + timedelta(days=30)).id


def two_steps(sites: list[EventService], monkeypatch: pytest.MonkeyPatch) -> None:
    """The positive controls' repositories: the room and the co-organisers counted in one transaction and written
    in another, every request counting before any writes."""
    between = counted_first(BURST)

    def register(repo: EventRepository, player: EventPlayer, room: int) -> Joined:
        full = len(repo.players(player.event_id)) >= room
        between()
        if full:
            return "full"
        with Session(repo.engine, expire_on_commit=False) as s:
            s.add(player)
            s.commit()
        return "joined"

    def name_co_organiser(repo: EventRepository, event_id: str, email: str, most: int) -> Joined:
        event = repo.get(event_id)
        full = event is None or len(event.co_organisers) >= most
        between()
        if full:
            return "full"
        with Session(repo.engine) as s:  # the write alone is whole (no naming lost): only the count is apart
            row = s.get_one(Event, event_id, with_for_update=True)
            row.co_organisers = [*row.co_organisers, email]
            s.add(row)
            s.commit()
        return "joined"

    for site in sites:
        monkeypatch.setattr(site.repo, "register", lambda *a, _r=site.repo: register(_r, *a))
        monkeypatch.setattr(site.repo, "name_co_organiser", lambda *a, _r=site.repo: name_co_organiser(_r, *a))


def last_place_burst(sites: list[EventService], engine: Engine, event_id: str) -> int:
    """Players the event holds after a burst for its last place: half registrations, half walk-ins."""
    with Session(engine) as s:
        s.add_all([EventPlayer(event_id=event_id, account_id=f"p{n}", name=f"P{n}", lists=[])
                   for n in range(PLAYERS_MAX - 1)])
        s.commit()
    calls: list[Callable[[], object]] = []
    for i in range(BURST):
        site = sites[i % 2]
        if i % 4 < 2:
            calls.append(lambda site=site, i=i: site.players.register(Me(id=f"{i:016x}", email=f"p{i}@example.org",
                                                                  name=f"Racer {i}"), event_id))
        else:
            calls.append(lambda site=site, i=i: site.players.add_walk_in(OLGA, event_id, f"Walk-in {i}"))
    answers = burst(calls)
    assert answers.count("event.full") == BURST - sum(not isinstance(a, str) for a in answers)
    with Session(engine) as s:
        return s.exec(select(func.count()).select_from(EventPlayer).where(EventPlayer.event_id == event_id)).one()


def test_a_burst_for_the_last_place_registers_one(sites: list[EventService], engines: list[Engine],
                                                  event_id: str) -> None:
    assert last_place_burst(sites, engines[0], event_id) == PLAYERS_MAX


def test_room_counted_apart_from_the_registration_is_passed_by_a_burst(
        sites: list[EventService], engines: list[Engine], event_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positive control of the test above."""
    two_steps(sites, monkeypatch)
    assert last_place_burst(sites, engines[0], event_id) == PLAYERS_MAX - 1 + BURST


def co_organisers_burst(sites: list[EventService], event_id: str) -> list[str]:
    """The event's co-organisers after a burst of namings, one email each: those answered as named."""
    answers = burst([lambda i=i: sites[i % 2].settings.name_co_organiser(OLGA, event_id, f"co{i}@example.org")
                     for i in range(BURST)])
    named = {f"co{i}@example.org" for i, answer in enumerate(answers) if not isinstance(answer, str)}
    assert answers.count("event.co_organisers") == BURST - len(named)
    stored = sites[0].access.event(event_id).co_organisers
    assert named == set(stored)
    return stored


def test_a_burst_of_namings_names_at_most_the_co_organisers_an_event_has(sites: list[EventService],
                                                                        event_id: str) -> None:
    assert len(co_organisers_burst(sites, event_id)) == CO_ORGANISERS_MAX


def test_co_organisers_counted_apart_from_the_naming_pass_the_limit_in_a_burst(
        sites: list[EventService], event_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    two_steps(sites, monkeypatch)
    assert len(co_organisers_burst(sites, event_id)) == BURST
