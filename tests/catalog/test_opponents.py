"""The catalog fields an opponent for the infernal player: every number it ships names where it was read (a
Mark III page or a reference document), layouts no source gives stay empty, and docs/CATALOG.md lists what is
still missing."""

import re

import pytest

from docs.catalog_table import CITED as CITED_PAGE
from docs.catalog_table import DOC, render
from models.catalog import hand_made_cards, shipped_cards
from models.catalog.schema import Card, GridLayout, SpiralLayout, WebLayout, missing_for_play

CITED = re.compile(r"https?://\S+|reference README|doc 00\d")


def numbers(card: Card) -> list[str]:
    """The numeric facts a card claims (stats, base, damage, points, card id, unit costs)."""
    found = [s for s, v in card.stats.model_dump().items() if v is not None]
    found += [f for f in ("base_mm", "cost", "battlegroup_points", "card_id") if getattr(card, f) is not None]
    layout = card.damage
    if layout is not None:
        found += [f for f, v in layout.model_dump().items() if f != "kind" and v is not None]
    if card.unit is not None:
        found += [f for f in ("costs", "leader_boxes", "trooper_boxes") if getattr(card.unit, f)]
    return found


def uncited(cards: list[Card]) -> list[str]:
    """Keys of cards that claim a number without naming a page address or a reference document."""
    return [c.key for c in cards if numbers(c) and not CITED.search(c.source)]


def of(faction: str, role: str) -> list[Card]:
    """The hand-made cards of ``faction`` and ``role`` (as the catalog ships them, facts merged)."""
    cards = shipped_cards()
    return [cards[k] for k, c in hand_made_cards().items() if c.faction == faction and c.role == role]


def test_every_card_that_has_a_number_names_the_page_or_document_it_came_from():
    assert uncited(list(shipped_cards().values())) == []


def test_a_number_without_an_address_is_caught():
    """Positive control: the same check flags a made-up card whose source names no page or document."""
    vague = Card(key="vague", name="Vague", faction="Cygnar", role="solo", stats={"DEF": 13}, source="a forum post")
    blank = Card(key="blank", name="Blank", faction="Cygnar", role="solo", cost=4)
    named_only = Card(key="named", name="Named", faction="Cygnar", role="solo", source="")
    assert uncited([vague, blank, named_only]) == ["vague", "blank"]


@pytest.mark.parametrize("faction, leaders, role, least, gear, weights", [
    ("Cygnar", 3, "warcaster", 4, "warjack", {"light", "heavy"}),
    ("Trollbloods", 3, "warlock", 4, "warbeast", {"light", "heavy"}),
    ("Grymkin", 2, "warlock", 3, "warbeast", {"light", "heavy"}),
])
def test_each_opponent_faction_ships_casters_and_a_battlegroup(faction, leaders, role, least, gear, weights):
    casters = of(faction, role)
    assert len(casters) >= leaders, [c.name for c in casters]
    for caster in casters:  # boxes and battlegroup points: the caster can be fielded and take damage
        assert missing_for_play(caster) == () and caster.battlegroup_points is not None, caster.key
    battlegroup = of(faction, gear)
    assert len(battlegroup) >= least and {c.weight for c in battlegroup} >= weights


def test_warcasters_come_with_focus_and_warlocks_with_fury_where_a_page_gives_it():
    focus = {c.key: c.stats.FOCUS for c in of("Cygnar", "warcaster")}
    assert focus == {"captain-victoria-haley": 7, "commander-coleman-stryker": 6, "captain-kara-sloan": 6}
    assert shipped_cards()["madrak-ironhide"].stats.FURY == 5
    assert shipped_cards()["the-king-of-nothing"].stats.FURY == 8
    assert shipped_cards()["the-heretic"].stats.FURY is None  # not on the stored page: the player is asked


@pytest.mark.parametrize("key, facts", [
    ("captain-victoria-haley", {"boxes": 15, "battlegroup_points": 27, "DEF": 16, "ARM": 14, "base_mm": 30}),
    ("commander-coleman-stryker", {"boxes": 17, "battlegroup_points": 30, "MAT": 7, "base_mm": None}),
    ("captain-kara-sloan", {"boxes": 16, "battlegroup_points": 28, "RAT": 8}),
    ("charger", {"total": 26, "cost": 9, "fa": "U", "weight": "light"}),
    ("stormclad", {"total": 30, "cost": 17, "fa": "U", "weight": "heavy"}),
    ("earthborn-dire-troll", {"total": 32, "cost": 14, "FURY": 4, "THR": 9}),
    ("troll-axer", {"total": 22, "cost": 8, "THR": 8, "weight": "light"}),
    ("gorehound", {"total": 20, "cost": 6, "THR": 8, "weight": "light"}),
    ("hermit-of-henge-hold", {"cost": 5}),
    ("infernal-gate", {"STR": 0, "boxes": 25}),
])
def test_page_facts_are_used_as_they_are(key, facts):
    card = shipped_cards()[key]
    for field, value in facts.items():
        if field in ("boxes", "total"):
            assert getattr(card.damage, field) == value, field
        elif field.isupper():
            assert getattr(card.stats, field) == value, field
        else:
            assert getattr(card, field) == value, field


def test_mark_iv_numbers_are_not_used():
    """The Mk IV pages give the Stormclad cost 15 and FA 4, the Charger FA 4: the catalog keeps the Mk III ones."""
    cards = shipped_cards()
    assert (cards["stormclad"].cost, cards["stormclad"].fa) == (17, "U")
    assert cards["charger"].fa == "U"


def test_no_damage_layout_is_invented():
    """No public page gives a grid's columns or a spiral's branches: every warjack and warbeast ships its total
    only; web rings only where the reference gives them (the colossal horrors)."""
    for card in shipped_cards().values():
        layout = card.damage
        if isinstance(layout, GridLayout):
            assert layout.columns is None, card.key
        if isinstance(layout, SpiralLayout):
            assert layout.branches is None, card.key
        if isinstance(layout, WebLayout) and layout.rings is not None:
            assert card.weight == "colossal", card.key


def test_the_catalog_doc_is_current():
    """`python docs/catalog_table.py` rewrites docs/CATALOG.md; it must match the shipped cards."""
    assert DOC.read_text(encoding="utf-8") == render(shipped_cards().values())


def test_the_catalog_doc_shows_a_change_and_what_is_missing():
    """Positive control for the check above: a changed card changes the coverage and its row names what is
    missing."""
    cards = dict(shipped_cards())
    haley = cards["captain-victoria-haley"]
    cards[haley.key] = haley.model_copy(update={"stats": haley.stats.model_copy(update={"FOCUS": None})})
    changed = render(cards.values())
    assert changed != render(shipped_cards().values())
    row = next(line for line in changed.splitlines() if line.startswith("| Captain Victoria Haley |"))
    assert "| STR, FOCUS |" in row or "FOCUS" in row.split(" | ")[3]


def test_the_catalog_doc_counts_every_faction_and_lists_every_card_with_facts():
    text = render(shipped_cards().values())
    for faction in {c.faction for c in shipped_cards().values()}:
        listed = sum(1 for c in shipped_cards().values() if c.faction == faction)
        assert f"| {faction} | {listed} |" in text
    for card in shipped_cards().values():
        if CITED_PAGE.search(card.source):
            section = text.split(f"## {card.faction}: cards with facts\n", 1)[1].split("\n## ", 1)[0]
            assert f"| {card.name} |" in section, card.key
