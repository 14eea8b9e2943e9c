"""The watch page: read-only and small (few elements, values set directly) for many spectators."""

from __future__ import annotations

from nicegui import ui

from webapp.components.a11y import named
from webapp.components.attack_assistant import AttackPanel
from webapp.components.clock import ClockPanel
from webapp.components.ending import ResultPanel
from webapp.components.game_log import GameLog
from webapp.components.model_card import army
from webapp.components.turn_bar import TurnBar
from webapp.components.warband_table import warband_table
from webapp.pages.frame import frame, open_game
from webapp.pages.warlord import warlord_watch


async def watch_page(game_id: str, token: str) -> None:
    view = await open_game(game_id, token)
    if view.state.system == "warlord":
        await warlord_watch(view)
        return
    if view.state.system == "warband":
        await warband_table(view, game_id, controls=False)
        return
    frame(f"Watching: {view.state.title}")
    TurnBar(view, controls=False)
    ResultPanel(view, token, controls=False)
    ClockPanel(view, controls=False)
    AttackPanel(view, controls=False)
    with ui.row().classes("tk-sides w-full"):
        for seat in (0, 1):
            with named(ui.column().classes("tk-side"), view.state.player_name(seat), role="region"):
                ui.label(view.state.player_name(seat)).classes(f"tk-side-name tk-seat-{seat}")
                army(view, seat, controls=False)
    log = GameLog(view, compact=True)
    await log.refresh()
    view.follow()
