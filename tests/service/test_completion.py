"""What each screen asks about an incomplete card, in the order it shows it, and the card the answers make
(models/service/completion.py)."""

import pytest

from models.catalog import shipped_cards
from models.catalog.schema import Stats
from models.rules import RuleViolation
from models.rules.warmachine.setup import ArmyEntry
from models.service.completion import (
    LEADER_BOXES,
    RING_FIELDS,
    pregame_ask,
    pregame_card,
    pregame_questions,
    still_missing,
    summon_questions,
    summoned_horror,
    table_card,
    table_questions,
)

CARDS = shipped_cards()
NO_STATS = Stats()


def test_the_table_asks_a_horrors_rings_after_its_essence_and_says_the_webs_total():
    horror = CARDS["foreboder"].model_copy(update={"stats": NO_STATS})
    asked = table_questions(horror)
    assert asked.numbers == ("ESSENCE", *RING_FIELDS) and asked.rings == RING_FIELDS and asked.web_total == 14
    assert asked.most == 99
    done = table_card(asked, {"ESSENCE": 2, **dict(zip(RING_FIELDS, (7, 4, 3), strict=True))})
    assert done.stats.ESSENCE == 2 and done.damage.rings == (7, 4, 3)


def test_the_table_asks_a_warcasters_boxes_before_its_focus_and_the_pregame_screen_after():
    caster = CARDS["omodamos"].model_copy(update={"role": "warcaster", "stats": NO_STATS})
    assert table_questions(caster).numbers == ("Damage boxes", "FOCUS")
    assert pregame_questions(caster).numbers == ("FOCUS", "Damage boxes")
    assert not table_questions(CARDS["agathon"]).facts


def test_a_unit_left_without_leader_boxes_gives_its_leader_the_troopers_boxes():
    asked = pregame_questions(CARDS["howlers"])
    assert asked.numbers[-2:] == ("Trooper boxes", LEADER_BOXES) and asked.optional == (LEADER_BOXES,)
    done = pregame_card(asked, {"Trooper boxes": 5, LEADER_BOXES: None})
    assert done.unit is not None and (done.unit.trooper_boxes, done.unit.leader_boxes) == (5, None)


def test_a_pregame_refusal_names_the_card_it_is_about():
    foreboder = CARDS["foreboder"]
    with pytest.raises(RuleViolation, match="^Foreboder: the three rings must add up to the web's 14 boxes.$"):
        pregame_card(pregame_questions(foreboder), dict(zip(RING_FIELDS, (7, 4, 4), strict=True)))
    king = pregame_questions(CARDS["the-king-of-nothing"])
    assert king.trump
    with pytest.raises(RuleViolation, match="Trump arcana: enter the name of its Trump card"):
        pregame_card(king, {}, trump="  ")
    assert pregame_card(king, {}, trump=" The  Trump ").trump == "The Trump"


def test_the_pregame_screen_says_which_cards_still_lack_what():
    assert still_missing([CARDS["agathon"]]) is None
    assert still_missing([CARDS["foreboder"], CARDS["agathon"]]) == "Still missing: Foreboder (web rings)."


def test_summoning_asks_a_horrors_rings_outer_first_only_while_its_card_lacks_them():
    asked = summon_questions(CARDS["foreboder"])
    assert asked.rings == ("Outer ring", "Middle ring", "Centre ring") and asked.most == 60
    done = summoned_horror(CARDS["foreboder"], [7, 4, 3])
    assert summon_questions(done).rings == () and summoned_horror(done, []) is done
    with pytest.raises(RuleViolation, match="Each ring needs a whole number"):
        summoned_horror(CARDS["foreboder"], [7, None, 3])


def test_before_the_game_a_refused_setup_asks_nothing_and_a_card_is_asked_of_the_first_side_only():
    army = [ArmyEntry(card="agathon"), ArmyEntry(card="foreboder", battlegroup_of=0)]
    assert pregame_ask(" ", [("Ann", army)], CARDS).refusal == "The game title cannot be empty."
    asking = pregame_ask("Game", [("Ann", army), ("Bob", army)], CARDS)
    assert asking.refusal is None
    assert [(p, [q.card.key for q in qs]) for p, qs in asking.sides] == [("Ann", ["foreboder"])]
