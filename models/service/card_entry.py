"""Entering a card fast, shaped like the printed card (DESIGN.md "Cards: where a fact comes from"): what the entry
screens ask of one card (its stat line in the card's order, its grid columns or spiral branches as short codes, a
web's rings, a unit's sizes and costs, its weapons as rows), the cards it may start from, and the card the typed
answers make. The codes are the rules' (models/rules/warmachine/grid_codes.py); every card made here goes through
the card book's one check (cards.checked) before it is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from models.catalog.schema import (
    FA_PATTERN,
    FREE_POINT_ROLES,
    WORDS_MAX,
    BoxesLayout,
    Card,
    GridLayout,
    SpiralLayout,
    WebLayout,
    has_stat,
    missing_facts,
)
from models.rules.core import RuleViolation
from models.rules.text import tidy
from models.rules.warmachine import completion, grid_codes
from models.service.cards import checked

# The stat line as a card prints it, left to right, then the caster's or beast's own stats.
CARD_ORDER = ("SPD", "STR", "MAT", "RAT", "DEF", "ARM", "CMD", "FOCUS", "FURY", "THR", "ESSENCE")
OPTIONAL_STATS = ("RAT",)  # many models have no ranged attack: a blank RAT is no gap
STAT_MAX = 40
WEAPON_FIELDS = ("Name", "RNG", "ROF", "AOE", "POW", "P+S")
POW_MAX = 40
SIZES_MAX = 3  # the rows of a unit's sizes shown (a card prints one or two)
Kind = Literal["grid", "spiral", "web", "boxes", "unit"]


def line_stats(card: Card) -> tuple[str, ...]:
    """The stats the card's role prints, in the card's order (an attachment's facts are its cost only)."""
    if card.role == "attachment":
        return ()
    if card.role == "structure":
        return ("DEF", "ARM")
    return tuple(s for s in CARD_ORDER if has_stat(card, s))


def to_enter(card: Card) -> tuple[str, ...]:
    """Everything this card still lacks, in words: what the game and the list builder need, and its stat line."""
    stats = tuple(s for s in line_stats(card) if s not in OPTIONAL_STATS and getattr(card.stats, s) is None)
    seen: list[str] = []
    for fact in (*completion.pregame_facts(card), *missing_facts(card), *stats):
        if fact not in seen:
            seen.append(fact)
    return tuple(seen)


def stats_to_offer(card: Card, asked: Iterable[str] = ()) -> tuple[str, ...]:
    """The stats of the card's line it does not give, in the card's order, beside those ``asked`` already."""
    skip = set(asked)
    return tuple(s for s in line_stats(card) if getattr(card.stats, s) is None and s not in skip)


def with_stats(card: Card, typed: Mapping[str, str]) -> Card:
    """``card`` with the stats typed for it (empty: still not known); RuleViolation naming the card and the stat."""
    update: dict[str, int] = {}
    for stat, text in typed.items():
        try:
            value = whole(stat, text, 0, STAT_MAX)
        except RuleViolation as refusal:
            raise RuleViolation(refusal.code, f"{card.name}, {refusal.message}") from refusal
        if value is not None:
            update[stat] = value
    return card.model_copy(update={"stats": card.stats.model_copy(update=update)}) if update else card


def list_cards(keys: Iterable[str], cards: Mapping[str, Card]) -> list[Card]:
    """The cards of a list (its entries' keys, in list order) that still lack a fact, each once."""
    out: dict[str, Card] = {}
    for key in keys:
        card = cards.get(key)
        if card is not None and key not in out and to_enter(card):
            out[key] = card
    return list(out.values())


def progress(done: int, count: int) -> str:
    return f"{done} of {count} card{'s' if count != 1 else ''} complete"


# -- a grid or a spiral as codes ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Codes:
    """A grid's columns or a spiral's branches typed one code each: their names ("Column 3", "Left Mind branch"),
    the rows a column (or the cells a branch) may hold, and what each code's field says to type."""

    kind: Literal["grid", "spiral"]
    weight: str | None
    sections: tuple[str, ...]
    rows: int
    hint: str

    def strings(self, codes: Sequence[str]) -> tuple[str | None, ...]:
        """Each code as its column or branch string (None: not typed); RuleViolation naming the first bad one."""
        return tuple(self.string(i, code) for i, code in enumerate(codes))

    def string(self, i: int, code: str) -> str | None:
        if self.kind == "grid":
            return grid_codes.column_from_code(code, self.sections[i], self.rows,
                                               completion.grid_cycle(self.weight)[2:])
        return grid_codes.branch_from_code(code, self.sections[i], i % 3, self.rows)

    def code(self, string: str) -> str:
        return grid_codes.column_code(string) if self.kind == "grid" else grid_codes.branch_code(string)

    def codes(self, strings: Sequence[str]) -> tuple[str, ...]:
        padded = [*strings, *[""] * len(self.sections)][: len(self.sections)]
        return tuple(self.code(s) for s in padded)

    def layout(self, codes: Sequence[str], total: int | None) -> GridLayout | SpiralLayout | None:
        """The typed layout (None when no code is typed); RuleViolation when a code is bad or one is missing, or
        the boxes do not make the card's total."""
        strings = self.strings(codes)
        if all(s is None for s in strings):
            return None
        empty = [self.sections[i] for i, s in enumerate(strings) if s is None]
        if empty:
            which = "its" if len(empty) == 1 else "their"
            raise RuleViolation(f"card.{self.kind}_code", f"{', '.join(empty)}: type {which} boxes too.")
        sides: Literal[1, 2] = 2 if len(self.sections) == (12 if self.kind == "grid" else 6) else 1
        done: GridLayout | SpiralLayout
        if self.kind == "grid":
            done = GridLayout(total=total, columns=tuple(s or "" for s in strings), sides=sides)
        else:
            done = SpiralLayout(total=total, branches=tuple(s or "" for s in strings), sides=sides)
        problem = completion.drawing_problem(done)
        if problem:
            raise RuleViolation("card.drawing", problem)
        return done

    def mirrored(self, codes: Sequence[str]) -> tuple[str, ...]:
        """The grid's codes seen in a mirror (codes not typed yet stay empty); RuleViolation for a bad code."""
        strings = [s or "" for s in self.strings(codes)]
        return self.codes(grid_codes.mirrored(strings))


def codes_for(card: Card) -> Codes | None:
    """How a card's grid or spiral is typed, or None when it has neither."""
    layout = card.damage
    if not isinstance(layout, GridLayout | SpiralLayout):
        return None
    strings = grid_codes_strings(layout)
    if isinstance(layout, GridLayout):
        sides = completion.sides(card.weight, "grid")
        rows = completion.grid_rows(card.weight, strings)
        return Codes("grid", card.weight, tuple(completion.section_names("grid", 6 * sides)), rows,
                     "boxes, then system letters from the bottom up: 6 L L L")
    sides = completion.sides(card.weight, "spiral")
    most = completion.spiral_cells(card.weight, strings)
    return Codes("spiral", card.weight, tuple(completion.section_names("spiral", 3 * sides)), most,
                 "boxes, then aspect boxes from the inside: 5 M M or 5 2")


def grid_codes_strings(layout: GridLayout | SpiralLayout) -> tuple[str, ...]:
    return tuple((layout.columns if isinstance(layout, GridLayout) else layout.branches) or ())


def start_choices(card: Card, cards: Mapping[str, Card]) -> dict[str, str]:
    """The cards ``card`` may start its grid or spiral from: entered ones of its faction and role, of its weight
    when both say theirs, with the same number of sides (key: name, by name)."""
    mine = card.damage
    if not isinstance(mine, GridLayout | SpiralLayout):
        return {}
    out = {}
    for other in cards.values():
        theirs = other.damage
        if (other.key != card.key and other.faction == card.faction and other.role == card.role
                and type(theirs) is type(mine) and isinstance(theirs, GridLayout | SpiralLayout)
                and grid_codes_strings(theirs) and theirs.sides == mine.sides
                and (card.weight is None or other.weight is None or other.weight == card.weight)):
            out[other.key] = other.name
    return dict(sorted(out.items(), key=lambda kv: kv[1]))


def started_from(card: Card, source: Card) -> tuple[str, ...]:
    """The codes of ``source``'s grid or spiral, for ``card`` to start from."""
    codes = codes_for(card)
    layout = source.damage
    if codes is None or not isinstance(layout, GridLayout | SpiralLayout):
        return ()
    return codes.codes(grid_codes_strings(layout))


# -- one card's typed answers -------------------------------------------------------------------------------------
@dataclass
class Typed:
    """What an entry screen read off its fields for one card: text as typed, empty when left blank."""

    stats: dict[str, str] = field(default_factory=dict)
    codes: tuple[str, ...] = ()
    rings: tuple[str, ...] = ()
    boxes: str = ""
    trooper_boxes: str = ""
    leader_boxes: str = ""
    sizes: tuple[tuple[str, str], ...] = ()  # (models, points)
    cost: str = ""
    fa: str = ""
    battlegroup_points: str = ""
    weapons: tuple[tuple[str, ...], ...] = ()  # WEAPON_FIELDS, as typed


def whole(label: str, text: str, low: int, high: int) -> int | None:
    """A typed whole number in [low, high] (None when empty); RuleViolation naming the field otherwise."""
    text = (text or "").strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,4}", text) or not low <= int(text) <= high:
        raise RuleViolation("card.number", f"{label}: enter a whole number from {low} to {high}, or leave it "
                                           "empty.")
    return int(text)


def _short(label: str, text: str) -> str | None:
    text = tidy(text)
    if len(text) > WORDS_MAX:
        raise RuleViolation("card.words", f"{label}: at most {WORDS_MAX} characters.")
    return text or None


def _weapons(rows: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for n, row in enumerate(rows, start=1):
        name, rng, rof, aoe, pow_, ps = (*row, *[""] * 6)[:6]
        if not any(tidy(x) for x in (name, rng, rof, aoe, pow_, ps)):
            continue
        label = f"Weapon {n}"
        named = _short(f"{label}, name", name)
        if not named:
            raise RuleViolation("card.words", f"{label}: give the weapon's name.")
        out.append({"name": named, "rng": _short(f"{label}, RNG", rng), "rof": _short(f"{label}, ROF", rof),
                    "aoe": _short(f"{label}, AOE", aoe), "pow": whole(f"{label}, POW", pow_, 0, POW_MAX),
                    "ps": whole(f"{label}, P+S", ps, 0, POW_MAX)})
    return out


def _damage(card: Card, typed: Typed) -> dict[str, Any] | None:
    layout = card.damage
    codes = codes_for(card)
    if codes is not None and typed.codes:
        total = layout.total if isinstance(layout, GridLayout | SpiralLayout) else None
        done = codes.layout(typed.codes, total)
        if done is not None:
            return done.model_dump()
    if isinstance(layout, WebLayout) and any(r.strip() for r in typed.rings):
        rings = [whole(f"{name} ring", r, 1, completion.RING_MAX) for name, r in
                 zip(completion.RING_NAMES, typed.rings, strict=True)]
        if any(r is None for r in rings):
            raise RuleViolation("card.rings", "Web rings: fill in all three rings, or none.")
        return {"kind": "web", "total": layout.total, "rings": rings}
    if card.role != "unit" and (layout is None or isinstance(layout, BoxesLayout)) and typed.boxes.strip():
        return {"kind": "boxes", "boxes": whole("Damage boxes", typed.boxes, 1, 200)}
    return None


def entered(card: Card, typed: Typed) -> Card:
    """``card`` with what was typed for it, checked as the card book checks every card (a shipped card's given
    facts stay); RuleViolation naming the first thing wrong, the card's name first."""
    try:
        return checked(_entered(card, typed))
    except RuleViolation as refusal:
        message = refusal.message if refusal.message.startswith(card.name) else f"{card.name}: {refusal.message}"
        raise RuleViolation(refusal.code, message) from refusal


def _entered(card: Card, typed: Typed) -> dict[str, Any]:
    data = card.model_dump(mode="json", exclude_none=True)
    stats = dict(data.get("stats", {}))
    for stat in line_stats(card):
        value = whole(stat, typed.stats.get(stat, ""), 0, STAT_MAX)
        if value is not None:
            stats[stat] = value
    data["stats"] = stats
    damage = _damage(card, typed)
    if damage is not None:
        data["damage"] = damage
    if card.role == "unit":
        unit = dict(data.get("unit") or {})
        costs = dict(card.unit.costs) if card.unit else {}
        for n, (models, points) in enumerate(typed.sizes, start=1):
            size = whole(f"Size {n}, models", models, 1, 20)
            cost = whole(f"Size {n}, points", points, 1, 200)
            if (size is None) != (cost is None):
                raise RuleViolation("card.number", f"Size {n}: give both its models and its points.")
            if size is not None and cost is not None:
                costs[size] = cost
        unit["costs"] = {str(k): v for k, v in costs.items()}
        for key, label, text in (("trooper_boxes", "Trooper boxes", typed.trooper_boxes),
                                 ("leader_boxes", "Leader boxes", typed.leader_boxes)):
            value = whole(label, text, 1, 50)
            if value is not None:
                unit[key] = value
        data["unit"] = unit
    if card.role in FREE_POINT_ROLES:
        bgp = whole("Battlegroup points", typed.battlegroup_points, 0, 200)
        if bgp is not None:
            data["battlegroup_points"] = bgp
    elif card.role != "unit":
        cost = whole("Cost", typed.cost, 0, 200)
        if cost is not None:
            data["cost"] = cost
    fa = tidy(typed.fa).upper()
    if fa and not re.fullmatch(FA_PATTERN, fa):
        raise RuleViolation("card.fa", "FA is C (one per army), U (unlimited) or a number.")
    if fa:
        data["fa"] = fa
    weapons = _weapons(typed.weapons)
    if weapons:
        data["weapons"] = weapons
    return data
