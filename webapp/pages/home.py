"""Start a game: a title, two players and a battlegroup each, picked from the catalog."""

from __future__ import annotations

from nicegui import app, ui

from models.catalog.schema import Card
from models.rules.warmachine.setup import NAME_MAX, ArmyEntry
from webapp.components.a11y import named
from webapp.components.army_list import start_from_lists_section
from webapp.components.card_book import card_service, player_catalog
from webapp.components.card_editor import CardsFile
from webapp.components.once import once
from webapp.components.pregame_completion import complete_before_start
from webapp.components.starting import GameStarter
from webapp.deps import current
from webapp.pages.frame import frame

CASTERS = ("infernal_master", "master_infernalist", "warcaster", "warlock")


class SideForm:
    """One player's name and army: a caster, the horrors, warjacks or warbeasts of its battlegroup, units, solos
    and structures."""

    def __init__(self, seat: int, cards: dict[str, Card]) -> None:
        self.cards = cards
        self.entries: list[ArmyEntry] = []
        with ui.card().classes("tk-sideform").props(f'role="group" aria-label="Player {seat + 1}"'):
            ui.label(f"Player {seat + 1}").classes("text-h6")
            self.name = ui.input("Player name", validation={f"At most {NAME_MAX} characters":
                                                            lambda v: len(v or "") <= NAME_MAX}).props(
                f'maxlength={NAME_MAX} aria-label="Player {seat + 1} name"')
            self.master = ui.select(self._options(*CASTERS), label="Caster").props(
                f'aria-label="Player {seat + 1} caster"').classes("w-64")
            with ui.row().classes("items-center"):
                self.horror = ui.select(self._options("horror"), label="Horror").props(
                    f'aria-label="Player {seat + 1} horror"').classes("w-48")
                ui.button("Add horror", on_click=self.add_horror).props(
                    f'no-caps aria-label="Add horror for player {seat + 1}"')
            with ui.row().classes("items-center"):
                self.beast = ui.select(self._options("warjack", "warbeast"), label="Warjack or warbeast").props(
                    f'aria-label="Player {seat + 1} warjack or warbeast"').classes("w-48")
                ui.button("Add to battlegroup", on_click=self.add_beast).props(
                    f'no-caps aria-label="Add warjack or warbeast for player {seat + 1}"')
            with ui.row().classes("items-center"):
                self.other = ui.select(self._options("unit", "solo", "structure"), label="Unit or solo").props(
                    f'aria-label="Player {seat + 1} unit or solo"').classes("w-48")
                self.size = ui.select({0: "smallest", 4: "4 models", 6: "6 models"}, value=0, label="Size").classes(
                    "w-28").props(f'aria-label="Player {seat + 1} unit size"')
                ui.button("Add", on_click=self.add_other).props(f'no-caps aria-label="Add model for player {seat + 1}"')
            self.chosen = ui.column().classes("gap-1")

    def _options(self, *roles: str) -> dict[str, str]:
        return {k: c.name for k, c in sorted(self.cards.items(), key=lambda kv: kv[1].name) if c.role in roles}

    def set_cards(self, cards: dict[str, Card]) -> None:
        """Offer these cards (after a card pack joined the card book)."""
        self.cards = cards
        for select, roles in ((self.master, CASTERS), (self.horror, ("horror",)),
                              (self.beast, ("warjack", "warbeast")), (self.other, ("unit", "solo", "structure"))):
            select.set_options(self._options(*roles), value=select.value if select.value in cards else None)

    def add_horror(self) -> None:
        if not self.horror.value:
            ui.notify("Pick a horror first.", type="warning")
            return
        self._add(ArmyEntry(card=self.horror.value, battlegroup_of=0))

    def add_beast(self) -> None:
        if not self.beast.value:
            ui.notify("Pick a warjack or warbeast first.", type="warning")
            return
        self._add(ArmyEntry(card=self.beast.value, battlegroup_of=0))

    def add_other(self) -> None:
        if not self.other.value:
            ui.notify("Pick a unit or solo first.", type="warning")
            return
        unit = self.cards[self.other.value].role == "unit"
        self._add(ArmyEntry(card=self.other.value, size=(self.size.value or None) if unit else None))

    def _add(self, entry: ArmyEntry) -> None:
        self.entries.append(entry)
        self._draw()

    def _draw(self) -> None:
        self.chosen.clear()
        with self.chosen:
            for i, entry in enumerate(self.entries):
                with ui.row().classes("items-center gap-2"):
                    size = f" ({entry.size} models)" if entry.size else ""
                    ui.label(self.cards[entry.card].name + size)
                    ui.button(icon="close", on_click=lambda _, k=i: self._remove(k)).props(
                        f'flat dense round aria-label="Remove {self.cards[entry.card].name}"')

    def _remove(self, index: int) -> None:
        self.entries.pop(index)
        self._draw()

    def army(self) -> list[ArmyEntry]:
        caster = [ArmyEntry(card=self.master.value)] if self.master.value else []
        return caster + self.entries


async def home_page() -> None:
    frame("Tablekeeper")
    deps = current()
    book = card_service()
    cards = await player_catalog(book)
    with ui.column().classes("tk-home w-full"):
        _my_games()
        with named(ui.row().classes("items-center gap-3"), "Other games", role="navigation"):
            ui.label("Other games:").classes("text-h6")
            ui.link("Warlord", "/warlord/new").classes("text-lg p-3")
            ui.label("model states")
            ui.link("Warband", "/warband").classes("text-lg p-3")
            ui.label("upkeep phase of a warband campaign")
        ui.label("New Warmachine Mk III game").classes("text-h5")
        title = ui.input("Game title", validation={f"At most {NAME_MAX} characters": lambda v: len(v or "") <= NAME_MAX}
                         ).props(f'maxlength={NAME_MAX} aria-label="Game title"').classes("w-96")
        with ui.row().classes("w-full gap-4"):
            sides = [SideForm(0, cards), SideForm(1, cards)]
        first = ui.select({0: "Player 1 goes first", 1: "Player 2 goes first"}, value=0).props(
            'aria-label="Who goes first"')
        # Issue 6: the setup wizard (scenario, priority roll, clock, deployment) decides who goes first.
        wizard = ui.checkbox("Use the setup wizard (tournament)", value=False)

        starter = GameStarter()

        async def create() -> None:
            if any(not s.master.value for s in sides):
                ui.notify("Each player needs a caster.", type="warning")
                return
            armies = [(s.name.value or "", s.army()) for s in sides]
            cards = await complete_before_start(title.value or "", armies)
            if cards is None:
                return
            await starter.start(lambda key: deps.service.create_game(title.value or "", armies, first.value or 0,
                                                                     bool(wizard.value), catalog=cards,
                                                                     command_id=key),
                                title.value or "")

        once(ui.button("Start game").props("no-caps size=lg"), create)

        async def pack_imported() -> None:
            fresh = await player_catalog(book)
            for side in sides:
                side.set_cards(fresh)

        CardsFile(book, pack_imported, export=False)
        await start_from_lists_section()


def _my_games() -> None:
    """The games started in this browser, newest first: the way back to a game after the tab was closed."""
    games = app.storage.user.get("games", {})
    if not games:
        return
    with named(ui.column().classes("gap-1"), "Games started on this device", role="region"):
        ui.label("Games started on this device").classes("text-h6")
        for game_id, links in reversed(list(games.items())[-20:]):
            with ui.row().classes("items-center gap-3"):
                ui.label(links.get("title") or game_id)
                ui.link("Table", f"/table/{game_id}/{links['table']}")
                ui.link("Watch", f"/watch/{game_id}/{links['watch']}")
