"""The event's part of the game page of one of its games: which event, round and table the game is, a link back to
the event, and for a player of the table the result as the event counts it, reported from here: the form starts
from the numbers the game has counted (control points scored, army points destroyed), so a report is the winner,
how, and Send. Live: it follows the event as its page does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import ui

from models.rules import GameState, Refusal
from models.service import NotFound
from models.service.accounts import Me
from models.service.events.edition import EventEdition
from models.service.events.records import GameTable
from models.service.events.results import ScoreIn
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.deps import current
from webapp.pages.event_results import ResultForms, from_report
from webapp.pages.events import account_of, who_acts
from webapp.session import page_session
from webapp.view import GameView


async def event_part(view: GameView, game_id: str) -> None:
    """The part, on the game page of an event's game (nothing for any other game)."""
    token = page_session()
    me = await account_of(token)
    found = await io(current().events.table_of_game, game_id, me)
    if found is not None:
        EventGamePart(view, found, me, token)


class EventGamePart:
    def __init__(self, view: GameView, found: GameTable, me: Me | None, token: str | None) -> None:
        self.game_id, self.event_id = view.game_id, found.event_id
        self.me, self.token = me, token
        self.feed = current().event_feed
        self.forms = ResultForms(self._act)
        self.box = named(ui.row().classes("items-center gap-3 w-full tk-event-game"), "This game's event",
                         role="region")
        self.drawn: tuple[Any, ...] | None = None
        self.show(found)
        self.feed.follow(self.event_id).subscribe(self.changed)
        over = [view.state.phase == "over"]

        def ended(state: GameState) -> None:  # a game ending in the app gives the table its result
            if (state.phase == "over") != over[0]:
                over[0] = state.phase == "over"
                self.feed.poke(self.event_id)

        view.on_update(ended)

    def changed(self, edition: EventEdition) -> None:
        """A new edition of the event: this game's table in it, read from it."""
        found = edition.table_of_game(self.game_id, self.me)
        if found is not None:
            self.show(found)

    def show(self, found: GameTable) -> None:
        p = found.pairing
        key = (p.result, found.event_name, found.known)
        if key == self.drawn:
            return
        self.drawn = key
        self.box.clear()
        with self.box:
            named(ui.link(f"{found.event_name}: round {p.round}, table {p.table}", f"/events/{found.event_id}")
                  .classes("p-3"), f"Back to the event: {found.event_name}")
            r = p.result
            if r is None:
                return
            if r.finished:
                ui.label(f"Result: {p.words.result}.")
            elif r.report is not None:
                ui.label(f"{p.words.report} ({r.report}).")
            mine = self.me is not None and self.me.id in (p.player_a, p.player_b)
            if not mine or r.finished or r.report == "disputed" or \
                    (r.report == "reported" and self.me is not None and r.reported_by != self.me.id):
                return  # the opponent's report is confirmed or disputed on the event page, linked above
            start = from_report(p) or _from_game(found)
            words = "Change your report" if r.report else "Report the result"
            ui.button(words, icon="edit_note",
                      on_click=lambda: self.forms.open_result(p, as_organiser=False, start=start)).props("no-caps")

    async def _act(self, action: Callable[..., Any], *args: Any) -> bool:
        """Run an event action as the account the page was built for; a refusal is said in words."""
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
        self.feed.poke(self.event_id)
        return True


def _from_game(found: GameTable) -> ScoreIn | None:
    """A report's start from what the game counted (the winner and how are the players' to say)."""
    if found.known is None:
        return None
    return ScoreIn(winner=None, how="", control_points=found.known.control_points,
                   army_points_destroyed=found.known.army_points_destroyed)
