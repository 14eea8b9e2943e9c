"""Structures (doc 001 "Structures": "Fixed Position", "Ranged Attacks While in Melee")."""

import pytest

from models.rules.warmachine.activation import Charge, PowerAttack, Run
from models.rules.warmachine.attacks import DeclareAttack
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.options import notes
from models.rules.warmachine.shake import AddEffect
from models.rules.warmachine.structures import REMINDERS
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    BLOCK,
    JACK_1,
    activated,
    happened,
    kinds,
    refused,
    run,
)


@pytest.mark.parametrize("effect", ["knocked_down", "stationary", "blind", "stealth"])
def test_a_structure_refuses_effects_it_cannot_suffer(table, effect):
    """doc 001, "Fixed Position": a structure cannot be knocked down or made stationary, never suffers Blind
    and cannot gain Stealth."""
    assert refused(table, AddEffect(model=BLOCK, effect=effect)) == "structure.immune"


def test_a_structure_can_still_burn(table):
    """doc 001, "Structures": only the listed effects are refused; fire is not one of them."""
    assert board(run(table, AddEffect(model=BLOCK, effect="fire"))).model(BLOCK).effects == ("fire",)


def test_a_structure_cannot_move(table):
    """doc 001, "Fixed Position": no normal movement: it never runs or charges."""
    state = activated(table, BLOCK)
    assert refused(state, Run(model=BLOCK)) == "structure.fixed"
    assert refused(state, Charge(model=BLOCK)) == "structure.fixed"


@pytest.mark.parametrize("kind", ["slam", "trample"])
def test_a_structure_makes_no_power_attack_that_moves_it(table, kind):
    """doc 001, "Fixed Position": a structure cannot be moved, so it cannot slam or trample (both are made with
    the attacker's own movement) any more than it runs or charges; a warjack that is not a structure can
    (positive control)."""
    assert refused(activated(table, BLOCK), PowerAttack(model=BLOCK, kind=kind)) == "structure.fixed"
    assert kinds(happened(activated(table, JACK_1), PowerAttack(model=JACK_1, kind=kind))[1])[-1] == "attack.power"


def test_a_structure_makes_no_free_strikes(table):
    """doc 001, "Fixed Position": a structure cannot make free strikes."""
    assert refused(table, DeclareAttack(attacker=BLOCK, target=BLITZ, free_strike=True)) == \
        "structure.no_free_strike"


def test_melee_attacks_hit_a_structure_automatically(table):
    """doc 001, "Fixed Position": a structure is automatically hit by melee attacks."""
    state, events = happened(table, DeclareAttack(attacker=BLITZ, target=BLOCK, kind="melee"))
    assert kinds(events) == ["attack.declared", "attack.auto_hit"]
    assert (board(state).attack.step, board(state).attack.hit) == ("damage_roll", True)
    state = run(table, DeclareAttack(attacker=JACK_1, target=BLOCK, kind="ranged"))
    assert board(state).attack.step == "attack_roll"


def test_a_structure_takes_damage_on_its_boxes(table):
    """doc 002, "Damage Application": a structure's boxes are marked like any other model's."""
    state = run(table, MarkDamage(model=BLOCK, amount=7))
    assert board(state).model(BLOCK).marks == (7,)


def test_the_other_structure_rules_are_shown_as_reminders(table):
    """doc 001, "Structures": automatically hit in melee, no DEF bonus from concealment, cover or elevation,
    never Incorporeal or Stealth, no back strikes, no Grievous Wounds, no free strikes, ranged attacks while
    in melee: shown on the structure."""
    shown = notes(table, BLOCK)
    assert shown == REMINDERS
    text = " ".join(shown)
    for words in ("hit automatically", "concealment, cover or elevation", "Incorporeal", "back strike",
                  "Grievous Wounds", "free strikes", "ranged attacks while in melee"):
        assert words in text
    assert not any("Structure" in n for n in notes(table, JACK_1))
