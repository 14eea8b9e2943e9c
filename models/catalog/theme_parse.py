"""Reads a theme force's composition lines ("Bane models/units.", "Cryx warcasters.", "Darragh Wrathe.") as the
card ids each allows, at roster build time (roster.py). A line it cannot read (one naming a special rule, a base
size it does not know, a command attachment) allows nothing it can list and marks the theme ``partial``: the app
then checks only the faction for that theme, never refuses a model a line may allow.
"""

from __future__ import annotations

import re
from typing import Any

from models.catalog.opendata import ROLES

# The catalog roles a line's last words name.
_ROLE_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("models/units", ("unit", "solo", "warjack", "warbeast", "battle_engine")),
    ("model/units", ("unit", "solo", "warjack", "warbeast", "battle_engine")),
    ("models/unit", ("unit", "solo", "warjack", "warbeast", "battle_engine")),
    ("models/solos", ("solo",)), ("units/solos", ("unit", "solo")), ("solos/units", ("unit", "solo")),
    ("solos, units, and battle engines", ("unit", "solo", "battle_engine")),
    ("warcasters", ("warcaster",)), ("warcaster", ("warcaster",)),
    ("warlocks", ("warlock",)), ("warlock", ("warlock",)),
    ("warjacks", ("warjack",)), ("warjack", ("warjack",)),
    ("warbeasts", ("warbeast",)), ("warbeast", ("warbeast",)),
    ("solos", ("solo",)), ("solo", ("solo",)),
    ("units", ("unit",)), ("unit", ("unit",)),
    ("battle engines", ("battle_engine",)), ("structures", ("battle_engine",)),
)
# A line's faction word -> the faction slug it means.
_FACTION_WORDS = {
    "cryx": "cryx", "khador": "khador", "trollblood": "trollbloods", "protectorate": "protectorate",
    "cygnar": "cygnar", "mercenary": "mercenaries", "minion": "minions", "circle": "circle", "legion": "legion",
    "skorne": "skorne", "retribution": "retribution", "convergence": "convergence", "crucible guard":
    "crucible_guard", "grymkin": "grymkin", "infernal": "infernals",
}
_COUNT = re.compile(r"^(one|two|three|four|five)\s+(other\s+)?", re.I)
_UNREADABLE = ("special rule", "command attachment", "without", "with the")


def _models(models: dict[str, list[dict[str, Any]]], slugs: list[str]) -> list[dict[str, Any]]:
    return [m for s in slugs for m in models.get(s, [])]


def _spaced(text: str) -> str:
    """The package writes a few lines without spaces ("TwoVassalsolos."): put them back."""
    text = re.sub(r"(?<=[a-z])(?<!Mac)(?=[A-Z])", " ", text)
    return re.sub(r"([a-z])(solos|units|models/units)\.?$", r"\1 \2", text)


def read_line(text: str, home: list[str], models: dict[str, list[dict[str, Any]]]) -> list[int] | None:
    """The card ids one composition line allows, or None when it cannot be read."""
    line = _spaced(text.strip().rstrip("."))
    line = _COUNT.sub("", line)
    if any(w in line.lower() for w in _UNREADABLE):
        return None
    line = re.sub(r"^(non-character\s+)", "", line, flags=re.I)
    line = re.sub(r"\b(small-or-medium-based|small-based|medium-based|large-based|lesser)\s+", "", line)
    roles: tuple[str, ...] | None = None
    for words, found in _ROLE_WORDS:
        if line.lower().endswith(" " + words) or line.lower() == words:
            roles, line = found, line[: len(line) - len(words)].strip()
            break
    where = [*home, "mercenaries", "minions"]
    if line.lower() in _FACTION_WORDS or not line:
        slugs = [_FACTION_WORDS[line.lower()]] if line else home
        return [m["card_id"] for m in _models(models, slugs) if roles is None or m["role"] in roles]
    words = line.lower()
    first = words.split(" ")[0]
    if first in _FACTION_WORDS and roles is not None:
        where, words = [_FACTION_WORDS[first]], words[len(first):].strip()
    return _named(words, roles, _models(models, where)) or _named(words, roles, _models(models, list(models)))


def _named(words: str, roles: tuple[str, ...] | None, pool: list[dict[str, Any]]) -> list[int] | None:
    if roles is None:
        exact = [m["card_id"] for m in pool if m["name"].lower() == words
                 or m["name"].lower().split(",")[0] == words]
        found_ids = exact or [m["card_id"] for m in pool if m["name"].lower().startswith(words)]
    else:
        found_ids = [m["card_id"] for m in pool if m["role"] in roles and words in m["name"].lower()]
    return found_ids or None


def resolve(raw: dict[str, Any], models: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """One theme force of the package as the roster writes it: name, and each line with the card ids it allows
    (the package's structured lines are used as they are)."""
    home: list[str] = list(raw["factions"])
    lines: list[dict[str, Any]] = []
    partial = False
    for kind in ("army_composition", "requisition_options"):  # a requisition line never makes a theme partial
        for entry in raw.get(kind, []) or []:
            label = _spaced(str(entry["description"]).strip())
            ids: list[int] | None
            if entry.get("ppids"):
                ids = [int(i) for i in entry["ppids"]]
            elif entry.get("roles"):
                roles = {ROLES[r] for r in entry["roles"]}
                ids = [m["card_id"] for m in _models(models, entry.get("factions") or home) if m["role"] in roles]
            else:
                ids = read_line(label, home, models)
            partial = partial or (ids is None and kind == "army_composition")
            lines.append({"label": label, "requisition": kind == "requisition_options",
                          "card_ids": sorted(set(ids or []))})
    return {"name": str(raw["name"]).strip(), "lines": lines, "partial": partial}
