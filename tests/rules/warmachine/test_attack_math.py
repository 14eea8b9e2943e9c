"""The table's arithmetic for an attack (doc 002 Appendix A: "determine if the model would be hit", "determine if
the roll would damage the model"; all 1s and all 6s: Mk III core rules "Automatic Hits and Misses", public)."""

from models.rules.warmachine.attack_math import damage_check, hit_check, kept


def test_an_attack_hits_when_the_roll_plus_mat_reaches_def():
    """Roll plus MAT equal to DEF is a hit; one less is a miss."""
    assert hit_check((5, 3), "MAT", 7, 15).hit is True
    assert hit_check((5, 3), "MAT", 7, 13).words == "roll 8 + MAT 7 = 15 vs DEF 13: hit"
    assert hit_check((4, 3), "MAT", 7, 15).hit is False


def test_all_ones_miss_whatever_the_numbers():
    """A roll of all 1s misses, even when roll plus MAT would reach DEF."""
    check = hit_check((1, 1), "MAT", 12, 5)
    assert check.hit is False and "all 1s" in check.words


def test_all_sixes_hit_whatever_the_numbers_unless_one_die():
    """A roll of all 6s hits whatever the DEF, but not when only one die is rolled."""
    assert hit_check((6, 6), "RAT", 3, 20).hit is True
    assert hit_check((6,), "MAT", 3, 20).hit is False


def test_a_missing_number_leaves_the_call_to_the_players():
    """Without the stat or the DEF the numbers say nothing, and the words ask for it."""
    check = hit_check((4, 4), "magic skill", None, 13)
    assert check.hit is None and "enter the magic skill" in check.words


def test_damage_is_roll_plus_power_less_arm_never_below_zero():
    """Damage points are what the roll plus P+S or POW exceeds ARM by; a roll that does not exceed ARM
    deals none."""
    assert damage_check((5, 4), "P+S", 12, 18).words == "roll 9 + P+S 12 = 21 - ARM 18 = 3 damage"
    assert damage_check((1, 1), "POW", 10, 18).damage == 0
    assert damage_check((3, 3), "POW", None, 18).damage is None


def test_removed_dice_leave_the_highest():
    """doc 002 Appendix A, step c: dice removed from the roll leave the sum (the assistant takes the lowest)."""
    assert kept((2, 6, 4), 1) == (6, 4)
