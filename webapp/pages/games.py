"""/games ("My games"): every game of the signed-in account, newest first, with its result or round and the
links it holds to the game's table, watch and result pages, on any device."""

from __future__ import annotations

from nicegui import ui

from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.my_games import account_game
from webapp.components.whose import signed_in_now
from webapp.deps import current
from webapp.pages.frame import frame


async def games_page() -> None:
    frame("My games")
    me = await signed_in_now()
    with named(ui.column().classes("tk-my-games gap-2 w-full"), "My games", role="region"):
        ui.label("My games").classes("text-h5").props('role="heading" aria-level="1"')
        if me is None:
            ui.label("Sign in to see the games kept in your account, on any device.")
            ui.link("Sign in", "/account").classes("tk-game-link")
            return
        games = await io(current().my_data.my_games, me) or []
        if not games:
            ui.label("No games yet: a game you start while signed in is kept here, with its links.")
        for game in games:
            account_game(game)
