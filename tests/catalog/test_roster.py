"""Every Mk III model of the open roster is in the catalog (name, faction, role, card id); the roster records the
package version pyproject pins and keeps its licence notice; cited facts merge field by field, every fact names
its page, and no card carries a sentence of a page (abilities, weapons and spells by name only)."""

import json
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from models.catalog import Catalog, _with_facts, build_catalog, shipped_cards, shipped_themes
from models.catalog.facts import FactRecord, fact_records
from models.catalog.opendata import FACTIONS
from models.catalog.roster import ROSTER_DIR, roster, roster_files, roster_version
from models.catalog.schema import Card, GridLayout, Spell, UnitInfo, Weapon

ROOT = Path(__file__).resolve().parents[2]
PAGE = "https://warmachineuniversity.com/mw/index.php/Example"


def test_the_catalog_lists_every_model_of_the_roster_in_all_fifteen_factions():
    cards = shipped_cards()
    models = [m for m in roster() if m.role != "arcana"]
    assert len(cards) >= 1200 and len({c.faction for c in cards.values()}) == 15
    by_id = {c.card_id: c for c in cards.values() if c.card_id is not None}
    for m in models:
        card = by_id[m.card_id]
        names = [n.lower() for n in (card.name, *card.aliases)]
        assert m.name.lower() in names or card.name.startswith(m.name), (m, card.name)
    roles = Counter(m.role for m in models)
    assert (roles["warcaster"], roles["warlock"], roles["warjack"], roles["warbeast"]) == (135, 100, 161, 119)


def test_a_model_whose_name_two_factions_share_is_listed_in_both():
    both = [c for c in shipped_cards().values() if c.name.startswith("Zevanna Agha, the Fate Keeper")]
    assert {(c.faction, c.role) for c in both} == {("Grymkin", "warlock"), ("Khador", "warcaster")}


def test_the_roster_records_the_version_pyproject_pins_and_keeps_the_licence_notice():
    pins = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert f"warmahordes-opendata=={roster_version()}" in pins["catalog"]
    assert len(roster_files()) == 15 and {p.stem for p in roster_files()} == set(FACTIONS)
    assert "Apache License" in (ROSTER_DIR / "LICENSE").read_text(encoding="utf-8")
    notice = (ROSTER_DIR / "NOTICE").read_text(encoding="utf-8")
    assert f"warmahordes-opendata {roster_version()}" in notice and "Apache" in notice


def test_the_roster_files_hold_facts_only():
    """Names, ids, roles, factions and theme composition: the package's rule texts and flavour stay out."""
    for path in roster_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        assert set(data) == {"slug", "faction", "package", "version", "models", "themes"}
        assert all(set(m) == {"card_id", "name", "role"} for m in data["models"])
        for theme in data["themes"]:
            assert set(theme) == {"name", "lines", "partial"}
            assert all(set(line) == {"label", "requisition", "card_ids"} for line in theme["lines"])


def test_a_theme_force_allows_what_its_composition_names():
    themes = shipped_themes()
    host = themes["dark-host"]
    allowed = host.allowed_ids()
    assert allowed is not None and host.faction == "Cryx"
    names = {c.name for c in shipped_cards().values() if c.card_id in allowed}
    assert {"Bane Knights", "Darragh Wrathe"} <= names
    assert not any(c.role == "warlock" for c in shipped_cards().values() if c.card_id in allowed)
    assert sum(1 for t in themes.values() if t.allowed_ids() is not None) >= 20


def test_every_fact_names_its_page():
    assert all(record.source.startswith(("http://", "https://")) for _, record in fact_records())
    with pytest.raises(ValidationError):  # positive control: a record without an address is refused
        FactRecord.model_validate({"card_id": 1, "stats": {"DEF": 12}, "source": "a forum post"})
    with pytest.raises(ValidationError):
        FactRecord.model_validate({"card_id": 1, "cost": 4})


SENTENCE = re.compile(r"\.\s|\.$")


def sentences(card: Card) -> list[str]:
    """Texts on a card that read as a page's sentence: an ability, weapon or spell name with a full stop, or
    longer than a name."""
    texts = [*card.rules, *(w.name for w in card.weapons), *(s.name for s in card.spells)]
    return [t for t in texts if SENTENCE.search(t) or len(t) > 80]


def test_no_card_carries_a_rule_sentence():
    assert [c.key for c in shipped_cards().values() if sentences(c)] == []
    copied = Card(key="x", name="X", faction="Cygnar", role="solo",
                  rules=("When this model is hit, it gains +2 ARM. The bonus lasts one round.",))
    assert sentences(copied)  # positive control
    with pytest.raises(ValidationError):
        FactRecord.model_validate({"card_id": 1, "source": PAGE, "abilities": ["Gains +2 ARM. Lasts a round."]})


def test_the_merge_leaves_nothing_out():
    catalog = build_catalog()
    assert (catalog.conflicts, catalog.unmatched) == ([], [])


def _card(**kw: object) -> Card:
    base = {"key": "ex", "name": "Example Jack", "faction": "Khador", "role": "warjack", "card_id": 9,
            "damage": GridLayout(), "source": "roster"}
    return Card.model_validate({**base, **kw})


def test_a_record_fills_what_is_empty_and_cites_its_page():
    record = FactRecord.model_validate({
        "card_id": 9, "source": PAGE, "stats": {"SPD": 5, "MAT": 7}, "boxes": 30, "cost": 17, "fa": "U",
        "weight": "heavy", "base": "large", "abilities": ["Construct"],
        "weapons": [{"name": "Axe", "rng": "1", "pow": 7, "ps": 18}, {"name": "Cannon", "rng": "10", "rof": "1",
                                                                       "aoe": "3", "pow": 14}]})
    card = _with_facts({"ex": _card()}, (("khador", record),)).cards["ex"]
    assert (card.stats.SPD, card.stats.MAT, card.cost, card.fa, card.weight, card.base_mm) == (5, 7, 17, "U",
                                                                                                "heavy", 50)
    assert card.damage == GridLayout(total=30) and card.is_construct and PAGE in card.source
    assert [w.melee for w in card.weapons] == [True, False] and card.weapons[0].ps == 18


def test_two_sources_that_disagree_are_reported_and_the_first_value_kept():
    first = FactRecord.model_validate({"card_id": 9, "source": PAGE, "cost": 17})
    other = FactRecord.model_validate({"name": "Example Jack", "source": PAGE + "2", "cost": 15, "fa": "U"})
    out: Catalog = _with_facts({"ex": _card()}, (("khador", first), ("khador", other)))
    assert out.cards["ex"].cost == 17 and out.cards["ex"].fa == "U"
    assert [(c.field, c.kept, c.other) for c in out.conflicts] == [("cost", 17, 15)]


def test_a_record_naming_no_model_is_reported():
    stray = FactRecord.model_validate({"card_id": 12345, "source": PAGE, "cost": 3})
    wrong = FactRecord.model_validate({"card_id": 9, "name": "Another Jack", "source": PAGE, "cost": 3})
    out = _with_facts({"ex": _card()}, (("khador", stray), ("khador", wrong)))
    assert len(out.unmatched) == 2 and out.cards["ex"].cost is None


def test_unit_and_caster_records_fill_their_own_fields():
    unit = _card(key="u", name="Example Unit", role="unit", card_id=10, damage=None, unit=UnitInfo())
    caster = _card(key="c", name="Example Caster", role="warcaster", card_id=11, damage=None)
    records = (
        ("khador", FactRecord.model_validate({"card_id": 10, "source": PAGE, "boxes": 1,
                                              "unit_costs": {"6": 10, "10": 16}})),
        ("khador", FactRecord.model_validate({"card_id": 11, "source": PAGE, "boxes": 16, "wjp": 28,
                                              "stats": {"FOCUS": 7},
                                              "spells": [{"name": "Boundless Charge", "cost": 2, "rng": "6",
                                                          "dur": "TURN", "off": False}]})),
    )
    cards = _with_facts({"u": unit, "c": caster}, records).cards
    assert cards["u"].unit == UnitInfo(costs={6: 10, 10: 16}, trooper_boxes=1)
    assert (cards["c"].battlegroup_points, cards["c"].stats.FOCUS, cards["c"].damage.boxes) == (28, 7, 16)
    assert cards["c"].spells == (Spell(name="Boundless Charge", cost=2, rng="6", dur="TURN", off=False),)
    assert not cards["c"].spells[0].upkeep and Weapon(name="Fist", rng="0.5").melee
