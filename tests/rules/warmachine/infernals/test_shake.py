"""Effects and shaking them off (doc 001 "ESSENCE: Shake Effect", "Essence: Shake Effect", "Control Phase"
steps 3-5)."""

import pytest

from models.rules import RuleViolation, parse_command
from models.rules.warmachine.essence import Allocate
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.shake import AddEffect, RemoveEffect, Shake
from tests.rules.warmachine.game import at_step
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    CULTIST_1,
    ENEMY_AGATHON,
    LAMENTER,
    TORMENTOR,
    happened,
    refused,
    run,
    to_step,
    with_model,
)


def afflicted(table, model, *effects):
    return run(table, *(AddEffect(model=model, effect=e) for e in effects))


def test_a_knocked_down_master_spends_1_essence_to_stand_up(table):
    """doc 001 "ESSENCE: Shake Effect": a knocked down master can spend 1 essence point to stand up."""
    state = to_step(afflicted(table, AGATHON, "knocked_down"), "control", "upkeep")
    state, events = happened(state, Shake(model=AGATHON, effect="knocked_down"))
    assert board(state).model(AGATHON).effects == ()
    assert board(state).model(AGATHON).essence == 8
    assert [e.kind for e in events][:2] == ["essence.spent", "effect.shaken"]
    assert events[1].text == "Agathon stands up."


def test_a_horror_spends_1_essence_to_end_stationary(table):
    """doc 001 "Essence: Shake Effect": a horror can spend 1 essence to make stationary expire, outside its
    activation (the rule's own exception to horrors spending only when activated)."""
    state = to_step(afflicted(table, TORMENTOR, "stationary"), "control", "upkeep")
    state = run(state, Shake(model=TORMENTOR, effect="stationary"))
    assert board(state).model(TORMENTOR).effects == ()
    assert board(state).model(TORMENTOR).essence == 3


def test_blind_and_shadow_bind_can_be_shaken_one_essence_each(table):
    """doc 001 "Shake Effect": an effect that can be shaken, such as Blind or Shadow Bind, ends for 1 essence
    point."""
    state = to_step(afflicted(table, AGATHON, "blind", "shadow_bind", "fire"), "control", "upkeep")
    state = run(state, Shake(model=AGATHON, effect="blind"), Shake(model=AGATHON, effect="shadow_bind"))
    assert board(state).model(AGATHON).effects == ("fire",)
    assert board(state).model(AGATHON).essence == 7


def test_an_effect_that_cannot_be_shaken_stays(table):
    """doc 001 "Shake Effect" names what can be shaken; being on fire is not one of them."""
    state = at_step(afflicted(table, AGATHON, "fire"), "control", "upkeep")  # nothing to shake: it would pass
    assert refused(state, Shake(model=AGATHON, effect="fire")) == "shake.not_shakeable"


def test_only_an_effect_the_model_suffers_can_be_shaken(table):
    """doc 001 "Shake Effect": the model must be suffering the effect."""
    state = at_step(table, "control", "upkeep")
    assert refused(state, Shake(model=AGATHON, effect="blind")) == "shake.no_effect"


def test_shaking_comes_after_allocation(table):
    """doc 001 "Shake Effect": during the control phase after allocating essence; once shaking began,
    allocation is over (Agathon has a second effect to shake, so the turn stays at the upkeep step)."""
    state = afflicted(with_model(table, LAMENTER, essence=1), AGATHON, "blind", "knocked_down")
    state = to_step(state, "control", "allocate")
    state = run(state, Shake(model=AGATHON, effect="blind"))
    assert state.step == "upkeep"
    assert refused(state, Allocate(master=AGATHON, horror=LAMENTER, points=1)) == "step.passed"


def test_shaking_happens_only_in_the_control_phase(table):
    """doc 001 "Shake Effect": it is a control phase rule; not in maintenance or activation."""
    state = afflicted(at_step(table, "maintenance", "continuous"), AGATHON, "knocked_down")
    assert refused(state, Shake(model=AGATHON, effect="knocked_down")) == "step.wrong"
    state = to_step(afflicted(table, AGATHON, "knocked_down"), "activation", "activate")
    assert refused(state, Shake(model=AGATHON, effect="knocked_down")) == "step.wrong"


def test_shaking_is_for_masters_and_horrors(table):
    """doc 001: Shake Effect is a rule of models with Essence Manipulation and of horrors."""
    state = at_step(afflicted(table, CULTIST_1, "knocked_down"), "control", "upkeep")
    assert refused(state, Shake(model=CULTIST_1, effect="knocked_down")) == "shake.not_allowed"


def test_shaking_needs_an_essence_point(table):
    """doc 001 "Shake Effect": it costs 1 essence point."""
    state = at_step(afflicted(with_model(table, LAMENTER, essence=0), LAMENTER, "blind"), "control", "upkeep")
    assert refused(state, Shake(model=LAMENTER, effect="blind")) == "essence.not_enough"


def test_only_the_active_player_shakes(table):
    """doc 001 "Shake Effect": during your control phase."""
    state = at_step(afflicted(table, ENEMY_AGATHON, "blind"), "control", "upkeep")
    assert refused(state, Shake(model=ENEMY_AGATHON, effect="blind")) == "turn.not_yours"


def test_effects_are_recorded_and_cleared_at_any_time(table):
    """Effects happen at the table in any phase (an opponent's attack knocks a model down); the players
    record them and clear them."""
    state = to_step(table, "activation", "activate")
    state, events = happened(state, AddEffect(model=ENEMY_AGATHON, effect="knocked_down"))
    assert board(state).model(ENEMY_AGATHON).effects == ("knocked_down",)
    assert events[0].text == "Agathon is now knocked down."
    assert refused(state, AddEffect(model=ENEMY_AGATHON, effect="knocked_down")) == "effect.already"
    state = run(state, RemoveEffect(model=ENEMY_AGATHON, effect="knocked_down"))
    assert board(state).model(ENEMY_AGATHON).effects == ()
    assert refused(state, RemoveEffect(model=ENEMY_AGATHON, effect="knocked_down")) == "effect.absent"


def test_an_unknown_effect_is_malformed(table):
    """Effects come from a fixed list the app knows how to explain."""
    with pytest.raises(RuleViolation) as refusal:
        parse_command({"type": "add_effect", "model": AGATHON, "effect": "sleepy"})
    assert refusal.value.code == "command.invalid"


def test_effects_persist_until_shaken_or_cleared(table):
    """doc 001 "Shake Effect": without paying, the effect stays through the turn."""
    state = to_step(afflicted(table, AGATHON, "stationary"), "control", "upkeep")
    state = run(state, Advance(), Advance())
    assert board(state).model(AGATHON).effects == ("stationary",)
