"""Shows the game's links. Tokens are never stored in clear, so the table page passes on its own link and
the watch link handed out when the game was created (kept in this browser's storage)."""

from __future__ import annotations

from nicegui import app, ui

from webapp.view import GameView


def remember_links(game_id: str, title: str, tokens: dict[str, str]) -> None:
    games = dict(app.storage.user.get("games", {}))
    games[game_id] = {"title": title, **tokens}
    app.storage.user["games"] = games


def share_button(view: GameView, game_id: str) -> None:
    links = app.storage.user.get("games", {}).get(game_id)
    if not links:
        return
    with ui.dialog() as dialog, ui.card().classes("tk-dialog"):
        ui.label("Links to this game").classes("text-h6")
        ui.label("Anyone with the watch link follows the game live but cannot change it.")
        ui.label("Watch link").classes("text-bold")
        ui.link(f"/watch/{game_id}/{links['watch']}", f"/watch/{game_id}/{links['watch']}", new_tab=True)
        ui.label("Table link (can change the game: keep it at the table)").classes("text-bold")
        ui.link(f"/table/{game_id}/{links['table']}", f"/table/{game_id}/{links['table']}")
        for seat in (0, 1):
            token = links.get(f"seat{seat + 1}")
            if token:
                ui.label(f"{view.state.player_name(seat)}'s own link (acts for that side only, on their own "
                         "device)").classes("text-bold")
                ui.link(f"/table/{game_id}/{token}", f"/table/{game_id}/{token}")
        ui.button("Close", on_click=dialog.close).props("flat")
    ui.button("Share links", icon="share", on_click=dialog.open).props("outline no-caps")
