"""The Master Infernalist's separate battlegroup (doc 000 "Rules Clarification: Master Infernalist";
doc 001 "Allocating Essence Points", "Healing", "Damage Transference", "Infernal Master Destruction")."""

from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.essence import Allocate, Heal, Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import ArmyEntry
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    FOREBODER,
    LAMENTER,
    REGNA,
    TORMENTOR,
    activated,
    fall,
    new_table,
    refused,
    run,
    to_step,
    with_model,
)


def test_an_infernal_master_cannot_allocate_to_the_master_infernalists_horrors(table):
    """doc 000 ruling: Agathon cannot allocate essence to horrors of Regna's battlegroup."""
    state = to_step(with_model(table, FOREBODER, essence=0), "control", "allocate")
    assert refused(state, Allocate(master=AGATHON, horror=FOREBODER, points=1)) == "allocate.not_battlegroup"
    state = run(state, Allocate(master=REGNA, horror=FOREBODER, points=1))
    assert board(state).model(FOREBODER).essence == 1


def test_the_master_infernalist_cannot_allocate_to_an_infernal_masters_horrors(table):
    """doc 000 ruling: and vice versa, Regna cannot allocate to Agathon's horrors."""
    state = to_step(with_model(table, LAMENTER, essence=0), "control", "allocate")
    assert refused(state, Allocate(master=REGNA, horror=LAMENTER, points=1)) == "allocate.not_battlegroup"


def test_an_infernal_master_cannot_heal_the_master_infernalists_horrors(table):
    """doc 001 "Healing" (horrors of its own battlegroup) with doc 000's separate battlegroups ruling."""
    state = run(table, MarkDamage(model=FOREBODER, amount=3))
    state = activated(state, AGATHON)
    assert refused(state, Heal(master=AGATHON, target=FOREBODER, points=1)) == "heal.not_battlegroup"


def test_an_infernal_master_cannot_transfer_damage_to_the_master_infernalists_horrors(table):
    """doc 001 "Damage Transference" (a horror of its battlegroup) with doc 000's separate battlegroups
    ruling."""
    code = refused(table, MarkDamage(model=AGATHON, amount=4, transfer_to=FOREBODER))
    assert code == "transfer.not_battlegroup"
    code = refused(table, MarkDamage(model=REGNA, amount=2, transfer_to=TORMENTOR))
    assert code == "transfer.not_battlegroup"


def test_the_master_infernalist_transfers_damage_to_her_own_horror(table):
    """doc 000 "Master Infernalist": she has Damage Transference like any infernal master."""
    state = run(table, MarkDamage(model=REGNA, amount=3, transfer_to=FOREBODER))
    assert sum(board(state).model(FOREBODER).marks) == 3
    assert sum(board(state).model(REGNA).marks) == 0


def test_the_master_infernalist_leeches_like_an_infernal_master(table):
    """doc 000 "Master Infernalist": every master rule applies to her, leeching included."""
    state = to_step(with_model(table, REGNA, essence=2), "control", "replenish")
    state = run(state, Leech(master=REGNA, points=2))
    assert board(state).model(REGNA).essence == 4


def test_the_master_infernalist_may_start_with_no_horror():
    """doc 000 ruling: Princess Regna does not need to start the game with a horror."""
    state = new_table((ArmyEntry(card="agathon"), ArmyEntry(card="princess-regna")))
    assert [m.battlegroup for m in board(state).models if m.seat == 0] == [None, None]


def test_destroying_the_master_infernalist_removes_only_her_horrors(table):
    """doc 000 ruling: when she dies, her horrors are removed from play; Agathon's battlegroup stays."""
    state = fall(table, MarkDamage(model=REGNA, amount=5))
    assert board(state).model(REGNA).status == "destroyed"
    assert board(state).model(FOREBODER).status == "removed"
    assert board(state).model(LAMENTER).in_play and board(state).model(TORMENTOR).in_play
