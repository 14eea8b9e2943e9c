"""The list builder's decisions, made by the rules (models/rules/warmachine/list_edits.py): where a new card goes,
which leaders and hosts an entry may take, and removing an entry.

Rules: doc 001 "Horrors" (a horror starts in the battlegroup of a model with Essence Manipulation);
doc 000 "Master Infernalist" with the reference README (Princess Regna may start with one lesser or light horror);
an attachment joins the unit its card names (the card's ``attaches_to``).
"""

import pytest

from models.catalog import shipped_cards
from models.rules import RuleViolation
from models.rules.warmachine.list_edits import hosts, leaders, unit_sizes, with_card, with_change, without_entry
from models.rules.warmachine.list_model import Army, ListEntry

CARDS = shipped_cards()


def build(*keys: str) -> Army:
    army = Army(title="Test list", faction="Infernals")
    for key in keys:
        army = with_card(army, CARDS, key)
    return army


def test_a_new_horror_joins_the_latest_master_with_essence_manipulation():
    """doc 001 "Horrors": every horror starts in the battlegroup of a model with Essence Manipulation."""
    army = build("agathon", "tormentor")
    assert army.entries[1] == ListEntry(card="tormentor", battlegroup_of=0)


def test_a_new_horror_skips_a_master_infernalist_whose_card_allows_no_more():
    """doc 000 "Master Infernalist"; reference README: Princess Regna may start with one lesser or light horror,
    so a second horror (or a heavy one) goes to the infernal master instead."""
    army = build("agathon", "princess-regna", "foreboder")
    regna = next(i for i, e in enumerate(army.entries) if e.card == "princess-regna")
    assert next(e for e in army.entries if e.card == "foreboder").battlegroup_of == regna
    army = with_card(army, CARDS, "lamenter")
    assert next(e for e in army.entries if e.card == "lamenter").battlegroup_of == 0
    army = with_card(army, CARDS, "tormentor")
    assert next(e for e in army.entries if e.card == "tormentor").battlegroup_of == 0


def test_a_horror_without_a_master_joins_no_battlegroup():
    """doc 001 "Horrors": with no model with Essence Manipulation there is no battlegroup to join."""
    assert build("tormentor").entries[0].battlegroup_of is None


def test_an_attachment_joins_the_unit_its_card_names():
    """The Dark Sentinel's card names the Cultist Band: it joins the latest band of the list."""
    army = build("agathon", "cultist-band", "cultist-band", "dark-sentinel")
    sentinel = next(e for e in army.entries if e.card == "dark-sentinel")
    assert army.entries[sentinel.attached_to].card == "cultist-band"
    assert hosts(army, CARDS, CARDS["dark-sentinel"]) == [i for i, e in enumerate(army.entries)
                                                          if e.card == "cultist-band"]


def test_an_attachment_with_nothing_to_join_joins_nothing():
    """Without a Cultist Band in the list the Dark Sentinel has no host."""
    assert build("agathon", "dark-sentinel").entries[1].attached_to is None


def test_the_leaders_offered_are_casters_whose_battlegroup_takes_the_model():
    """doc 001 "Horrors": only a model with Essence Manipulation leads a horror; a unit or solo never does."""
    army = build("agathon", "princess-regna", "cultist-band", "tormentor")
    tormentor = next(i for i, e in enumerate(army.entries) if e.card == "tormentor")
    offered = {army.entries[j].card for j in leaders(army, CARDS, tormentor)}
    assert offered == {"agathon", "princess-regna"}
    band = next(i for i, e in enumerate(army.entries) if e.card == "cultist-band")
    assert leaders(army, CARDS, band) == []


def test_a_new_unit_starts_at_its_smallest_priced_size():
    """The Cultist Band's card prices 4 and 6 models (reference README): a new entry has 4."""
    assert build("cultist-band").entries[0].size == 4
    assert unit_sizes(CARDS["cultist-band"]) == [4, 6]
    assert unit_sizes(CARDS["cultist-band"], 5) == [4, 5, 6]


def test_the_first_card_sets_the_list_faction():
    """A list is of its caster's faction (list_checks: list.faction); the first card sets it."""
    grymkin = next(c for c in CARDS.values() if c.faction == "Grymkin")
    assert build(grymkin.key).faction == "Grymkin"
    assert with_card(build("agathon"), CARDS, grymkin.key).faction == "Infernals"


def test_removing_a_caster_frees_its_battlegroup():
    """What joined a removed entry joins nothing; later indexes follow."""
    army = without_entry(build("agathon", "tormentor", "cultist-band", "orin-midwinter"), 0)
    assert [e.card for e in army.entries] == ["tormentor", "cultist-band", "orin-midwinter"]
    assert army.entries[0].battlegroup_of is None
    assert army.entries[2].attached_to == 1


def test_an_unknown_card_or_a_bad_value_is_refused_and_changes_nothing():
    """Bad input gets a clear refusal; the list is a value and stays as it was."""
    army = build("agathon")
    with pytest.raises(RuleViolation) as refused:
        with_card(army, CARDS, "no-such-card")
    assert refused.value.code == "list.unknown_card"
    with pytest.raises(RuleViolation) as refused:
        with_change(army, 0, size=99)
    assert refused.value.code == "list.bad_value"
    with pytest.raises(RuleViolation) as refused:
        with_change(army, 5, size=4)
    assert refused.value.code == "list.no_entry"
    assert army == build("agathon")
