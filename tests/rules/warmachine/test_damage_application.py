"""Damage application pauses at disabled and boxed whatever the damage came from (doc 002 "Appendix A",
"Damage Application"; "Disabled Boxed Destroyed"): the attack assistant, damage typed in at the table
(``mark_damage``), one attack on several models, transferred damage, fire and leeching all go through the same
pause, where an effect such as Tough can still save the model. The pause is there only when a rule in play acts
at those steps: in this module every card carries Tough (the ``game`` fixture below), except where a test says
otherwise."""

import pytest

from models.rules.dice import Roll
from models.rules.senders import allowed_seats
from models.rules.warmachine.attacks import AttackRoll, DeclareAttack, EndAttack, ResolveDisabled
from models.rules.warmachine.continuous import ResolveContinuous
from models.rules.warmachine.damage import MarkDamage, RemoveDamage
from models.rules.warmachine.essence import Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.multi_damage import AttackDamage, Hit
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.shake import AddEffect
from tests.rules.warmachine.game import (
    AGATHON,
    CULTIST_1,
    CULTIST_2,
    FOREBODER,
    GUARDIAN,
    REGNA,
    REGNA_HORROR,
    activated,
    at_step,
    happened,
    let_fall,
    refused,
    run,
    to_step,
    tough,
    with_model,
)
from tests.rules.warmachine.game import new_game as plain_game


@pytest.fixture
def game():
    """The standard game with Tough on every card."""
    return tough(plain_game())


def test_with_no_rule_in_play_acting_a_filled_model_is_destroyed_at_once():
    """doc 002 "Damage Application": disabled, boxed, destroyed, each with what it triggers; when no rule in
    play acts at those steps (no Tough on its card) the model goes in one step, with no pause to answer."""
    state, events = happened(plain_game(), MarkDamage(model=FOREBODER, amount=14))
    assert kinds(events)[-2:] == ["damage.disabled", "model.destroyed"]
    assert board(state).model(FOREBODER).status == "destroyed" and board(state).attack is None
    toughened, events = happened(tough(plain_game(), "foreboder"), MarkDamage(model=FOREBODER, amount=14))
    assert kinds(events)[-1] == "attack.paused" and board(toughened).model(FOREBODER).in_play  # positive control


def kinds(events):
    return [e.kind for e in events]


def test_damage_typed_in_pauses_when_the_model_is_disabled_and_again_when_boxed(game):
    """doc 002 "Damage Application": every box marked, the model is disabled (a pause for what that
    triggers), then boxed (another pause), then destroyed; typed damage waits exactly like the attack
    assistant's (``mark_damage`` used to destroy the model at once)."""
    state, events = happened(game, MarkDamage(model=FOREBODER, amount=14))
    assert kinds(events)[-2:] == ["damage.disabled", "attack.paused"]
    assert board(state).model(FOREBODER).in_play
    a = board(state).attack
    assert (a.kind, a.attacker, a.step, a.pending) == ("damage", None, "disabled", (FOREBODER,))
    assert refused(state, Advance()) == "anytime.mid_attack"
    assert refused(state, EndAttack()) == "attack.pending"
    assert refused(state, ResolveDisabled(model=FOREBODER, stage="boxed")) == "attack.wrong_step"
    state, events = happened(state, ResolveDisabled(model=FOREBODER))
    assert kinds(events) == ["damage.boxed"] and board(state).attack.step == "boxed"
    state, events = happened(state, ResolveDisabled(model=FOREBODER, stage="boxed"))
    assert kinds(events) == ["model.destroyed", "damage.applied"]
    assert board(state).model(FOREBODER).status == "destroyed" and board(state).attack is None
    moved = run(state, Advance())
    assert (moved.phase, moved.step) != (state.phase, state.step), "the turn goes on once the pause is over"


def test_an_effect_like_tough_saves_a_model_disabled_by_typed_damage(game):
    """doc 002 "Damage Application": an effect resolved while the model is disabled (Tough removes 1 damage
    point) keeps it in play; damage below every box never pauses (positive control)."""
    assert board(run(game, MarkDamage(model=FOREBODER, amount=13))).attack is None
    state = run(game, MarkDamage(model=FOREBODER, amount=14))
    assert refused(state, ResolveDisabled(model=FOREBODER, survives=True)) == "attack.survive_heal"
    state, events = happened(state, ResolveDisabled(model=FOREBODER, survives=True, heal=1))
    assert kinds(events) == ["damage.healed", "damage.survived", "damage.applied"]
    assert board(state).model(FOREBODER).in_play and board(state).model(FOREBODER).marks == (6, 4, 3)
    assert board(state).attack is None


def test_a_model_given_a_box_back_during_the_pause_is_no_longer_disabled(game):
    """doc 002 "Damage Application": "if the model is still disabled" it is boxed; damage removed at the table
    in the pause means it is not, and the players say it survives."""
    state = run(game, MarkDamage(model=FOREBODER, amount=14), RemoveDamage(model=FOREBODER, amount=1))
    assert refused(state, ResolveDisabled(model=FOREBODER)) == "attack.not_disabled"
    assert board(run(state, ResolveDisabled(model=FOREBODER, survives=True))).attack is None


def test_transferred_damage_pauses_for_each_disabled_model_in_turn(game):
    """doc 001 "Damage Transference" and doc 002 "Damage Application": the horror filled by the transfer and
    the master filled by what came back are each disabled; each waits, one after the other."""
    state = with_model(with_model(game, AGATHON, marks=(16,)), FOREBODER, marks=(6, 4, 0))
    state = run(state, MarkDamage(model=AGATHON, amount=10, transfer_to=FOREBODER))
    assert board(state).attack.pending == (FOREBODER, AGATHON)
    assert refused(state, ResolveDisabled(model=AGATHON)) == "attack.not_pending"
    state = run(state, ResolveDisabled(model=FOREBODER), ResolveDisabled(model=FOREBODER, stage="boxed"))
    assert board(state).attack.pending == (AGATHON,) and board(state).attack.step == "disabled"
    state = run(state, ResolveDisabled(model=AGATHON, survives=True, heal=2))
    assert board(state).attack is None and board(state).model(AGATHON).in_play


def test_one_attack_on_several_models_pauses_for_each_it_disables(game):
    """doc 002 "Damage Application": if an attack damaged more than one model, the sequence is followed for
    each damaged model; typed in as one attack, every model it disables waits in turn."""
    state = run(game, AttackDamage(hits=(Hit(model=CULTIST_1, amount=1), Hit(model=CULTIST_2, amount=1),
                                         Hit(model=GUARDIAN, amount=3))))
    assert board(state).attack.pending == (CULTIST_1, CULTIST_2)
    assert sum(board(state).model(GUARDIAN).marks) == 3
    state = let_fall(state)
    assert not board(state).model(CULTIST_1).in_play and not board(state).model(CULTIST_2).in_play


def test_fire_and_leeching_pause_too(game):
    """doc 002 "Damage Application" for every damage: fire in the maintenance phase (doc 002 "Resolve Fire and
    Corrosion") and leeching one's own life (doc 001 "Leeching") disable a model the same way."""
    burning = to_step(run(with_model(game, FOREBODER, marks=(6, 4, 3)), AddEffect(model=FOREBODER, effect="fire")),
                      "maintenance", "continuous", seat=0, round_no=2)
    state = run(burning, ResolveContinuous(model=FOREBODER, effect="fire", expires=False, damage=2))
    assert board(state).attack.pending == (FOREBODER,) and board(state).model(FOREBODER).in_play
    bob = at_step(to_step(game, "activation", "activate", seat=1), "control", "replenish")
    state = run(with_model(bob, REGNA, marks=(4,), essence=3), Leech(master=REGNA, points=1))
    assert board(state).attack.pending == (REGNA,)
    state = let_fall(state)
    assert board(state).model(REGNA).status == "destroyed" and board(state).model(REGNA_HORROR).status == "removed"


def test_damage_typed_in_during_an_attack_roll_pauses_and_the_attack_goes_on(game):
    """doc 002 Appendix A: damage recorded mid-attack (a triggered effect) is applied with its own pause; then
    the attack waits for its roll again."""
    state = run(activated(game, AGATHON), DeclareAttack(attacker=AGATHON, target=REGNA))
    state = run(state, MarkDamage(model=CULTIST_1, amount=1))
    attack = board(state).attack
    assert (attack.attacker, attack.step, attack.pending) == (AGATHON, "disabled", (CULTIST_1,))
    state, events = happened(state, ResolveDisabled(model=CULTIST_1))
    state, events = happened(state, ResolveDisabled(model=CULTIST_1, stage="boxed"))
    assert kinds(events) == ["model.destroyed", "attack.resumed"]
    assert (board(state).attack.step, board(state).attack.pending) == ("attack_roll", ())
    state = run(state, AttackRoll(dice=Roll(dice=(1, 2)), hit=False))
    assert board(state).attack is None


def test_either_seat_marks_damage_on_any_model(game):
    """doc 002 Appendix A, "Attack Sequence": the attacking player rolls the damage and applies it to the other
    side's model; doc 001 "Leeching": a player marks what their own models suffer. So either seat marks damage on
    any model (the seat table, the code and docs/API.md say the same)."""
    assert allowed_seats(game, MarkDamage(model=AGATHON, amount=3)) == {0, 1}
    assert allowed_seats(game, MarkDamage(model=REGNA, amount=3)) == {0, 1}


def test_only_the_owner_moves_damage_to_another_model(game):
    """doc 001 "Damage Transference": the master chooses to transfer the damage, so only its own seat may move
    it (positive control for the test above: the rule can name one seat)."""
    assert allowed_seats(game, MarkDamage(model=AGATHON, amount=3, transfer_to=FOREBODER)) == {0}
