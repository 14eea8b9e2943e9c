"""The attack assistant's numbers (models/service/views/warmachine_attack.py). Standard game: Ann's Guardian of
Souls (MAT 6) against Bob's Princess Regna (DEF 14, ARM 14), figures from the reference README."""

from models.catalog.schema import Weapon
from models.rules.warmachine.attacks import DeclareAttack
from models.rules.warmachine.match import board, with_board
from models.service.views.warmachine_attack import (
    damage_fields,
    damage_sum,
    hit_fields,
    hit_sum,
    roll_needs,
    weapon_choices,
)
from tests.rules.warmachine.game import GUARDIAN, REGNA, activated, new_game, run
from tests.rules.warmachine.other_side.other_side_game import CAST, JACK_1
from tests.rules.warmachine.other_side.other_side_game import new_game as other_side_game


def _declared(kind: str = "melee"):
    state = run(activated(new_game(), GUARDIAN), DeclareAttack(attacker=GUARDIAN, target=REGNA, kind=kind))
    return state, board(state).attack


def test_a_roll_says_how_many_dice_and_a_boost_adds_one():
    state, a = _declared()
    plain, boosted = roll_needs(state, a, "attack", False), roll_needs(state, a, "attack", True)
    assert plain.dice == 2 and plain.words == "Roll 2 dice."
    assert boosted.dice == 3 and boosted.words.startswith("Roll 3 dice (")


def test_the_hit_fields_hold_the_attackers_mat_and_the_targets_def():
    state, a = _declared()
    stat, defence = hit_fields(state, a)
    assert (stat.label, stat.value) == ("MAT of Guardian of Souls", 6)
    assert (defence.label, defence.value) == ("DEF of Princess Regna", 14)


def test_the_sums_are_sentences_with_the_rules_answer():
    state, a = _declared()
    assert hit_sum(state, a, (5, 4), 0, 6, 14) == (True, "Roll 9 + MAT 6 = 15 vs DEF 14: hit.")
    damage, words = damage_sum(state, a, (5, 4), 0, 12, 14)
    assert damage == 7 and words.startswith("Roll 9 + P+S 12") and words.endswith(".")


def test_a_card_with_several_weapons_offers_a_button_per_weapon_and_starts_with_the_first():
    state, a = _declared("ranged")
    card = board(state).card_of(board(state).model(GUARDIAN))
    armed = card.model_copy(update={"weapons": (Weapon(name="Gun", rng="10", pow=10),
                                                Weapon(name="Cannon", rng="12", pow=12))})
    armed_state = with_board(state, cards={**board(state).cards, card.key: armed})
    power, armour, buttons = damage_fields(armed_state, a, None)
    assert (power.label, power.value) == ("POW of the weapon", 10) and armour.value == 14
    assert [(b.words, b.spoken, b.value) for b in buttons] == [("Gun: POW 10", "Use Gun, POW 10", 10),
                                                              ("Cannon: POW 12", "Use Cannon, POW 12", 12)]
    assert damage_fields(state, a, 9)[0].value == 9 and damage_fields(state, a, None)[2] == ()


def test_a_warjack_says_where_its_weapon_can_sit_and_a_caster_does_not():
    state = other_side_game()
    assert weapon_choices(state, board(state).model(JACK_1))["other"] == "Elsewhere"
    assert weapon_choices(state, board(state).model(CAST)) == {}
