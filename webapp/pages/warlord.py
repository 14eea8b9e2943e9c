"""Warlord games (models/rules/warlord, doc 003): the new-game page (two players and their warbands, each model
with its damage tracks and the special abilities the model states read), and the table page's layout for a
Warlord game (table.py hands a Warlord game over to it; the watch page renders every system alike)."""

from __future__ import annotations

from nicegui import ui

from models.rules import RuleViolation, tidy
from models.rules.warlord import (
    ABILITIES,
    ABILITY_LABELS,
    MAX_MODELS,
    MAX_TOUGH,
    MAX_TRACKS,
    MODEL_NAME_MAX,
    TITLE_MAX,
    Ability,
    ModelEntry,
    Warband,
    builders,
)
from models.service.views.warlord import entry_words
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.game_log import GameLog
from webapp.components.game_over import GameOverBox
from webapp.components.keep_game import keep_game_offer
from webapp.components.once import once
from webapp.components.share import share_button
from webapp.components.starting import GameStarter
from webapp.components.warlord.model import warband
from webapp.components.warlord.numbers import HELP, StatFields
from webapp.components.warlord.pregame import PregameScreen
from webapp.components.warlord.turn import WarlordTurnBar
from webapp.components.whole_numbers import whole_number
from webapp.deps import current
from webapp.pages.frame import frame
from webapp.view import GameView

CSS = '<link rel="stylesheet" href="/static/warlord.css">'


class WarbandForm:
    """One player's name and the models of their warband, added one at a time."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.entries: list[ModelEntry] = []
        who = f"Player {seat + 1}"
        with ui.card().classes("tk-sideform").props(f'role="group" aria-label="{who}"'):
            ui.label(who).classes("text-h6")
            self.player = ui.input("Player name").props(f'maxlength={TITLE_MAX} aria-label="{who} name"')
            ui.label("Add a model to the warband").classes("text-bold")
            with ui.row().classes("items-center gap-2"):
                self.name = ui.input("Model name").props(f'maxlength={MODEL_NAME_MAX} aria-label="{who} model name"')
                self.tracks = ui.number("DT").props(
                    f'outlined dense aria-label="{who} damage tracks"').classes("tk-wl-form-field")
                self.tough = ui.number("Tough", value=0).props(
                    f'outlined dense aria-label="{who} Tough"').classes("tk-wl-form-field")
            ui.label(HELP).classes("tk-kind")
            self.stats = StatFields(who)
            with ui.row().classes("items-center gap-1"):
                self.abilities = {a: ui.checkbox(ABILITY_LABELS[a]) for a in ABILITIES}
            ui.button("Add model", on_click=self.add).props(f'no-caps aria-label="Add model for {who}"')
            self.chosen = ui.column().classes("gap-1 w-full")

    def add(self) -> None:
        name = tidy(self.name.value)
        tracks = whole_number(self.tracks.value, 1, MAX_TRACKS)
        tough = whole_number(self.tough.value, 0, MAX_TOUGH)
        stats = self.stats.read()
        problem = ("Type the model's name first." if not name
                   else f"A model name has at most {MODEL_NAME_MAX} characters." if len(name) > MODEL_NAME_MAX
                   else f"Damage tracks: a whole number from 1 to {MAX_TRACKS}." if tracks is None
                   else f"Tough: a whole number from 0 to {MAX_TOUGH} (0: no Tough)." if tough is None
                   else f"A warband has at most {MAX_MODELS} models here." if len(self.entries) >= MAX_MODELS
                   else stats if isinstance(stats, str)
                   else "")
        if problem or isinstance(stats, str) or tracks is None or tough is None:
            ui.notify(problem, type="warning")
            return
        chosen: tuple[Ability, ...] = tuple(a for a, box in self.abilities.items() if box.value)
        self.entries.append(ModelEntry(name=name, tracks=tracks, tough=tough, abilities=chosen, stats=stats))
        self.name.set_value("")
        self.tracks.set_value(None)  # each model's own card: nothing carried over from the last one
        self.tough.set_value(0)
        self.stats.clear()
        for box in self.abilities.values():
            box.set_value(False)
        self._draw()

    def _draw(self) -> None:
        self.chosen.clear()
        with self.chosen:
            for i, entry in enumerate(self.entries):
                with ui.row().classes("items-center gap-2 tk-wl-model w-full"):
                    ui.label(entry_words(entry))
                    named(ui.button(icon=icons.CLOSE, on_click=lambda _, k=i: self._remove(k)).props("flat round"),
                          f"Remove {entry.name}")

    def _remove(self, index: int) -> None:
        self.entries.pop(index)
        self._draw()

    def side(self) -> Warband:
        return Warband(player=self.player.value or "", models=tuple(self.entries))


async def new_game_page() -> None:
    """The Warlord new-game page: starting the game opens its table."""
    frame("New Warlord game")
    ui.add_head_html(CSS)
    deps = current()
    with ui.column().classes("tk-home w-full"):
        ui.label("New Warlord game").classes("text-h5")
        ui.label("Enter each model with its damage tracks (DT) and the special abilities that change its model "
                 "states; its card numbers here or, all in one form, on the pre-game screen after you start.")
        title = ui.input("Game title").props(f'maxlength={TITLE_MAX} aria-label="Game title"').classes("w-96")
        with ui.row().classes("w-full gap-4"):
            forms = [WarbandForm(0), WarbandForm(1)]

        async def start() -> None:
            try:
                command = builders.warlord_setup(title.value or "", (forms[0].side(), forms[1].side()),
                                                 pregame=True)
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return
            await starter.start(lambda key: deps.service.start(command, key), command.title)

        starter = GameStarter()
        once(ui.button("Start game").props("no-caps size=lg"), start)


async def warlord_table(view: GameView, game_id: str, token: str) -> None:
    """The tablet's page of a Warlord game: turn bar, the pre-game screen before game turn 1, the result once it
    is over, both warbands with controls, log, links."""
    frame(view.state.title)
    ui.add_head_html(CSS)
    bar = WarlordTurnBar(view, controls=True)
    PregameScreen(view)
    GameOverBox(view, token)
    with ui.row().classes("tk-sides w-full"):
        for seat in (0, 1):
            with named(ui.column().classes("tk-side"), view.state.player_name(seat), role="region"):
                ui.label(view.state.player_name(seat)).classes(f"tk-side-name tk-seat-{seat}")
                warband(view, seat, controls=True)
    log = GameLog(view)
    await share_button(view, game_id)
    await keep_game_offer(view, game_id, token)
    await log.refresh()
    await bar.show_latest(view.version)
    view.follow()
