"""The home page: what Tablekeeper is for, the games this device started (to resume), and two ways to start a
Warmachine game: a casual one picked model by model, or a tournament one from two army lists. Other game
systems are linked below."""

from __future__ import annotations

from nicegui import ui

from models.rules.warmachine import NAME_MAX, builders
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.my_games import my_games
from webapp.components.once import once
from webapp.components.starting import GameStarter
from webapp.components.warmachine.card_book import card_service, player_catalog
from webapp.components.warmachine.card_editor import CardsFile
from webapp.components.warmachine.from_lists import start_from_lists_section
from webapp.components.warmachine.list_pairs import pairs_game_section
from webapp.components.warmachine.pregame_completion import complete_before_start
from webapp.components.warmachine.quick_form import SideForm, forget, store, stored
from webapp.deps import current
from webapp.pages.frame import frame

PURPOSE = ("Tablekeeper keeps score of a tabletop game as you play it: damage, essence, focus and fury, whose turn "
           "and phase it is, and the clock, on one screen the two players share, with a link for anyone to watch.")


async def home_page(start: str = "") -> None:
    frame("")
    with ui.column().classes("tk-home w-full"):
        ui.label("Track a live Warmachine game at the table").classes("text-h5").props('role="heading" aria-level="1"')
        ui.label(PURPOSE).classes("tk-purpose")
        await my_games()
        with ui.tabs().classes("tk-paths").props("no-caps align=left") as tabs:
            casual = ui.tab("casual", label="Casual game", icon="casino")
            tournament = ui.tab("tournament", label="Tournament game from lists", icon="emoji_events")
        with ui.tab_panels(tabs, value=tournament if start == "lists" else casual).classes("w-full tk-path"):
            with ui.tab_panel(casual):
                await _casual_game()
            with ui.tab_panel(tournament):
                await start_from_lists_section()
                pairs_game_section()
        with named(ui.row().classes("items-center gap-3 tk-other-games"), "Other games", role="navigation"):
            ui.label("Other games:").classes("text-h6")
            ui.link("Warlord", "/warlord/new").classes("text-lg p-3")
            ui.label("model states")
            ui.link("Warband", "/warband").classes("text-lg p-3")
            ui.label("upkeep phase of a warband campaign")


async def _casual_game() -> None:
    """Pick each side's caster and models; the choices follow the list rules; the form survives a reload."""
    deps = current()
    book = await card_service()
    cards = await player_catalog(book)
    community = await io(book.community_words)
    kept = stored()
    sides_kept = kept.get("sides")
    kept_sides = sides_kept if isinstance(sides_kept, list) else []
    ui.label("New Warmachine Mk III game").classes("text-h6")
    ui.label("Pick a caster for each player, then its battlegroup and other models: only what that army may "
             "take is offered, with the points it costs.").classes("tk-kind")

    def keep() -> None:
        store({"title": title.value or "", "first": first.value or 0, "wizard": bool(wizard.value),
               "sides": [s.kept() for s in sides]})

    title = ui.input("Game title", value=str(kept.get("title") or "")[:NAME_MAX],
                     validation={f"At most {NAME_MAX} characters": lambda v: len(v or "") <= NAME_MAX},
                     on_change=keep).props(f'maxlength={NAME_MAX} aria-label="Game title" aria-required="true" '
                                           'hint="Required: the game is listed under it"').classes("w-96")
    sides: list[SideForm] = []
    with ui.row().classes("w-full gap-4"):
        for seat in (0, 1):
            side = kept_sides[seat] if seat < len(kept_sides) and isinstance(kept_sides[seat], dict) else {}
            sides.append(SideForm(seat, cards, side, keep, community))
    first = ui.select({0: "Player 1 goes first", 1: "Player 2 goes first"},
                      value=kept.get("first") if kept.get("first") in (0, 1) else 0, on_change=keep).props(
        'aria-label="Who goes first"')
    wizard = ui.checkbox("Use the setup wizard (tournament)", value=bool(kept.get("wizard")), on_change=keep)
    starter = GameStarter()

    async def create() -> None:
        if any(not s.master.value for s in sides):
            ui.notify("Each player needs a caster.", type="warning")
            return
        armies = [(s.name.value or "", s.army()) for s in sides]
        resolved = await complete_before_start(title.value or "", armies)  # one screen per side for missing facts
        if resolved is None:
            return
        catalog, origins = resolved
        themes = [s.theme_key() for s in sides]
        if await starter.start(lambda key: deps.service.start(builders.setup_game(
                title.value or "", armies, first.value or 0, bool(wizard.value), cards=catalog, themes=themes,
                origins=origins), key),
                title.value or ""):
            forget()

    once(ui.button("Start game").props("no-caps size=lg"), create)

    async def pack_imported() -> None:
        fresh = await player_catalog(book)
        for side in sides:
            side.set_cards(fresh)

    CardsFile(book, pack_imported, export=False)
