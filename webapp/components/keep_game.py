"""Games kept in a signed-in person's account: every game started while signed in goes there with its links, and
a table page opened while signed in offers "Keep this game in my account" when the account does not hold it."""

from __future__ import annotations

from typing import Any

from nicegui import app, ui

from models.service import NotFound
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.whose import signed_in_now
from webapp.deps import current
from webapp.view import GameView


async def keep_in_account(game_id: str, links: dict[str, Any]) -> None:
    """Keep a game just started in the signed-in account (nothing without an account)."""
    me = await signed_in_now()
    if me is not None:
        await io(current().my_data.keep_game, me, game_id, links)


async def account_links(game_id: str) -> dict[str, str] | None:
    """The links the signed-in account keeps to this game (None: signed out, or not in the account)."""
    me = await signed_in_now()
    return None if me is None else await io(current().my_data.links_of, me, game_id)


def _links_here(view: GameView, game_id: str, token: str) -> dict[str, Any]:
    """The links this page knows: those this browser kept when it started the game, and the one it was opened
    with (the service keeps only tokens that open the game as their name says)."""
    kept = app.storage.user.get("games", {})
    browser = kept.get(game_id) if isinstance(kept, dict) else None
    name = "table" if view.actor.role == "table" else f"seat{(view.actor.seat or 0) + 1}"
    return {**(browser if isinstance(browser, dict) else {}), "title": view.state.title, name: token}


async def keep_game_offer(view: GameView, game_id: str, token: str) -> None:
    """The "Keep this game in my account" button, for a signed-in person whose account lacks this game."""
    me = await signed_in_now()
    data = current().my_data
    if me is None or await io(data.links_of, me, game_id) is not None:
        return
    links = _links_here(view, game_id, token)

    async def keep() -> None:
        button.disable()
        try:
            await io(data.keep_game, me, game_id, links)
        except NotFound:
            ui.notify("This game is no longer on the server.", type="warning")
            return
        ui.notify("Kept in your account: it is under My games on every device you sign in on.", type="positive")
        button.delete()

    button = named(ui.button("Keep this game in my account", icon="bookmark_add", on_click=keep)
                   .props("outline no-caps"), "Keep this game in my account")
