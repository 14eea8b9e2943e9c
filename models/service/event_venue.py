"""An event's venue sign-up link: the organisers show it (or its QR code) at the desk, and players on the day sign up
and register through it, from the hall's one address.

Sign-ups are limited per client address (models/service/accounts.py), which a hall's Wi-Fi would exhaust after a
few players. A sign-up through the event's link is counted under the event instead, at most as many within the hour
as the event can take players, and is refused once the event is full or no longer takes registrations; the account
it makes is registered at once (on a site that sends mail, once its mailed link is opened). The link carries a
random token kept on the event, shown to its organisers only; making a new one ends the old one, and so does
removing a co-organiser (models/db/event_links.py). A wrong or ended link lifts nothing: it is refused.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from contextlib import suppress

from sqlalchemy import Engine

from models.db.event_repository import EventRepository
from models.service.access import new_token
from models.service.accounts import AccountService, Confirmed, MailSent, Me, Venue
from models.service.errors import EventError
from models.service.events.access import PLAYERS_MAX
from models.service.events.service import EventService

TOKEN_MAX = 64


class VenueSignUps:
    def __init__(self, engine: Engine, accounts: AccountService, events: EventService) -> None:
        self.repo = EventRepository(engine)
        self.accounts, self.events = accounts, events

    def new_link(self, me: Me, event_id: str) -> str:
        """The organisers make the event's venue sign-up link (its token), ending the one it had."""
        self.events.check_runs(me, event_id)
        token = new_token()
        self.repo.set_venue(event_id, token)
        return token

    def end_link(self, me: Me, event_id: str) -> None:
        """The organisers end the event's venue sign-up link: it signs nobody up from now on."""
        self.events.check_runs(me, event_id)
        self.repo.set_venue(event_id, None)

    def check_link(self, event_id: str, token: str) -> str:
        """The event's name when ``token`` is its venue link's; refused alike for a wrong, ended or made-up one, and
        for an unknown event."""
        event = self.repo.get(event_id[:32])
        if event is None or not event.venue_token or not token or len(token) > TOKEN_MAX or \
                not secrets.compare_digest(event.venue_token, token):
            raise EventError("event.venue_link", "This sign-up link has ended or is not this event's: ask the "
                             "organiser for the one they show now.")
        return event.name

    def sign_up(self, event_id: str, token: str, email: str, password: str, name: str,
                later: Callable[[Callable[[], None]], None] | None = None) -> tuple[Me, str] | MailSent:
        """Sign up through the event's venue link (AccountService.sign_up, counted under the event rather than the
        client's address): refused before anything is counted or hashed when the link is wrong or ended, or the
        event is full or takes no registrations now. On a site without mail the new account is registered at once;
        on one that sends mail, when its link is opened (:meth:`confirm`)."""
        self.check_link(event_id, token)
        self.events.players.check_joinable(event_id)
        answer = self.accounts.sign_up(email, password, name, None, later,
                                       Venue(event_id, PLAYERS_MAX))
        if not isinstance(answer, MailSent) and self.accounts.me(answer[1]) is not None:  # not a taken email's
            self._register(answer[0], event_id)
        return answer

    def confirm(self, token: str, password: str) -> Confirmed:
        """Finish any sign-up from its mailed link (AccountService.confirm); one made through a venue link
        registers its new account for that event."""
        done = self.accounts.confirm(token, password)
        if done.event_id is not None:
            self._register(done.me, done.event_id)
        return done

    def _register(self, me: Me, event_id: str) -> None:
        """Register the new account; an event that filled up or closed a moment before leaves it unregistered (its
        page says so, and the account stays)."""
        with suppress(EventError):
            self.events.players.register(me, event_id)
