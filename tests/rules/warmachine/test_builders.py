"""The commands the face builds from what the players typed, for the controls no model's option carries (DESIGN.md
"The rules can say what is possible": no command is built twice, none in a component), and a horror's web rings
completed on its card before it is summoned (doc 001, "Marked Soul")."""

import pytest

from models.catalog import shipped_cards
from models.rules import RuleViolation
from models.rules.dice import Roll
from models.rules.warmachine import builders
from models.rules.warmachine.attacks import DamageRoll, ResolveDisabled
from models.rules.warmachine.clock import AdjustClock, PauseClock
from models.rules.warmachine.completion import rings_to_ask, with_typed_rings
from models.rules.warmachine.continuous import ResolveContinuous
from models.rules.warmachine.damage import Entry
from models.rules.warmachine.pregame import RollPriority
from models.rules.warmachine.setup import ArmyEntry, CompleteCard, SetupGame
from models.rules.warmachine.shake import AddEffect, RemoveEffect
from tests.rules.warmachine.game import AGATHON

CARDS = shipped_cards()


def test_priority_dice_typed_by_each_player_or_left_to_the_service():
    """doc 002 "Game Setup": each player rolls a die for priority; typed dice are each player's own roll, none
    typed lets the service roll both."""
    assert builders.roll_priority((5, 2)) == RollPriority(dice=(Roll(dice=(5,)), Roll(dice=(2,))))
    assert builders.roll_priority() == RollPriority(dice=None)


def test_a_judge_sets_a_players_time_in_minutes_and_seconds_and_pauses_for_a_judge_call():
    """doc 002 "Deathclock": a judge's correction is typed as minutes and seconds; the pause says it is a judge
    call (the service stamps the time of each)."""
    assert builders.adjust_clock(1, 12, 30) == AdjustClock(seat=1, remaining_ms=750_000)
    assert builders.pause_clock() == PauseClock(reason="Judge call")


def test_a_new_game_keeps_the_catalog_cards_its_armies_use():
    """A player's catalog goes with their game only as far as the armies use it; no catalog leaves the cards to
    the service (the site's, supplied at the start)."""
    sides = [("Ann", [ArmyEntry(card="agathon"), ArmyEntry(card="foreboder", battlegroup_of=0)]), ("Bob", [])]
    setup = builders.setup_game("Friday game", sides, 1, cards=CARDS, themes=("theme", None))
    assert isinstance(setup, SetupGame) and sorted(setup.cards) == ["agathon", "foreboder"]
    assert (setup.first, setup.sides[0].theme, setup.sides[1].army, setup.wizard) == (1, "theme", (), False)
    assert builders.setup_game("Friday game", sides).cards == {}
    assert builders.setup_game("Pairs", [("Ann", []), ("Bob", [])], pairs=True).wizard  # pairs are given there


def test_a_game_has_two_sides():
    with pytest.raises(RuleViolation) as refusal:
        builders.setup_game("Three", [("Ann", []), ("Bob", []), ("Cy", [])])
    assert refusal.value.code == "setup.two_sides"
    with pytest.raises(RuleViolation):
        builders.setup_game("Three themes", [("Ann", []), ("Bob", [])], themes=(None, None, None))


def test_a_card_is_completed_in_the_game_only():
    assert builders.complete_card(CARDS["agathon"]) == CompleteCard(card=CARDS["agathon"])


def test_damage_goes_in_where_the_players_said():
    """doc 002 "Damage Application": a grid's column, a colossal's side and the column it spills into."""
    where = Entry(column=3, side="left", then_column=5)
    rolled = Roll(dice=(4, 4))
    assert builders.damage_roll(rolled, 6, False, False, where, None, 12, 15) == DamageRoll(
        dice=rolled, damage=6, column=3, side="left", then_column=5, power=12, armour=15)
    assert builders.continuous_damage(AGATHON, "fire", 2, where) == ResolveContinuous(
        model=AGATHON, effect="fire", expires=False, damage=2, column=3, side="left", then_column=5)
    assert builders.continuous_expires(AGATHON, "fire") == ResolveContinuous(model=AGATHON, effect="fire",
                                                                             expires=True)


def test_a_disabled_model_goes_on_or_survives_with_damage_removed():
    """doc 002 "Damage Application": an effect that removes damage saves a disabled model; otherwise it goes on."""
    assert builders.resolve_disabled(AGATHON, "disabled") == ResolveDisabled(model=AGATHON, stage="disabled")
    assert builders.resolve_disabled(AGATHON, "boxed", 2, 4, "right") == ResolveDisabled(
        model=AGATHON, stage="boxed", survives=True, heal=2, column=4, side="right")


def test_an_effect_on_the_model_comes_off_and_one_not_on_it_goes_on():
    """doc 001 "Shake Effect": effects are put on and taken off as they happen at the table."""
    assert builders.toggle_effect(AGATHON, "blind", on=True) == RemoveEffect(model=AGATHON, effect="blind")
    assert builders.toggle_effect(AGATHON, "blind", on=False) == AddEffect(model=AGATHON, effect="blind")


def test_a_horror_without_its_web_rings_is_completed_with_the_typed_rings():
    """doc 001 "Marked Soul" (summoning) and "ESSENCE": a horror summoned from a card that leaves its web rings
    blank is tracked with the rings its player types from their own card; a card that has them is used as is."""
    blank = CARDS["foreboder"]
    assert rings_to_ask(blank) == ("Outer", "Middle", "Centre")
    done = with_typed_rings(blank, [7, 6, 4])
    assert done.damage.rings == (7, 6, 4) and rings_to_ask(done) == ()
    assert with_typed_rings(done, []) is done


def test_a_web_ring_that_is_not_a_number_of_boxes_is_refused():
    """doc 001 "ESSENCE": every ring of a web has boxes; nothing is completed from a bad ring."""
    with pytest.raises(RuleViolation) as bad:
        with_typed_rings(CARDS["foreboder"], [7, None, 4])
    assert bad.value.code == "card.rings" and "1 to 60" in bad.value.message
    with pytest.raises(RuleViolation):
        with_typed_rings(CARDS["foreboder"], [7, 61, 4])
