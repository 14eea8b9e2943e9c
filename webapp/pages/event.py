"""/events/{id}: one event. Anyone, without an account, follows its standings, pairings and every live table (each
opening its watch page), updated live as games change and rounds are paired (webapp/live/event_feed.py). A signed-in
person registers and submits lists from their saved lists until they lock, and opens their own game of the
round; the organiser pairs each round and holds every table's links. Standings export as CSV and JSON (the API).

The page lays out its parts (your part, check-in, the round timer, tables, standings, earlier rounds, people) and
hands each edition of the event to them as this page's account reads it; each part redraws only what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import HTTPException
from nicegui import ui

from models.rules import Refusal
from models.service import NotFound
from models.service.accounts import Me
from models.service.events.edition import EventEdition
from models.service.events.records import EventView
from models.service.events.words import draw_words, page_facts_words
from webapp.blocking import io
from webapp.components.round_timer import RoundTimerControls
from webapp.deps import current
from webapp.pages.event_part import YourPart
from webapp.pages.event_people import CheckIns, People
from webapp.pages.event_results import ResultForms
from webapp.pages.event_tables import EarlierRounds, Standings, Tables
from webapp.pages.events import account_of, organises, who_acts
from webapp.pages.frame import frame
from webapp.session import page_session


async def event_page(event_id: str) -> None:
    deps = current()
    token = page_session()
    me = await account_of(token)
    try:
        view = await io(deps.events.event, event_id[:32], me)
    except NotFound:
        raise HTTPException(status_code=404, detail="There is no event at this address.") from None
    frame(view.event.name)
    EventPage(view, me, token)


class EventPage:
    """The page of one event for one browser; ``show`` draws a new view of it."""

    def __init__(self, view: EventView, me: Me | None, token: str | None) -> None:
        self.event_id = view.event.id
        self.me, self.token = me, token
        self.feed = current().event_feed
        self.followed_games: set[str] = set()
        self.forms = ResultForms(self._act)
        with ui.column().classes("tk-event w-full gap-4"):
            self.heading = ui.label().classes("text-h5").props('role="heading" aria-level="1"')
            self.facts = ui.label().classes("tk-kind")
            ui.link("Hall screen (for a TV in the room)", f"/events/{self.event_id}/hall").classes("p-3 self-start")
            self.draw = ui.label().classes("tk-kind")
            self.part = YourPart(me, self._act, self.forms)
            self.check_ins = CheckIns(self._act)
            self.timer = RoundTimerControls(self.event_id, view.event.time_zone, self._act) \
                if organises(view, me) else None
            self.tables = Tables(self._act, self.forms)
            self.standings = Standings(self.event_id)
            self.earlier = EarlierRounds(self.forms)
            self.people = People(self._act)
        self.show(view)
        if self.timer is not None:
            ui.timer(0, self.timer.refresh, once=True)
        self.feed.follow(self.event_id).subscribe(self.changed)

    # -- live -----------------------------------------------------------------------------------------------
    def changed(self, edition: EventEdition) -> None:
        """A new edition of the event: drawn as this page's account reads it, with nothing read again."""
        if self.timer is not None:
            self.timer.show(edition.timer)
        self.show(edition.seen_by(self.me))

    def game_changed(self, _version: int) -> None:
        self.feed.poke(self.event_id)

    def follow_games(self, view: EventView) -> None:
        live = current().live
        for p in view.pairings:
            if p.game_id is not None and p.game_id not in self.followed_games:
                self.followed_games.add(p.game_id)
                live.event(p.game_id).subscribe(self.game_changed)

    def poke(self) -> None:
        """This page changed the event: every page of it (this one too) reads it again."""
        self.feed.poke(self.event_id)

    # -- drawing --------------------------------------------------------------------------------------------
    def show(self, view: EventView) -> None:
        self.follow_games(view)
        runs = organises(view, self.me)
        if self.timer is not None:
            self.timer.box.set_visibility(view.event.round > 0)
        self.heading.set_text(view.event.name)
        self.facts.set_text(page_facts_words(view.event))
        self.draw.set_text(draw_words(view.event))
        self.part.show(view, runs)
        self.check_ins.show(view, runs)
        self.tables.show(view, runs)
        self.standings.show(view)
        self.earlier.show(view, runs)
        self.people.show(view, runs)

    async def _act(self, action: Callable[..., Any], *args: Any) -> bool:
        """Run one of the service's event actions, ``action(me, event_id, *args)``, as the account the page was built
        for while its session lasts; a refusal is said in words. True when it went through."""
        me = await who_acts(self.token)
        if me is None:
            return False
        try:
            await io(action, me, self.event_id, *args)
        except NotFound:
            ui.notify("This event is gone.", type="warning")
            return False
        except Refusal as refusal:
            ui.notify(refusal.message, type="warning")
            return False
        self.poke()
        return True
