"""A warband game's pages: starting one (a title, two players, each warband's units (hero with its Morale, caster,
able to carry treasure), the treasure tokens on the table and, if known, how many hide an event token), and the
tablet's page of one in play."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from models.rules.warband import (
    MORALE_MAX,
    NAME_MAX,
    TITLE_MAX,
    TOKENS_MAX,
    UNITS_MAX,
    UnitEntry,
    Warband,
    board,
    builders,
)
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.game_log import GameLog
from webapp.components.game_over import GameOverBox
from webapp.components.keep_game import keep_game_offer
from webapp.components.once import once
from webapp.components.share import share_button
from webapp.components.starting import GameStarter
from webapp.components.warband.steps import StepPanel
from webapp.components.warband.turn import WarbandTurnBar
from webapp.components.warband.units import UnitCard
from webapp.components.whole_numbers import whole_number
from webapp.deps import current
from webapp.pages.frame import frame
from webapp.view import GameView


class WarbandForm:
    """One player's name and units; rows are kept as data and redrawn on add or remove, so their names stay in
    order ("unit 1", "unit 2"...)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.rows: list[dict[str, Any]] = []
        who = f"Player {seat + 1}"
        with named(ui.card().classes("tk-sideform"), who, role="group"):
            ui.label(who).classes("text-h6")
            self.name = named(ui.input("Player name").props(f"maxlength={NAME_MAX}"), f"{who} name")
            self.list = ui.column().classes("gap-1 w-full")
            named(ui.button("Add unit", icon="add", on_click=self.add).props("no-caps outline"),
                  f"Add unit for player {seat + 1}")
        self.add()

    def add(self) -> None:
        if len(self.rows) >= UNITS_MAX:
            ui.notify(f"A warband here has at most {UNITS_MAX} units.", type="warning")
            return
        self.rows.append({"name": "", "hero": False, "morale": None, "caster": False, "can_carry": True})
        self._draw()

    def remove(self, index: int) -> None:
        self.rows.pop(index)
        self._draw()

    def _draw(self) -> None:
        self.list.clear()
        p = self.seat + 1
        with self.list:
            for i, row in enumerate(self.rows):
                n = i + 1
                with named(ui.row().classes("items-center gap-2 w-full"), f"Player {p} unit {n}", role="group"):
                    named(ui.input(f"Unit {n} name", value=row["name"]).props(f"maxlength={NAME_MAX}").classes(
                        "w-48"), f"Player {p} unit {n} name").on_value_change(
                        lambda e, r=row: r.update(name=e.value or ""))
                    hero = named(ui.checkbox("Hero", value=row["hero"]), f"Player {p} unit {n} is a hero")
                    morale = named(ui.number("Morale", value=row["morale"]).classes("w-28"),
                                   f"Player {p} unit {n} Morale")
                    morale.on_value_change(lambda e, r=row: r.update(morale=e.value))
                    morale.bind_visibility_from(hero, "value")
                    hero.on_value_change(lambda e, r=row: r.update(hero=bool(e.value)))
                    named(ui.checkbox("Caster", value=row["caster"]), f"Player {p} unit {n} is a caster"
                          ).on_value_change(lambda e, r=row: r.update(caster=bool(e.value)))
                    named(ui.checkbox("Can carry treasure", value=row["can_carry"]),
                          f"Player {p} unit {n} can carry treasure").on_value_change(
                        lambda e, r=row: r.update(can_carry=bool(e.value)))
                    named(ui.button(icon=icons.CLOSE, on_click=lambda _, k=i: self.remove(k)).props("flat round"),
                          f"Remove player {p} unit {n}")

    def warband(self) -> Warband | str:
        """The warband, or what is wrong with the form in words."""
        units = []
        for i, row in enumerate(self.rows):
            morale = None
            if row["hero"]:
                morale = whole_number(row["morale"], 0, MORALE_MAX)
                if morale is None:
                    label = row["name"].strip() or f"unit {i + 1}"
                    return f"Player {self.seat + 1}: enter {label}'s Morale, a whole number from 0 to {MORALE_MAX}."
            units.append(UnitEntry(name=row["name"][:NAME_MAX], hero=row["hero"], morale=morale,
                                   caster=row["caster"], can_carry=row["can_carry"]))
        return Warband(player=(self.name.value or "")[:NAME_MAX], units=tuple(units))


async def warband_page() -> None:
    frame("New warband game")
    deps = current()
    with ui.column().classes("tk-home w-full"):
        ui.label("New warband game (upkeep phase)").classes("text-h5")
        title = named(ui.input("Game title").props(f"maxlength={TITLE_MAX}").classes("w-96"), "Game title")
        with ui.row().classes("w-full gap-4"):
            forms = [WarbandForm(0), WarbandForm(1)]
        with ui.row().classes("items-center gap-4"):
            treasures = named(ui.number("Treasure tokens on the table").classes("w-64"), "Treasure tokens")
            events = named(ui.number("Event tokens under them (if known)").classes("w-80"), "Event tokens")
        first = named(ui.select({0: "Player 1 goes first", 1: "Player 2 goes first"}, value=0), "Who goes first")

        async def start() -> None:
            one, other = (f.warband() for f in forms)
            problem = next((s for s in (one, other) if isinstance(s, str)), None)
            tokens = whole_number(treasures.value, 0, TOKENS_MAX)
            hidden = None if events.value in (None, "") else whole_number(events.value, 0, TOKENS_MAX)
            if problem is None and tokens is None:
                problem = f"Enter the treasure tokens on the table: a whole number from 0 to {TOKENS_MAX}."
            if problem is None and events.value not in (None, "") and hidden is None:
                problem = "Event tokens: a whole number, or leave it empty if nobody knows."
            if problem is not None or isinstance(one, str) or isinstance(other, str) or tokens is None:
                ui.notify(problem, type="warning")
                return
            command = builders.setup_warband((title.value or "")[:TITLE_MAX], (one, other), first.value or 0,
                                             tokens, hidden)
            await starter.start(lambda key: deps.service.start(command, key), title.value or "Warband game")

        starter = GameStarter()
        once(ui.button("Start game").props("no-caps size=lg"), start)


async def warband_table(view: GameView, game_id: str, token: str) -> None:
    """The tablet's page of a warband game: turn bar, the result once it is over, what happens now, both
    warbands' unit cards with controls, log, links."""
    state = view.state
    frame(state.title)
    WarbandTurnBar(view, controls=True)
    GameOverBox(view, token)
    StepPanel(view, controls=True)
    with ui.row().classes("tk-sides w-full"):
        for seat in (0, 1):
            name = state.player_name(seat)
            with named(ui.column().classes("tk-side"), name, role="region"):
                ui.label(name).classes(f"tk-side-name tk-seat-{seat}")
                for u in board(state).side(seat):
                    UnitCard(view, u.id, controls=True)
    log = GameLog(view)
    await share_button(view, game_id)
    await keep_game_offer(view, game_id, token)
    await log.refresh()
    view.follow()
