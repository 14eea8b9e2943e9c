"""The table page between two players: Undo says what it undid and Redo brings it back; a seat link says whose device it
is, hides what that seat cannot do and names who can."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from models.rules.warmachine.activation import Activate
from models.rules.warmachine.phases import Advance
from models.service import Actor, Created
from tests.webapp.helpers import (
    accessible_name,
    click,
    elements,
    eventually,
    exists,
    fill,
    find,
    model_card,
    next_button,
    region,
    see,
    service,
    shows,
    table_url,
    tile,
    version,
)

TABLE = Actor(role="table")


async def hurt_regna(user: User, amount: int) -> None:
    regna = model_card(user, "Bob", "Princess Regna")
    fill(user, "Damage to apply to Princess Regna", str(amount), within=regna)
    click(user, "Apply damage to Princess Regna", within=regna)
    await eventually(lambda: exists(user, "Princess Regna takes it", ui.button), "the transfer question")
    click(user, "Princess Regna takes it")


async def test_undo_names_what_it_undid_and_redo_brings_it_back(user: User, game: Created) -> None:
    await user.open(table_url(game))
    regna = model_card(user, "Bob", "Princess Regna")
    await hurt_regna(user, 2)
    await see(user, "Damage boxes: 2 of 5 marked", regna)

    click(user, "Undo last action")
    await see(user, "Damage boxes: 0 of 5 marked", regna)
    # The toast follows the undone state once the undo's answer is back (the log is read in between).
    await eventually(lambda: any(accessible_name(e).startswith("Undone: ") for e in elements(user, ui.label)),
                     "the undo toast")
    toast = find(user, lambda n: n.startswith("Undone: "), ui.label)
    assert accessible_name(toast).startswith("Undone: Princess Regna suffers 2 damage")

    click(user, "Redo")
    await see(user, "Damage boxes: 2 of 5 marked", regna)
    await see(user, "Redone: Princess Regna suffers 2 damage")
    assert version(game) == 4  # damage, undo, the same damage again: history kept
    await eventually(lambda: not exists(user, "Redo", ui.button), "the toast to go once redone")


async def test_a_new_action_after_undo_takes_the_redo_away(user: User, game: Created) -> None:
    await user.open(table_url(game))
    await hurt_regna(user, 2)
    await eventually(lambda: version(game) == 2, "the damage to be stored")
    click(user, "Undo last action")
    await eventually(lambda: exists(user, "Redo", ui.button), "the undo toast")
    click(user, lambda n: n.startswith("Next"), within=region(user, "Turn"))
    await eventually(lambda: not exists(user, "Redo", ui.button), "the toast to go when the game moves on")
    assert version(game) == 4


async def test_a_seat_link_says_whose_device_it_is_and_who_can_move_the_turn(user: User, game: Created) -> None:
    await user.open(table_url(game, "seat2"))
    assert shows(user, "You are Bob (seat 2)", region(user, "Turn"))
    # Ann's models show no action buttons on Bob's device, and say why; Bob's own side still has its controls.
    agathon = model_card(user, "Ann", "Agathon")
    assert shows(user, "Ann's model: only Ann or the shared table link can act for it.", agathon)
    assert not exists(user, "Effects on Agathon", ui.button)
    assert exists(user, "Effects on Princess Regna", ui.button)
    # It is Ann's turn: Bob's Next is greyed with the reason, and a tap says who can and sends nothing.
    button = next_button(user)
    assert button.props.get("aria-disabled") == "true"
    assert button.props.get("title") == "Only Ann or the shared table link can move on to the next step of this turn."
    click(user, lambda n: n.startswith("Next"), within=region(user, "Turn"))
    await see(user, "Only Ann or the shared table link can move on to the next step of this turn.")
    assert version(game) == 1


async def test_a_tile_shows_its_models_card_and_a_model_starting_its_activation_is_shown(user: User,
                                                                                        game: Created) -> None:
    await user.open(table_url(game))
    ann = region(user, "Ann")
    assert exists(user, "Agathon", ui.card, ann)  # a side shows its first model's card at the start
    assert not exists(user, "Guardian of Souls", ui.card, ann)
    guardian = tile(user, "Guardian of Souls", ann)
    UserInteraction(user, {guardian}, None).click()
    await eventually(lambda: exists(user, "Guardian of Souls", ui.card, ann), "the Guardian's card")
    assert not exists(user, "Agathon", ui.card, ann) and guardian.props["aria-pressed"] == "true"

    await hurt_regna(user, 2)  # a tile sums up the damage
    await see(user, "Essence 5 / 5 · Damage 2/5", region(user, "Bob"))

    # Another screen moves the turn on to the activation phase and activates the Foreboder: this page shows it.
    svc, gid = service(), game.game_id
    while svc.state(gid)[1].phase != "activation":
        svc.execute(gid, Advance(), svc.state(gid)[0], TABLE)
    svc.execute(gid, Activate(model="p1-foreboder"), svc.state(gid)[0], TABLE)
    await eventually(lambda: exists(user, "Foreboder", ui.card, ann), "the activated Foreboder's card")
    assert shows(user, "Activated", tile(user, "Foreboder", ann))
