"""The essence tracker (webapp/components/warmachine/essence_tracker.py) on the table page: essence against
ESSENCE, CTRL for masters, and Leech through the action bar's dialog (refused when full, refilling after essence is
spent).
"""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.tithe import PayTithe
from models.service import Actor, Created
from tests.webapp.helpers import (
    accessible_name,
    click,
    elements,
    eventually,
    exists,
    fill,
    model_card,
    region,
    see,
    service,
    shows,
    table_url,
    texts,
    version,
)

FULL = "Leech essence for Agathon"
AGATHON = "p1-agathon"


def to_replenish(game: Created, spent: int = 0) -> None:
    """Agathon spends ``spent`` essence (1 damage sent to its Guardian of Souls each), Ann's and Bob's turns
    end with their tithes paid (the last tithe of a turn hands it over), and Ann's round 2 waits at replenishing
    (Agathon is below its ESSENCE)."""
    transfer = MarkDamage(model=AGATHON, amount=1, transfer_to="p1-guardian-of-souls")
    for command in (*[transfer] * spent, Advance(), PayTithe(horror="p1-guardian-of-souls"),
                    PayTithe(horror="p1-foreboder"), Advance(), PayTithe(horror="p2-foreboder")):
        service().execute(game.game_id, command, version(game), Actor("table"))


async def transfer_one_point(user: User, essence_after: int) -> None:
    """Spend 1 of Agathon's essence: 1 damage transferred to its Guardian of Souls."""
    click(user, "Apply damage to Agathon")
    await eventually(lambda: exists(user, "Agathon takes it", ui.button), "the transfer question")
    click(user, lambda n: n.startswith("Transfer to Guardian of Souls"))
    await see(user, f"Essence {essence_after} / 9", model_card(user, "Ann", "Agathon"))


async def test_masters_show_essence_and_control_range(user: User, game: Created) -> None:
    await user.open(table_url(game))
    agathon = model_card(user, "Ann", "Agathon")
    assert "Essence 9 / 9" in texts(user, agathon)
    assert 'CTRL 18"' in texts(user, agathon)
    pips = next(t for t in texts(user, agathon) if "tk-pip" in t)
    assert pips.count("tk-pip tk-full") == 9
    regna = model_card(user, "Bob", "Princess Regna")
    assert "Essence 5 / 5" in texts(user, regna)
    assert 'CTRL 10"' in texts(user, regna)


async def test_horrors_show_essence_without_control_range(user: User, game: Created) -> None:
    await user.open(table_url(game))
    guardian = model_card(user, "Ann", "Guardian of Souls")
    assert "Essence 4 / 4" in texts(user, guardian)
    assert not shows(user, "CTRL", guardian)
    assert "Essence 1 / 1" in texts(user, model_card(user, "Ann", "Foreboder"))
    assert "Essence 1 / 1" in texts(user, model_card(user, "Bob", "Foreboder"))


async def test_a_leech_that_fills_the_master_moves_the_turn_on(user: User, game: Created) -> None:
    """Full again, Agathon has nothing more to replenish and no model to sacrifice: the step passes by itself
    (logged), and the turn waits at allocation, where the Guardian has room for the essence it paid as tithe."""
    to_replenish(game, spent=1)
    await user.open(table_url(game))
    await see(user, "Control: Replenish essence: sacrifice or leech")
    click(user, "Leech: Agathon")
    await see(user, FULL)
    fill(user, "Points", "1")
    click(user, "OK")
    await see(user, "Essence 9 / 9", model_card(user, "Ann", "Agathon"))
    await see(user, "Control: Replenish essence: sacrifice or leech: nothing more to decide.")
    await see(user, "Control: Allocate essence to horrors", region(user, "Turn"))


async def test_leech_through_the_dialog_refills_essence(user: User, game: Created) -> None:
    to_replenish(game, spent=2)
    await user.open(table_url(game))
    await see(user, "Control: Replenish essence: sacrifice or leech")
    await see(user, "Essence 7 / 9", model_card(user, "Ann", "Agathon"))
    agathon = model_card(user, "Ann", "Agathon")
    assert 'CTRL 18"' in texts(user, agathon)  # CTRL follows the ESSENCE stat, not the points held

    click(user, "Leech: Agathon")
    await see(user, FULL)
    fill(user, "Points", "2")
    click(user, "OK")
    await see(user, "Essence 9 / 9", agathon)
    await see(user, "Damage boxes: 2 of 17 marked", agathon)
    await see(user, "Agathon leeches 2 essence from its own life.")
    await eventually(lambda: not shows(user, FULL), "the dialog to close")
    assert board(service().state(game.game_id)[1]).model("p1-agathon").essence == 9
    assert next(t for t in texts(user, agathon) if "tk-pip" in t).count("tk-pip tk-full") == 9

    click(user, "Undo last action")
    await see(user, "Essence 7 / 9", agathon)
    await see(user, "Damage boxes: 0 of 17 marked", agathon)


async def test_leech_dialog_refuses_bad_numbers_and_too_much(user: User, game: Created) -> None:
    to_replenish(game, spent=1)
    await user.open(table_url(game))
    await see(user, "Control: Replenish essence: sacrifice or leech")
    before = version(game)
    click(user, "Leech: Agathon")
    await see(user, FULL)
    for typed in ("0", "21", "1.5", None):
        user.notify.messages.clear()
        fill(user, "Points", typed)
        click(user, "OK")
        await see(user, "Enter a whole number from 1 to 20.")
    user.notify.messages.clear()
    fill(user, "Points", "3")
    click(user, "OK")
    await see(user, "Agathon has 8 of 9 essence: leeching can add at most 1.")
    assert shows(user, FULL)  # the dialog stays open for another try
    assert version(game) == before
    assert "Essence 8 / 9" in texts(user, model_card(user, "Ann", "Agathon"))

    click(user, "Cancel")
    await eventually(lambda: not shows(user, FULL), "the dialog to close")
    assert not any(accessible_name(e) == "OK" for e in elements(user, ui.button))
