"""An event's settings and who runs it: an account creates an event (its day, game size, rounds, lists per player,
list deadline, clock, tables, time zone), its organisers change them, and name or remove co-organisers. Each
setting is checked as the event's system allows (its tournament hook), and nothing is stored when one is refused.
"""

from __future__ import annotations

import secrets
from datetime import date, datetime
from typing import Any

from models.db.event_repository import EventRepository
from models.db.tables import Event
from models.rules import tournament_of
from models.rules.text import clean_text
from models.rules.tournament.hook import Tournament
from models.service.access import hash_token, new_token
from models.service.accounts import Me, clean_email
from models.service.errors import EventError, Forbidden
from models.service.events.access import PLAYERS_MAX, EventAccess, aware
from models.service.events.records import EventInfo
from models.service.events.view import EventViews
from models.service.zones import UTC_NAME, check_zone

NAME_LIMIT = 80
ROUNDS_MAX = 8
CO_ORGANISERS_MAX = 5


class EventSettings:
    def __init__(self, access: EventAccess, repo: EventRepository, views: EventViews) -> None:
        """Events read through ``access``, stored through ``repo``, and answered as ``views`` shows them."""
        self.access = access
        self.repo = repo
        self.views = views

    def create(self, me: Me, name: str, day: str, game_size: int, rounds: int, lists_per_player: int,
               deadline: datetime, clock_minutes: int | None = None, tables: int | None = None,
               time_zone: str = UTC_NAME) -> EventInfo:
        """A new event organised by ``me``, its times shown in ``time_zone``; bad input is refused and nothing is
        stored."""
        name = clean_text(name, "event's name", NAME_LIMIT)
        time_zone = check_zone(time_zone)
        try:
            day = date.fromisoformat(day or "").isoformat()
        except ValueError:
            raise EventError("event.day_invalid", "Give the event's day as a date (year-month-day).") from None
        event = Event(id=secrets.token_hex(8), organiser=me.id, name=name, day=day, game_size=game_size,
                      rounds=rounds, lists_per_player=lists_per_player, deadline=aware(deadline),
                      time_zone=time_zone)
        hook = tournament_of(event.system)  # an event's system is the stored event's (no form asks for one yet)
        if game_size not in hook.game_sizes:
            raise EventError("event.game_size", "Pick a game size of " + ", ".join(map(str, hook.game_sizes)) +
                             " points.")
        _check_rounds(rounds, 0)
        if lists_per_player not in (1, 2):
            raise EventError("event.lists_per_player", "Each player brings one list or two.")
        event.clock_minutes, event.tables = _clock(clock_minutes, hook), _tables(tables)
        self.repo.add(event)
        return self.views.info(event, [], [])

    def edit(self, me: Me, event_id: str, changes: dict[str, Any]) -> EventInfo:
        """The organiser changes the event's ``name``, ``rounds`` (not below those paired), ``deadline`` (while
        round 1 is not paired), ``clock_minutes`` (games opened from then on) or ``tables``; each checked as at
        creation, nothing stored when one is refused."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        unknown = set(changes) - {"name", "rounds", "deadline", "clock_minutes", "tables"}
        if unknown:
            raise EventError("event.edit", "These cannot be changed: " + ", ".join(sorted(unknown)) + ".")
        pairings = self.repo.pairings(event_id)
        if "name" in changes:
            event.name = clean_text(changes["name"], "event's name", NAME_LIMIT)
        if "rounds" in changes:
            _check_rounds(changes["rounds"], max((t.round for t in pairings), default=0))
            event.rounds = changes["rounds"]
        if "deadline" in changes:
            self.access.check_open(event, "move the list deadline")
            event.deadline = aware(changes["deadline"])
        if "clock_minutes" in changes:
            event.clock_minutes = _clock(changes["clock_minutes"], tournament_of(event.system))
        if "tables" in changes:
            event.tables = _tables(changes["tables"])
        self.repo.save_event(event)
        return self.views.info(event, self.repo.players(event_id), pairings, me=me)

    def name_co_organiser(self, me: Me, event_id: str, email: str) -> EventInfo:
        """The organisers name a co-organiser by email: whoever signs in with it runs the event too, and the first
        of them with an account takes it over if the organiser's account is deleted. Whether the email has an
        account is never said (naming one answers alike either way)."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        email = clean_email(email)
        if email == me.email or email in event.co_organisers:
            raise EventError("event.co_organiser", "That email runs this event already.")
        named = self.repo.name_co_organiser(event_id, email, CO_ORGANISERS_MAX)
        if named == "there already":
            raise EventError("event.co_organiser", "That email runs this event already.")
        if named == "full":
            raise EventError("event.co_organisers", f"An event has at most {CO_ORGANISERS_MAX} co-organisers.")
        return self.views.fresh_info(self.access.event(event_id), me)

    def remove_co_organiser(self, me: Me, event_id: str, email: str) -> EventInfo:
        """The event's own organiser takes ``email`` off its co-organisers: whoever signs in with it no longer runs
        the event, and every link of its tables they were shown ends at once (new ones replace them: the players'
        own seat links stay). A co-organiser cannot remove anyone (themselves included)."""
        event = self.access.event(event_id)
        self.access.check_running(event)
        if me.id != event.organiser:
            raise Forbidden("Only the event's organiser can remove a co-organiser.")
        email = clean_email(email)
        if email not in event.co_organisers:
            raise EventError("event.not_co_organiser", "That email is not a co-organiser of this event.")
        event.co_organisers = [e for e in event.co_organisers if e != email]
        self.repo.save_rotating_links(event, new_token, hash_token)
        return self.views.fresh_info(event, me)


def _clock(minutes: int | None, hook: Tournament) -> int | None:
    most = hook.clock_minutes_max
    if minutes is not None and not 1 <= minutes <= most:
        raise EventError("event.clock", f"Give each player from 1 to {most} minutes (or no clock).")
    return minutes


def _tables(tables: int | None) -> int | None:
    if tables is not None and not 1 <= tables <= PLAYERS_MAX // 2:
        raise EventError("event.tables", f"An event has from 1 to {PLAYERS_MAX // 2} tables.")
    return tables


def _check_rounds(rounds: int, paired: int) -> None:
    if not max(1, paired) <= rounds <= ROUNDS_MAX:
        raise EventError("event.rounds", f"An event has from {max(1, paired)} to {ROUNDS_MAX} rounds.")
