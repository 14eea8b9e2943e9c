"""The games started in this browser, newest first, each with its round and start date and a Resume button:
the way back to a game after the tab was closed. The links come from this browser's storage (share.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime

from nicegui import app, run, ui

from models.rules import GameState
from models.service import NotFound
from webapp.components.a11y import named
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
    if state.result is not None:
        return f"finished in round {state.round}" if state.round else "finished"
    return f"round {state.round}" if state.round else "setting up"


def started(links: dict) -> str:
    try:
        return "started " + date.fromisoformat(str(links.get("started"))).strftime("%d %b %Y").lstrip("0")
    except ValueError:
        return ""


async def my_games() -> None:
    games = app.storage.user.get("games", {})
    if not isinstance(games, dict) or not games:
        return
    recent = list(reversed(list(games.items())))[:SHOWN]
    states = await run.io_bound(_states, [game_id for game_id, _ in recent])
    with named(ui.column().classes("tk-my-games gap-1 w-full"), "Games started on this device", role="region"):
        ui.label("Games started on this device").classes("text-h6")
        for game_id, links in recent:
            title = str(links.get("title") or "Untitled game")
            state = states.get(game_id)
            with ui.row().classes("items-center gap-3 tk-my-game"):
                ui.label(title).classes("text-bold")
                ui.label(" · ".join(w for w in (progress(state), started(links)) if w)).classes("tk-kind")
                if state is not None:
                    named(ui.button("Resume", icon="play_arrow",
                                    on_click=lambda _, g=game_id, t=links.get("table"): ui.navigate.to(
                                        f"/table/{g}/{t}")).props("no-caps"), f"Resume {title}")
                    named(ui.link("Watch", f"/watch/{game_id}/{links.get('watch')}"), f"Watch {title}")
                    if state.result is not None:
                        named(ui.link("Result", f"/result/{game_id}/{links.get('watch')}"), f"Result of {title}")
