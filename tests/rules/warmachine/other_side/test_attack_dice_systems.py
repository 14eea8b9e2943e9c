"""Attack dice of warjacks and warbeasts (Mk III core rules as publicly summarised, see ``grids``): a weapon in a
crippled arm or head rolls one fewer die to hit and to damage; a warbeast with its Mind aspect crippled rolls one
fewer attack die, with its Body aspect crippled one fewer damage die. The test cards' grid and spiral are in
``other_side_game``."""

from models.rules.warmachine.attack_math import attack_dice, dice_count
from models.rules.warmachine.attacks import AttackRoll, DeclareAttack
from models.rules.warmachine.match import board
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    CAST,
    JACK_1,
    activated,
    refused,
    roll,
    run,
    with_model,
)

LEFT_ARM_CRIPPLED = (3, 3, 0, 0, 0, 0)  # every L box of JACK_GRID marked


def test_crippled_arm_system_weapon_rolls_one_fewer_die_to_hit_and_to_damage(table):
    """Crippled arm: that arm's weapon rolls one fewer die on attack and damage rolls; the other arm's and the
    head's weapons roll as usual."""
    state = with_model(activated(table, JACK_1), JACK_1, marks=LEFT_ARM_CRIPPLED)
    jack = board(state).model(JACK_1)
    assert [dice_count(state, jack, r, "left") for r in ("attack", "damage")] == [1, 1]
    assert [dice_count(state, jack, r, "right") for r in ("attack", "damage")] == [2, 2]
    state = run(state, DeclareAttack(attacker=JACK_1, target=BLITZ, weapon="left"))
    assert refused(state, AttackRoll(dice=roll(4, 4), hit=True)) == "attack.dice_count"
    assert board(run(state, AttackRoll(dice=roll(4), hit=True))).attack.step == "damage_roll"


def test_a_weapon_place_the_card_lacks_is_refused(table):
    """Only a warjack's grid has arms and a head: a warcaster's weapon is elsewhere."""
    state = activated(table, CAST)
    assert refused(state, DeclareAttack(attacker=CAST, target=BLITZ, weapon="left")) == "attack.weapon"


def test_crippled_mind_aspect_rolls_one_fewer_attack_die(table):
    """Crippled Mind: one fewer die on attack rolls; damage rolls as usual."""
    state = with_model(activated(table, BLITZ), BLITZ, marks=(5, 0, 0))
    blitz = board(state).model(BLITZ)
    assert (dice_count(state, blitz, "attack"), dice_count(state, blitz, "damage")) == (1, 2)


def test_crippled_body_aspect_rolls_one_fewer_damage_die(table):
    """Crippled Body: one fewer die on damage rolls; attack rolls as usual, boosted three."""
    state = with_model(activated(table, BLITZ), BLITZ, marks=(0, 6, 0))
    state = run(state, DeclareAttack(attacker=BLITZ, target=CAST))
    assert attack_dice(state, board(state).attack, "attack", asked_boost=True) == 3
    assert attack_dice(state, board(state).attack, "damage") == 1
