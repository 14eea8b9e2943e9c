"""The table page: the tablet's control surface for one game (both sides), live."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from fastapi import HTTPException
from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import board
from models.service.systems import WARBAND, WARLORD, WARMACHINE, game_system
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.game_log import GameLog
from webapp.components.keep_game import keep_game_offer
from webapp.components.share import share_button
from webapp.components.warmachine.attack_assistant import AttackPanel
from webapp.components.warmachine.clock import ClockPanel
from webapp.components.warmachine.control_guide import ControlGuide
from webapp.components.warmachine.ending import ResultPanel
from webapp.components.warmachine.model_card import army
from webapp.components.warmachine.setup_wizard import SetupWizard
from webapp.components.warmachine.theme_note import theme_note
from webapp.components.warmachine.turn_bar import TurnBar
from webapp.pages.event_game import event_part
from webapp.pages.frame import frame, open_game
from webapp.pages.warband import warband_table
from webapp.pages.warlord import warlord_table
from webapp.view import GameView

TablePage = Callable[[GameView, str, str], Awaitable[None]]  # (the page's view, the game's id, the link's token)


def seats_in_order(view: GameView) -> tuple[int, int]:
    """Both sides, a player's own side first on that player's link (on a phone it then comes first)."""
    return (1, 0) if view.actor.role == "seat" and view.actor.seat == 1 else (0, 1)


def follow(view: GameView, moment: Callable[[GameState], object], script: str) -> None:
    """Run ``script`` on this page each time ``moment`` of the game changes (here or on another screen) and
    says something happened (a truthy value)."""
    client = ui.context.client
    shown = [moment(view.state)]

    def update(state: GameState) -> None:
        now = moment(state)
        if now and now != shown[0]:
            client.run_javascript(script)
        shown[0] = now

    view.on_update(update)


def follow_attack(view: GameView) -> None:
    """When an attack is declared, bring its panel into view: it is where the players look next."""
    follow(view, lambda s: board(s).attack is not None, 'setTimeout(() => document.querySelector(".tk-attack")'
                                                 '?.scrollIntoView({block: "center", behavior: "smooth"}), 60)')


def follow_turn(view: GameView) -> None:
    """When the turn passes, bring the new turn's first step into view: the top of the page, where its prompts
    and the control-phase guide are."""
    follow(view, lambda s: (s.round, s.active) if s.phase not in ("setup", "over") else None,
           'setTimeout(() => window.scrollTo({top: 0, behavior: "smooth"}), 60)')


async def table_page(game_id: str, token: str) -> None:
    view = await open_game(game_id, token)
    if not view.can_act:
        raise HTTPException(status_code=403, detail="A watch link cannot open the table. Use it on /watch.")
    await table_for(view.state.system)(view, game_id, token)


def table_for(system: str) -> TablePage:
    """The table page of the game system registered as ``system`` (UnknownSystem when there is none)."""
    return TABLES[game_system(system).name]


async def warmachine_table(view: GameView, game_id: str, token: str) -> None:
    """A Warmachine game's table: turn bar, result, clock, setup wizard, control guide, attacks, both armies."""
    # Open beside the page on a wide screen; on a tablet (1180 px or less) it opens over the page when asked.
    drawer = ui.right_drawer(value=None, fixed=True).props("bordered breakpoint=1200").classes("tk-log-drawer")
    with frame(view.state.title):
        ui.button("Log", icon=icons.HISTORY, on_click=drawer.toggle).props(
            'flat no-caps color=white aria-label="Open the game log"').classes("tk-nav-button")
        TurnBar(view, controls=True)
    await event_part(view, game_id)
    ResultPanel(view, token, controls=True)
    ClockPanel(view, controls=True)
    SetupWizard(view)
    ControlGuide(view)
    AttackPanel(view, controls=True)
    with ui.row().classes("tk-sides w-full"):
        for seat in seats_in_order(view):
            with named(ui.column().classes("tk-side"), view.state.player_name(seat), role="region"):
                ui.label(view.state.player_name(seat)).classes(f"tk-side-name tk-seat-{seat}")
                theme_note(view, seat)
                army(view, seat, controls=True)
    await share_button(view, game_id)
    await keep_game_offer(view, game_id, token)
    with drawer:
        log = GameLog(view)
    follow_attack(view)
    follow_turn(view)
    await log.refresh()
    view.follow()


# The table page of every game system the service registers (models/service/systems.py), and of no other.
TABLES: Mapping[str, TablePage] = {WARMACHINE.name: warmachine_table, WARLORD.name: warlord_table,
                                   WARBAND.name: warband_table}
