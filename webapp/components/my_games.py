"""The games on the home page, newest first, each with how far it got and a way back to it after the tab was
closed: a signed-in person's are their account's (any device; models/service/my_data.py); otherwise those started
in this browser, whose links come from its storage (share.py). ``account_game`` draws one game of an account, here
and on the My games page."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from nicegui import app, ui

from models.rules import GameState
from models.service import NotFound
from models.service.my_data import MyGame
from models.service.systems import game_system
from webapp.blocking import io
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.whose import signed_in_now
from webapp.deps import current

SHOWN = 6


def mark_started(game_id: str) -> None:
    """Note today's date on a game this browser just started (shown as "started ..." in the list)."""
    games = dict(app.storage.user.get("games", {}))
    if game_id in games:
        games[game_id] = {**games[game_id], "started": datetime.now(UTC).date().isoformat()}
        app.storage.user["games"] = games


def _states(game_ids: list[str]) -> dict[str, GameState | None]:
    service = current().service
    found: dict[str, GameState | None] = {}
    for game_id in game_ids:
        try:
            found[game_id] = service.state(game_id)[1]
        except NotFound:
            found[game_id] = None
    return found


def progress(state: GameState | None) -> str:
    if state is None:
        return "no longer on this server"
    if state.phase == "over":
        return f"finished in round {state.round}" if state.round else "finished"
    return f"round {state.round}" if state.round else "setting up"


def started(links: dict[str, Any]) -> str:
    try:
        return "started " + date.fromisoformat(str(links.get("started"))).strftime("%d %b %Y").lstrip("0")
    except ValueError:
        return ""


def account_game(game: MyGame) -> None:
    """One game of the account: its system and progress, and the links its tokens open."""
    with ui.row().classes("items-center gap-3 tk-my-game"):
        ui.label(game.title).classes("text-bold")
        when = "started " + game.started.strftime("%d %b %Y").lstrip("0")
        ui.label(" · ".join((game_system(game.system).label, game.progress, when))).classes("tk-kind")
        act, watch = game.act_token, game.links.get("watch")
        if act and not game.finished:
            named(ui.button("Resume", icon=icons.PLAY,
                            on_click=lambda: ui.navigate.to(f"/table/{game.game_id}/{act}")).props("no-caps"),
                  f"Resume {game.title}")
        if watch:
            named(ui.link("Watch", f"/watch/{game.game_id}/{watch}").classes("tk-game-link"), f"Watch {game.title}")
        if game.finished and (watch or act):
            named(ui.link("Result", f"/result/{game.game_id}/{watch or act}").classes("tk-game-link"),
                  f"Result of {game.title}")


async def my_games() -> None:
    me = await signed_in_now()
    if me is not None:
        await _account_games(await io(current().my_data.my_games, me) or [])
        return
    games = app.storage.user.get("games", {})
    if not isinstance(games, dict) or not games:
        return
    recent = list(reversed(list(games.items())))[:SHOWN]
    states = await io(_states, [game_id for game_id, _ in recent])
    with named(ui.column().classes("tk-my-games gap-1 w-full"), "Games started on this device", role="region"):
        ui.label("Games started on this device").classes("text-h6")
        for game_id, links in recent:
            title = str(links.get("title") or "Untitled game")
            state = states.get(game_id)
            with ui.row().classes("items-center gap-3 tk-my-game"):
                ui.label(title).classes("text-bold")
                ui.label(" · ".join(w for w in (progress(state), started(links)) if w)).classes("tk-kind")
                if state is not None:
                    named(ui.button("Resume", icon=icons.PLAY,
                                    on_click=lambda _, g=game_id, t=links.get("table"): ui.navigate.to(
                                        f"/table/{g}/{t}")).props("no-caps"), f"Resume {title}")
                    named(ui.link("Watch", f"/watch/{game_id}/{links.get('watch')}"), f"Watch {title}")
                    if state.phase == "over":
                        named(ui.link("Result", f"/result/{game_id}/{links.get('watch')}"), f"Result of {title}")


async def _account_games(games: list[MyGame]) -> None:
    if not games:
        return
    with named(ui.column().classes("tk-my-games gap-1 w-full"), "Your games", role="region"):
        ui.label("Your games").classes("text-h6")
        for game in games[:SHOWN]:
            account_game(game)
        if len(games) > SHOWN:
            ui.link(f"All {len(games)} of your games", "/games").classes("tk-game-link")
