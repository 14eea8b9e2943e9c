"""The plain "name, points" text players paste into forums and tournament sites: writing a list as text and
reading one back (lines naming no known card are reported, never guessed).

Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from models.catalog.schema import CASTER_ROLES, FREE_POINT_ROLES, Arcanum, Card
from models.rules.core import RuleViolation
from models.rules.text import tidy
from models.rules.warmachine.army_rules import BATTLEGROUP_ROLES
from models.rules.warmachine.list_checks import known_arcana
from models.rules.warmachine.list_model import (
    DEFAULT_SIZE,
    GAME_SIZES,
    MAX_ENTRIES,
    TITLE_MAX,
    UNIT_MAX,
    Army,
    ListEntry,
    canonical,
    tops,
)
from models.rules.warmachine.list_points import entry_cost, points
from models.rules.warmachine.themes import themes_of

TEXT_MAX = 20_000
LINES_MAX = 300


@dataclass(frozen=True)
class Unrecognised:
    line: str
    reason: str


@dataclass(frozen=True)
class Imported:
    army: Army
    unrecognised: tuple[Unrecognised, ...]


def _points_words(entry: ListEntry, card: Card) -> str:
    if card.role in FREE_POINT_ROLES:
        return f"+{card.battlegroup_points}" if card.battlegroup_points is not None else "+?"
    cost = entry_cost(entry, card)
    return "?" if cost is None else str(cost)


def _line(entry: ListEntry, card: Card) -> str:
    name = card.name
    if card.role == "unit" and entry.size is not None:
        name += f" ({entry.size} models)"
    return f"{name}, {_points_words(entry, card)}"


def export_text(army: Army, cards: Mapping[str, Card]) -> str:
    """The list as plain text: a short header, then one "name, points" line per entry; battlegroup models
    and attachments are indented under their caster or unit with "- "."""
    army = canonical(army)
    total = points(army, cards)
    theme = themes_of().get(army.theme or "")
    lines = [f"Title: {army.title}", f"Faction: {army.faction}", *([f"Theme: {theme.name}"] if theme else []),
             f"Game size: {army.size}", f"Points: {total.used} / {total.allowed}", ""]
    top = set(tops(army))
    for i, entry in enumerate(army.entries):
        card = cards.get(entry.card)
        text = _line(entry, card) if card else f"{entry.card}, ?"
        lines.append(text if i in top else f"- {text}")
        if entry.arcana:
            lines.append("- Arcana: " + ", ".join(entry.arcana))
    return "\n".join(lines) + "\n"


def normal_name(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower().replace("’", "'"))


def name_index(cards: Mapping[str, Card]) -> dict[str, str]:
    """Every name, alias and key a player might write, normalised, to the card key."""
    index: dict[str, str] = {}
    for card in cards.values():
        for name in (card.key, *card.aliases, card.name):
            index[normal_name(name)] = card.key
    return index


HEADER = re.compile(r"^(title|name|list|faction|theme|theme force|game size|size|points|army points)\s*:\s*(.*)$",
                    re.I)
ARCANA = re.compile(r"^arcana\s*:\s*(.*)$", re.I)
POINTS = re.compile(r"^\s*((pc|wb|bgp|cost|pts?)\s*:?\s*)?(\+\s*)?(\d{1,3}|\?)\s*(pts?|points)?\s*$", re.I)
TRAILING_POINTS = re.compile(r"^(.*?)(\s*[-–:]\s*|\s+)((pc|wb|bgp|cost|pts?)\s*:?\s*)?\+?\s*(\d{1,3}|\?)\s*"
                             r"(pts?|points)?\s*$", re.I)
SIZE = re.compile(r"\(\s*(-?\d+)\s*(models?|figures?)?\s*\)\s*$", re.I)
BULLET = re.compile(r"^\s*([-*•–>]+)\s*")
GRUNTS = re.compile(r"\s*[-–(]?\s*leader\s*(&|and)\s*(-?\d+)\s*(grunts?|troopers?)\s*\)?\s*:?\s*$", re.I)


def _find_card(line: str, names: dict[str, str]) -> tuple[str, int | None] | None:
    """The card a list line names and a unit size it gives, trying the line with and without its points."""
    candidates = [line]
    if "," in line:
        head, tail = line.rsplit(",", 1)
        if POINTS.match(tail):
            candidates.append(head)
    if trailing := TRAILING_POINTS.match(line):
        candidates.append(trailing.group(1))
    for text in candidates:
        text, size = text.strip(), None
        if sized := SIZE.search(text):
            size, text = int(sized.group(1)), text[:sized.start()].strip()
        elif grunts := GRUNTS.search(text):
            size, text = int(grunts.group(2)) + 1, text[:grunts.start()].strip()
        key = names.get(normal_name(text))
        if key is not None:
            return key, size
    return None


def parse_text(text: str, cards: Mapping[str, Card], arcana: Mapping[str, Arcanum] | None = None,
               faction: str | None = None) -> Imported:
    """Read a pasted list. Lines that name no known card are returned as unrecognised; everything else is
    kept. Text that is too long is refused as a whole (RuleViolation)."""
    if len(text) > TEXT_MAX:
        raise RuleViolation("list.text_too_long", f"That text is too long for a list: at most {TEXT_MAX:,} "
                                                  "characters.")
    lines = text.splitlines()
    if len(lines) > LINES_MAX:
        raise RuleViolation("list.text_too_long", f"That text has too many lines for a list: at most "
                                                  f"{LINES_MAX}.")
    names = name_index(cards)
    arcana_names = {normal_name(n): n for n in known_arcana(cards, arcana)}
    title, size, header_faction, theme = None, None, None, None
    theme_names = {normal_name(n): t.key for t in themes_of().values() for n in (t.name, t.key)}
    entries: list[dict[str, Any]] = []  # ListEntry fields, filled as the lines are read
    bad: list[Unrecognised] = []
    last_top: int | None = None
    for raw in lines:
        if not raw.strip():
            continue
        shown = tidy(raw)[:80]
        bullet = BULLET.match(raw)
        child = bool(bullet) or raw[:1] in (" ", "\t")
        line = raw[bullet.end():] if bullet else raw
        line = tidy(line)
        if header := HEADER.match(line):
            key, value = header.group(1).lower(), header.group(2).strip()
            if key in ("title", "name", "list"):
                if not value:
                    bad.append(Unrecognised(shown, "the list's name is empty"))
                elif len(value) > TITLE_MAX:
                    title = value[:TITLE_MAX].strip()
                    bad.append(Unrecognised(shown, f"the name was cut to {TITLE_MAX} characters"))
                else:
                    title = value
            elif key == "faction":
                header_faction = value[:40] or None
            elif key in ("theme", "theme force"):
                theme = theme_names.get(normal_name(value))
                if theme is None and normal_name(value) not in ("", "none"):
                    bad.append(Unrecognised(shown, "not a known theme force"))
            elif key in ("game size", "size"):
                number = re.match(r"^\s*(-?\d{1,4})", value)
                if number and int(number.group(1)) in GAME_SIZES:
                    size = int(number.group(1))
                else:
                    bad.append(Unrecognised(shown, "the game size must be " + ", ".join(map(str, GAME_SIZES))))
            continue
        if found := ARCANA.match(line):
            if last_top is None:
                bad.append(Unrecognised(shown, "Arcana cards need a warlock above them"))
                continue
            for part in re.split(r"[,;]", found.group(1)):
                if not part.strip():
                    continue
                name = arcana_names.get(normal_name(part))
                if name is None:
                    bad.append(Unrecognised(part.strip()[:80], "not a known Arcana card"))
                elif len(entries[last_top]["arcana"]) >= 6:
                    bad.append(Unrecognised(part.strip()[:80], "too many Arcana cards"))
                else:
                    entries[last_top]["arcana"].append(name)
            continue
        found_card = _find_card(line, names)
        if found_card is None:
            bad.append(Unrecognised(shown, "no card of that name"))
            continue
        key, entry_size = found_card
        card = cards[key]
        if entry_size is not None and card.role != "unit":
            entry_size = None
        if entry_size is not None and not 1 <= entry_size <= UNIT_MAX:
            bad.append(Unrecognised(shown, f"a unit has from 1 to {UNIT_MAX} models"))
            continue
        if len(entries) >= MAX_ENTRIES:
            bad.append(Unrecognised(shown, f"a list holds at most {MAX_ENTRIES} entries"))
            continue
        entry: dict[str, Any] = {"card": key, "size": entry_size, "battlegroup_of": None, "attached_to": None,
                       "arcana": []}
        parent = cards[entries[last_top]["card"]] if child and last_top is not None else None
        if parent is not None and card.role in BATTLEGROUP_ROLES.get(parent.role, ()):
            entry["battlegroup_of"] = last_top
        elif parent is not None and card.role == "attachment":
            entry["attached_to"] = last_top
        else:
            last_top = len(entries)
        entries.append(entry)
    first_caster = next((cards[e["card"]].faction for e in entries if cards[e["card"]].role in CASTER_ROLES),
                        None)
    army_faction = header_faction or first_caster or (cards[entries[0]["card"]].faction if entries else None)
    army = Army(title=title or "Imported list", faction=army_faction or faction or "Infernals",
                size=size or DEFAULT_SIZE, theme=theme,
                entries=tuple(ListEntry(**{**e, "arcana": tuple(e["arcana"])}) for e in entries))
    return Imported(army=army, unrecognised=tuple(bad))
