"""What the fast entry screens make of what a player types (models/service/card_entry.py): a colossal's two grids
and a gargantuan's two spirals typed as codes, the cards a card may start from, the cards of a list still to enter,
and a card made from typed answers, checked as every card kept (bad input refused in words, the card's name first).
The numbers are test entries."""

import pytest

from models.catalog import shipped_cards
from models.catalog.schema import GridLayout, SpiralLayout
from models.rules import RuleViolation
from models.service.card_entry import Typed, codes_for, entered, list_cards, progress, start_choices, started_from

CARDS = shipped_cards()


def test_a_colossals_two_grids_are_twelve_columns_left_first_eight_boxes_high():
    stormwall = CARDS["stormwall"]
    codes = codes_for(stormwall)
    assert codes is not None and codes.sections[0] == "Left column 1" and codes.sections[11] == "Right column 6"
    assert codes.rows == 8
    typed = ("4", "5 L L", "6 G M C", "6 G M C", "5 S S", "2") * 2  # 56 boxes
    layout = codes.layout(typed, 56)
    assert isinstance(layout, GridLayout) and layout.sides == 2 and layout.columns[2] == "--...CMG"
    with pytest.raises(RuleViolation, match="Your card has 56 boxes; 54 are drawn."):
        codes.layout(("4", "5 L L", "6 G M C", "6 G M C", "5 S S", "1") * 2, 56)
    with pytest.raises(RuleViolation, match="Right column 6: type its boxes too."):
        codes.layout(typed[:11] + ("",), 56)


def test_a_gargantuans_two_spirals_are_six_branches_left_first():
    beast = CARDS["gorax-rager"].model_copy(update={"weight": "gargantuan",
                                                    "damage": SpiralLayout(total=None, sides=2)})
    codes = codes_for(beast)
    assert codes is not None and codes.sections == (
        "Left Mind branch", "Left Body branch", "Left Spirit branch",
        "Right Mind branch", "Right Body branch", "Right Spirit branch")
    layout = codes.layout(("14 3", "15 3", "14 3") * 2, None)
    assert isinstance(layout, SpiralLayout) and layout.sides == 2 and layout.branches[4] == "." * 12 + "BBB"


def test_a_warjack_starts_from_an_entered_warjack_of_its_faction_only():
    jugg = CARDS["juggernaut"].model_copy(update={"damage": GridLayout(columns=("....",) * 6)})
    other = CARDS["charger"].model_copy(update={"damage": GridLayout(columns=("...",) * 6)})  # Cygnar
    cards = {**CARDS, "juggernaut": jugg, "charger": other}
    assert start_choices(CARDS["destroyer"], cards) == {"juggernaut": "Juggernaut"}
    assert started_from(CARDS["destroyer"], jugg) == ("4",) * 6


def test_a_lists_cards_to_enter_are_those_lacking_a_fact_in_list_order_each_once():
    keys = ["kommander-sorscha", "juggernaut", "winter-guard-infantry", "destroyer", "juggernaut"]
    assert [c.key for c in list_cards(keys, CARDS)] == ["kommander-sorscha", "juggernaut", "destroyer"]
    assert progress(1, 3) == "1 of 3 cards complete"


def test_typed_answers_make_the_card_and_bad_ones_are_refused_naming_it():
    made = entered(CARDS["juggernaut"], Typed(stats={"MAT": "7", "ARM": "19"}, cost="19", fa="u",
                                              weapons=(("Ice Axe", "2", "", "", "16", ""),)))
    assert (made.stats.MAT, made.stats.ARM, made.cost, made.fa) == (7, 19, 19, "U")
    assert made.weapons[0].name == "Ice Axe" and made.weapons[0].pow == 16
    for typed, words in ((Typed(stats={"ARM": "99"}), "Juggernaut: ARM: enter a whole number from 0 to 40"),
                         (Typed(weapons=(("", "2", "", "", "16", ""),)), "Juggernaut: Weapon 1: give the weapon's"),
                         (Typed(fa="ABCD"), "Juggernaut: FA is C (one per army), U (unlimited) or a number."),
                         (Typed(codes=("4", "5 X", "", "", "", "")), "Juggernaut: Column 2: X is not a system")):
        with pytest.raises(RuleViolation) as refused:
            entered(CARDS["juggernaut"], typed)
        assert refused.value.message.startswith(words)


def test_a_shipped_fact_cannot_be_typed_over():
    sorscha = CARDS["kommander-sorscha"]
    made = entered(sorscha, Typed(stats={"CMD": "9"}))
    assert made.stats.CMD == 9 and made.stats.SPD == sorscha.stats.SPD
    with pytest.raises(RuleViolation, match="already gives its"):
        entered(sorscha, Typed(stats={"SPD": "9"}))
