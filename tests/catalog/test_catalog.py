"""The shipped catalog: every faction file loads and validates, keys are unique, every card names its source,
every model of doc 000's Infernal index is present, and no number the reference lacks was made up."""

import json
import re

import pytest

from models.catalog import (
    CATALOG_DIR,
    catalog_files,
    hand_made_cards,
    load_file,
    shipped_arcana,
    shipped_cards,
    shipped_examples,
)
from models.catalog.schema import SCHEMA_FILE, Card, card_json_schema, card_problems, missing_facts

# doc 000, "Infernal Index" (last updated 2021.07): every name as the index writes it -> our card key.
INFERNAL_INDEX = {
    "Agathon": "agathon",
    "Omodamos": "omodamos",
    "Zaateroth": "zaateroth",
    "Lord Roget d'Vyaros": "lord-roget-dvyaros",
    "Princess Regna": "princess-regna",
    "Great Princess Regna Gravnoy": "princess-regna",  # the same Master Infernalist, listed again in the solos
    "Foreboder": "foreboder",
    "Lamenter": "lamenter",
    "Shrieker": "shrieker",
    "Desolator": "desolator",
    "Soul Stalker": "soul-stalker",
    "Tormentor": "tormentor",
    "Guardian of Souls": "guardian-of-souls",
    "Harvester of Souls": "harvester-of-souls",
    "Infernal Gate": "infernal-gate",
    "Eilish1": "eilish-garrity",
    "Eilish2": "eilish-garrity-dark-seeker",
    "Hermit of Henge Hold": "hermit-of-henge-hold",
    "Lynda the Forgotten": "lynda-the-forgotten",
    "Nicia2": "nicia",
    "Orin1": "orin-midwinter-solo",
    "Saxon Orrik": "saxon-orrik",
    "Runewood2": "runewood",
    "The Wretch": "the-wretch",
    "Umbral Guardian": "umbral-guardian",
    "Valin Hauke, The Fallen Knight": "valin-hauke",
    "Croe's Cutthroats": "croes-cutthroats",
    "Cultist Band": "cultist-band",
    "Griever Swarm": "griever-swarm",
    "Howlers": "howlers",
}
# Reference README: the Cultist Band's attachments.
ATTACHMENTS = {"Dark Sentinel": ("dark-sentinel", 4414, 2), "Orin Midwinter": ("orin-midwinter", 4413, 4)}


def raw_cards():
    for path in catalog_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for raw in data["cards"]:
            yield path, data, raw


def test_every_file_loads_and_every_card_validates():
    files = catalog_files()
    assert {p.stem for p in files} >= {"infernals", "cygnar", "trollbloods", "grymkin"}
    for path in files:
        cards, _ = load_file(path)
        assert cards, path.name
        for card in cards:
            assert card_problems(card) == [], (card.key, card_problems(card))


def test_schema_file_is_the_generated_schema():
    """`python -m models.catalog` rewrites card.schema.json; it must match the schema in code."""
    on_disk = json.loads((CATALOG_DIR / SCHEMA_FILE).read_text(encoding="utf-8"))
    assert on_disk == card_json_schema()


def test_every_card_validates_against_the_schema_file():
    schema = json.loads((CATALOG_DIR / SCHEMA_FILE).read_text(encoding="utf-8"))
    fields = set(schema["properties"])
    for path, data, raw in raw_cards():
        assert set(raw) <= fields, (path.name, raw["key"], set(raw) - fields)
        Card.model_validate({"faction": data["faction"], **raw})


def test_no_key_is_defined_twice():
    keys = [raw["key"] for _, _, raw in raw_cards()]
    assert len(keys) == len(set(keys))
    assert len(hand_made_cards()) == len(keys)


def test_no_name_is_used_twice():
    names = [c.name.lower() for c in shipped_cards().values()]
    names += [a.lower() for c in shipped_cards().values() for a in c.aliases]
    assert len(names) == len(set(names))


def test_every_card_says_where_its_facts_come_from():
    for path, _, raw in raw_cards():
        assert raw.get("source", "").strip(), (path.name, raw["key"])


def test_every_model_of_the_infernal_index_is_in_the_catalog():
    cards = shipped_cards()
    for name, key in INFERNAL_INDEX.items():
        assert key in cards, name
        card = cards[key]
        assert card.faction == "Infernals"
        plain = re.sub(r"\d+$", "", name).lower()
        assert plain in card.name.lower() or any(plain in a.lower() for a in card.aliases), (name, card.name)


def test_the_cultist_band_attachments_are_in_the_catalog():
    cards = shipped_cards()
    for name, (key, card_id, cost) in ATTACHMENTS.items():
        card = cards[key]
        assert (card.name, card.role, card.card_id, card.cost, card.attaches_to) == (
            name, "attachment", card_id, cost, "cultist-band")


def test_index_roles():
    cards = shipped_cards()
    roles = {k: cards[k].role for k in INFERNAL_INDEX.values()}
    assert {k for k, r in roles.items() if r == "infernal_master"} == {"agathon", "omodamos", "zaateroth"}
    assert roles["princess-regna"] == "master_infernalist"
    assert roles["lord-roget-dvyaros"] == "attachment"
    assert roles["infernal-gate"] == "structure"
    assert {cards[k].weight for k, r in roles.items() if r == "horror"} == {"lesser", "light", "heavy", "colossal"}
    assert cards["croes-cutthroats"].mercenary


@pytest.mark.parametrize("key, facts", [
    ("agathon", {"card_id": 4399, "base_mm": 50, "battlegroup_points": 28, "ESSENCE": 9, "boxes": 17}),
    ("princess-regna", {"card_id": 4417, "cost": 6, "fa": "C", "ESSENCE": 5, "boxes": 5, "max_horrors": 1}),
    ("tormentor", {"cost": 12, "fa": "U", "ESSENCE": 4, "total": 24}),
    ("guardian-of-souls", {"card_id": 5209, "cost": 31, "fa": "2", "rings": (30, 16, 10)}),
    ("umbral-guardian", {"cost": 6, "fa": "3", "boxes": 8, "soulless": True}),
    ("infernal-gate", {"cost": 12, "fa": "2", "boxes": 25, "CMD": 12}),
    ("lord-roget-dvyaros", {"card_id": 4415, "cost": 4}),
    ("valin-hauke", {"card_id": 4418, "cost": 7}),
])
def test_reference_facts_are_used_as_they_are(key, facts):
    card = shipped_cards()[key]
    for field, value in facts.items():
        if field in ("boxes", "total", "rings"):
            assert getattr(card.damage, field) == value
        elif field.isupper():
            assert getattr(card.stats, field) == value
        else:
            assert getattr(card, field) == value


@pytest.mark.parametrize("key", ["omodamos", "zaateroth", "desolator", "harvester-of-souls", "hermit-of-henge-hold",
                                 "saxon-orrik", "griever-swarm", "howlers", "croes-cutthroats", "nicia"])
def test_what_the_reference_lacks_stays_empty(key):
    """No invented numbers: cards with blanks in the reference ship with those fields empty."""
    card = shipped_cards()[key]
    assert card.stats.ESSENCE is None
    assert missing_facts(card)


def test_the_sample_cards_of_the_reference_keep_their_facts():
    cards = shipped_cards()
    assert cards["trencher-blockhouse"].faction == "Cygnar" and cards["trencher-blockhouse"].role == "structure"
    blitzer = cards["dire-troll-blitzer"]
    assert (blitzer.faction, blitzer.role, blitzer.stats.THR) == ("Trollbloods", "warbeast", 9)
    rager = cards["cage-rager"]
    assert (rager.faction, rager.role, rager.base_mm) == ("Grymkin", "warbeast", 50)
    assert (rager.stats.STR, rager.stats.DEF, rager.stats.ARM, rager.damage.total) == (11, 10, 19, 32)
    assert rager.damage.branches is None
    # the Mk IV numbers (FURY 4, THR 8, cost 12) are not used
    assert rager.stats.FURY is None and rager.stats.THR is None and rager.cost is None


def test_grymkin_arcana_cards():
    assert {a.name: a.card_id for a in shipped_arcana().values()} == {
        "Accursed": 3621, "Desolation": 3624, "Fortune's Path": 3626, "Ill Omens": 3628, "Labyrinth": 3630,
        "Pandemonium": 3632, "Ruin": 3634, "Sacrifice": 3636, "Shroud": 3638, "The Shadow": 3640}


def test_example_lists_ship():
    assert set(shipped_examples()) >= {"agathon-75", "omodamos-50"}


def test_old_card_data_still_validates():
    """Cards stored before the schema grew (no aliases, attaches_to ...) still read."""
    old = {"key": "x", "name": "X", "faction": "Infernals", "role": "solo", "damage": {"kind": "spiral"}}
    assert Card.model_validate(old).attaches_to is None
