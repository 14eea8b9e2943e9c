"""Replenishing essence by sacrifice (doc 001 "Sacrifice", "Control Phase" step 1; doc 000 "Rules
Clarification: Infernal Master", "Replenishing Essence")."""

from models.rules.warmachine.essence import Allocate, Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.replenish import Sacrifice
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    CULTIST_1,
    ENEMY_AGATHON,
    ENEMY_LEADER,
    FOREBODER,
    GATE,
    JACK,
    LAMENTER,
    REGNA,
    UMBRAL,
    happened,
    refused,
    run,
    to_step,
    with_model,
)


def test_sacrifice_removes_the_model_and_refills_the_master_to_its_current_essence(replenish):
    """doc 001 "Sacrifice": the chosen model is removed from play and the master gains essence up to its
    current ESSENCE."""
    state = with_model(replenish, AGATHON, essence=2)
    state, events = happened(state, Sacrifice(master=AGATHON, victim=CULTIST_1))
    assert board(state).model(AGATHON).essence == 9
    assert board(state).model(AGATHON).replenished == "sacrifice"
    assert board(state).model(CULTIST_1).status == "removed"
    assert board(state).model(CULTIST_1).removed_why == "sacrificed"  # its card says why it left play
    assert [e.kind for e in events] == ["model.removed", "essence.sacrificed"]
    assert events[-1].data == {"points": 7, "victim": CULTIST_1}


def test_sacrifice_never_takes_a_master_above_its_essence(replenish):
    """doc 001 "Control Phase" step 1: sacrifice cannot take a master above its current ESSENCE."""
    state = run(replenish, Sacrifice(master=AGATHON, victim=CULTIST_1))
    assert board(state).model(AGATHON).essence == 9


def test_sacrifice_after_leeching_is_refused(replenish):
    """doc 000 ruling "Can vs Must": a master replenishes by sacrifice or by leeching, not both."""
    state = run(with_model(replenish, AGATHON, essence=5), Leech(master=AGATHON, points=1))
    assert refused(state, Sacrifice(master=AGATHON, victim=CULTIST_1)) == "replenish.one_way"


def test_leeching_after_sacrifice_is_refused(replenish):
    """doc 000 ruling "Can vs Must": once a master sacrificed, it cannot also leech this turn."""
    state = run(with_model(replenish, AGATHON, essence=5), Sacrifice(master=AGATHON, victim=CULTIST_1))
    state = with_model(state, AGATHON, essence=5)
    assert refused(state, Leech(master=AGATHON, points=1)) == "replenish.one_way"


def test_a_master_sacrifices_at_most_once_per_turn(replenish):
    """doc 001 "Control Phase" step 1: each master replenishes once, by one of the two ways."""
    state = run(replenish, Sacrifice(master=AGATHON, victim=CULTIST_1))
    assert refused(state, Sacrifice(master=AGATHON, victim=UMBRAL)) == "sacrifice.once"


def test_each_master_may_sacrifice_for_itself(replenish):
    """doc 001 "Control Phase" step 1: each model with Essence Manipulation replenishes on its own."""
    state = with_model(with_model(replenish, AGATHON, essence=1), REGNA, essence=1)
    state = run(state, Sacrifice(master=AGATHON, victim=CULTIST_1))
    state = run(state, Leech(master=REGNA, points=2))
    assert (board(state).model(AGATHON).essence, board(state).model(REGNA).essence) == (9, 3)


def test_replenishing_is_optional(replenish):
    """doc 000 ruling "Can vs Must": replenishing is a choice; the control phase goes on without it."""
    state = with_model(with_model(replenish, AGATHON, essence=4), LAMENTER, essence=1)
    state = run(state, Advance())
    assert state.step == "allocate", "soul tokens: none, so the turn goes on to the allocation"
    state = run(state, Allocate(master=AGATHON, horror=LAMENTER, points=1))
    assert board(state).model(AGATHON).essence == 3
    assert board(state).model(AGATHON).replenished is None
    assert refused(state, Leech(master=AGATHON, points=1)) == "step.passed"


def test_only_a_friendly_model_can_be_sacrificed(replenish):
    """doc 001 "Sacrifice": the model chosen is a friendly one."""
    assert refused(replenish, Sacrifice(master=AGATHON, victim=ENEMY_LEADER)) == "sacrifice.not_friendly"


def test_a_soulless_model_cannot_be_sacrificed(replenish):
    """doc 001 "Sacrifice": the model chosen is non-soulless (the Umbral Guardian is soulless)."""
    assert refused(replenish, Sacrifice(master=AGATHON, victim=UMBRAL)) == "sacrifice.soulless"


def test_a_horror_cannot_be_sacrificed(replenish):
    """doc 000 "Horrors": horrors are living but soulless, so none can be sacrificed."""
    assert refused(replenish, Sacrifice(master=AGATHON, victim=LAMENTER)) == "sacrifice.soulless"
    assert refused(replenish, Sacrifice(master=AGATHON, victim=FOREBODER)) == "sacrifice.soulless"


def test_a_model_that_leaves_no_soul_token_cannot_be_sacrificed(replenish):
    """doc 000 "Replenishing Essence" Tournament Organiser ruling: only models that would give a soul token
    (a construct such as a warjack gives none) may be sacrificed; doc 001: the model must be living."""
    assert refused(replenish, Sacrifice(master=AGATHON, victim=JACK)) == "sacrifice.no_soul"
    assert refused(replenish, Sacrifice(master=AGATHON, victim=GATE)) == "sacrifice.soulless"


def test_the_sacrificed_model_must_be_in_control_range(replenish):
    """doc 001 "Sacrifice": the model chosen is in the master's control range (the players' answer)."""
    code = refused(replenish, Sacrifice(master=AGATHON, victim=CULTIST_1, in_control=False))
    assert code == "sacrifice.out_of_control"


def test_a_trooper_out_of_formation_cannot_be_sacrificed(replenish):
    """doc 001 "Sacrifice": troopers out of formation cannot be chosen."""
    code = refused(replenish, Sacrifice(master=AGATHON, victim=CULTIST_1, in_formation=False))
    assert code == "sacrifice.out_of_formation"


def test_formation_does_not_matter_for_a_model_outside_a_unit(replenish):
    """doc 001 "Sacrifice": only troopers have a formation to keep (Regna is a solo)."""
    state = run(with_model(replenish, AGATHON, essence=3), Sacrifice(master=AGATHON, victim=REGNA,
                                                                     in_formation=False))
    assert board(state).model(AGATHON).essence == 9


def test_sacrificing_a_master_infernalist_removes_her_horrors(replenish):
    """doc 001 "Infernal Master Destruction": Regna is a living, non-soulless friendly model; when she is
    removed from play, the horrors of her battlegroup are removed too."""
    state = run(replenish, Sacrifice(master=AGATHON, victim=REGNA))
    assert board(state).model(REGNA).status == "removed"
    assert board(state).model(FOREBODER).status == "removed"
    assert board(state).model(LAMENTER).in_play


def test_a_master_cannot_sacrifice_itself(replenish):
    """doc 001 "Sacrifice": the master removes another model to regain essence."""
    assert refused(replenish, Sacrifice(master=AGATHON, victim=AGATHON)) == "sacrifice.self"


def test_a_model_already_gone_cannot_be_sacrificed(replenish):
    """doc 001 "Sacrifice": the chosen model is removed from play, so it must still be in play."""
    state = run(replenish, Sacrifice(master=AGATHON, victim=CULTIST_1))
    assert refused(state, Sacrifice(master=REGNA, victim=CULTIST_1)) == "model.not_in_play"


def test_only_a_model_with_essence_manipulation_can_sacrifice(replenish):
    """doc 001 "Sacrifice" is a rule of models with Essence Manipulation; a horror has none."""
    assert refused(replenish, Sacrifice(master=LAMENTER, victim=CULTIST_1)) == "essence.not_master"


def test_sacrifice_is_refused_in_the_opponents_turn(replenish):
    """doc 001 "Control Phase": replenishing happens in its controller's own control phase."""
    assert refused(replenish, Sacrifice(master=ENEMY_AGATHON, victim=ENEMY_LEADER)) == "turn.not_yours"


def test_sacrifice_belongs_to_the_first_step_of_the_control_phase(table):
    """doc 001 "Control Phase": replenishing is step 1; once allocation began, or in another phase, it is
    too late."""
    allocating = to_step(with_model(table, LAMENTER, essence=0), "control", "allocate")
    assert allocating.step == "allocate"
    assert refused(allocating, Sacrifice(master=AGATHON, victim=CULTIST_1)) == "step.passed"
    activating = to_step(table, "activation", "activate")
    assert refused(activating, Sacrifice(master=AGATHON, victim=CULTIST_1)) == "step.wrong"
