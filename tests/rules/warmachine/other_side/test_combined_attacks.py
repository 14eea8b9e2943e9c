"""Unit attacks and combined attacks: a trooper attacks through the assistant like any model; troopers of one
unit combine a melee or ranged attack: one attack roll and one damage roll by the primary attacker, +1 to both
per model taking part (Mk III core rules "Combined Melee Attacks" / "Combined Ranged Attacks", as publicly
summarised at warmachineuniversity.com "Combined_Melee_Attack" and battlecollege.org "CMA"; doc 002 "Activation
Sequence": a unit's troopers make their combat actions in turn)."""

from models.rules import options
from models.rules.warmachine.attack_math import combined_bonus
from models.rules.warmachine.attacks import (
    AttackRoll,
    DamageRoll,
    DeclareAttack,
    NextAttack,
    suggested_damage,
    suggested_hit,
)
from models.rules.warmachine.match import board
from tests.rules.warmachine.game import with_stat
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    CAST,
    LOCK,
    SERGEANT,
    TRENCHER_1,
    TRENCHER_2,
    activated,
    happened,
    kinds,
    refused,
    roll,
    run,
)


def test_a_trooper_attacks_through_the_assistant_and_marks_its_target(table):
    """doc 002 Appendix A "Attack Sequence": a trooper's attack is declared, rolled and its damage applied."""
    state, events = happened(activated(table, SERGEANT), DeclareAttack(attacker=TRENCHER_1, target=LOCK))
    assert (board(state).attack.attacker, board(state).attack.combined) == (TRENCHER_1, ())
    state = run(state, AttackRoll(dice=roll(5, 4), hit=True))
    state, events = happened(state, DamageRoll(dice=roll(4, 4), damage=3))
    assert board(state).attack is None and sum(board(state).model(LOCK).marks) == 3
    assert kinds(events)[-1] == "attack.resolved"


def test_combined_melee_attack_adds_one_per_model_to_both_rolls(table):
    """Combined Melee Attacks: three troopers, +3 to the attack and the damage roll of the primary attacker."""
    state = with_stat(activated(table, SERGEANT), "test-infantry", "MAT", 5)
    state = with_stat(state, "dire-troll-blitzer", "DEF", 12)
    state = with_stat(state, "dire-troll-blitzer", "ARM", 18)
    state, events = happened(state, DeclareAttack(attacker=SERGEANT, target=BLITZ, combined=(TRENCHER_1,
                                                                                            TRENCHER_2)))
    a = board(state).attack
    assert a.combined == (TRENCHER_1, TRENCHER_2) and combined_bonus(a) == 3
    assert "+3 to its attack and damage rolls" in events[0].text
    assert suggested_hit(state, a, (2, 3)) == (True, "roll 5 + MAT 5 + 3 combined = 13 vs DEF 12: hit")
    assert suggested_hit(state, a, (1, 2))[0] is False
    state = run(state, AttackRoll(dice=roll(2, 3), hit=True))
    assert suggested_damage(state, board(state).attack, (4, 4), power=10) == (
        3, "roll 8 + P+S 10 + 3 combined = 21 - ARM 18 = 3 damage")
    state, events = happened(state, DamageRoll(dice=roll(4, 4), power=10, column=2))
    assert board(state).attack is None and sum(board(state).model(BLITZ).marks) == 3
    assert events[0].data["damage"] == 3


def test_combined_attack_uses_each_troopers_attack(table):
    """Combined Melee Attacks: every model taking part makes its attack in it (one roll for the group)."""
    state = run(activated(table, SERGEANT), DeclareAttack(attacker=SERGEANT, target=BLITZ, combined=(TRENCHER_1,)))
    assert board(state).model(SERGEANT).act.declared == 1 and board(state).model(TRENCHER_1).act.declared == 1
    assert board(state).model(TRENCHER_2).act.declared == 0


def test_combined_ranged_attack_adds_the_bonus_too(table):
    """Combined Ranged Attacks: two troopers, +2 to the attack roll with the primary attacker's RAT."""
    state = with_stat(activated(table, SERGEANT), "test-infantry", "RAT", 4)
    state = with_stat(state, "test-warlock", "DEF", 14)
    state = run(state, DeclareAttack(attacker=TRENCHER_2, target=LOCK, kind="ranged", combined=(TRENCHER_1,)))
    assert suggested_hit(state, board(state).attack, (4, 4)) == (True,
                                                                 "roll 8 + RAT 4 + 2 combined = 14 vs DEF 14: hit")


def test_only_troopers_of_one_unit_combine_a_melee_or_ranged_attack(table):
    """Combined attacks: troopers of the attacker's own unit, each once, never a free strike or a power or
    magic attack; an independent model combines with nobody."""
    state = activated(table, SERGEANT)
    assert refused(state, DeclareAttack(attacker=SERGEANT, target=BLITZ, kind="magic",
                                        combined=(TRENCHER_1,))) == "attack.combined_kind"
    assert refused(state, DeclareAttack(attacker=SERGEANT, target=BLITZ, free_strike=True,
                                        combined=(TRENCHER_1,))) == "attack.combined_kind"
    assert refused(state, DeclareAttack(attacker=SERGEANT, target=BLITZ,
                                        combined=(TRENCHER_1, TRENCHER_1))) == "attack.combined_twice"
    assert refused(state, DeclareAttack(attacker=SERGEANT, target=BLITZ, combined=(CAST,))) == "attack.combined_unit"
    assert refused(state, DeclareAttack(attacker=CAST, target=BLITZ, combined=(SERGEANT,))) == "attack.combined_unit"
    assert refused(state, DeclareAttack(attacker=SERGEANT, target=TRENCHER_1,
                                        combined=(TRENCHER_1,))) == "target.self"
    assert board(state).attack is None  # positive control: the same attack without the bad joiners is declared
    assert board(run(state, DeclareAttack(attacker=SERGEANT, target=BLITZ, combined=(TRENCHER_1,)))).attack is not None


def test_a_troopers_attack_option_offers_its_unit_mates(table):
    """The assistant's option for a trooper names the troopers of its unit that may join (and none for a
    model outside a unit)."""
    state = activated(table, SERGEANT)
    found = next(o for o in options(state, SERGEANT) if o.action == "attack")
    assert found.allowed and found.choices["combined"] == (TRENCHER_1, TRENCHER_2)
    assert "combined" in found.ask
    assert next(o for o in options(state, CAST) if o.action == "attack").choices["combined"] == ()


def test_a_trooper_attacks_once_per_activation_unless_its_next_attack_is_said(table):
    """doc 002 "Activation Sequence", step 7: each trooper makes its own combat action; a trooper that has
    attacked (alone or in a combined attack) is refused a second attack, and its unit mates that have not
    are offered. Another weapon's initial attack is said first (NextAttack): the app does not know every
    trooper's weapons."""
    state = run(activated(table, SERGEANT), DeclareAttack(attacker=SERGEANT, target=BLITZ, in_range=False))
    assert refused(state, DeclareAttack(attacker=SERGEANT, target=BLITZ)) == "attack.trooper_done"
    assert refused(state, DeclareAttack(attacker=TRENCHER_1, target=BLITZ,
                                        combined=(SERGEANT,))) == "attack.trooper_done"
    found = next(o for o in options(state, SERGEANT) if o.action == "attack")
    assert (found.allowed, found.code) == (False, "attack.trooper_done")
    assert found.reason == f"{board(state).model(SERGEANT).name} has already attacked this activation."
    mates = next(o for o in options(state, TRENCHER_1) if o.action == "attack")
    assert mates.allowed and mates.choices["combined"] == (TRENCHER_2,)
    # Positive control: the troopers that have not attacked combine; the sergeant's next weapon may attack.
    state = run(state, DeclareAttack(attacker=TRENCHER_1, target=BLITZ, combined=(TRENCHER_2,), in_range=False))
    assert refused(state, DeclareAttack(attacker=TRENCHER_2, target=BLITZ)) == "attack.trooper_done"
    run(state, NextAttack(model=SERGEANT), DeclareAttack(attacker=SERGEANT, target=BLITZ))
