"""Starting a game from a page's form: one game per form, however often "Start game" is tapped."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from models.rules import RuleViolation
from models.service import AlreadyStarted, Created
from webapp.blocking import io
from webapp.components.keep_game import keep_in_account
from webapp.components.my_games import mark_started
from webapp.components.share import remember_links
from webapp.view import new_command_id


class GameStarter:
    """Holds the form's start key: every tap sends the same one, so a repeat is answered with the game the first
    tap made (GameService.start) instead of making another. A refused start stores nothing, so the player may
    correct the form and tap again with the same key."""

    def __init__(self) -> None:
        self.key = new_command_id()

    async def start(self, start: Callable[[str], Created], title: str) -> bool:
        """Run ``start(key)`` off the event loop, remember the links in this browser (and in the signed-in
        account) and open the table; whether a game was started."""
        try:
            created = await io(start, self.key)
        except RuleViolation as refusal:
            ui.notify(refusal.message, type="warning")
            return False
        except AlreadyStarted:
            ui.notify("This form has started its game already: it is under \"Games started on this device\" on the "
                      "home page.", type="info")
            return False
        remember_links(created.game_id, title, created.tokens)
        mark_started(created.game_id)
        await keep_in_account(created.game_id, {"title": title, **created.tokens})
        ui.navigate.to(f"/table/{created.game_id}/{created.tokens['table']}")
        return True
