"""A card as separate facts, the unit the community card book publishes, counts and compares (DESIGN.md "Cards:
where a fact comes from"): one stat, the damage track, the cost, a unit's sizes... Each fact's value is plain
JSON (numbers, grid-system letters, names), never rule text; two accounts agree when their values are equal.

:func:`card_facts` splits a card into facts, :func:`with_fact` puts one back (checked where it is stored),
:func:`value_words` says a value as a player reads it, and :class:`FactOrigin` is what a game records of a fact
it took from the community book, so its log says whose value it played with.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import Field

from models.catalog.schema import NAME_MAX, STAT_NAMES, Card, Frozen

# Every fact the community book holds, with its words. Rules, other names, sources and card ids are the shipped
# catalog's alone (models/catalog/schema.CATALOG_OWNED); a card's identity (name, faction, role) too.
FACT_WORDS: dict[str, str] = {
    **{f"stats.{s}": s for s in STAT_NAMES},
    "damage": "damage track", "cost": "cost", "battlegroup_points": "battlegroup points", "fa": "FA",
    "base_mm": "base size", "unit.costs": "unit sizes and costs", "unit.trooper_boxes": "trooper boxes",
    "unit.leader_boxes": "leader boxes", "weapons": "weapons", "trump": "Trump arcana",
}
FACTS = tuple(FACT_WORDS)
VALUE_MAX = 4000  # characters of one fact's JSON (twelve weapons with their names fit)


class FactOrigin(Frozen):
    """A fact a game took from the community book: which publication, at which version, entered by whom from
    what. Recorded in the game's set-up so a later correction of the book never changes the game."""

    fact: str = Field(max_length=32)
    publication: int = Field(ge=1)
    version: int = Field(ge=1)
    by: str = Field(max_length=NAME_MAX)
    source: str = Field(default="", max_length=200)


def _empty(value: Any) -> bool:
    return value is None or value in ("", [], {})


def card_facts(card: Card) -> dict[str, Any]:
    """The facts ``card`` gives (empty ones left out), each as plain JSON."""
    data = card.model_dump(mode="json")
    out: dict[str, Any] = {}
    for fact in FACTS:
        head, _, tail = fact.partition(".")
        value = data.get(head)
        if tail:
            value = value.get(tail) if isinstance(value, dict) else None
        if not _empty(value):
            out[fact] = value
    return out


def with_fact(card: Card, fact: str, value: Any) -> Card:
    """``card`` with ``fact`` set to ``value`` (ValueError for an unknown fact; pydantic's ValidationError for a
    value of the wrong shape). Whether the card is usable is :func:`models.service.cards.checked`'s to say."""
    if fact not in FACT_WORDS:
        raise ValueError(f"unknown fact {fact!r}")
    data = card.model_dump(mode="json")
    head, _, tail = fact.partition(".")
    if tail:
        data[head] = {**(data.get(head) or {}), tail: value}
    else:
        data[head] = value
    return Card.model_validate(data)


def same(a: Any, b: Any) -> bool:
    """Whether two fact values are the same (as JSON: ``{"2": 5}`` and ``{"2": 5}`` in any key order)."""
    return canonical(a) == canonical(b)


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def value_words(fact: str, value: Any) -> str:
    """A fact's value as a player reads it ("grid: 6 columns . . L L L . | ...", "2 models 5, 3 models 7")."""
    if fact == "damage" and isinstance(value, dict):
        kind = value.get("kind")
        if kind == "grid" and value.get("columns"):
            return "grid columns " + " | ".join(" ".join(col) for col in value["columns"])
        if kind == "spiral" and value.get("branches"):
            return "spiral branches " + " | ".join(" ".join(b) for b in value["branches"])
        if kind == "web" and value.get("rings"):
            return "web rings " + " / ".join(str(r) for r in value["rings"])
        if kind == "boxes":
            return f"{value.get('boxes')} boxes"
        return f"{kind}, {value.get('total')} boxes"
    if fact == "unit.costs" and isinstance(value, dict):
        return ", ".join(f"{n} models: {c}" for n, c in sorted(value.items(), key=lambda i: int(i[0])))
    if fact == "weapons" and isinstance(value, list):
        return "; ".join(_weapon_words(w) for w in value if isinstance(w, dict))
    if fact == "base_mm":
        return f"{value} mm"
    return str(value)


def _weapon_words(w: dict[str, Any]) -> str:
    numbers = [f"{label} {w[key]}" for key, label in (("rng", "RNG"), ("rof", "ROF"), ("aoe", "AOE"), ("pow", "POW"),
                                                       ("ps", "P+S")) if w.get(key) is not None]
    count = f"{w['count']} × " if w.get("count", 1) > 1 else ""
    return f"{count}{w.get('name')}" + (f" ({', '.join(numbers)})" if numbers else "")
