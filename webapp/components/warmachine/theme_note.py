"""Under a player's name at the table: the theme force their army is built as, what of it the app applies, and
what the players keep in mind themselves (reminders: effects on movement or deployment the app cannot see).
The theme never changes during a game, so this is drawn once."""

from __future__ import annotations

from nicegui import ui

from models.service.themes import effect_notes
from webapp.components.a11y import named
from webapp.view import GameView


def theme_note(view: GameView, seat: int) -> None:
    players = view.state.players
    theme = players[seat].theme if seat < len(players) else None
    if theme is None:
        return
    with named(ui.column().classes("tk-theme gap-0"), f"{view.state.player_name(seat)}'s theme force: {theme.name}",
               role="note"):
        ui.label(f"Theme force: {theme.name}").classes("text-bold")
        for effect in effect_notes(theme):
            if effect.applied:
                ui.label(f"{effect.text} (the app applies this)").classes("tk-kind")
            else:
                ui.label(f"Reminder: {effect.text}").classes("tk-kind")
