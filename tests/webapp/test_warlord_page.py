"""Warlord pages (webapp/pages/warlord.py, webapp/components/warlord_*.py) through NiceGUI's User fixture: the
new-game page, the table (model states as chips, greyed buttons that say why, the poison prompt) and a watch page
that follows the table live without any control."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules.warlord.state import figure
from models.service import Created
from tests.rules.warlord.game import setup_command
from tests.webapp.helpers import (
    card_shows,
    click,
    elements,
    eventually,
    fill,
    find,
    model_card,
    region,
    see,
    service,
    shows,
    table_url,
    watch_url,
)


def warlord_game() -> Created:
    """The rules tests' standard game (Ann: Knight, Golem, Skeleton, Paladin; Bob: Orc, Ghost, Zombie)."""
    return service().start(setup_command())


def state(game: Created):
    return service().state(game.game_id)[1]


async def test_new_game_page_starts_a_warlord_game_on_its_table(user: User) -> None:
    await user.open("/")
    await user.should_see("Warlord")
    await user.open("/warlord/new")
    fill(user, "Game title", "Ruins at dusk")
    for who, player, model, tracks in (("Player 1", "Ann", "Knight", "3"), ("Player 2", "Bob", "Zombie", "2")):
        form = find(user, who, ui.card)
        fill(user, f"{who} name", player, within=form)
        fill(user, f"{who} model name", model, within=form)
        fill(user, f"{who} damage tracks", tracks, within=form)
        if model == "Zombie":
            find(user, "Mindless", ui.checkbox, within=form).set_value(True)
        click(user, f"Add model for {who}", within=form)
    await see(user, "Zombie · 2 DT · Mindless")
    click(user, "Start game")
    await see(user, "Game turn 1")
    assert model_card(user, "Ann", "Knight") and model_card(user, "Bob", "Zombie")


async def test_new_game_page_refuses_bad_input_with_a_message(user: User) -> None:
    await user.open("/warlord/new")
    form = find(user, "Player 1", ui.card)
    fill(user, "Player 1 model name", "Troll", within=form)
    fill(user, "Player 1 damage tracks", "0", within=form)
    click(user, "Add model for Player 1", within=form)
    await user.should_see("Damage tracks: a whole number from 1 to 20.")
    fill(user, "Game title", "Empty")
    fill(user, "Player 1 name", "Ann", within=form)
    fill(user, "Player 2 name", "Bob")
    click(user, "Start game")
    await user.should_see("Ann's warband needs at least one model.")


async def test_table_shows_chips_and_greys_what_the_rules_refuse(user: User) -> None:
    game = warlord_game()
    await user.open(table_url(game))
    zombie = model_card(user, "Bob", "Zombie")
    assert shows(user, "DT 2/2", zombie) and shows(user, "Mindless · Undead", zombie)
    click(user, "Add state: Zombie", within=zombie)
    shaken = find(user, "Shaken", ui.button, within=find(user, "Add a state to Zombie", ui.card))
    assert shaken.props["aria-disabled"] == "true" and "Mindless" in shaken.props["title"]
    click(user, "Shaken")
    await user.should_see("Zombie is Mindless: it cannot become Shaken.")
    click(user, "Burning")
    await see(user, "Burning", zombie)
    assert shows(user, "putting the fire out", zombie)
    click(user, "Activate: Zombie", within=zombie)
    await see(user, "Activated: 0 of 2 actions taken", zombie)
    click(user, "Move: Zombie", within=zombie)
    await see(user, "Burning (Flame Attack)", zombie)
    assert figure(state(game), "p2-3").damage == 1
    await see(user, "Zombie loses 1 damage track (burning): 1 of 2 left.", region(user, "Turn"))


async def test_poison_prompt_adds_the_bonuses_and_the_next_turn_waits(user: User) -> None:
    game = warlord_game()
    await user.open(table_url(game))
    knight = model_card(user, "Ann", "Knight")
    click(user, "Add state: Knight", within=knight)
    click(user, "Poisoned")
    await see(user, "Poisoned", knight)
    click(user, "End game turn")
    turn = region(user, "Turn")
    await see(user, "Knight: die +3 for 3 damage tracks left, +1 for Tough 1", turn)
    start = find(user, "Start game turn 2", ui.button)
    assert start.props["aria-disabled"] == "true"
    fill(user, "Die result for Knight", None)
    click(user, "Check poison: Knight")
    await user.should_see("Type the die's result: a whole number from 1 to 100.")
    fill(user, "Die result for Knight", "5")
    click(user, "Check poison: Knight")
    await see(user, "fails (needs 10)", turn)
    await see(user, "DT 2/3", knight)
    click(user, "Start game turn 2")
    await see(user, "Game turn 2", turn)


async def test_watch_page_follows_live_without_controls(user: User, create_user) -> None:
    game = warlord_game()
    await user.open(table_url(game))
    spectator: User = create_user()
    await spectator.open(watch_url(game))
    assert elements(spectator, ui.button) == [] and not elements(spectator, ui.number)  # one board, no controls
    assert card_shows(spectator, "Orc", "DT 2/2")
    click(user, "Mark 1 damage: Orc", within=model_card(user, "Bob", "Orc"))
    await eventually(lambda: card_shows(spectator, "Orc", "DT 1/2"), "the watch page")
    assert card_shows(spectator, "Orc", "Damage tracks: 1 of 2 left")
    click(user, "Undo last action")
    await eventually(lambda: card_shows(spectator, "Orc", "DT 2/2"), "the undo")
