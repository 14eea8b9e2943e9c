"""The damage track (webapp/components/warmachine/damage_track.py): horror webs drawn as SVG whose accessible name says
what is marked, the typed "Apply damage" amount (bad input refused), tapping the drawing, completing a card
the catalog leaves blank (the Foreboder's rings), crippled rings, and the master's transfer question.
"""

from __future__ import annotations

import pytest
from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from models.rules.warmachine.builders import complete_card
from models.rules.warmachine.ending import Concede
from models.rules.warmachine.setup import CompleteCard
from models.service import Actor, Created
from tests.webapp.helpers import (
    card_book,
    click,
    completed_foreboder,
    eventually,
    exists,
    fill,
    find,
    model_card,
    new_game,
    see,
    service,
    shows,
    table_url,
    texts,
    version,
)
from webapp.components.whole_numbers import whole_number

BAD_AMOUNT = "Damage must be a whole number from 1 to 99."
GUARDIAN_0 = "Damage web: outer ring 0 of 30 marked, middle ring 0 of 16 marked, centre ring 0 of 10 marked"
FOREBODER_0 = "Damage web: outer ring 0 of 6 marked, middle ring 0 of 4 marked, centre ring 0 of 4 marked"
OUTER_CRIPPLED = "Outer ring crippled: Running, charging and power attacks cost 1 essence."


def web(guardian_outer: int) -> str:
    return (f"Damage web: outer ring {guardian_outer} of 30 marked, middle ring 0 of 16 marked, "
            "centre ring 0 of 10 marked")


def complete_foreboder(game: Created) -> None:
    service().execute(game.game_id, CompleteCard(card=completed_foreboder()), version(game), Actor("table"))


async def test_apply_damage_changes_the_webs_accessible_name(user: User, game: Created) -> None:
    await user.open(table_url(game))
    guardian = model_card(user, "Ann", "Guardian of Souls")
    assert shows(user, GUARDIAN_0, guardian)

    fill(user, "Damage to apply to Guardian of Souls", "3", within=guardian)
    click(user, "Apply damage to Guardian of Souls", within=guardian)
    await see(user, web(3), guardian)
    assert version(game) == 2
    await see(user, "Guardian of Souls suffers 3 damage (marked at the table).")


@pytest.mark.parametrize("typed", ["-1", "abc", "200", "0", "2.5"])
async def test_a_bad_amount_is_refused_and_changes_nothing(user: User, game: Created, typed: str) -> None:
    await user.open(table_url(game))
    guardian = model_card(user, "Ann", "Guardian of Souls")
    # A number field holding text that is no number reports no value at all: "abc" arrives as None.
    fill(user, "Damage to apply to Guardian of Souls", None if typed == "abc" else typed, within=guardian)
    click(user, "Apply damage to Guardian of Souls", within=guardian)
    await see(user, BAD_AMOUNT)
    assert version(game) == 1
    assert shows(user, GUARDIAN_0, guardian)
    assert [e.kind for e in service().log(game.game_id)] == ["setup"]


def test_whole_number_accepts_only_whole_numbers_in_range() -> None:
    assert [whole_number(v, 1, 99) for v in (1, 99, "7", 7.0, "12")] == [1, 99, 7, 7, 12]
    assert [whole_number(v, 1, 99) for v in (None, "", "abc", "-1", 0, 100, 2.5, True, "1e400", "nan")] == [None] * 10


async def test_tapping_the_web_marks_one_point(user: User, game: Created) -> None:
    await user.open(table_url(game))
    guardian = model_card(user, "Ann", "Guardian of Souls")
    drawing = next(e for e in guardian.descendants() if isinstance(e, ui.html) and "tk-tappable" in e.classes)
    UserInteraction(user, {drawing}, None).click()
    await see(user, web(1), guardian)
    # as a person does: tap again once the first tap is recorded (the web may show it a moment before)
    await eventually(lambda: drawing.props.get("data-tap") == "1", "the web to take taps again")
    UserInteraction(user, {drawing}, None).click()
    await see(user, web(2), guardian)


async def test_complete_card_flow_for_the_foreboder(user: User, game: Created) -> None:
    await user.open(table_url(game))
    foreboder = model_card(user, "Ann", "Foreboder")
    assert shows(user, "Before Foreboder can take damage, enter how many boxes each ring of its web has", foreboder)
    assert not shows(user, "Damage web", foreboder)

    click(user, "Complete Foreboder's card", within=foreboder)
    await see(user, "The web has 14 boxes in all.")
    fill(user, "Boxes in the outer ring", "6")
    fill(user, "Boxes in the middle ring", "4")
    fill(user, "Boxes in the centre ring", "5")
    click(user, "Save card")
    await see(user, "The rings must add up to 14 boxes.")
    assert version(game) == 1
    assert card_book(user) == {}
    assert shows(user, "The web has 14 boxes in all.")  # still open: correct it

    fill(user, "Boxes in the centre ring", "4")
    click(user, "Save card")
    await see(user, FOREBODER_0, foreboder)
    await eventually(lambda: not shows(user, "The web has 14 boxes in all."), "the dialog to close")
    assert not exists(user, "Complete Foreboder's card", ui.button)
    assert not shows(user, "Before Foreboder can take damage", foreboder)
    assert card_book(user)["foreboder"].damage.rings == (6, 4, 4)  # for this player's next games
    assert service().cards()["foreboder"].damage.rings is None  # the site's catalog is not changed

    fill(user, "Damage to apply to Foreboder", "2", within=foreboder)
    click(user, "Apply damage to Foreboder", within=foreboder)
    await see(user, "Damage web: outer ring 2 of 6 marked", foreboder)
    assert shows(user, FOREBODER_0, model_card(user, "Bob", "Foreboder"))  # the same card, another model


async def test_a_card_completed_in_one_game_stays_out_of_others_games(user: User, game: Created) -> None:
    """A completion belongs to its game (and its player's card book), not to the site."""
    service().execute(game.game_id, complete_card(completed_foreboder()), 1, Actor("table"))
    second = new_game("Second game")
    await user.open(table_url(second))
    assert exists(user, "Complete Foreboder's card", ui.button, within=model_card(user, "Ann", "Foreboder"))
    await user.open(table_url(game))
    assert shows(user, FOREBODER_0, model_card(user, "Ann", "Foreboder"))  # positive control


async def test_crippled_outer_ring_is_named_after_enough_damage(user: User, game: Created) -> None:
    complete_foreboder(game)
    await user.open(table_url(game))
    foreboder = model_card(user, "Ann", "Foreboder")
    fill(user, "Damage to apply to Foreboder", "5", within=foreboder)
    click(user, "Apply damage to Foreboder", within=foreboder)
    await see(user, "outer ring 5 of 6 marked", foreboder)
    assert not shows(user, "crippled", foreboder)

    fill(user, "Damage to apply to Foreboder", "1", within=foreboder)
    click(user, "Apply damage to Foreboder", within=foreboder)
    await see(user, OUTER_CRIPPLED, foreboder)
    await see(user, "Foreboder's outer ring is crippled")  # flashed on the screen that caused it
    assert shows(user, "outer ring 6 of 6 marked", foreboder)
    assert not shows(user, "Middle ring crippled", foreboder)


async def test_damage_to_a_master_asks_about_transfer(user: User, game: Created) -> None:
    await user.open(table_url(game))
    agathon = model_card(user, "Ann", "Agathon")
    fill(user, "Damage to apply to Agathon", "3", within=agathon)
    click(user, "Apply damage to Agathon", within=agathon)
    await see(user, "Agathon would suffer 3 damage")
    assert exists(user, "Transfer to Guardian of Souls (56 boxes free)", ui.button)
    assert exists(user, "Transfer to Foreboder (card incomplete)", ui.button)
    assert version(game) == 1  # nothing happens until the players choose

    click(user, "Agathon takes it")
    await see(user, "Damage boxes: 3 of 17 marked", agathon)
    assert "Essence 9 / 9" in texts(user, agathon)

    fill(user, "Damage to apply to Agathon", "3", within=agathon)
    click(user, "Apply damage to Agathon", within=agathon)
    await eventually(lambda: exists(user, "Agathon takes it", ui.button), "the transfer question")
    click(user, lambda n: n.startswith("Transfer to Guardian of Souls"))
    await see(user, "Essence 8 / 9", agathon)
    assert shows(user, web(3), model_card(user, "Ann", "Guardian of Souls"))
    assert shows(user, "Damage boxes: 3 of 17 marked", model_card(user, "Ann", "Agathon"))
    assert find(user, "Apply damage to Agathon", ui.button, within=agathon)


async def test_damage_typed_in_that_fills_every_box_destroys_a_model_nothing_saves(user: User,
                                                                                   game: Created) -> None:
    """doc 002 "Damage Application": "Apply damage" filling the Guardian's web disables, boxes and destroys it in
    the one tap when no rule in play acts at those steps (no Tough): no pause in the attack panel."""
    await user.open(table_url(game))
    guardian = model_card(user, "Ann", "Guardian of Souls")
    fill(user, "Damage to apply to Guardian of Souls", "56", within=guardian)
    click(user, "Apply damage to Guardian of Souls", within=guardian)
    await see(user, "Destroyed", model_card(user, "Ann", "Guardian of Souls"))
    assert not exists(user, "Damage marked at the table: Guardian of Souls")
    assert not shows(user, "Waiting for what happens to the disabled model.")


async def test_the_amount_empties_after_each_apply(user: User, game: Created) -> None:
    """A second "Apply damage" never repeats the last amount unseen: the field empties, and an empty field is
    refused with the same words as a bad amount."""
    await user.open(table_url(game))
    guardian = model_card(user, "Ann", "Guardian of Souls")
    fill(user, "Damage to apply to Guardian of Souls", "5", within=guardian)
    click(user, "Apply damage to Guardian of Souls", within=guardian)
    await see(user, web(5), guardian)
    assert find(user, "Damage to apply to Guardian of Souls", within=guardian).value is None
    # as a person does: tap again once the button takes taps (it is disabled while the first apply is recorded,
    # and the web may show the damage a moment before that ends)
    await eventually(lambda: find(user, "Apply damage to Guardian of Souls", ui.button, guardian).enabled,
                     "the Apply button to take taps again")
    click(user, "Apply damage to Guardian of Souls", within=guardian)
    await see(user, BAD_AMOUNT)
    assert version(game) == 2
    assert shows(user, web(5), guardian)


async def test_after_the_game_ends_the_table_offers_no_damage(user: User, game: Created) -> None:
    """doc 002 "Game Ending": once the game is over nothing more happens in it; the damage controls go and a
    tap on the track is refused by the rules (game.over)."""
    service().execute(game.game_id, Concede(seat=1), version(game), Actor("table"))
    await user.open(table_url(game))
    guardian = model_card(user, "Ann", "Guardian of Souls")
    assert shows(user, GUARDIAN_0, guardian)
    assert not exists(user, "Apply damage to Guardian of Souls", ui.button, within=guardian)
    assert not exists(user, "Apply damage to Agathon", ui.button)
    assert not exists(user, "Effects on Agathon", ui.button)  # and the card's other controls with it
    assert not exists(user, "+1 soul token for Agathon", ui.button)
    assert version(game) == 2
