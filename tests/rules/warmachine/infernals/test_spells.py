"""Spells and upkeep (doc 001 "Spellcaster", "Control Phase" step 4; doc 000 "Rules Clarification:
Infernal Master": no spells in an activation the model runs)."""

import pytest

from models.catalog.schema import Spell
from models.rules import RuleViolation, parse_command
from models.rules.warmachine.activation import Run
from models.rules.warmachine.match import board, with_board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.shake import AddEffect
from models.rules.warmachine.spells import CastSpell, DropUpkeep, Upkeep
from tests.rules.warmachine.game import at_step, settle_tithe
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    LAMENTER,
    REGNA,
    activated,
    happened,
    refused,
    run,
    to_step,
    with_model,
)


def next_turn(state, phase="control", step="upkeep"):
    """Ann's next turn at ``phase``/``step`` (Bob's turn played in between)."""
    return to_step(to_step(state, "control", "replenish", seat=1), phase, step, seat=0)


@pytest.fixture
def warded(table):
    """Agathon cast the upkeep spell "Ward" (COST 2) in round 1."""
    return run(activated(table, AGATHON), CastSpell(model=AGATHON, spell="Ward", cost=2, upkeep=True))


def test_casting_a_spell_pays_its_cost_in_essence(table):
    """doc 001 "Spellcaster": spells are cast during the activation by paying their COST in essence."""
    state, events = happened(activated(table, AGATHON), CastSpell(model=AGATHON, spell="Hellfire", cost=3))
    assert board(state).model(AGATHON).essence == 6
    assert board(state).model(AGATHON).act.spells == 1
    assert [e.kind for e in events] == ["essence.spent", "spell.cast"]
    assert board(state).model(AGATHON).upkeeps == ()


def test_a_spell_costing_more_than_the_essence_left_is_refused(table):
    """doc 001 "Spellcaster": the COST is paid in essence points the caster has."""
    state = with_model(activated(table, AGATHON), AGATHON, essence=2)
    assert refused(state, CastSpell(model=AGATHON, spell="Hellfire", cost=3)) == "essence.not_enough"


def test_spells_are_cast_only_during_the_casters_activation(table):
    """doc 001 "Spellcaster": at any time during its activation."""
    assert refused(table, CastSpell(model=AGATHON, spell="Hellfire", cost=3)) == "step.wrong"
    state = to_step(table, "activation", "activate")
    assert refused(state, CastSpell(model=AGATHON, spell="Hellfire", cost=3)) == "spell.not_activated"


def test_no_spell_in_an_activation_the_caster_ran(table):
    """doc 000 ruling: a model cannot cast spells in an activation it runs."""
    state = run(activated(table, AGATHON), Run(model=AGATHON))
    assert refused(state, CastSpell(model=AGATHON, spell="Hellfire", cost=3)) == "spell.ran"


def test_a_caster_that_cast_a_spell_cannot_run_that_activation(table):
    """doc 000 ruling: no spells in an activation the model runs, not even before it runs."""
    state = run(activated(table, AGATHON), CastSpell(model=AGATHON, spell="Hellfire", cost=3))
    assert refused(state, Run(model=AGATHON)) == "spell.ran"


def test_a_stationary_caster_cannot_cast_spells(table):
    """doc 000 "Restrictions on Any Time abilities": spells cannot be cast while knocked down or
    stationary."""
    state = activated(run(table, AddEffect(model=AGATHON, effect="stationary")), AGATHON)
    assert refused(state, CastSpell(model=AGATHON, spell="Ward", cost=1)) == "spell.status"


def test_horrors_cast_no_spells(table):
    """doc 001 "Spellcaster" is a rule of infernal masters and the Master Infernalist."""
    assert refused(activated(table, LAMENTER), CastSpell(model=LAMENTER, spell="Ward", cost=1)) == \
        "spell.not_master"


def test_the_master_infernalist_casts_spells(table):
    """doc 000 "Master Infernalist": Regna has every master rule but the feat, spellcasting included."""
    state = run(activated(table, REGNA), CastSpell(model=REGNA, spell="Ward", cost=2))
    assert board(state).model(REGNA).essence == 3


def test_a_spell_needs_a_name(table):
    """A spell is recorded by name; blank names are refused and long ones are malformed."""
    assert refused(activated(table, AGATHON), CastSpell(model=AGATHON, spell="   ", cost=1)) == "name.empty"
    with pytest.raises(RuleViolation) as refusal:
        parse_command({"type": "cast", "model": AGATHON, "spell": "x" * 41, "cost": 1})
    assert refusal.value.code == "command.invalid"


def test_an_upkeep_spell_stays_on_its_caster(warded):
    """doc 001 "Spellcaster": a caster can keep its upkeep spells in play."""
    assert board(warded).model(AGATHON).upkeeps == ("Ward",)
    assert board(warded).model(AGATHON).essence == 7


def test_recasting_an_upkeep_spell_keeps_one_of_it_in_play(warded):
    """doc 001 "Spellcaster": a spell is either in play or not; casting it again does not double it."""
    state = run(warded, CastSpell(model=AGATHON, spell="Ward", cost=2, upkeep=True))
    assert board(state).model(AGATHON).upkeeps == ("Ward",)


def test_upkeep_costs_1_essence_in_the_control_phase(warded):
    """doc 001 "Control Phase" step 4: masters spend essence to keep upkeep spells in play, outside their
    activation."""
    state = next_turn(warded)
    state, events = happened(state, Upkeep(master=AGATHON, spell="Ward"))
    assert board(state).model(AGATHON).essence == 6
    assert board(state).model(AGATHON).upkept == ("Ward",)
    assert [e.kind for e in events][:2] == ["essence.spent", "spell.upkept"]
    assert state.step == "activate"  # nothing more to decide in the control phase: the turn moved on
    assert board(state).model(AGATHON).upkeeps == ("Ward",)


def test_an_upkeep_is_paid_once_per_turn(warded):
    """doc 001 "Control Phase" step 4: one payment keeps the spell for the turn."""
    state = at_step(run(next_turn(warded), Upkeep(master=AGATHON, spell="Ward")), "control", "upkeep")
    assert refused(state, Upkeep(master=AGATHON, spell="Ward")) == "upkeep.paid"


def test_upkeep_is_paid_again_every_turn(warded):
    """doc 001 "Control Phase" step 4 happens in each of the caster's turns."""
    state = run(next_turn(warded), Upkeep(master=AGATHON, spell="Ward"))
    state = to_step(to_step(state, "control", "replenish", seat=1), "control", "upkeep", seat=0)
    assert board(state).model(AGATHON).upkept == ()
    state = run(state, Upkeep(master=AGATHON, spell="Ward"))
    assert board(state).model(AGATHON).upkept == ("Ward",)


def test_the_upkeep_step_waits_until_each_upkeep_spell_is_paid_or_let_go(warded):
    """doc 001 "Control Phase" step 4 (doc 002 "Game Round": "Pay for upkeeps"): each upkeep spell is paid for
    or it expires; the app asks, like the tithe, instead of ending a spell on its own when "Next" is tapped."""
    state = to_step(warded, "activation", "activate", seat=1)
    while (state.active, state.step) != (0, "upkeep"):
        state, events = happened(settle_tithe(state), Advance())
    assert "Upkeep to decide (pay 1 or let it end): Agathon's Ward." in [e.text for e in events]
    assert refused(state, Advance()) == "upkeep.pending"
    assert board(state).model(AGATHON).upkeeps == ("Ward",)
    paid = run(state, Upkeep(master=AGATHON, spell="Ward"))  # the last decided: the turn moves on by itself
    assert (paid.step, board(paid).model(AGATHON).upkeeps) == ("activate", ("Ward",))  # "other": nothing to decide
    dropped = run(state, DropUpkeep(master=AGATHON, spell="Ward"))
    assert (dropped.step, board(dropped).model(AGATHON).upkeeps) == ("activate", ())


def test_a_caster_without_essence_for_the_upkeep_lets_the_spell_go(warded):
    """doc 001 "Control Phase" step 4: upkeep costs essence; a caster who cannot pay decides to let it end."""
    state = with_model(next_turn(warded), AGATHON, essence=0)
    assert refused(state, Upkeep(master=AGATHON, spell="Ward")) == "essence.not_enough"
    state = run(state, DropUpkeep(master=AGATHON, spell="Ward"))
    assert state.step == "activate"


def test_a_master_may_let_an_upkeep_spell_expire(warded):
    """doc 001 "Control Phase" step 4: paying upkeep is a choice."""
    state, events = happened(next_turn(warded), DropUpkeep(master=AGATHON, spell="Ward"))
    assert board(state).model(AGATHON).upkeeps == ()
    assert board(state).model(AGATHON).essence == 7
    assert [e.kind for e in events][:1] == ["spell.expired"]


def test_only_a_spell_in_play_can_be_upkept(warded):
    """doc 001 "Control Phase" step 4 concerns the caster's own upkeep spells in play."""
    state = next_turn(warded)
    assert refused(state, Upkeep(master=AGATHON, spell="Hellfire")) == "upkeep.unknown"
    assert refused(state, DropUpkeep(master=AGATHON, spell="Hellfire")) == "upkeep.unknown"


def test_upkeep_is_paid_only_in_the_control_phase(warded):
    """doc 001 "Control Phase" step 4: upkeep is part of the control phase."""
    assert refused(warded, Upkeep(master=AGATHON, spell="Ward")) == "step.wrong"
    state = at_step(next_turn(warded), "control", "other")
    assert refused(state, Upkeep(master=AGATHON, spell="Hellfire")) == "step.passed"


def test_upkeep_needs_1_essence(warded):
    """doc 001 "Control Phase" step 4: upkeep is paid in essence points."""
    state = with_model(next_turn(warded), AGATHON, essence=0)
    assert refused(state, Upkeep(master=AGATHON, spell="Ward")) == "essence.not_enough"


def with_card_spells(state, model_id, *spells):
    """The caster's card as the catalog gives it, with these spells printed on it."""
    card = board(state).card_of(board(state).model(model_id))
    return with_board(state, cards={**board(state).cards, card.key: card.model_copy(update={"spells": spells})})


def test_a_spell_on_the_casters_card_is_cast_at_the_cards_cost(table):
    """doc 001 "Spellcaster": a spell is cast by paying its COST, the one its card prints; a spell the card lists is
    refused at another COST or as another kind, and nothing changes."""
    state = with_card_spells(activated(table, AGATHON), AGATHON, Spell(name="Ward", cost=2, dur="UP"))
    assert refused(state, CastSpell(model=AGATHON, spell="Ward", cost=1, upkeep=True)) == "spell.card_cost"
    assert refused(state, CastSpell(model=AGATHON, spell="ward", cost=2, upkeep=False)) == "spell.card_upkeep"
    cast = run(state, CastSpell(model=AGATHON, spell="Ward", cost=2, upkeep=True))
    assert board(cast).model(AGATHON).upkeeps == ("Ward",) and board(cast).model(AGATHON).essence == 7


def test_a_spell_the_card_does_not_list_is_cast_as_the_players_give_it(table):
    """doc 001 "Spellcaster" (positive control): without the spell on the card, the COST given is paid."""
    state = with_card_spells(activated(table, AGATHON), AGATHON, Spell(name="Ward", cost=2, dur="UP"))
    assert board(run(state, CastSpell(model=AGATHON, spell="Hellfire", cost=3))).model(AGATHON).essence == 6
