"""What the home page's quick form offers a side and how its picks answer (models/service/quick_army.py)."""

from __future__ import annotations

from models.catalog import shipped_cards
from models.rules.warmachine.setup import ArmyEntry
from models.service.quick_army import (
    SMALLEST,
    QuickArmy,
    asks_size,
    caster_choices,
    faction_choices,
    offer,
    refitted,
    restored,
    size_choices,
    with_entry,
)

CARDS = shipped_cards()
AGATHON = QuickArmy(caster="agathon", entries=(ArmyEntry(card="tormentor", battlegroup_of=0),
                                               ArmyEntry(card="cultist-band", size=6)))


def test_all_factions_comes_before_the_factions_with_a_caster():
    factions = faction_choices(CARDS)
    assert next(iter(factions)) == "" and factions[""] == "All factions" and "Infernals" in factions


def test_the_casters_offered_follow_the_faction():
    infernals = caster_choices(CARDS, "Infernals")
    assert infernals["agathon"] == "Agathon" and len(caster_choices(CARDS, "")) > len(infernals)


def test_a_unit_is_asked_its_size_from_those_it_prices():
    sizes = size_choices(CARDS, "cultist-band")
    assert asks_size(CARDS, "cultist-band") and sizes[SMALLEST] == "smallest" and sizes[6] == "6 models"


def test_a_solo_is_not_asked_a_size():
    assert not asks_size(CARDS, "umbral-guardian") and not asks_size(CARDS, None)
    assert size_choices(CARDS, "umbral-guardian") == {SMALLEST: "smallest"}


def test_an_infernal_master_is_offered_horrors_and_the_army_its_points():
    now = offer(AGATHON, CARDS)
    assert now.battlegroup_role == "horror" and "tormentor" in now.battlegroup and "cultist-band" in now.others
    assert now.points.startswith("Army points: 7; battlegroup points 12 / 28")
    assert [p.text for p in now.picked] == ["Tormentor · 12 pts", "Cultist Band (6 models) · 7 pts"]


def test_no_caster_offers_nothing_and_shows_no_points():
    now = offer(QuickArmy(), CARDS)
    assert (now.battlegroup_role, now.battlegroup, now.others, now.points) == ("", {}, {}, "")


def test_a_refused_pick_leaves_the_army_and_says_why():
    army, refusal = with_entry(AGATHON, CARDS, ArmyEntry(card="no-such-card"))
    assert army == AGATHON and refusal == "No card 'no-such-card' is known on this site."


def test_a_pick_the_rules_allow_joins_the_army():
    army, refusal = with_entry(AGATHON, CARDS, ArmyEntry(card="umbral-guardian"))
    assert refusal is None and army.entries[-1].card == "umbral-guardian"


def test_without_a_caster_every_model_picked_goes_and_is_named():
    kept, dropped = refitted(QuickArmy(entries=AGATHON.entries), CARDS)
    assert kept.entries == () and dropped == ("Tormentor", "Cultist Band")


def test_kept_models_come_back_only_while_still_legal():
    kept = [e.model_dump() for e in AGATHON.entries] + [{"card": "no-such-card"}, "not an entry"]
    assert restored(QuickArmy(caster="agathon"), CARDS, kept).entries == AGATHON.entries
    assert restored(QuickArmy(), CARDS, kept).entries == ()
