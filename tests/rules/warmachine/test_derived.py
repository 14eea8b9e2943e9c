"""Derived values: control range, attack dice and effective stats, computed by the rules in one place
(``derived.py``) and given to ``options`` as the ``derived`` entry."""

from models.rules import options
from models.rules.core import DERIVED
from models.rules.warmachine.attacks import Boost, DeclareAttack
from models.rules.warmachine.derived import derived, flat, stat_words
from models.rules.warmachine.match import board
from tests.rules.warmachine.game import AGATHON, FOREBODER, GUARDIAN, REGNA, activated, run, with_model


def test_control_range_is_twice_the_essence_stat_not_the_points(game):
    """Doc 001 "Control Range" and doc 000 ruling "Your CTRL area is double your ESSENCE stat": Agathon
    (ESSENCE 9) has CTRL 18" with any essence held; Princess Regna (ESSENCE 5) 10"; a horror has none."""
    state = with_model(game, AGATHON, essence=2)
    assert derived(state, board(state).model(AGATHON)).ctrl == 18
    assert derived(state, board(state).model(REGNA)).ctrl == 10
    assert derived(state, board(state).model(GUARDIAN)).ctrl is None


def test_attack_dice_after_a_crippled_middle_ring_and_a_boost(game):
    """Doc 001 "Crippled Middle Ring": one fewer die on attack rolls, damage rolls unchanged; doc 001
    "ESSENCE: Boost": a boosted roll adds a die. Positive control: the unhurt Guardian rolls two."""
    assert derived(game, board(game).model(GUARDIAN)).dice == {"attack": 2, "attack_boosted": 3, "damage": 2,
                                                        "damage_boosted": 3}
    state = with_model(game, GUARDIAN, marks=(30, 16, 0))
    dice = derived(state, board(state).model(GUARDIAN)).dice
    assert (dice["attack"], dice["attack_boosted"], dice["damage"]) == (1, 2, 2)


def test_a_boost_paid_for_the_attack_in_progress_shows_in_its_dice(game):
    """Doc 001 "ESSENCE: Boost": the boost is declared before the roll, so the attack in progress needs three."""
    state = activated(game, GUARDIAN)
    state = run(state, DeclareAttack(attacker=GUARDIAN, target=REGNA), Boost(model=GUARDIAN, roll="attack"))
    dice = derived(state, board(state).model(GUARDIAN)).dice
    assert (dice["pending_attack"], dice["pending_damage"]) == (3, 2)


def test_knocked_down_or_stationary_model_has_base_def_5(game):
    """Mk III core rules as publicly summarised (Knockdown, Stationary pages cited in derived.py): DEF 5; the
    other stats are the card's. Positive control: standing, Agathon has his card's DEF 14."""
    assert derived(game, board(game).model(AGATHON)).stats == {"DEF": 14, "ARM": 15, "MAT": 6}
    state = with_model(game, AGATHON, effects=("knocked_down",))
    numbers = derived(state, board(state).model(AGATHON))
    assert numbers.stats == {"DEF": 5, "ARM": 15, "MAT": 6}
    assert stat_words(numbers) == "DEF 5 (knocked down) · ARM 15 · MAT 6"
    state = with_model(game, FOREBODER, effects=("stationary",))
    assert derived(state, board(state).model(FOREBODER)).stats["DEF"] == 5


def test_options_lead_with_the_derived_values(game):
    """The ``derived`` entry of ``options`` holds the same numbers, flat, for the API."""
    first = options(game, AGATHON)[0]
    assert (first.action, first.allowed) == (DERIVED, False)  # not an action: nothing to tap
    assert first.values == flat(derived(game, board(game).model(AGATHON)))
    assert first.values["CTRL"] == 18 and first.values["DEF"] == 14 and first.values["dice:attack"] == 2
