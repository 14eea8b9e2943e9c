"""What the dialogs and a model's buttons offer and say (models/service/views/warmachine_dialogs.py)."""

from models.rules.warmachine.match import board, with_models
from models.rules.warmachine.shake import EFFECTS
from models.service.views.warmachine_dialogs import (
    arcana_choice,
    caster_control_question,
    effect_toggles,
    label_for,
    master_control_question,
    spirit_bond_hint,
    summon_cost_words,
    summon_offer,
)
from tests.rules.warmachine.game import AGATHON, completed_foreboder, new_game
from tests.rules.warmachine.other_side.other_side_game import CAST, DREAMER, LOCK, grymkin_game
from tests.rules.warmachine.other_side.other_side_game import new_game as other_side_game


def test_a_button_names_the_effect_it_shakes_off_and_hides_options_it_does_not_know():
    assert label_for("shake:fire") == "Shake off on fire (1)"
    assert label_for("upkeep:Dark Shroud") == "Upkeep Dark Shroud (1)"
    assert label_for("activate") == "Activate" and label_for("attack") is None


def test_the_control_range_question_gives_the_casters_ctrl_but_its_name_does_not():
    words, spoken = caster_control_question(other_side_game(), CAST, "The warjack")
    assert words == 'The warjack is in Commander Test\'s control range (12")'
    assert spoken == "The warjack is in Commander Test's control range"


def test_a_master_asks_about_its_control_range_of_twice_its_essence():
    assert master_control_question(new_game(), AGATHON) == 'It is in Agathon\'s control range (18")'


def test_spirit_bond_counts_the_warlocks_fallen_warbeasts():
    assert spirit_bond_hint(other_side_game(), LOCK).endswith("(0 so far).")


def test_a_grymkin_warlocks_first_card_may_be_its_own_trump():
    offer = arcana_choice(grymkin_game(), DREAMER)
    assert offer.trump == "Trump of Dreams" and offer.first[0] == "Trump of Dreams"
    assert offer.first[1:] == offer.regular and "Trump of Dreams" not in offer.regular


def test_a_master_may_summon_the_horrors_of_the_players_catalog_at_their_cost():
    state = new_game()
    offer = summon_offer(state, AGATHON, {"foreboder": completed_foreboder()})
    assert "foreboder" in offer.horrors and not offer.gate
    assert summon_cost_words(state, AGATHON, completed_foreboder(), False) == "Cost: 1 essence (Agathon has 9)"
    assert summon_cost_words(state, AGATHON, completed_foreboder(), True).startswith("Cost: 0 essence")


def test_each_effect_is_put_on_or_taken_off_in_words():
    state = new_game()
    m = board(state).model(AGATHON)
    burning = board(with_models(state, m.model_copy(update={"effects": ("fire",)}))).model(AGATHON)
    toggles = {t.effect: t for t in effect_toggles(burning)}
    assert set(toggles) == set(EFFECTS)
    assert toggles["fire"].on and toggles["fire"].words == "No longer on fire"
    assert not toggles["knocked_down"].on and toggles["knocked_down"].words == "Now knocked down"
