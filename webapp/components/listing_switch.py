"""The table's "Show on Live now" switch (in the Share links dialog, in every game system): a player lists the
game on the site's Live now page, where anyone may watch it, or takes it off. Off by default; the service
decides who may (models/service/listings.py), and the state is read each time the dialog opens, so a switch
flipped on the other player's device shows here too."""

from __future__ import annotations

from nicegui import ui

from models.rules import Refusal
from webapp.blocking import io
from webapp.view import GameView

WHAT = ("Anyone on the site's Live now page can then watch this game: its round, score and clocks, and its "
        "watch view (read-only). Turn it off to take the game off; the watch links you shared keep working.")


class ListingSwitch:
    def __init__(self, view: GameView) -> None:
        self.view = view
        self.listed = False
        with ui.column().classes("tk-listing gap-1"):
            self.switch = ui.switch("Show on Live now", value=False, on_change=self.flipped).props("disable")
            ui.label(WHAT).classes("tk-kind")

    async def load(self) -> None:
        """Show whether the game is listed now (the switch waits greyed until it is known)."""
        deps = self.view.deps
        token = await io(deps.listings.watch_token, self.view.game_id, self.view.actor)
        self.listed = token is not None
        self.switch.set_value(self.listed)
        self.switch.props(remove="disable")

    async def flipped(self) -> None:
        wanted = bool(self.switch.value)
        if wanted == self.listed:  # set by load() or put back after a refusal
            return
        deps, game_id, actor = self.view.deps, self.view.game_id, self.view.actor
        try:
            if wanted:
                await io(deps.listings.list_game, game_id, actor)
            else:
                revoked = await io(deps.listings.unlist, game_id, actor)
                if revoked is not None:
                    deps.live_now.revoke(game_id, revoked)
        except Refusal as refusal:
            ui.notify(refusal.message, type="warning")
            self.switch.set_value(self.listed)
            return
        self.listed = wanted
        await deps.live_now.refresh()
        ui.notify("This game is on Live now." if wanted else "This game is off Live now.", type="positive")
