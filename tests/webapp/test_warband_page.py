"""The warband pages (doc 004): the new-game page from the home page link, the table's upkeep (treasure pick-up,
rout check), live updates on a watch page without controls."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui
from nicegui.element import Element
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from models.rules.warband.conditions import Incapacitate
from models.rules.warband.phases import Next
from models.rules.warband.rout import RoutCheck, VoluntaryRout
from models.rules.warband.treasure import PickUp
from models.service import Actor, Created
from tests.rules.warband.game import HENCHMEN, HOUND, THUG, setup_command
from tests.webapp.helpers import (
    choose,
    click,
    elements,
    eventually,
    exists,
    fill,
    find,
    region,
    see,
    service,
    shows,
    table_url,
    watch_url,
)

TABLE = Actor(role="table")


def new_warband_game() -> Created:
    return service().start(setup_command())


def play(game: Created, *commands: object) -> None:
    version = service().state(game.game_id)[0]
    for command in commands:
        version = service().execute(game.game_id, command, version, TABLE).version  # type: ignore[arg-type]


def tick(user: User, name: str) -> None:
    """Tap a checkbox found by its accessible name."""
    UserInteraction(user, {find(user, name, ui.checkbox)}, None).click()


def clickable(user: User) -> list[Element]:
    return [e for e in elements(user) if any(listener.type == "click" for listener in e._event_listeners.values())]


async def test_the_home_page_links_to_a_new_warband_game(user: User) -> None:
    await user.open("/")
    await see(user, "Other games:")
    links = [e for e in elements(user, ui.link) if getattr(e, "text", "") == "Warband"]
    assert [e.props.get("href") for e in links] == ["/warband"]


async def test_the_new_game_page_starts_a_warband_game(user: User) -> None:
    await user.open("/warband")
    await see(user, "New warband game (upkeep phase)")
    fill(user, "Game title", "Cellar raid")
    fill(user, "Player 1 name", "Ann")
    fill(user, "Player 1 unit 1 name", "Captain")
    tick(user, "Player 1 unit 1 is a hero")
    fill(user, "Player 1 unit 1 Morale", "7")
    click(user, "Add unit for player 1")
    await eventually(lambda: exists(user, "Player 1 unit 2 name"), "a second unit row")
    fill(user, "Player 1 unit 2 name", "Hound")
    tick(user, "Player 1 unit 2 can carry treasure")
    fill(user, "Player 2 name", "Bob")
    fill(user, "Player 2 unit 1 name", "Witch")
    tick(user, "Player 2 unit 1 is a caster")
    fill(user, "Treasure tokens", "3")
    click(user, "Start game")
    await see(user, "Round 1", within=None)
    await see(user, "Ann's turn")
    hound = find(user, "Hound", ui.card, within=region(user, "Ann"))
    assert shows(user, "Unit · Cannot carry treasure", within=hound)
    assert shows(user, "Hero · Morale 7", within=find(user, "Captain", ui.card))


async def test_the_new_game_page_refuses_a_hero_without_morale(user: User) -> None:
    await user.open("/warband")
    fill(user, "Player 1 unit 1 name", "Captain")
    tick(user, "Player 1 unit 1 is a hero")
    fill(user, "Player 2 unit 1 name", "Witch")
    fill(user, "Treasure tokens", "3")
    click(user, "Start game")
    await see(user, "Player 1: enter Captain's Morale, a whole number from 0 to 99.")


async def test_the_table_picks_up_treasure_and_the_watch_page_sees_it(user: User,
                                                                      create_user: Callable[[], User]) -> None:
    game = new_warband_game()
    watcher = create_user()
    await watcher.open(watch_url(game))
    await user.open(table_url(game))
    await see(user, "Rest of the turn")
    click(user, "End turn: hand over to Bob")
    await see(user, "Upkeep: Treasure")
    thug = find(user, "Thug", ui.card, within=region(user, "Bob"))
    click(user, "Pick up treasure: Thug", within=thug)
    await eventually(lambda: exists(user, "Pick it up", ui.button), "the pick-up dialog")
    click(user, "Pick it up")
    await watcher.should_see("Thug picks up a treasure token.", retries=50)
    await watcher.should_see("Carries a treasure token. Carries a treasure token: it may not run.", retries=50)

    click(user, "Undo last action")
    await watcher.should_see("Undone: Thug picks up a treasure token.", retries=50)
    await eventually(lambda: not shows(watcher, "Carries a treasure token"), "the token to go back")


async def test_a_refused_pick_up_says_why_and_changes_nothing(user: User) -> None:
    game = new_warband_game()
    play(game, Next())
    await user.open(table_url(game))
    click(user, "Pick up treasure: Thug", within=find(user, "Thug", ui.card))
    await eventually(lambda: exists(user, 'Opposing unit within 2"'), "the pick-up dialog")
    tick(user, 'Opposing unit within 2"')
    click(user, "Pick it up")
    await see(user, 'An opposing unit within 2" of the token stops Thug from picking it up.')
    assert service().state(game.game_id)[0] == 2


async def test_the_rout_check_is_recorded_at_the_table(user: User) -> None:
    game = new_warband_game()
    play(game, *(Incapacitate(unit=u) for u in (*HENCHMEN, HOUND)), Next(), PickUp(unit=THUG), Next(), Next())
    await user.open(table_url(game))
    await see(user, "Upkeep: Rout")
    panel = region(user, "What happens now")
    assert shows(user, "It is a Morale check with Morale 9 (Sister", within=panel)
    fill(user, "Roll for rout check", "4")
    click(user, "Passed: rout check")
    await see(user, "Ann's rout check passed (rolled 4): the warband fights on. It may still choose to rout.")
    click(user, "Rout by choice")
    await see(user, "Bob wins by rout")  # the result box, with the link to the result page
    await see(user, "Last grab for treasure: token 1 of 3.")


async def test_the_watch_page_has_no_controls(user: User) -> None:
    game = new_warband_game()
    await user.open(watch_url(game))
    await see(user, "Watching: Ruins at dusk")
    assert shows(user, "Hero · Morale 7")
    assert not elements(user, ui.number) and not elements(user, ui.input)
    assert clickable(user) == []  # the theme switch is the browser's own (watch.js)


async def test_incapacitation_asks_who_did_it_and_whether_it_was_engaged(user: User) -> None:
    """Doc 004 "Treasure Step": the engaged incapacitator takes the fallen unit's token."""
    game = new_warband_game()
    play(game, Next(), PickUp(unit=THUG))
    await user.open(table_url(game))
    click(user, "Incapacitated: Thug", within=find(user, "Thug", ui.card))
    await eventually(lambda: exists(user, "Which unit did it?"), "the incapacitation dialog")
    choose(user, "Which unit did it?", "Captain (Ann)")
    tick(user, "Engaged with it")
    click(user, "Incapacitated")
    await see(user, "Captain was engaged with Thug and takes its treasure token at once.")
    assert shows(user, "Incapacitated", within=find(user, "Thug", ui.card))


async def test_the_grab_after_a_rout_goes_token_by_token(user: User) -> None:
    """Doc 004 "Grabbing Treasure after routing": the winner alone near a token takes it without a check."""
    game = new_warband_game()
    play(game, *(Incapacitate(unit=u) for u in (*HENCHMEN, HOUND)), Next(), PickUp(unit=THUG), Next(), Next(),
         RoutCheck(passed=True), VoluntaryRout())
    await user.open(table_url(game))
    await see(user, "Last grab for treasure: token 1 of 3.")
    tick(user, "Bob has a unit within 5 inches")
    click(user, "Confirm")
    await see(user, "Bob chooses which unit within 5\" takes it without a check.")
    choose(user, "Bob's unit", "Boss")
    click(user, "Take the token")
    await see(user, "Boss takes the token without a check.")
    await see(user, "Last grab for treasure: token 2 of 3.")
    for token in (2, 3):
        click(user, "Confirm")
        await see(user, f"Grab, token {token} of 3: no unit is within 5\"; it stays on the table.")
    await see(user, "Bob wins: Ann's warband routed. The game is over.")
    assert not exists(user, "Next", ui.button)
