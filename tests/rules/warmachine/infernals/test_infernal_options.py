"""What the UI may offer for the Infernal rules and why not (DESIGN.md "The rules can say what is
possible"; rules as cited per test)."""

from models.rules import options
from models.rules.warmachine.activation import Activate, Run
from models.rules.warmachine.replenish import Sacrifice
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.shake import AddEffect
from models.rules.warmachine.spells import CastSpell, UseFeat
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    CULTIST_1,
    LAMENTER,
    REGNA,
    activated,
    new_table,
    run,
    to_step,
    with_model,
)


def option(state, model, action):
    return next(o for o in options(state, model) if o.action == action)


def test_the_feat_button_is_greyed_once_the_feat_is_used(table):
    """doc 001 "Feat": once per game; the reason is shown on the greyed control."""
    state = activated(table, AGATHON)
    assert option(state, AGATHON, "feat").allowed
    state = run(state, UseFeat(master=AGATHON))
    greyed = option(state, AGATHON, "feat")
    assert (greyed.allowed, greyed.code) == (False, "feat.used")
    assert "already used its feat" in greyed.reason


def test_the_feat_button_is_greyed_after_running(table):
    """doc 001 "Feat": not in an activation the master runs."""
    state = run(activated(table, AGATHON), Run(model=AGATHON))
    greyed = option(state, AGATHON, "feat")
    assert (greyed.allowed, greyed.code) == (False, "feat.ran")


def test_the_master_infernalist_feat_button_says_she_has_none(table):
    """doc 000 "Master Infernalist": no feat."""
    assert option(activated(table, REGNA), REGNA, "feat").code == "feat.none"


def test_run_is_greyed_after_a_spell(table):
    """doc 000 ruling: no running in an activation a spell was cast."""
    state = run(activated(table, AGATHON), CastSpell(model=AGATHON, spell="Hellfire", cost=1))
    assert option(state, AGATHON, "run").code == "spell.ran"


def test_sacrifice_is_offered_in_the_replenish_step(table):
    """doc 001 "Sacrifice": in the control phase, step 1."""
    state = to_step(with_model(table, AGATHON, essence=3), "control", "replenish")
    assert option(state, AGATHON, "sacrifice").allowed
    state = run(state, Sacrifice(master=AGATHON, victim=CULTIST_1))
    assert option(state, AGATHON, "sacrifice").code == "sacrifice.once"


def test_sacrifice_is_greyed_when_no_friendly_model_has_a_soul():
    """doc 001 "Sacrifice" and doc 000 Tournament Organiser ruling: only living, non-soulless models that
    would give a soul token."""
    state = new_table((ArmyEntry(card="agathon"), ArmyEntry(card="lamenter", battlegroup_of=0),
                       ArmyEntry(card="umbral-guardian"), ArmyEntry(card="test-jack")))
    greyed = option(to_step(state, "control", "replenish"), "p1-agathon", "sacrifice")
    assert (greyed.allowed, greyed.code) == (False, "sacrifice.no_victim")


def test_summon_is_offered_during_the_masters_activation(table):
    """doc 001 "Summoning": during its activation, with a Marked Soul and enough essence."""
    assert option(activated(table, AGATHON), AGATHON, "summon").allowed
    assert option(table, AGATHON, "summon").code == "step.wrong"


def test_summon_is_greyed_without_a_marked_soul():
    """doc 001 "Summoning": a friendly marked soul is needed as the vessel."""
    state = new_table((ArmyEntry(card="agathon"), ArmyEntry(card="lamenter", battlegroup_of=0)))
    greyed = option(activated(state, "p1-agathon"), "p1-agathon", "summon")
    assert (greyed.allowed, greyed.code) == (False, "summon.no_vessel")
    assert "No Marked Soul" in greyed.reason


def test_summon_is_offered_even_when_no_horror_is_in_the_army():
    """doc 000 "Summoning": the summoned horror need not be in the army list, so the choice comes from the
    whole catalog and the summon button opens although the game knows no horror card yet."""
    no_horrors = (ArmyEntry(card="princess-regna"), ArmyEntry(card="cultist-band", size=4))
    state = new_table(no_horrors, no_horrors)
    offered = option(activated(state, "p1-princess-regna"), "p1-princess-regna", "summon")
    assert offered.allowed, offered.reason


def test_summon_is_greyed_once_the_master_summoned_this_turn(table):
    """doc 001 "Summoning": once per turn."""
    state = with_model(activated(table, AGATHON), AGATHON, summoned_this_turn=True)
    assert option(state, AGATHON, "summon").code == "summon.once_per_turn"


def test_shake_is_offered_for_each_effect_that_can_be_shaken(table):
    """doc 001 "Essence: Shake Effect": after allocation in the control phase, 1 essence per effect."""
    state = run(table, AddEffect(model=LAMENTER, effect="knocked_down"),
                AddEffect(model=LAMENTER, effect="fire"))
    state = to_step(state, "control", "upkeep")
    found = {o.action: o.allowed for o in options(state, LAMENTER) if o.action.startswith("shake")}
    assert found == {"shake:knocked_down": True}
    later = to_step(state, "activation", "activate")
    assert option(later, LAMENTER, "shake:knocked_down").code == "step.wrong"


def test_upkeep_due_is_reported_in_the_control_phase(table):
    """doc 001 "Control Phase" step 4: each upkeep spell is paid or it ends."""
    state = run(activated(table, AGATHON), CastSpell(model=AGATHON, spell="Ward", cost=1, upkeep=True))
    state = to_step(to_step(state, "control", "replenish", seat=1), "control", "replenish", seat=0)
    assert option(state, AGATHON, "upkeep:Ward").allowed
    assert option(state, AGATHON, "drop_upkeep:Ward").allowed


def test_cast_is_offered_only_in_the_casters_activation(table):
    """doc 001 "Spellcaster": during its activation."""
    state = to_step(table, "activation", "activate")
    assert option(state, AGATHON, "cast").code == "spell.not_activated"
    assert option(run(state, Activate(model=AGATHON)), AGATHON, "cast").allowed
