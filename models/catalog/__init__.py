"""Stat cards shipped as data, validated against :mod:`models.catalog.schema`: every Mk III model of the roster
(``roster/``, from the open data package), the hand-made faction files here, and the cited facts of ``facts/``,
merged at load (:func:`build_catalog`): a hand-made card keeps its facts, the roster adds its card id and every model
it lacks, and each facts record fills what is still empty.

A faction file is ``{"faction": ..., "source": ..., "cards": [...], "arcana": [...], "themes": [...]}``.
``source`` is the file's default; a card or theme may name its own. ``arcana`` (Grymkin only) lists the Arcana
cards, ``themes`` the faction's theme forces. The JSON Schema of
one card is ``card.schema.json`` next to the files (not a faction file).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TypeVar

from models.catalog.facts import Conflict, FactRecord, empty_damage, fact_records, merge
from models.catalog.opendata import FACTIONS
from models.catalog.roster import RosterModel, roster, roster_source, roster_themes, slug
from models.catalog.schema import SCHEMA_FILE, Arcanum, Card, Theme, ThemeLine, UnitInfo

CATALOG_DIR = Path(__file__).parent
T = TypeVar("T")


def catalog_files() -> list[Path]:
    """The faction files, in a stable order."""
    return [p for p in sorted(CATALOG_DIR.glob("*.json")) if p.name != SCHEMA_FILE]


def load_file(path: Path) -> tuple[list[Card], list[Arcanum]]:
    """One faction file's cards and arcana; a malformed file raises, never half-loads."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cards = [Card.model_validate({"faction": data["faction"], "source": data.get("source", ""), **raw})
             for raw in data["cards"]]
    arcana = [Arcanum.model_validate(raw) for raw in data.get("arcana", [])]
    return cards, arcana


def _by_name(named: Iterable[tuple[Path, str, T]], what: str) -> dict[str, T]:
    """Items by name; a name given twice (in one file or in two) raises, naming the file and ``what`` it is."""
    out: dict[str, T] = {}
    for path, name, item in named:
        if name in out:
            raise ValueError(f"{path.name}: {what} {name!r} is defined twice")
        out[name] = item
    return out


@cache
def hand_made_cards() -> dict[str, Card]:
    """The cards of the faction files here, by key; a malformed file raises at load, never half-loads."""
    return _by_name(((p, c.key, c) for p in catalog_files() for c in load_file(p)[0]), "card key")


@dataclass
class Catalog:
    """The merged catalog, and what the merge could not use (a test keeps both lists empty)."""

    cards: dict[str, Card]
    conflicts: list[Conflict] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)


def _plain(name: str) -> str:
    return " ".join(name.lower().replace("’", "'").split())


def _roster_match(card: Card, by_id: dict[int, RosterModel], by_name: dict[str, list[RosterModel]]
                  ) -> RosterModel | None:
    if card.card_id is not None:
        return by_id.get(card.card_id)
    for name in (card.name, *card.aliases):
        found = by_name.get(_plain(name), [])
        if len(found) == 1:
            return found[0]
    return None


def _roster_card(m: RosterModel, key: str, name: str) -> Card:
    return Card(key=key, name=name, faction=FACTIONS[m.faction], role=m.role, card_id=m.card_id,  # type: ignore[arg-type]
                damage=empty_damage(m.role, None), unit=UnitInfo() if m.role == "unit" else None,
                source=roster_source())


@cache
def build_catalog() -> Catalog:
    """Hand-made cards, then the roster's other models, then every facts record, merged (see the module doc)."""
    models = [m for m in roster() if m.role != "arcana"]
    by_id = {m.card_id: m for m in models}
    by_name: dict[str, list[RosterModel]] = {}
    for m in models:
        by_name.setdefault(_plain(m.name), []).append(m)
        if "," in m.name:
            by_name.setdefault(_plain(m.name.split(",")[0]), []).append(m)
    cards: dict[str, Card] = {}
    taken: set[int] = set()
    names: set[str] = set()
    for card in hand_made_cards().values():
        match = _roster_match(card, by_id, by_name)
        if match is not None and match.card_id not in taken:
            taken.add(match.card_id)
            card = card.model_copy(update={"card_id": match.card_id})
        cards[card.key] = card
        names.update(_plain(n) for n in (card.name, *card.aliases))
    twice = {n for n, ms in by_name.items() if sum(1 for x in ms if _plain(x.name) == n) > 1}
    for m in models:
        if m.card_id in taken:
            continue
        name = f"{m.name} ({FACTIONS[m.faction]})" if _plain(m.name) in twice or _plain(m.name) in names else m.name
        key = slug(name)
        if key in cards:
            key = f"{key[:56]}-{m.card_id}"
        cards[key] = _roster_card(m, key, name)
        names.add(_plain(name))
    for card in hand_made_cards().values():  # the roster's full name finds a hand-made card too
        roster_name = by_id[cards[card.key].card_id or 0].name if cards[card.key].card_id in by_id else None
        if roster_name and _plain(roster_name) not in names and len(card.aliases) < 10:
            cards[card.key] = cards[card.key].model_copy(update={"aliases": (*card.aliases, roster_name)})
            names.add(_plain(roster_name))
    return _with_facts(cards, fact_records())


def _with_facts(cards: dict[str, Card], records: tuple[tuple[str, FactRecord], ...]) -> Catalog:
    key_of_id = {c.card_id: k for k, c in cards.items() if c.card_id is not None}
    key_of_name = {_plain(n): k for k, c in cards.items() for n in (c.name, *c.aliases)}
    grouped: dict[str, list[FactRecord]] = {}
    out = Catalog(cards)
    for faction, r in records:
        key = key_of_id.get(r.card_id) if r.card_id is not None else key_of_name.get(_plain(r.name or ""))
        if key is None:
            out.unmatched.append(f"{faction}: {r.card_id or r.name} ({r.source}) names no model of the catalog")
            continue
        if r.card_id is not None and r.name is not None and _plain(r.name) not in {
                _plain(n) for n in (cards[key].name, *cards[key].aliases)}:
            out.unmatched.append(f"{faction}: card {r.card_id} is {cards[key].name}, not {r.name}")
            continue
        grouped.setdefault(key, []).append(r)
    for key, recs in grouped.items():
        out.cards[key], conflicts = merge(cards[key], recs)
        out.conflicts += conflicts
    return out


@cache
def shipped_cards() -> dict[str, Card]:
    """Every shipped card by key (:func:`build_catalog`)."""
    return build_catalog().cards


@cache
def shipped_arcana() -> dict[str, Arcanum]:
    """Every shipped Arcana card by name (doc 001 "Arcana")."""
    return _by_name(((p, a.name, a) for p in catalog_files() for a in load_file(p)[1]), "arcana card")


@cache
def shipped_themes() -> dict[str, Theme]:
    """Every shipped theme force by key: the hand-made ones of the faction files (their effects), each with its
    composition from the roster, and the roster's others."""
    themes: dict[str, Theme] = {}
    for path in catalog_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for raw in data.get("themes", []):
            theme = Theme.model_validate({"faction": data["faction"], "source": data.get("source", ""), **raw})
            if theme.key in themes:
                raise ValueError(f"{path.name}: theme {theme.key!r} is defined twice")
            themes[theme.key] = theme
    for raw in roster_themes():
        key = slug(raw["name"])[:40].strip("-")
        lines = tuple(ThemeLine.model_validate(line) for line in raw["lines"])
        known = themes.get(key)
        if known is not None:
            themes[key] = known.model_copy(update={"lines": lines, "partial": raw["partial"],
                                                   "source": f"{known.source}; {roster_source()}"[:1000]})
        else:
            themes[key] = Theme(key=key, name=raw["name"], faction=FACTIONS[raw["faction"]], lines=lines,
                                partial=raw["partial"], source=roster_source())
    return themes


@cache
def shipped_examples() -> dict[str, str]:
    """Example army lists in the plain "name, points" text form, by file name (``examples/*.txt``)."""
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted((CATALOG_DIR / "examples").glob("*.txt"))}
