"""The quick form's picks follow the list rules (models/rules/warmachine/army_choices.py).

Rules: doc 001 "Horrors" (horrors join a model with Essence Manipulation), "Battlegroup Commander" (warjacks
join warcasters, warbeasts warlocks); doc 000 "Master Infernalist" (Regna starts with one lesser or light
horror); field allowance and characters as printed on the cards (a caster is a character); the list builder's
faction rule (mercenaries may join any army); doc 001 "Infernal Masters & Free Points" for the points.
"""

from models.catalog import shipped_cards
from models.rules.warmachine.army_choices import army_points, casters, choices, cost, refusal, unit_sizes
from models.rules.warmachine.setup import ArmyEntry as A

CARDS = shipped_cards()


def names(cards) -> set[str]:  # noqa: ANN001
    return {c.name for c in cards}


def test_every_caster_may_lead_a_quick_army():
    assert {"Agathon", "Princess Regna", "Captain Victoria Haley", "The Heretic"} <= names(casters(CARDS))
    assert "Foreboder" not in names(casters(CARDS))
    cygnar = names(casters(CARDS, "Cygnar"))
    assert "Captain Victoria Haley" in cygnar and "Agathon" not in cygnar


def test_an_infernal_master_is_offered_horrors_only():
    """doc 001 "Horrors": horrors start in the battlegroup of a model with Essence Manipulation; no warjack or
    warbeast joins it."""
    offer = choices([A(card="agathon")], CARDS)
    assert offer.battlegroup_role == "horror"
    assert {"Foreboder", "Tormentor", "Guardian of Souls"} <= names(offer.battlegroup)
    assert {c.role for c in offer.battlegroup} == {"horror"}


def test_a_warcaster_is_offered_warjacks_of_its_faction_and_a_warlock_warbeasts():
    """doc 001 "Battlegroup Commander": warjacks join warcasters, warbeasts warlocks; no horror for either."""
    haley = choices([A(card="captain-victoria-haley")], CARDS)
    assert haley.battlegroup_role == "warjack"
    assert "Charger" in names(haley.battlegroup) and {c.role for c in haley.battlegroup} == {"warjack"}
    heretic = choices([A(card="the-heretic")], CARDS)
    assert heretic.battlegroup_role == "warbeast"
    assert "Cage Rager" in names(heretic.battlegroup)
    assert "Dire Troll Mauler" not in names(heretic.battlegroup)  # a Trollbloods warbeast: another faction


def test_nothing_is_offered_before_a_caster_is_chosen():
    offer = choices([], CARDS)
    assert offer.battlegroup == () and offer.others == ()


def test_a_cage_rager_in_an_infernal_masters_battlegroup_is_refused():
    problem = refusal([A(card="agathon")], CARDS, A(card="cage-rager", battlegroup_of=0))
    assert problem is not None and problem.code == "list.faction"
    grymkin_cage_rager = CARDS["cage-rager"].model_copy(update={"faction": "Infernals"})
    problem = refusal([A(card="agathon")], {**CARDS, "cage-rager": grymkin_cage_rager},
                      A(card="cage-rager", battlegroup_of=0))
    assert problem is not None and "Only horrors can join Agathon's battlegroup" in problem.message


def test_regna_is_offered_one_lesser_or_light_horror():
    """doc 000 "Master Infernalist", reference README: Princess Regna may start with one lesser or light horror."""
    offer = choices([A(card="princess-regna")], CARDS)
    assert {"Foreboder", "Lamenter"} <= names(offer.battlegroup)
    assert "Tormentor" not in names(offer.battlegroup)
    full = choices([A(card="princess-regna"), A(card="foreboder", battlegroup_of=0)], CARDS)
    assert full.battlegroup == ()


def test_field_allowance_limits_what_is_offered():
    """The Umbral Guardian is FA 3 (reference README): after three, a fourth is not offered."""
    three = [A(card="agathon")] + [A(card="umbral-guardian")] * 3
    assert "Umbral Guardian" in names(choices(three[:3], CARDS).others)
    assert "Umbral Guardian" not in names(choices(three, CARDS).others)
    problem = refusal(three, CARDS, A(card="umbral-guardian"))
    assert problem is not None and "at most 3" in problem.message


def test_units_and_solos_follow_the_casters_faction():
    others = names(choices([A(card="agathon")], CARDS).others)
    assert {"Cultist Band", "Umbral Guardian"} <= others
    assert "Trencher Blockhouse" not in others and "Stormguard Infantry" not in others


def test_a_unit_size_must_be_one_its_card_prices():
    assert unit_sizes(CARDS["cultist-band"]) == (4, 6)
    assert refusal([A(card="agathon")], CARDS, A(card="cultist-band", size=5)).code == "list.unit_size"
    assert refusal([A(card="agathon")], CARDS, A(card="cultist-band", size=6)) is None


def test_points_count_the_battlegroup_against_the_casters_free_points():
    """doc 001 "Infernal Masters & Free Points": Agathon's +28 pays for his horrors; the rest costs army points."""
    army = [A(card="agathon"), A(card="tormentor", battlegroup_of=0), A(card="cultist-band", size=6)]
    total = army_points(army, CARDS)
    assert total.battlegroups[0].granted == 28 and total.battlegroups[0].spent == 12
    assert total.used == 7
    assert cost(army[1], CARDS["tormentor"]) == 12 and cost(army[0], CARDS["agathon"]) == 0
