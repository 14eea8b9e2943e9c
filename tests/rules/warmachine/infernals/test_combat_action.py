"""When a model may attack: a horror summoned this turn forfeits its combat action (doc 001 "Summoning"; doc 000
"Summoned horror - Arrival turn"), running ends the activation (doc 000 "Rules Clarification: Infernal Master",
"Restrictions on Any Time abilities"; doc 001 "Feat"), and a boost comes before the dice (doc 001 "ESSENCE:
Boost"; doc 002 "Appendix A", attack and damage rolls, step a). Each rule is checked on every command that
reaches it."""

import pytest

from models.rules.dice import Roll
from models.rules.warmachine.activation import Activate, Charge, EndActivation, PowerAttack, Run
from models.rules.warmachine.attacks import AttackRoll, Boost, BuyAttack, DamageRoll, DeclareAttack, NextAttack
from models.rules.warmachine.essence import Heal
from models.rules.warmachine.match import board
from models.rules.warmachine.spells import CastSpell, UseFeat
from models.rules.warmachine.summoning import Summon
from tests.rules.warmachine.game import tough
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    CARDS,
    CULTIST_1,
    ENEMY_AGATHON,
    ENEMY_LAMENTER,
    LAMENTER,
    TORMENTOR,
    activated,
    refused,
    run,
    to_step,
    with_model,
)

ARRIVED = "p1-lamenter-2"


def dice(*faces: int) -> Roll:
    return Roll(dice=faces)


@pytest.fixture
def arrived(table):
    """Agathon summoned a Lamenter from a Cultist this turn; the Lamenter is activated."""
    state = run(activated(table, AGATHON), Summon(master=AGATHON, vessel=CULTIST_1, horror_card=CARDS["lamenter"]))
    return run(state, Activate(model=ARRIVED))


# -- a summoned horror forfeits its combat action --------------------------------------------------------------

def test_a_horror_summoned_this_turn_makes_no_attack_by_any_path(arrived):
    """doc 001 "Summoning": a horror must forfeit its Combat Action the turn it is summoned; the attack
    assistant, extra attacks, boosts, charges and power attacks are all refused."""
    refusals = [
        DeclareAttack(attacker=ARRIVED, target=ENEMY_LAMENTER),
        DeclareAttack(attacker=ARRIVED, target=ENEMY_LAMENTER, kind="ranged"),
        BuyAttack(model=ARRIVED), NextAttack(model=ARRIVED),
        Boost(model=ARRIVED, roll="attack"), Boost(model=ARRIVED, roll="damage"),
        Charge(model=ARRIVED), PowerAttack(model=ARRIVED, kind="slam"),
    ]
    assert {refused(arrived, command) for command in refusals} == {"summon.forfeit_combat"}


def test_a_horror_summoned_this_turn_cannot_attack_before_it_activates_either(table):
    """doc 001 "Summoning": the forfeit holds for the whole turn, not only inside its activation."""
    state = run(activated(table, AGATHON), Summon(master=AGATHON, vessel=CULTIST_1, horror_card=CARDS["lamenter"]))
    assert refused(state, DeclareAttack(attacker=ARRIVED, target=ENEMY_LAMENTER)) == "summon.forfeit_combat"


def test_a_summoned_horror_still_makes_free_strikes(arrived):
    """doc 001 "Summoning" takes away the combat action only; a free strike is not part of it."""
    state = run(arrived, DeclareAttack(attacker=ARRIVED, target=ENEMY_LAMENTER, free_strike=True))
    assert board(state).attack is not None and board(state).attack.attacker == ARRIVED


def test_a_summoned_horror_attacks_from_its_next_turn_on(arrived):
    """doc 000 "Summoned horror - Arrival turn": the forfeit is for the turn it entered play. In the
    opponent's turn it may attack outside an activation (a reaction a rule grants) and in its controller's next
    turn it attacks normally."""
    state = to_step(arrived, "activation", "activate", seat=1)
    assert not board(state).model(ARRIVED).arrived_this_turn
    reaction = DeclareAttack(attacker=ARRIVED, target=ENEMY_LAMENTER, granted_by="Countercharge")
    assert board(run(state, reaction)).attack is not None
    state = to_step(state, "activation", "activate", seat=0)
    state = run(state, Activate(model=ARRIVED), DeclareAttack(attacker=ARRIVED, target=ENEMY_LAMENTER))
    assert board(state).attack.attacker == ARRIVED


def test_the_other_horrors_attack_normally_in_the_summoning_turn(arrived):
    """doc 001 "Summoning": only the summoned horror forfeits its combat action (positive control)."""
    state = run(arrived, Activate(model=LAMENTER), DeclareAttack(attacker=LAMENTER, target=ENEMY_LAMENTER))
    assert board(state).attack.attacker == LAMENTER


# -- running ends the activation -------------------------------------------------------------------------------

@pytest.fixture
def ran(table):
    """Agathon (9 essence, 2 damage) is activated and runs."""
    state = run(activated(table, AGATHON), Run(model=AGATHON))
    return with_model(state, AGATHON, marks=(2, 0))


def test_a_model_that_ran_does_nothing_more_in_that_activation(ran):
    """doc 000 "Rules Clarification: Infernal Master", "Restrictions on Any Time abilities": running ends the
    activation; its combat action is forfeited and it can do nothing else until it activates again."""
    assert refused(ran, Heal(master=AGATHON, target=AGATHON, points=1)) == "essence.ran"
    assert refused(ran, Summon(master=AGATHON, vessel=CULTIST_1, horror_card=CARDS["lamenter"])) == "summon.ran"
    assert refused(ran, BuyAttack(model=AGATHON)) == "essence.ran"
    assert refused(ran, NextAttack(model=AGATHON)) == "essence.ran"
    assert refused(ran, Boost(model=AGATHON, roll="attack")) == "essence.ran"
    assert refused(ran, DeclareAttack(attacker=AGATHON, target=ENEMY_AGATHON)) == "attack.ran"
    assert refused(ran, CastSpell(model=AGATHON, spell="Hellfire", cost=3)) == "spell.ran"
    assert refused(ran, UseFeat(master=AGATHON)) == "feat.ran"
    assert refused(ran, Run(model=AGATHON)) == "move.once"
    assert refused(ran, Charge(model=AGATHON)) == "move.once"
    assert board(ran).model(AGATHON).essence == 9


def test_a_horror_that_ran_makes_no_power_attack_or_boost(table):
    """doc 000 ruling: running ends the activation, so no power attack follows (doc 001 "Power Attacks")."""
    state = run(activated(table, TORMENTOR), Run(model=TORMENTOR))
    assert refused(state, PowerAttack(model=TORMENTOR, kind="slam")) == "power_attack.ran"
    assert refused(state, Boost(model=TORMENTOR, roll="damage")) == "essence.ran"


def test_a_model_that_ran_still_ends_its_activation_and_makes_free_strikes(ran):
    """doc 000 ruling: running ends what the model does in its activation; the turn goes on (positive control:
    the same commands work for a model that did not run)."""
    assert board(run(ran, DeclareAttack(attacker=AGATHON, target=ENEMY_AGATHON, free_strike=True))).attack is not None
    assert board(run(ran, EndActivation(model=AGATHON))).model(AGATHON).activation == "done"
    state = with_model(ran, AGATHON, act=board(ran).model(AGATHON).act.model_copy(update={"ran": False}))
    state = run(state, Heal(master=AGATHON, target=AGATHON, points=1), BuyAttack(model=AGATHON))
    assert board(state).model(AGATHON).essence == 7


# -- a boost comes before the dice -----------------------------------------------------------------------------

@pytest.fixture
def swinging(table):
    """The Lamenter attacks Bob's Lamenter with the attack assistant."""
    return run(activated(table, LAMENTER), DeclareAttack(attacker=LAMENTER, target=ENEMY_LAMENTER))


def test_an_attack_roll_already_made_cannot_be_boosted(swinging):
    """doc 001 "ESSENCE: Boost": boosting must be declared before rolling any dice for the roll (doc 002
    Appendix A: dice are added before the roll). Nothing is paid for a refused boost."""
    state = run(swinging, AttackRoll(dice=dice(4, 3), hit=True))
    assert refused(state, Boost(model=LAMENTER, roll="attack")) == "boost.after_roll"
    assert board(state).model(LAMENTER).essence == 3


def test_a_damage_roll_already_made_cannot_be_boosted(swinging):
    """doc 001 "ESSENCE: Boost", the same for damage rolls: once the damage is rolled, it is too late."""
    state = run(swinging, AttackRoll(dice=dice(4, 3), hit=True))
    state = run(state, Boost(model=LAMENTER, roll="damage"))
    assert board(state).model(LAMENTER).essence == 2
    big = run(with_model(tough(state), ENEMY_LAMENTER, marks=(8, 6, 3)), DamageRoll(dice=dice(6, 6, 6), damage=1,
                                                                             boosted=True))
    assert board(big).attack is not None and board(big).attack.step == "disabled"
    assert refused(big, Boost(model=LAMENTER, roll="damage")) == "boost.after_roll"


def test_a_boost_declared_before_the_roll_is_paid_once(swinging):
    """doc 001 "ESSENCE: Boost": declared before the dice, paid once, then rolled with the extra die
    (positive control of the refusals above)."""
    state = run(swinging, Boost(model=LAMENTER, roll="attack"), AttackRoll(dice=dice(4, 3, 2), hit=True,
                                                                           boosted=True))
    assert board(state).model(LAMENTER).essence == 2
    assert board(state).attack.step == "damage_roll"


def test_a_boost_after_an_attack_is_for_the_next_attack(swinging):
    """doc 001 "ESSENCE: Boost": a single roll is boosted once, but every other roll may be; after an attack is
    resolved a boost declared is for the next one."""
    state = run(swinging, Boost(model=LAMENTER, roll="attack"), AttackRoll(dice=dice(1, 1, 1), hit=False),
                BuyAttack(model=LAMENTER), Boost(model=LAMENTER, roll="attack"))
    assert board(state).model(LAMENTER).essence == 0
    state = run(state, DeclareAttack(attacker=LAMENTER, target=ENEMY_LAMENTER),
                AttackRoll(dice=dice(4, 3, 2), hit=True, boosted=True))
    assert board(state).model(LAMENTER).essence == 0


def test_only_the_attacker_boosts_during_an_attack(swinging):
    """doc 001 "ESSENCE: Boost": a model boosts its own rolls; in another model's attack it has none."""
    state = with_model(swinging, TORMENTOR, activation="active")
    assert refused(state, Boost(model=TORMENTOR, roll="attack")) == "boost.not_attacker"


def test_an_attack_after_the_activation_is_over_is_refused(table):
    """doc 002 "Activation Sequence": attacks are the model's Combat Action, made inside its activation; once the
    activation has ended only a free strike, or an attack a rule grants, may come."""
    state = run(activated(table, AGATHON), EndActivation(model=AGATHON))
    assert board(state).model(AGATHON).activation == "done"
    assert refused(state, DeclareAttack(attacker=AGATHON, target=ENEMY_LAMENTER)) == "attack.activation_over"


def test_a_free_strike_or_a_granted_attack_comes_after_the_activation(table):
    """doc 002 "Activation Sequence" (positive control): a free strike, or an attack a named rule grants, is not
    the Combat Action and may still come."""
    state = run(activated(table, AGATHON), EndActivation(model=AGATHON))
    declared = run(state, DeclareAttack(attacker=AGATHON, target=ENEMY_LAMENTER, free_strike=True))
    assert board(declared).attack is not None
    granted = DeclareAttack(attacker=AGATHON, target=ENEMY_LAMENTER, granted_by="Countercharge")
    assert board(run(state, granted)).attack is not None
    declared = run(activated(table, AGATHON), DeclareAttack(attacker=AGATHON, target=ENEMY_LAMENTER))
    assert board(declared).attack is not None
