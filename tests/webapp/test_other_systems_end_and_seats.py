"""Warlord and warband games end with a result on their table page (with a link to the result page), on the watch
page and on the result page; a seat link greys the other side's controls, saying who can, and keeps its own."""

from __future__ import annotations

from typing import Any

from nicegui import ui
from nicegui.element import Element
from nicegui.testing import User

from models.rules import Command
from models.rules.warband.conditions import Incapacitate
from models.rules.warband.phases import Next
from models.rules.warband.rout import RoutCheck
from models.rules.warband.treasure import PickUp
from models.rules.warlord.damage import WarlordDamage
from models.rules.warlord.end_phase import WarlordEndTurn
from models.rules.warlord.model_states import WarlordAddState
from models.service import Actor, Created
from tests.rules.warband.game import HENCHMEN, HOUND, THUG
from tests.rules.warband.game import setup_command as warband_setup
from tests.rules.warlord.game import GHOST, KNIGHT, ORC
from tests.rules.warlord.game import setup_command as warlord_setup
from tests.webapp.helpers import (
    click,
    elements,
    eventually,
    exists,
    fill,
    find,
    model_card,
    region,
    see,
    service,
    table_url,
    watch_url,
    watched,
)

TABLE = Actor(role="table")


def play(game: Created, *commands: Command) -> None:
    version = service().state(game.game_id)[0]
    for command in commands:
        version = service().execute(game.game_id, command, version, TABLE).version


def greyed(button: Element) -> bool:
    return button.props.get("aria-disabled") == "true"


def button(user: User, name: str, within: Element | None = None) -> Any:
    return find(user, name, ui.button, within=within)


def turn_button(user: User, starts: str) -> Any:
    """The turn bar's button that moves the turn on, by the words it starts with (None: not shown)."""
    return next((b for b in elements(user, ui.button) if b.text.startswith(starts)), None)


async def see_result(user: User, title: str) -> None:
    """The result box appears (hidden while the game goes on) and says ``title``."""
    await eventually(lambda: exists(user, "Result"), "the result box")
    await see(user, title, within=region(user, "Result"))


async def test_a_warlord_game_ended_by_the_players_shows_its_result_everywhere(user: User, create_user) -> None:
    game = service().start(warlord_setup())
    await user.open(table_url(game))
    spectator: User = create_user()
    await spectator.open(watch_url(game))
    click(user, "End the game…")
    dialog = find(user, "End the game", ui.card)
    assert greyed(button(user, "Ann wins", dialog))  # only at the end of a game turn
    click(user, "Cancel")
    play(game, WarlordEndTurn())
    await see(user, "End phase")
    click(user, "End the game…")
    fill(user, "What decided it (optional)", "Ann holds the shrine")
    click(user, "Ann wins")
    await see_result(user, "Ann wins when the players ended the game")
    await eventually(lambda: (watched(spectator).get("result") or {}).get("title")
                     == "Ann wins when the players ended the game", "the result on the watch page")
    link = next(e for e in elements(user, ui.link) if "Result page" in getattr(e, "text", ""))
    assert link.props["href"] == f"/result/{game.game_id}/{game.tokens['table']}"
    await user.open(link.props["href"])
    await see(user, "The players ended the game at the end of game turn 1: Ann holds the shrine.")
    await see(user, "Ended in game turn 1.")
    await see(user, "Timeline")


async def test_a_warband_rout_shows_its_result_page(user: User) -> None:
    game = service().start(warband_setup(treasures=1))
    play(game, *(Incapacitate(unit=u) for u in (*HENCHMEN, HOUND)), Next(), PickUp(unit=THUG), Next(), Next(),
         RoutCheck(passed=False))
    await user.open(table_url(game))
    await see_result(user, "Bob wins by rout")
    await user.open(f"/result/{game.game_id}/{game.tokens['watch']}")
    await see(user, "Ann's warband failed its rout check and left the table.")
    assert not exists(user, "Tiebreakers")


async def test_a_warlord_seat_link_greys_the_other_sides_models_with_who_can(user: User) -> None:
    game = service().start(warlord_setup())
    await user.open(table_url(game, "seat2"))
    orc, knight = model_card(user, "Bob", "Orc"), model_card(user, "Ann", "Knight")
    assert not greyed(button(user, "Activate: Orc", orc))  # positive control: Bob's own model
    activate = button(user, "Activate: Knight", knight)
    assert greyed(activate) and activate.props["title"] == ("Only Ann or the shared table link can activate this "
                                                            "model.")
    click(user, "Activate: Knight", within=knight)
    await see(user, "Only Ann or the shared table link can activate this model.")
    assert service().state(game.game_id)[0] == 1  # nothing was sent
    assert not greyed(button(user, "Mark 1 damage: Knight", knight))  # damage comes from Bob's attacks too
    click(user, "End the game…")
    dialog = find(user, "End the game", ui.card)
    assert greyed(button(user, "Ann concedes", dialog)) and not greyed(button(user, "Bob concedes", dialog))


async def test_a_warlord_model_out_of_action_ends_the_game_on_the_table(user: User) -> None:
    game = service().start(warlord_setup())
    play(game, WarlordDamage(model=ORC, amount=2), WarlordDamage(model=GHOST, amount=2))
    await user.open(table_url(game))
    zombie = model_card(user, "Bob", "Zombie")
    click(user, "Mark 1 damage: Zombie", within=zombie)
    await see(user, "DT 1/2", within=zombie)
    click(user, "Mark 1 damage: Zombie", within=zombie)
    await see_result(user, "Ann wins with the other warband out of action")
    knight = model_card(user, "Ann", "Knight")
    await eventually(lambda: not exists(user, "Activate: Knight", within=knight), "the controls to go")


async def test_a_warband_seat_link_greys_the_other_players_turn(user: User) -> None:
    game = service().start(warband_setup())
    await user.open(table_url(game, "seat2"))
    next_button = turn_button(user, "End turn")
    assert greyed(next_button) and next_button.props["title"] == ("Only Ann or the shared table link can move this "
                                                                  "turn on.")
    thug = find(user, "Thug", ui.card)
    assert not greyed(button(user, "Incapacitated: Thug", thug))  # positive control: either side records it
    play(game, Next())
    await eventually(lambda: turn_button(user, "Next: done with Treasure") is not None, "Bob's treasure step")
    assert not greyed(turn_button(user, "Next: done with Treasure"))


async def test_a_warlord_seat_rolls_poison_checks_only_for_its_own_models(user: User) -> None:
    """doc 003 "Poisoned": the owner rolls the check; Ann's link greys Bob's Orc's, saying who can (positive
    control: her own Knight's is not greyed)."""
    game = service().start(warlord_setup())
    play(game, WarlordAddState(model=ORC, state="poisoned"), WarlordAddState(model=KNIGHT, state="poisoned"),
         WarlordEndTurn())
    await user.open(table_url(game, "seat1"))
    await see(user, "Poison checks")
    orc = button(user, "Check poison: Orc")
    assert greyed(orc) and orc.props["title"] == "Only Bob or the shared table link can roll this model's poison check."
    assert not greyed(button(user, "Check poison: Knight"))
    fill(user, "Die result for Orc", "9")
    click(user, "Check poison: Orc")
    await see(user, "Only Bob or the shared table link can roll this model's poison check.")
    assert service().state(game.game_id)[0] == 4  # nothing was sent
