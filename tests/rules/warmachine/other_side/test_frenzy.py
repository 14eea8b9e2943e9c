"""Threshold checks and frenzy (doc 002 "Frenzy & Threshold"; "Game Round": frenzy checks after leeching and
upkeep; "Activation Phase": a frenzied warbeast has activated)."""

import pytest

from models.rules import RuleViolation
from models.rules.warmachine.activation import Activate
from models.rules.warmachine.attacks import AttackRoll, Boost, DeclareAttack
from models.rules.warmachine.fury import EndFrenzy, LeechFury, ThresholdCheck, frenzy_steps
from models.rules.warmachine.match import board
from models.rules.warmachine.options import notes
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.points import spend_points
from models.rules.warmachine.shake import AddEffect
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    IMPALE,
    LOCK,
    SERGEANT,
    happened,
    kinds,
    refused,
    roll,
    run,
    to_step,
    with_model,
)


def checks(table, blitzer_fury=3, impaler_fury=0):
    """Tro's control phase at the frenzy step, the Blitzer (THR 9) with ``blitzer_fury`` fury."""
    state = with_model(with_model(table, BLITZ, fury=blitzer_fury), IMPALE, fury=impaler_fury)
    return to_step(state, "control", "frenzy", seat=1)


def test_blitzer_with_3_fury_passes_on_a_roll_of_6(table):
    """doc 002, "Frenzy & Threshold", EXAMPLE: the Dire Troll Blitzer (THR 9) with 3 fury passes on a roll of
    6 or less: 6 + 3 = 9 does not exceed THR 9."""
    state, events = happened(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(2, 4)))
    assert kinds(events)[:1] == ["frenzy.passed"]
    assert events[0].data == {"dice": [2, 4], "rolled_by": "player", "fury": 3, "thr": 9, "total": 9}
    assert board(state).model(BLITZ).activation == "ready"


def test_blitzer_with_3_fury_frenzies_on_a_roll_of_7(table):
    """doc 002, "Frenzy & Threshold", EXAMPLE: a roll of 7 or more frenzies: 7 + 3 = 10 exceeds THR 9."""
    state, events = happened(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(3, 4)))
    assert kinds(events) == ["frenzy.failed", "frenzy.started"]
    assert events[0].data["total"] == 10
    assert board(state).model(BLITZ).activation == "active"


def test_the_threshold_check_is_made_in_the_frenzy_step_after_upkeep(table):
    """doc 002, "Game Round": leech, spirit bond, upkeep, then frenzy checks; after the check, leeching is
    over for the turn (the Impaler's check is still due: the turn waits at the frenzy step)."""
    state = with_model(with_model(with_model(table, BLITZ, fury=3), IMPALE, fury=1), LOCK, fury=0)
    state = to_step(state, "control", "replenish", seat=1)
    state = run(state, ThresholdCheck(warbeast=BLITZ, roll=roll(1, 1)))
    assert (state.phase, state.step) == ("control", "frenzy")
    assert refused(state, LeechFury(warlock=LOCK, warbeast=BLITZ, points=1)) == "step.passed"


def test_a_warbeast_without_fury_makes_no_check(table):
    """doc 002, "Frenzy & Threshold": only warbeasts with 1 or more fury check."""
    assert refused(checks(table), ThresholdCheck(warbeast=IMPALE, roll=roll(6, 6))) == "frenzy.no_fury"


def test_each_warbeast_checks_once_per_turn(table):
    """doc 002, "Frenzy & Threshold": one threshold check per warbeast in the control phase."""
    state = run(checks(table, impaler_fury=1), ThresholdCheck(warbeast=BLITZ, roll=roll(1, 2)))
    assert refused(state, ThresholdCheck(warbeast=BLITZ, roll=roll(1, 2))) == "frenzy.checked"


def test_the_check_takes_two_dice(table):
    """doc 002, "Frenzy & Threshold": the check is 2d6."""
    assert refused(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(3))) == "dice.count"
    assert refused(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(3, 7))) == "dice.face"


def test_threshold_checks_are_due_before_the_control_phase_ends(table):
    """doc 002, "Frenzy & Threshold": each warbeast with fury must check; the turn does not move on until it
    has, and moves on by itself once the last has."""
    state = checks(table, impaler_fury=1)
    assert (state.phase, state.step) == ("control", "frenzy")
    assert refused(state, Advance()) == "frenzy.checks_due"
    state = run(state, ThresholdCheck(warbeast=BLITZ, roll=roll(1, 1)))
    assert refused(state, Advance()) == "frenzy.checks_due"
    state = run(state, ThresholdCheck(warbeast=IMPALE, roll=roll(1, 1)))
    assert (state.phase, state.step) == ("activation", "activate")  # nothing else to decide in control


def test_a_frenzied_warbeast_shows_its_forced_steps(table):
    """doc 002, "Frenzy & Threshold": the frenzy's forced behaviour, step by step (in our words), on the
    event and in the warbeast's notes."""
    state, events = happened(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)))
    steps = frenzy_steps()
    assert events[-1].data["steps"] == list(steps)
    assert len(steps) >= 5
    assert any("charges" in s for s in steps) and any("boosted" in s for s in steps)
    assert [n for n in notes(state, BLITZ) if n.startswith("Frenzy: ")] == [f"Frenzy: {s}" for s in steps]


def test_a_frenzied_warbeast_shakes_effects_without_being_forced(table):
    """doc 002, "Frenzy & Threshold": it shakes knockdown, stationary and other effects that can be shaken,
    without being forced."""
    state = run(checks(table), AddEffect(model=BLITZ, effect="knocked_down"),
                AddEffect(model=BLITZ, effect="fire"))
    state = run(state, ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)))
    assert board(state).model(BLITZ).effects == ("fire",)
    assert board(state).model(BLITZ).fury == 3


def test_a_frenzied_warbeast_cannot_be_forced_and_its_attack_is_boosted_for_free(table):
    """doc 002, "Frenzy & Threshold": during its frenzy activation it cannot be forced; its attack roll is
    boosted automatically (no fury for it)."""
    state = run(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)))
    with pytest.raises(RuleViolation) as refusal:
        spend_points(state, board(state).model(BLITZ), 1, "boost")
    assert refusal.value.code == "force.frenzied"
    assert refused(state, Boost(model=BLITZ, roll="damage")) == "step.wrong"
    state = run(state, DeclareAttack(attacker=BLITZ, target=SERGEANT),
                AttackRoll(dice=roll(4, 4, 4), boosted=True, free_boost=True, hit=True))
    assert board(state).model(BLITZ).fury == 3


def test_the_frenzy_must_end_before_the_turn_moves_on(table):
    """doc 002, "Frenzy & Threshold": the frenzied warbeast activates immediately; nothing else happens until
    its activation is over."""
    state = run(checks(table, impaler_fury=1), ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)))
    assert refused(state, Advance()) == "frenzy.in_progress"
    assert refused(state, ThresholdCheck(warbeast=IMPALE, roll=roll(1, 1))) == "frenzy.in_progress"


def test_after_the_frenzy_fury_may_be_removed_and_its_activation_is_used_up(table):
    """doc 002, "Frenzy & Threshold": at the end of the frenzy activation it is no longer frenzied, any
    number of its fury points may be removed, and it cannot activate in the activation phase (the Impaler's
    check keeps the turn at the frenzy step meanwhile)."""
    state = run(checks(table, impaler_fury=1), ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)))
    assert refused(state, EndFrenzy(warbeast=BLITZ, remove_fury=4)) == "frenzy.fury_too_much"
    state, events = happened(state, EndFrenzy(warbeast=BLITZ, remove_fury=2))
    assert (board(state).model(BLITZ).fury, board(state).model(BLITZ).activation) == (1, "done")
    assert kinds(events)[:1] == ["frenzy.ended"]
    assert refused(state, EndFrenzy(warbeast=BLITZ)) == "frenzy.not_frenzied"
    state = run(state, ThresholdCheck(warbeast=IMPALE, roll=roll(1, 1)))
    assert (state.phase, state.step) == ("activation", "activate")
    assert refused(state, Activate(model=BLITZ)) == "activation.done"
    state = to_step(state, "control", "upkeep", seat=1)
    assert board(state).model(BLITZ).activation == "ready", "a new turn, a new activation"


def test_the_threshold_checks_wait_until_every_upkeep_is_decided(table):
    """doc 002, "Game Round": pay for upkeeps, then do frenzy checks; a warlock's upkeep spell is a decision
    (paid or let go) before the turn moves on, even when a threshold check is sent straight away."""
    from models.rules.warmachine.spells import DropUpkeep

    state = with_model(with_model(with_model(table, BLITZ, fury=3), IMPALE, fury=1), LOCK, upkeeps=("Iron Flesh",))
    state = to_step(state, "control", "upkeep", seat=1)
    assert state.step == "upkeep", "an upkeep to decide holds the turn at its step"
    assert refused(state, ThresholdCheck(warbeast=BLITZ, roll=roll(1, 1))) == "upkeep.pending"
    assert refused(state, Advance()) == "upkeep.pending"
    state = run(state, DropUpkeep(master=LOCK, spell="Iron Flesh"), ThresholdCheck(warbeast=BLITZ, roll=roll(1, 1)))
    assert state.step == "frenzy"


def test_a_frenzied_warbeast_knocked_down_in_its_frenzy_still_charges_and_attacks(table):
    """doc 002, "Frenzy & Threshold": a frenzied warbeast ignores effects that would make it forfeit its
    normal movement or combat action during its frenzy activation; knockdown is one of them."""
    state = run(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)), AddEffect(model=BLITZ,
                                                                                           effect="knocked_down"))
    state = run(state, DeclareAttack(attacker=BLITZ, target=SERGEANT))
    assert board(state).attack is not None and board(state).attack.attacker == BLITZ


def test_positive_control_a_knocked_down_warbeast_not_frenzied_makes_no_attack(table):
    """Outside a frenzy the same warbeast, knocked down in its activation, makes no attack (Mk III core rules,
    public: knockdown; doc 002 "Activation Sequence": it stands up by a forfeit)."""
    state = run(to_step(table, "activation", "activate", seat=1), Activate(model=BLITZ),
                AddEffect(model=BLITZ, effect="knocked_down"))
    assert refused(state, DeclareAttack(attacker=BLITZ, target=SERGEANT)) == "knockdown.no_attack"


def test_a_frenzied_warbeasts_attack_roll_is_boosted_by_the_rules_themselves(table):
    """doc 002, "Frenzy & Threshold": "The attack roll is automatically boosted": three dice without anyone
    ticking a boost, at no fury; two dice are refused. Positive control: the same warbeast, not frenzied, rolls
    two."""
    from models.rules.warmachine.attack_math import attack_dice_words

    state = run(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)),
                DeclareAttack(attacker=BLITZ, target=SERGEANT))
    assert attack_dice_words(state, board(state).attack, "attack") == "3 dice (boosted by the frenzy, free)"
    assert refused(state, AttackRoll(dice=roll(4, 4), hit=True)) == "attack.dice_count"
    after = run(state, AttackRoll(dice=roll(4, 4, 4), hit=True))
    assert board(after).attack.boosted_attack and board(after).model(BLITZ).fury == 3
    calm = run(to_step(table, "activation", "activate", seat=1), Activate(model=BLITZ),
               DeclareAttack(attacker=BLITZ, target=SERGEANT))
    assert attack_dice_words(calm, board(calm).attack, "attack") == "2 dice"


def test_a_frenzied_warbeasts_attack_is_a_charge_attack(table):
    """doc 002, "Frenzy & Threshold": it charges, and if it moved at least 3" the attack is a charge attack and
    its damage roll is boosted; the players say when it moved less."""
    frenzied = run(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)))
    state = run(frenzied, DeclareAttack(attacker=BLITZ, target=SERGEANT))
    assert board(state).attack.charge
    short = run(frenzied, DeclareAttack(attacker=BLITZ, target=SERGEANT, charge=False))
    assert not board(short).attack.charge


def test_a_frenzied_warbeast_makes_one_melee_attack(table):
    """doc 002, "Frenzy & Threshold": it makes one attack, with a melee weapon, and no additional attacks.
    Positive control: the same warbeast, not frenzied, makes a ranged attack and a second attack."""
    frenzied = run(checks(table), ThresholdCheck(warbeast=BLITZ, roll=roll(6, 6)))
    assert refused(frenzied, DeclareAttack(attacker=BLITZ, target=SERGEANT, kind="ranged")) == "frenzy.melee_only"
    state = run(frenzied, DeclareAttack(attacker=BLITZ, target=SERGEANT),
                AttackRoll(dice=roll(1, 1, 1), hit=False))
    assert refused(state, DeclareAttack(attacker=BLITZ, target=SERGEANT)) == "frenzy.one_attack"
    calm = run(to_step(table, "activation", "activate", seat=1), Activate(model=BLITZ),
               DeclareAttack(attacker=BLITZ, target=SERGEANT, kind="ranged"), AttackRoll(dice=roll(1, 1), hit=False))
    assert board(run(calm, DeclareAttack(attacker=BLITZ, target=SERGEANT))).attack is not None
