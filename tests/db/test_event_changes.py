"""The stamp event pages poll (models/service/event_changes.py) changes whenever an event's own rows change:
a registration, lists given, a round paired, the round timer; it stays the same otherwise. SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine

from models.service import GameService
from models.service.accounts import AccountService
from models.service.event_changes import EventChanges
from models.service.events import EventService
from models.service.hall import HallService
from tests.service.test_lists import AGATHON_LIST, OMODAMOS_LIST

PASSWORD = "correct horse battery"


def test_an_events_stamp_changes_with_registrations_lists_rounds_and_the_timer_only(engine: Engine) -> None:
    accounts, events = AccountService(engine), EventService(engine, GameService(engine))
    changes = EventChanges(engine)
    olga, ann, bob = (accounts.sign_up(f"{n}@example.org", PASSWORD, n)[0] for n in ("olga", "ann", "bob"))
    event = events.create(olga, "Club night", "2030-01-01", 50, 2, 2, datetime(2030, 1, 1, 9, tzinfo=UTC))
    seen = [changes.stamps([event.id, "no-such-event"])]
    assert list(seen[0]) == [event.id]
    assert changes.stamps([event.id]) == seen[-1]  # positive control: nothing changed, nothing seen
    for player in (ann, bob):
        events.register(player, event.id)
        seen.append(changes.stamps([event.id]))
        ids = [events.lists.save(player.owner, army).id for army in (AGATHON_LIST, OMODAMOS_LIST)]
        events.submit_lists(player, event.id, ids)
        seen.append(changes.stamps([event.id]))
    events.pair_next_round(olga, event.id, "Spread the Net")
    seen.append(changes.stamps([event.id]))
    hall = HallService(engine, events, lambda: 1_000)
    hall.start_timer(olga, event.id, 50)
    seen.append(changes.stamps([event.id]))
    hall.pause_timer(olga, event.id)
    seen.append(changes.stamps([event.id]))
    assert len({tuple(s[event.id]) for s in seen}) == len(seen)
    assert changes.stamps([]) == {}
