"""A warband game's page body, for the table (controls) and the watch link (none): turn bar, what happens now,
both warbands' unit cards and the log. The table and watch pages hand a warband game to this."""

from __future__ import annotations

from nicegui import ui

from models.rules.warband import board
from webapp.components.a11y import named
from webapp.components.game_log import GameLog
from webapp.components.game_over import GameOverBox
from webapp.components.keep_game import keep_game_offer
from webapp.components.share import share_button
from webapp.components.warband.steps import StepPanel
from webapp.components.warband.turn import WarbandTurnBar
from webapp.components.warband.units import UnitCard
from webapp.pages.frame import frame
from webapp.view import GameView


async def warband_table(view: GameView, game_id: str, token: str, controls: bool) -> None:
    state = view.state
    frame(state.title if controls else f"Watching: {state.title}")
    WarbandTurnBar(view, controls)
    GameOverBox(view, token)
    StepPanel(view, controls)
    with ui.row().classes("tk-sides w-full"):
        for seat in (0, 1):
            name = state.player_name(seat)
            with named(ui.column().classes("tk-side"), name, role="region"):
                ui.label(name).classes(f"tk-side-name tk-seat-{seat}")
                for u in board(state).side(seat):
                    UnitCard(view, u.id, controls)
    log = GameLog(view)
    if controls:
        await share_button(view, game_id)
        await keep_game_offer(view, game_id, token)
    await log.refresh()
    view.follow()
