"""The stamp event pages poll (models/service/events/changes.py) changes whenever an event's own rows change:
a registration, lists given, a round paired, the round timer; it stays the same otherwise. SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine

from models.service import GameService
from models.service.accounts import AccountService
from models.service.events.changes import EventChanges
from models.service.events.hall import HallService
from models.service.events.service import EventService
from models.service.lists import ListService
from tests.service.test_lists import AGATHON_LIST, OMODAMOS_LIST

PASSWORD = "correct horse battery"


def test_an_events_stamp_changes_with_registrations_lists_rounds_and_the_timer_only(engine: Engine) -> None:
    games = GameService(engine)
    accounts, events, saved = AccountService(engine), EventService(engine, games), ListService(engine, games)
    changes = EventChanges(engine)
    olga, ann, bob = (accounts.sign_up(f"{n}@example.org", PASSWORD, n)[0] for n in ("olga", "ann", "bob"))
    event = events.settings.create(olga, "Club night", "2030-01-01", 50, 2, 2, datetime(2030, 1, 1, 9, tzinfo=UTC))
    seen = [changes.stamps([event.id, "no-such-event"])]
    assert list(seen[0]) == [event.id]
    assert changes.stamps([event.id]) == seen[-1]  # positive control: nothing changed, nothing seen
    for player in (ann, bob):
        events.players.register(player, event.id)
        seen.append(changes.stamps([event.id]))
        ids = [saved.save(player.owner, army).id for army in (AGATHON_LIST, OMODAMOS_LIST)]
        events.lists.submit(player, event.id, ids)
        seen.append(changes.stamps([event.id]))
    events.rounds.pair(olga, event.id, "Spread the Net")
    seen.append(changes.stamps([event.id]))
    hall = HallService(engine, events, lambda: 1_000)
    hall.start_timer(olga, event.id, 50)
    seen.append(changes.stamps([event.id]))
    hall.pause_timer(olga, event.id)
    seen.append(changes.stamps([event.id]))
    assert len({tuple(s[event.id]) for s in seen}) == len(seen)
    assert changes.stamps([]) == {}
