"""Units and solos: unit strength, leader and attachments (doc 002 "Game Round: Activation Phase" and
"Damage Application")."""

from models.catalog.schema import Card
from models.rules.warmachine.activation import Activate
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.options import notes
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.units import leader, members, strength
from tests.rules.warmachine.other_side.other_side_game import (
    CARDS,
    CY_ARMY,
    SERGEANT,
    TRENCHER_1,
    TRENCHER_2,
    UNIT,
    fall,
    new_game,
    run,
    to_step,
    with_model,
)


def test_unit_strength_counts_the_models_in_play(table):
    """doc 002, "Damage Application": a trooper of one box is destroyed by one damage; unit strength is the
    unit's models still in play."""
    assert strength(table, UNIT) == 3
    state = fall(table, MarkDamage(model=TRENCHER_1, amount=1))
    assert board(state).model(TRENCHER_1).status == "destroyed"
    assert strength(state, UNIT) == 2
    assert notes(state, TRENCHER_2)[-1] == "Trencher Test Infantry: 2 of 3 models in play; leader in play."


def test_the_leader_is_known_and_its_loss_shown(table):
    """doc 002, "Damage Application": a unit has a leader; when it is destroyed, the unit's note says so."""
    assert leader(table, UNIT).id == SERGEANT
    state = fall(table, MarkDamage(model=SERGEANT, amount=1))
    assert notes(state, TRENCHER_1)[-1].endswith("leader gone.")


def test_an_attachment_is_part_of_its_unit():
    """doc 002, "Game Round: Activation Phase" (a unit activates as a whole): any model carrying the unit's id
    is part of it (an attachment joined to the unit): it counts for strength and activates with the unit."""
    officer = Card(key="test-officer", name="Test Officer", faction="Cygnar", role="attachment",
                   attaches_to="test-infantry", damage={"kind": "boxes", "boxes": 5})
    army = (*CY_ARMY, ArmyEntry(card="test-officer"))
    state = new_game(army, cards={**CARDS, "test-officer": officer})
    state = with_model(state, "p1-test-officer", unit=UNIT)
    assert len(members(state, UNIT)) == 4 and strength(state, UNIT) == 4
    state = run(to_step(state, "activation", "activate"), Activate(model=SERGEANT))
    assert board(state).model("p1-test-officer").activation == "active"
