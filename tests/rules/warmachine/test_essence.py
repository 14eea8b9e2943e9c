"""Essence: starting essence, leeching, allocation, spending, excess essence and control range."""

import pytest

from models.rules import RuleViolation, parse_command
from models.rules.warmachine.activation import Activate
from models.rules.warmachine.attacks import Boost, BuyAttack, NextAttack
from models.rules.warmachine.essence import Allocate, Heal, Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import ArmyEntry, CompleteCard
from models.rules.warmachine.state import control_range
from tests.rules.warmachine.game import (
    AGATHON,
    CARDS,
    FOREBODER,
    GUARDIAN,
    LEADER,
    REGNA,
    REGNA_HORROR,
    at_step,
    events,
    new_game,
    refused,
    run,
    tithe_decisions,
    to_step,
    with_model,
    with_stat,
)

# --- starting essence -----------------------------------------------------------------------------------


def test_infernal_master_starts_with_essence_equal_to_its_essence_stat(game):
    """doc 001, "ESSENCE" and "Essence Manipulation": infernal masters begin the game with essence points
    equal to their ESSENCE."""
    assert board(game).model(AGATHON).essence == 9


def test_master_infernalist_starts_with_essence_equal_to_its_essence_stat(game):
    """doc 000, "Master Infernalist" (same rules as an infernal master) and doc 001, "Essence Manipulation":
    Princess Regna begins the game full."""
    assert board(game).model(REGNA).essence == 5


def test_horrors_start_with_essence_equal_to_their_essence_stat(game):
    """doc 001, "Horrors" / "Essence": horrors start the game with essence points equal to their ESSENCE."""
    assert board(game).model(GUARDIAN).essence == 4
    assert board(game).model(REGNA_HORROR).essence == 1
    assert board(game).model(FOREBODER).essence == 1


def test_models_without_essence_stat_have_no_essence(game):
    """doc 001, "ESSENCE": only masters and horrors track essence; a cultist has none."""
    assert board(game).model(LEADER).essence is None


# --- leeching -------------------------------------------------------------------------------------------


def test_leeching_costs_one_damage_point_per_essence_point(control):
    """doc 001, "Leeching": for each essence point gained by leeching the model suffers 1 damage point."""
    state = with_model(control, AGATHON, essence=5)
    state = run(state, Leech(master=AGATHON, points=3))
    agathon = board(state).model(AGATHON)
    assert agathon.essence == 8
    assert agathon.marks == (3,)


def test_leeching_cannot_exceed_essence_stat(control):
    """doc 001, "Leeching": the model cannot exceed its ESSENCE in essence points as a result of leeching."""
    state = with_model(control, AGATHON, essence=7)
    assert refused(state, Leech(master=AGATHON, points=3)) == "essence.exceeds_stat"
    assert refused(control, Leech(master=AGATHON, points=1)) == "essence.exceeds_stat"


def test_leeching_up_to_essence_stat_is_allowed(control):
    """doc 001, "Leeching" and Control Phase step 1: leeching may fill the model up to its ESSENCE."""
    state = run(with_model(control, AGATHON, essence=7), Leech(master=AGATHON, points=2))
    assert board(state).model(AGATHON).essence == 9


def test_leeching_damage_cannot_be_transferred(control):
    """doc 001, "Leeching": the damage from leeching cannot be transferred; it stays on the master even with
    a horror of its battlegroup at hand, and the command has no way to name one."""
    state = run(with_model(control, AGATHON, essence=5), Leech(master=AGATHON, points=4))
    assert board(state).model(AGATHON).marks == (4,)
    assert board(state).model(GUARDIAN).marks == ()
    with pytest.raises(RuleViolation) as refusal:
        parse_command({"type": "leech", "master": AGATHON, "points": 1, "transfer_to": GUARDIAN})
    assert refusal.value.code == "command.invalid"


def test_leeching_outside_the_control_phase_is_refused(game):
    """doc 001, "Leeching" and "The Infernal Turn": leeching happens in the Control Phase only."""
    state = at_step(with_model(game, AGATHON, essence=5), "maintenance", "other")
    assert refused(state, Leech(master=AGATHON, points=1)) == "step.wrong"  # maintenance
    state = to_step(state, "activation", "activate")
    assert refused(state, Leech(master=AGATHON, points=1)) == "step.wrong"


def test_leeching_after_the_replenish_step_is_refused(control):
    """doc 001, "Control Phase" step 1: replenishing comes first; once allocation has begun it is over."""
    state = to_step(with_model(control, AGATHON, essence=5), "control", "allocate")
    state = at_step(state, "control", "allocate")  # a turn with no horror to give essence to passes it
    assert refused(state, Leech(master=AGATHON, points=1)) == "step.passed"


def test_leeching_only_in_its_controllers_own_control_phase(control):
    """doc 001, "Leeching": during its controlling player's Control Phase; not in the opponent's."""
    state = with_model(control, REGNA, essence=2)
    assert refused(state, Leech(master=REGNA, points=1)) == "turn.not_yours"
    state = at_step(to_step(with_model(control, AGATHON, essence=5), "activation", "activate", seat=1),
                    "control", "replenish")
    assert refused(state, Leech(master=AGATHON, points=1)) == "turn.not_yours"


def test_only_models_with_essence_manipulation_can_leech(control):
    """doc 001, "Leeching" (an Essence Manipulation rule); an infernal master cannot leech from horrors, and
    horrors cannot leech at all."""
    state = with_model(control, GUARDIAN, essence=1)
    assert refused(state, Leech(master=GUARDIAN, points=1)) == "essence.not_master"


def test_leeching_after_replenishing_by_sacrifice_is_refused(control):
    """doc 000, Rules Clarification "Replenishing Essence" (Can vs Must): the model replenishes either by
    sacrifice or by leeching, not both."""
    state = with_model(control, AGATHON, essence=5, replenished="sacrifice")
    assert refused(state, Leech(master=AGATHON, points=1)) == "replenish.one_way"


def test_replenishing_choice_starts_afresh_each_turn(control):
    """doc 001, "Essence Manipulation": replenishing is available at the start of each of your Control
    Phases; last turn's choice does not carry over."""
    state = with_model(control, AGATHON, essence=5, replenished="sacrifice")
    state = to_step(state, "control", "replenish", seat=0, round_no=2)
    state = run(with_model(state, AGATHON, essence=5), Leech(master=AGATHON, points=1))
    assert board(state).model(AGATHON).essence == 6


# --- allocation -----------------------------------------------------------------------------------------


def test_allocation_moves_essence_from_master_to_horror(control):
    """doc 001, "Allocating Essence Points": the master gives essence points to a horror of its battlegroup
    during your Control Phase (the Guardian has room for one more, so the turn stays at the step)."""
    state = with_model(control, GUARDIAN, essence=0)
    state = run(state, Allocate(master=AGATHON, horror=GUARDIAN, points=3))
    assert board(state).model(GUARDIAN).essence == 3
    assert board(state).model(AGATHON).essence == 6
    assert (state.phase, state.step) == ("control", "allocate")


def test_allocation_outside_the_control_phase_is_refused(game):
    """doc 001, "Allocating Essence Points" and Control Phase step 3: allocation happens in the Control
    Phase only."""
    state = at_step(with_model(game, GUARDIAN, essence=1), "maintenance", "other")
    assert refused(state, Allocate(master=AGATHON, horror=GUARDIAN, points=1)) == "step.wrong"
    state = to_step(state, "activation", "activate")
    assert refused(state, Allocate(master=AGATHON, horror=GUARDIAN, points=1)) == "step.wrong"


def test_allocation_after_the_allocate_step_is_refused(control):
    """doc 001, "Control Phase": steps happen in order; allocation (step 3) is over once upkeep (step 4)
    begins."""
    state = at_step(with_model(control, GUARDIAN, essence=1), "control", "upkeep")
    assert refused(state, Allocate(master=AGATHON, horror=GUARDIAN, points=1)) == "step.passed"


def test_allocation_never_takes_a_horror_above_its_essence_stat(control):
    """doc 001, "Allocating Essence Points": a horror cannot exceed its ESSENCE in essence points at any
    time."""
    assert refused(control, Allocate(master=AGATHON, horror=GUARDIAN, points=1)) == "essence.exceeds_stat"
    state = with_model(control, GUARDIAN, essence=2)
    assert refused(state, Allocate(master=AGATHON, horror=GUARDIAN, points=3)) == "essence.exceeds_stat"


def test_allocation_only_to_horrors_of_the_masters_battlegroup(control):
    """doc 001, "Battlegroup Commander": a master allocates to horrors in its own battlegroup."""
    state = with_model(control, REGNA_HORROR, essence=1)
    for horror in (REGNA_HORROR, LEADER):
        assert refused(state, Allocate(master=AGATHON, horror=horror, points=1)) == "allocate.not_battlegroup"


def test_master_infernalist_battlegroup_is_separate_for_allocation():
    """doc 000, Rules Clarification "Master Infernalist": Regna has a completely separate battlegroup; the
    infernal master cannot allocate to her horrors, nor she to his."""
    army = (
        ArmyEntry(card="agathon"),
        ArmyEntry(card="guardian-of-souls", battlegroup_of=0),
        ArmyEntry(card="princess-regna"),
        ArmyEntry(card="foreboder", battlegroup_of=2),
    )
    state = to_step(new_game(army_1=army), "control", "replenish")
    regna, foreboder = "p1-princess-regna", "p1-foreboder"
    state = with_model(with_model(state, foreboder, essence=0), GUARDIAN, essence=1)
    assert refused(state, Allocate(master=AGATHON, horror=foreboder, points=1)) == "allocate.not_battlegroup"
    assert refused(state, Allocate(master=regna, horror=GUARDIAN, points=1)) == "allocate.not_battlegroup"
    state = run(state, Allocate(master=regna, horror=foreboder, points=1))
    assert board(state).model(foreboder).essence == 1
    assert board(state).model(regna).essence == 4


def test_allocation_to_a_horror_out_of_control_range_is_refused(control):
    """doc 001, "Allocating Essence Points": a horror must be in its commander's control range (the players
    answer whether it is)."""
    state = with_model(control, GUARDIAN, essence=1)
    command = Allocate(master=AGATHON, horror=GUARDIAN, points=1, in_control=False)
    assert refused(state, command) == "allocate.out_of_control"


def test_allocation_needs_the_essence_to_give(control):
    """doc 001, "Allocating Essence Points": a master gives its own essence points; it cannot give more than
    it has."""
    state = with_model(with_model(control, GUARDIAN, essence=0), AGATHON, essence=1)
    assert refused(state, Allocate(master=AGATHON, horror=GUARDIAN, points=2)) == "essence.not_enough"


def test_allocation_in_the_opponents_control_phase_is_refused(control):
    """doc 001, "Allocating Essence Points": during your Control Phase, not the opponent's."""
    state = with_model(control, REGNA_HORROR, essence=1)
    assert refused(state, Allocate(master=REGNA, horror=REGNA_HORROR, points=1)) == "turn.not_yours"


def test_lowering_a_horrors_essence_stat_removes_excess_essence(game):
    """doc 001, Horrors "Essence": a horror never holds more essence than its current ESSENCE; when that is
    reduced, excess essence points are removed at once (here: the game's card left ESSENCE blank while the
    Guardians hold 3, and the player fills in 2)."""
    card = CARDS["guardian-of-souls"]
    lowered = card.model_copy(update={"stats": card.stats.model_copy(update={"ESSENCE": 2})})
    state = run(with_stat(game, "guardian-of-souls", "ESSENCE", None), CompleteCard(card=lowered))
    assert board(state).model(GUARDIAN).essence == 2
    assert board(state).model(REGNA_HORROR).essence == 1  # a Foreboder: another card, untouched


# --- spending -------------------------------------------------------------------------------------------


def test_essence_is_spent_only_during_the_models_own_activation(activation):
    """doc 001, "Essence Manipulation": unless otherwise stated, essence is spent only during the model's
    activation."""
    assert refused(activation, Boost(model=AGATHON, roll="attack")) == "essence.not_activated"
    assert refused(activation, BuyAttack(model=AGATHON)) == "essence.not_activated"
    state = run(with_model(activation, AGATHON, marks=(3,)), Activate(model=GUARDIAN))
    assert refused(state, Heal(master=AGATHON, target=AGATHON, points=1)) == "essence.not_activated"


def test_horror_cannot_spend_essence_outside_its_activation(activation):
    """doc 000, Rules Clarification "Horror": horrors cannot spend essence outside their activation (for
    instance, to boost a free strike in the opponent's turn)."""
    state = to_step(activation, "activation", "activate", seat=1)
    assert refused(state, Boost(model=GUARDIAN, roll="attack")) == "essence.not_activated"


def test_boosting_a_roll_costs_one_essence(activation):
    """doc 001, "ESSENCE: Boost": 1 essence point boosts an attack or damage roll during the activation."""
    state = run(activation, Activate(model=AGATHON), Boost(model=AGATHON, roll="attack"))
    assert board(state).model(AGATHON).essence == 8


def test_a_roll_can_be_boosted_only_once(activation):
    """doc 001, "ESSENCE: Boost": a single roll can be boosted only once."""
    state = run(activation, Activate(model=GUARDIAN), Boost(model=GUARDIAN, roll="attack"))
    assert refused(state, Boost(model=GUARDIAN, roll="attack")) == "boost.once_per_roll"


def test_damage_roll_of_the_same_attack_can_be_boosted_too(activation):
    """doc 001, "ESSENCE: Boost": the attack roll and the damage roll are different rolls; both can be
    boosted."""
    state = run(activation, Activate(model=GUARDIAN), Boost(model=GUARDIAN, roll="attack"),
                Boost(model=GUARDIAN, roll="damage"))
    assert board(state).model(GUARDIAN).essence == 2
    assert refused(state, Boost(model=GUARDIAN, roll="damage")) == "boost.once_per_roll"


def test_next_attack_rolls_can_be_boosted_again(activation):
    """doc 001, "ESSENCE: Boost": as many different rolls as you choose and can afford may be boosted."""
    state = run(activation, Activate(model=AGATHON), Boost(model=AGATHON, roll="attack"),
                NextAttack(model=AGATHON), Boost(model=AGATHON, roll="attack"),
                BuyAttack(model=AGATHON), Boost(model=AGATHON, roll="attack"))
    assert board(state).model(AGATHON).essence == 5


def test_additional_melee_attacks_cost_one_essence_each(activation):
    """doc 001, "ESSENCE: Additional Attack": one additional melee attack for each essence point spent."""
    state = run(activation, Activate(model=AGATHON), BuyAttack(model=AGATHON), BuyAttack(model=AGATHON),
                BuyAttack(model=AGATHON))
    agathon = board(state).model(AGATHON)
    assert agathon.essence == 6
    assert agathon.act.bought_attacks == 3


def test_additional_attack_needs_an_essence_point(activation):
    """doc 001, Horrors "Essence: Additional Attack": the horror spends its own essence; without any it
    cannot buy an attack."""
    state = run(activation, Activate(model=FOREBODER), BuyAttack(model=FOREBODER))
    assert board(state).model(FOREBODER).essence == 0
    assert refused(state, BuyAttack(model=FOREBODER)) == "essence.not_enough"


# --- excess essence and control range ---------------------------------------------------------------------


def test_master_loses_essence_above_its_stat_in_its_own_maintenance_phase(activation):
    """doc 001, "Essence Manipulation" and Maintenance Phase step 1: during its controller's Maintenance
    Phase the model loses all essence points in excess of its ESSENCE (not in the opponent's)."""
    state = with_model(activation, AGATHON, essence=12)
    state = to_step(state, "activation", "activate", seat=1)
    assert board(state).model(AGATHON).essence == 12
    state = to_step(state, "end", "tithe", seat=1)
    *first, last = tithe_decisions(state)
    state, kinds = events(run(state, *first), last)  # the last tithe ends Bob's turn
    assert state.active == 0 and state.phase != "maintenance"  # nothing to decide there: passed
    assert board(state).model(AGATHON).essence == 9
    assert "essence.lost" in kinds


def test_master_infernalist_loses_excess_essence_only_in_her_maintenance_phase(game):
    """doc 001, "Essence Manipulation": the Master Infernalist, too, loses excess essence in her
    controller's Maintenance Phase."""
    state = with_model(to_step(game, "activation", "activate"), REGNA, essence=7)
    state = to_step(state, "maintenance", "excess", seat=1)
    assert board(state).model(REGNA).essence == 5


def test_control_range_is_twice_the_essence_stat(game):
    """doc 001, "Control Range" and doc 000 ruling: CTRL is twice the ESSENCE stat, not twice the current
    essence points."""
    assert control_range(game, board(game).model(AGATHON)) == 18
    assert control_range(game, board(game).model(REGNA)) == 10
    drained = with_model(game, AGATHON, essence=1)
    assert control_range(drained, board(drained).model(AGATHON)) == 18
