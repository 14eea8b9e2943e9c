"""The running app's shared objects (set once by webapp.main.build), read by pages and API routes."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from sqlalchemy import Engine

from models.service import GameService
from models.service.accounts import AccountService
from models.service.event_venue import VenueSignUps
from models.service.events.hall import HallService
from models.service.events.service import EventService
from models.service.listings import ListingService
from models.service.lists import ListService
from models.service.my_data import MyData
from webapp.lanes import Lanes
from webapp.live.event_feed import EventFeed
from webapp.live.hall import Hall
from webapp.live.now import LiveNow

if TYPE_CHECKING:
    from webapp.live.games import Live


@dataclass
class Deps:
    engine: Engine  # the site's services reach the database through their own repositories on it
    service: GameService
    live: Live
    lanes: Lanes = field(default_factory=Lanes)  # heavy account work: password hashing, exports, imports
    accounts: AccountService = field(init=False)
    listings: ListingService = field(init=False)
    events: EventService = field(init=False)
    venue: VenueSignUps = field(init=False)  # sign-ups through an event's venue link, and every mailed sign-up link
    hall: HallService = field(init=False)
    lists: ListService = field(init=False)  # with the site's catalog: ``lists.for_cards`` gives a player's
    my_data: MyData = field(init=False)

    def __post_init__(self) -> None:
        self.accounts = AccountService(self.engine)
        self.listings = ListingService(self.engine, self.service)
        self.events = EventService(self.engine, self.service)
        self.venue = VenueSignUps(self.engine, self.accounts, self.events)
        self.hall = HallService(self.engine, self.events, self.service.now_ms)
        self.lists = ListService(self.engine, self.service)
        self.my_data = MyData(self.engine, self.service)

    @cached_property
    def live_now(self) -> LiveNow:
        """The Live now list of this process (made on first use: it follows the commits of ``live``)."""
        return LiveNow(self.live, self.listings)

    @cached_property
    def event_feed(self) -> EventFeed:
        """What this process's event pages follow (made on first use: it follows the commits of ``live``)."""
        return EventFeed(self.live, self.events, self.engine)

    @cached_property
    def hall_screens(self) -> Hall:
        """This process's hall screens, one view per event (made on first use)."""
        return Hall(self.live, self.event_feed)


_current: Deps | None = None


def install(deps: Deps) -> None:
    global _current
    _current = deps


def current() -> Deps:
    if _current is None:
        raise RuntimeError("webapp.main.build() has not run")
    return _current
