"""Attack dice and the table's arithmetic for a horror's attack: two dice, one more when boosted, one fewer on
attack rolls with the middle ring crippled (doc 001 "Crippled Middle Ring"); a charge attack's damage roll is
boosted (doc 002 "Frenzy & Threshold"); hit when the roll plus MAT reaches DEF, damage the roll plus P+S less
ARM (doc 002 Appendix A, attack and damage rolls). The Lamenter is MAT 6 and DEF 13, ARM 15 (reference
README)."""

from models.rules.dice import Roll
from models.rules.warmachine.activation import Charge
from models.rules.warmachine.attack_math import attack_dice
from models.rules.warmachine.attacks import AttackRoll, Boost, DamageRoll, DeclareAttack
from models.rules.warmachine.match import board
from tests.rules.warmachine.infernals.infernal_game import (
    ENEMY_LAMENTER,
    LAMENTER,
    activated,
    happened,
    refused,
    run,
    with_model,
)


def dice(*faces: int) -> Roll:
    return Roll(dice=faces)


def swing(state, **declare):
    return run(state, DeclareAttack(attacker=LAMENTER, target=ENEMY_LAMENTER, **declare))


def test_crippled_middle_ring_rolls_one_fewer_attack_die_not_damage_die(table):
    """doc 001 "Crippled Middle Ring": the horror rolls one fewer die on attack rolls (doc 000: damage rolls
    are unaffected); any other count is refused and changes nothing."""
    state = swing(with_model(activated(table, LAMENTER), LAMENTER, marks=(8, 6, 0)))
    assert (attack_dice(state, board(state).attack, "attack"),
            attack_dice(state, board(state).attack, "damage")) == (1, 2)
    assert refused(state, AttackRoll(dice=dice(4, 3), hit=True)) == "attack.dice_count"
    state = run(state, AttackRoll(dice=dice(6), hit=True))
    assert refused(state, DamageRoll(dice=dice(6), damage=1)) == "attack.dice_count"


def test_crippled_middle_ring_boosted_rolls_two(table):
    """doc 001 "ESSENCE: Boost" adds a die; the crippled middle ring still takes one away."""
    state = swing(with_model(activated(table, LAMENTER), LAMENTER, marks=(8, 6, 0)))
    assert attack_dice(state, board(state).attack, "attack", asked_boost=True) == 2
    state = run(state, AttackRoll(dice=dice(5, 5), hit=True, boosted=True))
    assert board(state).attack.boosted_attack


def test_a_boost_paid_before_the_roll_counts_a_third_die(table):
    """doc 001 "ESSENCE: Boost": boosted with Boost before the roll, the roll has three dice."""
    state = swing(run(activated(table, LAMENTER), Boost(model=LAMENTER, roll="attack")))
    assert attack_dice(state, board(state).attack, "attack") == 3
    assert refused(state, AttackRoll(dice=dice(4, 3), hit=True)) == "attack.dice_count"


def test_a_charge_attacks_damage_roll_is_boosted_for_free(table):
    """doc 002 "Frenzy & Threshold": a charge attack's damage roll is boosted; nothing is paid for it."""
    state = swing(run(activated(table, LAMENTER), Charge(model=LAMENTER)))
    assert board(state).attack.charge
    assert attack_dice(state, board(state).attack, "damage") == 3
    state = run(state, AttackRoll(dice=dice(4, 3), hit=True))
    essence = board(state).model(LAMENTER).essence
    assert refused(state, DamageRoll(dice=dice(4, 3), damage=1)) == "attack.dice_count"
    state, events = happened(state, DamageRoll(dice=dice(4, 3, 2), damage=0))
    assert events[0].data["boosted"] and board(state).model(LAMENTER).essence == essence


def test_only_the_first_melee_attack_after_a_charge_is_a_charge_attack(table):
    """doc 002 "Frenzy & Threshold": the charge attack is the one against the charged model; a model that did
    not charge makes none, and a charge shorter than 3 inches makes an ordinary attack (the players say so)."""
    state = activated(table, LAMENTER)
    assert refused(state, DeclareAttack(attacker=LAMENTER, target=ENEMY_LAMENTER, charge=True)) == "attack.not_charge"
    charged = run(state, Charge(model=LAMENTER))
    assert not board(swing(charged, kind="ranged")).attack.charge
    assert not board(swing(charged, charge=False)).attack.charge


def test_the_numbers_say_hit_when_roll_and_mat_reach_def_and_the_log_shows_them(table):
    """doc 002 Appendix A, attack roll: 4 + 3 + MAT 6 = 13 reaches DEF 13, a hit; the log shows the sum."""
    state = swing(activated(table, LAMENTER))
    _, events = happened(state, AttackRoll(dice=dice(4, 3), hit=True))
    assert events[-1].data["suggested"] is True
    assert "Roll 7 + MAT 6 = 13 vs DEF 13: hit." in events[-1].text


def test_a_players_call_against_the_numbers_is_applied_and_logged(table):
    """The players decide: a miss on 6 + 6 is their call (an effect the app does not know may apply), and the
    log says the numbers said a hit (Mk III core rules: all 6s hit)."""
    state = swing(activated(table, LAMENTER))
    state, events = happened(state, AttackRoll(dice=dice(6, 6), hit=False))
    assert board(state).attack is None
    assert "all 6s" in events[0].text and "the numbers said hit" in events[0].text


def test_damage_is_roll_plus_power_less_arm_and_applied_when_not_given(table):
    """doc 002 Appendix A, damage roll: 5 + 4 + P+S 13 = 22 - ARM 15 = 7 damage points, applied as worked
    out when the players give the weapon's P+S and no damage."""
    state = run(swing(activated(table, LAMENTER)), AttackRoll(dice=dice(5, 5), hit=True))
    state, events = happened(state, DamageRoll(dice=dice(5, 4), power=13))
    assert "Roll 9 + P+S 13 = 22 - ARM 15 = 7 damage." in events[0].text
    assert sum(board(state).model(ENEMY_LAMENTER).marks) == 7


def test_damage_needs_a_number_or_the_weapons_power(table):
    """With neither the damage nor the weapon's power the players are asked; nothing changes."""
    state = run(swing(activated(table, LAMENTER)), AttackRoll(dice=dice(5, 5), hit=True))
    assert refused(state, DamageRoll(dice=dice(5, 4))) == "attack.damage_unknown"
