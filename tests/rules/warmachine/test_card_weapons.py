"""doc 002 "Damage Rolls": a melee damage roll adds the weapon's P+S, a ranged one its POW; the attack assistant
takes them from the card's weapons (as printed) instead of asking every time."""

from models.catalog import shipped_cards
from models.catalog.schema import Card, Weapon
from models.rules.warmachine.attack_math import weapon_powers


def test_a_melee_attack_adds_the_weapons_p_s_and_a_ranged_one_its_pow():
    card = Card(key="x", name="X", faction="Khador", role="warcaster", weapons=(
        Weapon(name="Hand Cannon", rng="12", rof="1", pow=12), Weapon(name="Frostfang", rng="2", pow=7, ps=13)))
    assert weapon_powers(card, "melee") == {"Frostfang": 13}
    assert weapon_powers(card, "ranged") == {"Hand Cannon": 12}
    assert weapon_powers(card, "power") == {} and weapon_powers(card, "magic") == {}


def test_a_card_without_weapons_leaves_the_number_to_the_player():
    assert weapon_powers(Card(key="y", name="Y", faction="Cygnar", role="solo"), "melee") == {}


def test_a_shipped_caster_carries_its_weapons_and_spells():
    haley = shipped_cards()["captain-victoria-haley"]
    assert weapon_powers(haley, "melee") == {"Vortex Spear": 11} and weapon_powers(haley, "ranged")
    assert any(s.upkeep for s in haley.spells) and any(s.off for s in haley.spells)
