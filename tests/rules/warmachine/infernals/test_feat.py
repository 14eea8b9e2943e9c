"""Feats (doc 001 "Feat"; doc 000 "Master Infernalist" and "Rules Clarification: Infernal Master" on
feats in an activation the master runs)."""

from models.rules.warmachine.activation import Activate, EndActivation, Run
from models.rules.warmachine.match import board
from models.rules.warmachine.shake import AddEffect
from models.rules.warmachine.spells import UseFeat
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    LAMENTER,
    REGNA,
    activated,
    happened,
    refused,
    run,
    to_step,
)


def test_a_master_uses_its_feat_during_its_activation(table):
    """doc 001 "Feat": an infernal master can use its feat at any time during its activation."""
    state, events = happened(activated(table, AGATHON), UseFeat(master=AGATHON))
    assert board(state).model(AGATHON).feat_used
    assert board(state).model(AGATHON).act.feat
    assert [e.kind for e in events] == ["feat.used"]


def test_a_feat_is_used_only_once_per_game(table):
    """doc 001 "Feat": an infernal master can use its feat only once per game."""
    state = run(activated(table, AGATHON), UseFeat(master=AGATHON))
    assert refused(state, UseFeat(master=AGATHON)) == "feat.used"
    state = to_step(run(state, EndActivation(model=AGATHON)), "control", "replenish", seat=1)
    state = to_step(state, "activation", "activate", seat=0)
    assert state.round == 2
    state = run(state, Activate(model=AGATHON))
    assert refused(state, UseFeat(master=AGATHON)) == "feat.used"


def test_no_feat_in_an_activation_the_master_ran(table):
    """doc 001 "Feat": a master that runs cannot use its feat that activation."""
    state = run(activated(table, AGATHON), Run(model=AGATHON))
    assert refused(state, UseFeat(master=AGATHON)) == "feat.ran"


def test_a_master_that_used_its_feat_cannot_run_that_activation(table):
    """doc 000 ruling (Rules Clarification: Infernal Master): feats cannot be used in an activation the model
    runs, not even before it runs."""
    state = run(activated(table, AGATHON), UseFeat(master=AGATHON))
    assert refused(state, Run(model=AGATHON)) == "feat.ran"


def test_the_master_infernalist_has_no_feat(table):
    """doc 000 "Master Infernalist": Princess Regna has every master rule except a feat."""
    assert refused(activated(table, REGNA), UseFeat(master=REGNA)) == "feat.none"


def test_a_feat_is_used_only_during_the_masters_own_activation(table):
    """doc 001 "Feat": at any time during its activation; not before it activates, and not in another
    phase."""
    assert refused(table, UseFeat(master=AGATHON)) == "step.wrong"
    state = to_step(table, "activation", "activate")
    assert refused(state, UseFeat(master=AGATHON)) == "feat.not_activated"
    state = run(state, Activate(model=REGNA))
    assert refused(state, UseFeat(master=AGATHON)) == "feat.not_activated"


def test_a_knocked_down_master_cannot_use_its_feat(table):
    """doc 000 "Restrictions on Any Time abilities": feats cannot be used while knocked down or stationary."""
    state = run(table, AddEffect(model=AGATHON, effect="knocked_down"))
    assert refused(activated(state, AGATHON), UseFeat(master=AGATHON)) == "feat.status"


def test_horrors_have_no_feat(table):
    """doc 001 "Feat" is a rule of infernal masters; horrors have none."""
    assert refused(activated(table, LAMENTER), UseFeat(master=LAMENTER)) == "feat.not_master"
