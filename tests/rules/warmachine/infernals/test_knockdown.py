"""A knocked-down model makes no attack and does not move until it stands up; it stands up in its activation by
giving up its movement or its combat action, or (a master, a horror) for 1 essence in the control phase (doc 000
"Essence: Shake Effect" for masters and horrors; doc 001 "ESSENCE: Shake Effect", "Essence: Shake Effect"; doc
002 "Appendix A - Activation Sequence", step 2: forfeits of movement and combat action; Mk III core rules,
public: knockdown). Each refusal has its positive control: the same model, standing, may do it."""

import pytest

from models.rules.core import options
from models.rules.warmachine.activation import Charge, PowerAttack, Run, StandUp
from models.rules.warmachine.attacks import Boost, BuyAttack, DeclareAttack, NextAttack
from models.rules.warmachine.derived import derived
from models.rules.warmachine.match import board
from models.rules.warmachine.shake import AddEffect, RemoveEffect, Shake
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    ENEMY_AGATHON,
    ENEMY_LAMENTER,
    TORMENTOR,
    activated,
    happened,
    refused,
    run,
    to_step,
)

ATTACKS = {
    "melee": DeclareAttack(attacker=TORMENTOR, target=ENEMY_LAMENTER),
    "ranged": DeclareAttack(attacker=TORMENTOR, target=ENEMY_LAMENTER, kind="ranged"),
    "free strike": DeclareAttack(attacker=TORMENTOR, target=ENEMY_LAMENTER, free_strike=True),
    "additional": BuyAttack(model=TORMENTOR),
    "next initial": NextAttack(model=TORMENTOR),
    "boost": Boost(model=TORMENTOR, roll="attack"),
    "power attack": PowerAttack(model=TORMENTOR, kind="slam"),
}


@pytest.fixture
def down(table):
    """The case seen at the table: Ann's Tormentor, activated, is knocked down during its own activation."""
    return run(activated(table, TORMENTOR), AddEffect(model=TORMENTOR, effect="knocked_down"))


def option(state, model, action):
    return next(o for o in options(state, model) if o.action == action)


@pytest.mark.parametrize("what", sorted(ATTACKS))
def test_a_knocked_down_model_makes_no_attack_of_any_kind(down, what):
    """Mk III core rules (public), doc 002 "Frenzy & Threshold" (knockdown is among what makes a model forfeit
    its combat action): no initial, additional, free strike, special or power attack while knocked down."""
    assert refused(down, ATTACKS[what]) == "knockdown.no_attack"


@pytest.mark.parametrize("what", sorted(ATTACKS))
def test_positive_control_the_same_model_standing_may_attack(down, what):
    standing = run(down, RemoveEffect(model=TORMENTOR, effect="knocked_down"))
    run(standing, ATTACKS[what])  # accepted


def test_a_knocked_down_model_neither_runs_nor_charges(down):
    assert refused(down, Run(model=TORMENTOR)) == "knockdown.no_move"
    assert refused(down, Charge(model=TORMENTOR)) == "knockdown.no_attack"
    standing = run(down, RemoveEffect(model=TORMENTOR, effect="knocked_down"))
    run(standing, Run(model=TORMENTOR))
    run(standing, Charge(model=TORMENTOR))


def test_a_knocked_down_model_has_def_5_and_its_attack_option_says_why(down):
    """The watch card's DEF 5 (Mk III core rules, public) and, on the same state, the attack not offered with
    its reason in words: not even a free strike is left, so the option carries no command."""
    assert derived(down, board(down).model(TORMENTOR)).stats["DEF"] == 5
    attack = option(down, TORMENTOR, "attack")
    assert (attack.allowed, attack.code, attack.command) == (False, "knockdown.no_attack", None)
    assert "knocked down" in attack.reason and "stands up" in attack.reason
    standing = run(down, RemoveEffect(model=TORMENTOR, effect="knocked_down"))
    assert option(standing, TORMENTOR, "attack").allowed


def test_a_knocked_down_enemy_makes_no_free_strike_in_the_other_turn(down):
    """A free strike comes in the other player's turn too; a knocked-down model makes none."""
    state = run(down, AddEffect(model=ENEMY_AGATHON, effect="knocked_down"))
    strike = DeclareAttack(attacker=ENEMY_AGATHON, target=TORMENTOR, free_strike=True)
    assert refused(state, strike) == "knockdown.no_attack"
    run(run(state, RemoveEffect(model=ENEMY_AGATHON, effect="knocked_down")), strike)


def test_standing_up_by_giving_up_movement_leaves_the_attack(down):
    """doc 002 "Activation Sequence" step 2: a forfeit of movement; the combat action is still the model's."""
    assert {o.action for o in options(down, TORMENTOR) if o.allowed} >= {"stand_up:movement", "stand_up:action"}
    state, events = happened(down, StandUp(model=TORMENTOR, forfeit="movement"))
    assert "knocked_down" not in board(state).model(TORMENTOR).effects
    assert [e.kind for e in events] == ["effect.stood_up"]
    assert events[0].text == "Tormentor stands up, giving up its movement this activation."
    assert derived(state, board(state).model(TORMENTOR)).stats["DEF"] == 11
    assert refused(state, Run(model=TORMENTOR)) == "stand_up.movement_forfeited"
    assert refused(state, Charge(model=TORMENTOR)) == "stand_up.movement_forfeited"
    run(state, DeclareAttack(attacker=TORMENTOR, target=ENEMY_LAMENTER))


def test_standing_up_by_giving_up_the_action_leaves_no_attack(down):
    state = run(down, StandUp(model=TORMENTOR, forfeit="action"))
    assert refused(state, DeclareAttack(attacker=TORMENTOR, target=ENEMY_LAMENTER)) == "stand_up.action_forfeited"
    assert refused(state, BuyAttack(model=TORMENTOR)) == "stand_up.action_forfeited"
    assert option(state, TORMENTOR, "attack").reason == ("Tormentor gave up its combat action to stand up: it "
                                                         "cannot attack this activation.")
    run(state, Run(model=TORMENTOR))  # its movement is still its own


def test_standing_up_is_for_a_knocked_down_model_in_its_own_activation(table, down):
    assert refused(run(down, RemoveEffect(model=TORMENTOR, effect="knocked_down")),
                   StandUp(model=TORMENTOR, forfeit="movement")) == "stand_up.not_knocked_down"
    waiting = run(to_step(table, "activation", "activate"), AddEffect(model=TORMENTOR, effect="knocked_down"))
    assert refused(waiting, StandUp(model=TORMENTOR, forfeit="action")) == "activation.not_active"
    assert not [o for o in options(waiting, TORMENTOR) if o.action.startswith("stand_up") and o.allowed]


def test_a_model_that_has_attacked_stands_up_only_by_giving_up_movement(table):
    """Knocked down after its attack: its action is spent, so only its movement is left to give."""
    state = run(activated(table, TORMENTOR), DeclareAttack(attacker=TORMENTOR, target=ENEMY_LAMENTER, in_range=False),
                AddEffect(model=TORMENTOR, effect="knocked_down"))
    assert refused(state, StandUp(model=TORMENTOR, forfeit="action")) == "stand_up.action_used"
    run(state, StandUp(model=TORMENTOR, forfeit="movement"))


def test_a_model_that_charged_stands_up_only_by_giving_up_its_action(table):
    state = run(activated(table, TORMENTOR), Charge(model=TORMENTOR), AddEffect(model=TORMENTOR, effect="knocked_down"))
    assert refused(state, StandUp(model=TORMENTOR, forfeit="movement")) == "stand_up.movement_used"
    run(state, StandUp(model=TORMENTOR, forfeit="action"))


def test_the_essence_shake_still_stands_a_master_and_a_horror_up(table):
    """doc 000 and doc 001 "Shake Effect": in the control phase a knocked-down master or horror spends 1 essence
    to stand up; standing, it attacks in its activation."""
    state = run(table, AddEffect(model=AGATHON, effect="knocked_down"), AddEffect(model=TORMENTOR,
                                                                                   effect="knocked_down"))
    state = to_step(state, "control", "upkeep")
    state = run(state, Shake(model=AGATHON, effect="knocked_down"), Shake(model=TORMENTOR, effect="knocked_down"))
    assert board(state).model(TORMENTOR).effects == ()
    state = run(activated(state, TORMENTOR), DeclareAttack(attacker=TORMENTOR, target=ENEMY_LAMENTER))
    assert board(state).attack is not None
