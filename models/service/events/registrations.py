"""Who plays in an event: accounts register (with their club or team) until the list deadline and round 1, the
organiser adds walk-ins without an account, checks players in on the day, drops and reinstates them, and a player
leaves. An event holds at most ``PLAYERS_MAX`` players, counted in the transaction that adds one.
"""

from __future__ import annotations

import secrets
from typing import Any

from models.db.event_repository import EventRepository
from models.db.tables import EventPlayer
from models.rules import tournament_of
from models.rules.text import clean_text
from models.service.accounts import Me
from models.service.errors import EventError
from models.service.events.access import NOTE_MAX, PLAYERS_MAX, EventAccess, aware
from models.service.events.records import Entrant
from models.service.events.view import EventViews
from models.service.lists import ListService

CLUB_MAX = 60
LIST_TEXT_MAX = 4000  # a walk-in's list typed in
WALK_IN = "w"  # a walk-in's id starts so (account ids are 16 hex digits)


class Registrations:
    def __init__(self, access: EventAccess, repo: EventRepository, views: EventViews, lists: ListService) -> None:
        """Events read through ``access``, players stored through ``repo`` and answered as ``views`` shows them;
        a walk-in's list read against the catalog of ``lists``."""
        self.access = access
        self.repo = repo
        self.views = views
        self.lists = lists

    def register(self, me: Me, event_id: str, club: str = "") -> Entrant:
        """``me`` joins the event under their account's name, with their ``club`` or team (kept apart from its
        mates in round 1), until the list deadline and round 1."""
        club = clean_text(club, "club or team", CLUB_MAX) if club.strip() else ""
        self.check_joinable(event_id)
        self._join(EventPlayer(event_id=event_id, account_id=me.id, name=me.name, lists=[], club=club))
        return Entrant(account=me.id, name=me.name, lists=(), dropped=False, club=club)

    def check_joinable(self, event_id: str) -> None:
        """Refused unless the event takes registrations now: it has an organiser, round 1 is not paired, its list
        deadline has not passed and it has room (:meth:`register` counts the room again as it stores)."""
        event = self.access.event(event_id)
        self.access.check_running(event)
        self.access.check_open(event, "register")
        if aware(event.deadline) <= self.access.now():
            raise EventError("event.registration_closed", "Registration closed at the list deadline.")
        if len(self.repo.players(event_id)) >= PLAYERS_MAX:
            raise EventError("event.full", _full())

    def add_walk_in(self, me: Me, event_id: str, name: str, list_text: str = "") -> Entrant:
        """The organiser adds a person without an account, before round 1 or late (paired from the next round),
        checked in; ``list_text``, a list typed in, is read against the catalog: its lists status says whether the
        catalog could check it (the organiser typed it, so it needs no approval)."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        hook = tournament_of(event.system)
        name = clean_text(name, "player's name", hook.name_max)
        lists: list[dict[str, Any]] = []
        status = note = ""
        if (list_text or "").strip():
            kept = hook.typed_list(list_text[:LIST_TEXT_MAX], f"{name}'s list", event.game_size, self.lists.cards())
            lists = [kept.data]
            status, note = "approved", "; ".join(kept.unchecked)[:NOTE_MAX]
        player = EventPlayer(event_id=event_id, account_id=WALK_IN + secrets.token_hex(7), name=name, lists=lists,
                             walk_in=True, checked_in=True, lists_status=status, lists_note=note)
        self._join(player)
        return self.views.entrant(hook, player)

    def withdraw(self, me: Me, event_id: str, account_id: str | None = None) -> None:
        """A player leaves: ``me``, or the player ``account_id`` (the organiser's, or ``me``'s own). Before round 1
        a player's own registration goes; otherwise the player is dropped: their games stay in the standings (their
        opponents' strength of schedule counts them) and no later round pairs them."""
        event = self.access.event(event_id)
        self.access.check_running(event)
        who = account_id or me.id
        if who != me.id:
            self.access.check_organiser(me, event)
        if event.status == "open" and who == me.id:
            left = self.repo.withdraw(event_id, who)
        else:  # the organiser's drop before round 1 can be undone (reinstate), like any later one
            paired = max((t.round for t in self.repo.pairings(event_id)), default=0)
            left = self.repo.drop(event_id, who, "player" if who == me.id else "organiser", paired)
        if not left:
            raise EventError("event.not_registered", "Not registered for this event (or left it already).")

    def reinstate(self, me: Me, event_id: str, player_id: str) -> None:
        """The organiser brings a dropped player back (a late arrival, a drop by mistake): paired again from the
        next round, their earlier games kept."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        player = self.access.player(event_id, player_id)
        if player.left:
            raise EventError("event.player_left", "This player's account was deleted.")
        if not self.repo.reinstate(event_id, player_id):
            raise EventError("event.not_dropped", f"{player.name} is not dropped.")

    def check_in(self, me: Me, event_id: str, player_id: str, present: bool = True) -> None:
        """The organiser checks a player in (or out again) on the day. Once anyone is checked in, round 1 pairs
        only the players checked in."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        self.access.player(event_id, player_id)
        self.repo.update_player(event_id, player_id, checked_in=present)

    def check_in_all(self, me: Me, event_id: str) -> int:
        """The organiser checks in every player still in the event at once (the morning's queue at the desk);
        how many were checked in now."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        return self.repo.check_in_all(event_id)

    def _join(self, player: EventPlayer) -> None:
        """Store a new player, counted against the event's room in the same locked transaction (a burst for its
        last place registers one)."""
        joined = self.repo.register(player, PLAYERS_MAX)
        if joined == "full":
            raise EventError("event.full", _full())
        if joined == "there already":
            raise EventError("event.registered", "You are registered for this event already.")


def _full() -> str:
    return f"The event has the most players it can take ({PLAYERS_MAX})."
