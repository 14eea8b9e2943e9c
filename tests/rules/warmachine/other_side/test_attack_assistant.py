"""The attack assistant and timing (doc 002 "Appendix A - Timing Charts": attack sequence, damage
application; "any time" abilities wait while an attack is resolved)."""

from models.rules.core import apply
from models.rules.warmachine.activation import Activate, EndActivation
from models.rules.warmachine.attacks import (
    ACTIVATION_SEQUENCE,
    ATTACK_SEQUENCE,
    DAMAGE_APPLICATION,
    SPELL_SEQUENCE,
    AttackRoll,
    Boost,
    DamageRoll,
    DeclareAttack,
    EndAttack,
    ResolveDisabled,
)
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.spells import CastSpell, UseFeat
from tests.rules.warmachine.game import tough
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    CAST,
    JACK_1,
    LOCK,
    TRENCHER_1,
    activated,
    happened,
    kinds,
    refused,
    roll,
    run,
    with_model,
)


def attacking(table, target=BLITZ, kind="melee"):
    return run(activated(table, CAST), DeclareAttack(attacker=CAST, target=target, kind=kind))


def test_an_attack_goes_target_attack_roll_damage_roll_and_damage(table):
    """doc 002, Appendix A, "Attack Sequence": target, attack roll, damage roll, then apply the damage."""
    state, events = happened(activated(table, CAST), DeclareAttack(attacker=CAST, target=BLITZ))
    assert kinds(events) == ["attack.declared"]
    attack = board(state).attack
    assert (attack.attacker, attack.target, attack.step) == (CAST, BLITZ, "attack_roll")
    state, events = happened(state, AttackRoll(dice=roll(5, 4), hit=True))
    assert board(state).attack.step == "damage_roll"
    assert events[-1].data["dice"] == [5, 4]
    state, events = happened(state, DamageRoll(dice=roll(6, 5), damage=4, column=2))
    assert board(state).attack is None
    assert board(state).model(BLITZ).marks == (4, 0, 0)
    assert kinds(events) == ["attack.damage_rolled", "damage.marked", "attack.resolved"]


def test_a_miss_resolves_the_attack(table):
    """doc 002, Appendix A: a missed attack rolls no damage."""
    state, events = happened(attacking(table), AttackRoll(dice=roll(1, 2), hit=False))
    assert board(state).attack is None
    assert kinds(events)[-1] == "attack.missed"


def test_out_of_range_misses_without_a_roll(table):
    """doc 002, Appendix A: a target out of range is missed automatically, no attack roll."""
    declared = DeclareAttack(attacker=CAST, target=BLITZ, in_range=False)
    state, events = happened(activated(table, CAST), declared)
    assert board(state).attack is None
    assert kinds(events) == ["attack.declared", "attack.missed"]


def test_rolls_follow_the_sequence(table):
    """doc 002, Appendix A: the attack roll comes before the damage roll; the dice are d6s."""
    state = attacking(table)
    assert refused(state, DamageRoll(dice=roll(3, 3), damage=1)) == "attack.wrong_step"
    assert refused(state, AttackRoll(dice=roll(3, 9), hit=True)) == "dice.face"
    assert refused(state, AttackRoll(dice=roll(3, 3), hit=True, removed=2)) == "attack.removed"
    assert refused(table, AttackRoll(dice=roll(3, 3), hit=True)) == "attack.none"


def test_a_boosted_roll_is_paid_once(table):
    """doc 002, Appendix A: boosts are declared before rolling; a warcaster pays 1 focus (Mk III core rule),
    not twice when Boost was already pressed for this roll."""
    state = run(attacking(table), AttackRoll(dice=roll(3, 3, 3), hit=True, boosted=True))
    assert board(state).model(CAST).focus == 5
    state = run(state, Boost(model=CAST, roll="damage"),
                DamageRoll(dice=roll(3, 3, 3), damage=2, boosted=True, column=1))
    assert board(state).model(CAST).focus == 4
    state = run(state, DeclareAttack(attacker=CAST, target=BLITZ), AttackRoll(dice=roll(1, 1, 1), hit=False,
                                                                                 boosted=True))
    assert board(state).model(CAST).focus == 3, "a second attack is a new roll"


def test_rerolls_are_recorded(table):
    """doc 002, Appendix A: rerolls return to rolling the dice; the earlier dice stay on record."""
    state = run(attacking(table), AttackRoll(dice=roll(6, 6), hit=True, rerolled=(roll(1, 1),)))
    assert board(state).attack.rerolled == ((1, 1),)
    _, events = apply(attacking(table), AttackRoll(dice=roll(6, 6), hit=True, rerolled=(roll(1, 1), roll(2, 1))))
    assert "rerolled; set aside: 1+1, 2+1" in events[-1].text


def test_no_feat_spell_activation_or_turn_change_in_the_middle_of_an_attack(table):
    """doc 002, Appendix A: "any time" abilities cannot be used while the attack sequence is resolved."""
    state = attacking(table)
    for command in (UseFeat(master=CAST), CastSpell(model=CAST, spell="Arcane Bolt", cost=2),
                    EndActivation(model=CAST), Activate(model=JACK_1), Advance(),
                    DeclareAttack(attacker=JACK_1, target=BLITZ)):
        assert refused(state, command) == "anytime.mid_attack"
    state = run(state, EndAttack(), UseFeat(master=CAST))
    assert board(state).model(CAST).feat_used


def test_damage_transference_is_a_would_suffer_damage_step(table):
    """doc 002, Appendix A: "would suffer damage" effects such as damage transference come before the
    damage is applied (a warlock: 1 fury to a warbeast of its battlegroup, Mk III core rule)."""
    state = run(table, DeclareAttack(attacker=JACK_1, target=LOCK, kind="ranged"),
                AttackRoll(dice=roll(4, 4), hit=True))
    state = run(state, DamageRoll(dice=roll(6, 6), damage=5, transfer_to=BLITZ, column=5))
    assert board(state).model(BLITZ).marks == (0, 0, 5)
    assert board(state).model(LOCK).fury == 5


def test_damage_application_pauses_when_a_model_is_disabled(table):
    """doc 002, Appendix A, "Damage Application": all boxes marked: disabled, a pause for effects triggered
    by it, then boxed, another pause, then destroyed and removed (Tough on the card: a rule that acts then)."""
    state = run(attacking(tough(table), TRENCHER_1), AttackRoll(dice=roll(4, 4), hit=True))
    state, events = happened(state, DamageRoll(dice=roll(6, 6), damage=3))
    assert kinds(events)[-2:] == ["damage.disabled", "attack.paused"]
    assert board(state).model(TRENCHER_1).in_play and board(state).attack.step == "disabled"
    assert refused(state, ResolveDisabled(model=TRENCHER_1, stage="boxed")) == "attack.wrong_step"
    assert refused(state, EndAttack()) == "attack.pending"
    state, events = happened(state, ResolveDisabled(model=TRENCHER_1))
    assert kinds(events) == ["damage.boxed"] and board(state).attack.step == "boxed"
    state, events = happened(state, ResolveDisabled(model=TRENCHER_1, stage="boxed"))
    assert board(state).model(TRENCHER_1).status == "destroyed"
    assert kinds(events) == ["model.destroyed", "attack.resolved"]
    assert board(state).attack is None


def test_an_effect_like_tough_saves_a_disabled_model(table):
    """doc 002, Appendix A, "Damage Application": an effect resolved when the model is disabled (Tough heals
    1 damage point) means it is no longer disabled and stays in play."""
    state = run(attacking(tough(table, "dire-troll-blitzer"), BLITZ), AttackRoll(dice=roll(4, 4), hit=True),
                DamageRoll(dice=roll(6, 6), damage=20, column=1))
    assert board(state).attack.pending == (BLITZ,)
    assert refused(state, ResolveDisabled(model=BLITZ, survives=True)) == "attack.survive_heal"
    state, events = happened(state, ResolveDisabled(model=BLITZ, survives=True, heal=1, column=1))
    assert board(state).model(BLITZ).in_play
    assert board(state).model(BLITZ).marks == (4, 6, 5)
    assert kinds(events) == ["damage.healed", "damage.survived", "attack.resolved"]


def test_damage_is_still_marked_at_the_table_during_an_attack(table):
    """doc 002, Appendix A: the players may still record damage (a triggered effect) mid-attack."""
    state = run(attacking(table), MarkDamage(model=JACK_1, amount=2, column=1))
    assert board(state).model(JACK_1).marks == (2, 0, 0, 0, 0, 0)


def test_the_timing_charts_are_data_for_checklists():
    """doc 002, Appendix A: the activation, spell-casting and attack sequences and damage application as short
    checklists in our own words."""
    assert len(ACTIVATION_SEQUENCE) == 5
    assert len(SPELL_SEQUENCE) == 5
    assert len(ATTACK_SEQUENCE) >= 8
    assert len(DAMAGE_APPLICATION) == 5
    assert all(isinstance(s, str) and s for s in (*ACTIVATION_SEQUENCE, *SPELL_SEQUENCE, *ATTACK_SEQUENCE))


def test_a_free_strike_outside_activation_cannot_be_boosted_with_focus(table):
    """Mk III core rule (public): a warjack spends focus only in its own activation."""
    state = with_model(table, JACK_1, focus=2)
    state = run(state, DeclareAttack(attacker=JACK_1, target=BLITZ, free_strike=True))
    assert refused(state, AttackRoll(dice=roll(3, 3, 3), hit=True, boosted=True)) == "focus.not_activated"
