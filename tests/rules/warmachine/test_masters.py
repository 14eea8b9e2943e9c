"""Infernal master destruction (doc 001) and the Master Infernalist's own battlegroup (doc 000 ruling)."""

from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.essence import Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.replenish import AddSoulToken
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.spells import CastSpell
from models.rules.warmachine.state import remove
from tests.rules.warmachine.game import (
    AGATHON,
    FOREBODER,
    GUARDIAN,
    LEADER,
    REGNA,
    REGNA_HORROR,
    activated,
    events,
    fall,
    let_fall,
    new_game,
    run,
    to_step,
    tough,
    with_model,
)


def test_infernal_master_destruction_removes_its_battlegroups_horrors(game):
    """doc 001, "Infernal Master Destruction": when a model controlling horrors is destroyed, the horrors in
    its battlegroup are removed from play."""
    state, kinds = events(game, MarkDamage(model=AGATHON, amount=17))  # nothing in play acts: one step
    assert board(state).model(AGATHON).status == "destroyed"
    assert board(state).model(GUARDIAN).status == "removed"
    assert board(state).model(FOREBODER).status == "removed"
    assert kinds.count("model.removed") == 2


def test_master_destruction_leaves_other_models_in_play(game):
    """doc 001, "Infernal Master Destruction": only the horrors of that battlegroup go; the master's other
    models and the opponent's horrors stay."""
    state = run(game, MarkDamage(model=AGATHON, amount=17))
    assert board(state).model(LEADER).in_play
    assert board(state).model(REGNA_HORROR).in_play


def test_master_removed_from_play_also_removes_its_horrors(game):
    """doc 001, "Infernal Master Destruction": destroyed *or removed from the table*."""
    state, _ = remove(game, board(game).model(AGATHON), "removed", "taken off the table")
    assert board(state).model(AGATHON).status == "removed"
    assert not board(state).model(GUARDIAN).in_play
    assert not board(state).model(FOREBODER).in_play


def test_master_infernalist_destruction_removes_her_horrors(game):
    """doc 000, Rules Clarification "Master Infernalist": when Regna dies, the horrors in her battlegroup are
    removed from play."""
    state = fall(game, MarkDamage(model=REGNA, amount=5))
    assert board(state).model(REGNA).status == "destroyed"
    assert board(state).model(REGNA_HORROR).status == "removed"
    assert board(state).model(GUARDIAN).in_play


def test_master_infernalist_destruction_spares_the_infernal_masters_horrors():
    """doc 000, Rules Clarification "Master Infernalist": Regna's battlegroup is completely separate from the
    infernal master's, on the same side too."""
    army = (
        ArmyEntry(card="agathon"),
        ArmyEntry(card="guardian-of-souls", battlegroup_of=0),
        ArmyEntry(card="princess-regna"),
        ArmyEntry(card="foreboder", battlegroup_of=2),
    )
    state = fall(new_game(army_1=army), MarkDamage(model="p1-princess-regna", amount=5))
    assert board(state).model("p1-foreboder").status == "removed"
    assert board(state).model(GUARDIAN).in_play


def test_master_destroyed_by_leeching_takes_its_horrors_with_it(control):
    """doc 001, "Leeching" and "Infernal Master Destruction": leeching damage can destroy the master, and its
    horrors go with it."""
    state = with_model(tough(control), AGATHON, essence=7, marks=(16,))
    state = run(state, Leech(master=AGATHON, points=2))
    # disabled: Tough could save it
    assert board(state).model(AGATHON).in_play and board(state).attack.pending == (AGATHON,)
    state = let_fall(state)
    assert board(state).model(AGATHON).status == "destroyed"
    assert not board(state).model(GUARDIAN).in_play


def test_horrors_removed_with_their_master_owe_no_tithe(game):
    """doc 001, "Tithe" and "Infernal Master Destruction": a horror no longer in play has no tithe to pay, so
    the turn can end."""
    state = to_step(game, "end", "tithe")
    assert board(state).pending_tithe
    state = fall(state, MarkDamage(model=AGATHON, amount=17))
    assert board(state).pending_tithe == ()
    assert run(state, Advance()).active == 1


def test_a_destroyed_casters_upkeep_spells_expire_with_it(game):
    """doc 001, "Control Phase" step 4: an upkeep spell stays in play only while its caster keeps it there, and
    then its effects end; a destroyed caster keeps nothing in play, so its upkeep spells expire at once (the
    state, the next upkeep step and the watch view agree)."""
    state = run(activated(game, REGNA), CastSpell(model=REGNA, spell="Hex", cost=2, upkeep=True))
    assert board(state).model(REGNA).upkeeps == ("Hex",)
    state = fall(state, MarkDamage(model=REGNA, amount=5))
    assert board(state).model(REGNA).status == "destroyed"
    assert board(state).model(REGNA).upkeeps == ()


def test_a_destroyed_casters_upkeep_spell_ending_is_logged(game):
    """doc 001, "Control Phase" step 4: the spell's end is something the players are told."""
    state = run(activated(game, REGNA), CastSpell(model=REGNA, spell="Hex", cost=2, upkeep=True))
    state, kinds = events(state, MarkDamage(model=REGNA, amount=5))  # nothing in play saves her: destroyed at once
    assert "spell.expired" in kinds


def test_a_destroyed_masters_soul_tokens_are_lost(game):
    """doc 001, "Soul Tokens": a master turns the soul tokens on it into essence in its control phase; tokens on a
    model that has left play are gone with it (none is kept for a model no longer in play)."""
    state = run(game, AddSoulToken(model=AGATHON, count=2))
    assert board(state).model(AGATHON).soul_tokens == 2
    state = fall(state, MarkDamage(model=AGATHON, amount=17))
    assert board(state).model(AGATHON).status == "destroyed"
    assert board(state).model(AGATHON).soul_tokens == 0


def test_a_model_in_play_keeps_its_upkeeps_and_soul_tokens(game):
    """Positive control for the two tests above: damage short of destruction changes neither."""
    state = run(activated(game, REGNA), CastSpell(model=REGNA, spell="Hex", cost=2, upkeep=True),
                AddSoulToken(model=REGNA, count=1))
    state = fall(state, MarkDamage(model=REGNA, amount=2))
    assert board(state).model(REGNA).in_play
    assert board(state).model(REGNA).upkeeps == ("Hex",)
