"""The home page's tournament path: a game from two lists, each a saved list or one pasted as text, with the
setup wizard (scenario, priority roll, clock, deployment) offered; or a game whose players give Steamroller list
pairs in the wizard (list_pairs.py)."""

from __future__ import annotations

from nicegui import ui

from models.rules import RuleViolation
from models.rules.warmachine import TEXT_MAX, Army
from models.service.lists import ListService, SavedList
from webapp.blocking import io
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.starting import GameStarter
from webapp.components.warmachine.list_builder import my_lists
from webapp.components.warmachine.list_text_dialogs import show_unrecognised
from webapp.components.warmachine.pregame_completion import complete_before_start


class SideFromList:
    """One side of a game from lists: the player's name and a saved list, or a list pasted as text."""

    def __init__(self, seat: int, saved: list[SavedList]) -> None:
        self.seat = seat
        self.lists = {s.id: s for s in saved}
        self.warned: str | None = None
        with ui.card().classes("tk-sideform") as box:
            named(box, f"Side {seat + 1} from a list", role="group")
            ui.label(f"Player {seat + 1}").classes("text-h6")
            self.name = ui.input("Player name").props("maxlength=60")
            named(self.name, f"Side {seat + 1} player name")
            self.saved = ui.select({s.id: f"{s.title} ({s.points} pts)" for s in saved}, label="Saved list",
                                   clearable=True).classes("w-64")
            named(self.saved, f"Side {seat + 1} saved list")
            self.text = ui.textarea("…or paste a list as text").props(f"outlined maxlength={TEXT_MAX}").classes(
                "w-full tk-mono")
            named(self.text, f"Side {seat + 1} list text")
            self.report = ui.column().classes("gap-0")

    async def army(self, service: ListService) -> Army | None:
        """The side's list, or None after telling the player what is wrong."""
        text = (self.text.value or "").strip()
        if self.saved.value and text:
            ui.notify(f"Player {self.seat + 1}: pick a saved list or paste one, not both.", type="warning")
            return None
        if self.saved.value:
            return self.lists[self.saved.value].army
        if not text:
            ui.notify(f"Player {self.seat + 1}: pick a saved list or paste one.", type="warning")
            return None
        try:
            imported = await io(service.import_text, text)
        except RuleViolation as refusal:
            ui.notify(f"Player {self.seat + 1}: {refusal.message}", type="warning")
            return None
        show_unrecognised(self.report, imported.unrecognised)
        if imported.unrecognised and self.warned != text:
            self.warned = text
            ui.notify(f"Player {self.seat + 1}: {len(imported.unrecognised)} line(s) of the pasted list were not "
                      "recognised (shown under it). Fix them, or press Start again to play without them.",
                      type="warning")
            return None
        return imported.army


async def start_from_lists_section() -> None:
    """Start a game from two saved lists, or a saved list and the opponent's pasted text."""
    service, owner = await my_lists()
    try:
        saved = await io(service.lists, owner) if owner else []
    except RuleViolation:
        saved = []
    with ui.column().classes("w-full tk-from-lists").props('role="region" aria-label="Start from two lists"'):
        ui.label("Pick a saved list for each player, or paste the opponent's list as text. The lists must be "
                 "legal; build and check them on the Lists page.").classes("tk-kind")
        ui.link("Build a list on the Lists page", "/lists")
        title = ui.input("Game title").props("maxlength=60").classes("w-96")
        named(title, "Game title from lists")
        with ui.row().classes("w-full gap-4"):
            sides = [SideFromList(0, saved), SideFromList(1, saved)]
        first = ui.select({0: "Player 1 goes first", 1: "Player 2 goes first"}, value=0)
        named(first, "Who goes first with lists")
        wizard = named(ui.checkbox("Use the setup wizard: scenario, priority roll, clock and deployment",
                                   value=True), "Setup wizard with lists")

        async def start() -> None:
            armies = []
            for side in sides:
                army = await side.army(service)
                if army is None:
                    return
                armies.append((side.name.value or f"Player {side.seat + 1}", army))
            try:  # a list that cannot play is refused before its cards' facts are asked
                entries = await io(service.armies, armies)
            except RuleViolation as refusal:
                ui.notify(refusal.message, type="warning")
                return
            name = title.value or "Game from lists"
            if await complete_before_start(name, entries or []) is None:
                return
            await starter.start(lambda key: service.start_game(name, armies, first.value or 0, bool(wizard.value), key),
                                name)

        starter = GameStarter()
        named(once(ui.button("Start the game from these lists", icon=icons.PLAY).props("no-caps size=lg"), start),
              "Start the game from these lists")
