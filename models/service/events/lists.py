"""An event's lists: a player submits copies of their saved lists (as many as the event asks, each legal at its
game size, read by the event's system), which replace the ones before until the lists lock (at the deadline, or
once round 1 is paired); the organiser approves or rejects them, and publishes them once locked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from models.db.event_repository import EventRepository
from models.rules import tournament_of
from models.rules.text import clean_text
from models.service.accounts import Me
from models.service.errors import EventError, NotFound
from models.service.events.access import NOTE_MAX, EventAccess
from models.service.events.records import Entrant, EventInfo
from models.service.events.view import EventViews
from models.service.lists import ListService


class EventLists:
    def __init__(self, access: EventAccess, repo: EventRepository, views: EventViews, lists: ListService) -> None:
        """Events read through ``access``, lists stored through ``repo`` and answered as ``views`` shows them; a
        player's saved lists read from ``lists``."""
        self.access = access
        self.repo = repo
        self.views = views
        self.lists = lists

    def submit(self, me: Me, event_id: str, list_ids: Sequence[str]) -> Entrant:
        """Copies of ``me``'s saved lists (``list_ids``, as many as the event asks), each legal at the event's game
        size; they replace what ``me`` submitted before, until the lists lock. A list whose cards the catalog
        cannot fully check (a cost or a Trump it lacks) is kept for the organiser to approve."""
        event = self.access.event(event_id)
        self.access.check_running(event)
        player = next((p for p in self.repo.players(event_id) if p.account_id == me.id), None)
        if player is None:
            raise EventError("event.not_registered", "Register for this event before you submit lists.")
        if self.access.locked(event):
            raise EventError("event.lists_locked", "Lists are locked: the deadline has passed or round 1 is "
                                                   "paired.")
        if len(list_ids) != event.lists_per_player:
            raise EventError("event.list_count", "This event asks for " +
                             ("one list." if event.lists_per_player == 1 else "two lists."))
        if len(set(list_ids)) != len(list_ids):
            raise EventError("event.list_twice", "Submit two different lists.")
        hook = tournament_of(event.system)
        cards = self.lists.cards()
        copies: list[dict[str, Any]] = []
        unchecked: list[str] = []
        for list_id in list_ids:
            try:
                saved = self.lists.get(me.owner, list_id)
            except NotFound:
                raise EventError("event.list_not_found", "One of those lists is not among your saved lists.") \
                    from None
            if saved.army.size != event.game_size:
                raise EventError("event.list_size", f"{saved.title} is built for {saved.army.size} points; this "
                                                    f"event plays {event.game_size}.")
            kept = hook.keep_list(saved.army, saved.id, cards)
            unchecked += [f"{saved.title}: {p}" for p in kept.unchecked]
            copies.append(kept.data)
        if len(copies) == 2 and copies[0]["title"].casefold() == copies[1]["title"].casefold():
            raise EventError("event.list_same_name", "Give the two lists different names, so that the choice is "
                                                     "clear.")
        status = "pending" if unchecked else "checked"
        self.repo.update_player(event_id, me.id, lists=copies, lists_status=status,
                                lists_note="; ".join(unchecked)[:NOTE_MAX])
        return self.views.entrant(hook, self.access.player(event_id, me.id))

    def review(self, me: Me, event_id: str, player_id: str, approve: bool, note: str = "") -> Entrant:
        """The organiser approves or rejects a player's lists, with a ``note`` the player reads. A rejected player
        submits again while the lists are open; one still rejected when round 1 is paired is left out."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        player = self.access.player(event_id, player_id)
        if not player.lists:
            raise EventError("event.no_lists", f"{player.name} has submitted no lists.")
        note = clean_text(note, "note", NOTE_MAX, empty_ok=True)
        if not approve and not note:
            raise EventError("event.reject_note", "Say in the note why the lists are rejected.")
        self.repo.update_player(event_id, player_id, lists_status="approved" if approve else "rejected",
                                lists_note=note)
        return self.views.entrant(tournament_of(event.system), self.access.player(event_id, player_id))

    def publish(self, me: Me, event_id: str) -> EventInfo:
        """The organiser publishes the lists once they are locked: everyone reads them on the event page."""
        event = self.access.event(event_id)
        self.access.check_organiser(me, event)
        if not self.access.locked(event):
            raise EventError("event.lists_open", "Lists are published once they lock (at the deadline or when "
                                                 "round 1 is paired).")
        event.lists_published = True
        self.repo.save_event(event)
        return self.views.fresh_info(event, me)
