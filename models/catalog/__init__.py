"""Stat cards shipped as data: one JSON file per faction, validated against :mod:`models.catalog.schema`.

A faction file is ``{"faction": ..., "source": ..., "cards": [...], "arcana": [...], "themes": [...]}``.
``source`` is the file's default; a card or theme may name its own. ``arcana`` (Grymkin only) lists the Arcana
cards, ``themes`` the faction's theme forces. The JSON Schema of
one card is ``card.schema.json`` next to the files (not a faction file).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TypeVar

from models.catalog.schema import SCHEMA_FILE, Arcanum, Card, Theme

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
def shipped_cards() -> dict[str, Card]:
    """Every shipped card by key; a malformed file raises at load, never half-loads."""
    return _by_name(((p, c.key, c) for p in catalog_files() for c in load_file(p)[0]), "card key")


@cache
def shipped_arcana() -> dict[str, Arcanum]:
    """Every shipped Arcana card by name (doc 001 "Arcana")."""
    return _by_name(((p, a.name, a) for p in catalog_files() for a in load_file(p)[1]), "arcana card")


@cache
def shipped_themes() -> dict[str, Theme]:
    """Every shipped theme force by key, of the faction of its file."""
    themes: dict[str, Theme] = {}
    for path in catalog_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for raw in data.get("themes", []):
            theme = Theme.model_validate({"faction": data["faction"], "source": data.get("source", ""), **raw})
            if theme.key in themes:
                raise ValueError(f"{path.name}: theme {theme.key!r} is defined twice")
            themes[theme.key] = theme
    return themes


@cache
def shipped_examples() -> dict[str, str]:
    """Example army lists in the plain "name, points" text form, by file name (``examples/*.txt``)."""
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted((CATALOG_DIR / "examples").glob("*.txt"))}
