"""The stat-card schema shared by the catalog files, the card editor and the rules.

A field the public reference does not give stays ``None``; :func:`missing_for_play` says which of those a
model needs before the rules can track it, so the app asks the owner instead of inventing a number.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Role = Literal[
    "infernal_master", "master_infernalist", "horror", "warcaster", "warjack", "warlock", "warbeast",
    "unit", "solo", "structure", "battle_engine", "attachment",
]
Weight = Literal["lesser", "light", "heavy", "colossal", "gargantuan"]
STAT_NAMES = ("SPD", "STR", "MAT", "RAT", "DEF", "ARM", "CMD", "ESSENCE", "FOCUS", "FURY", "THR")
CASTER_ROLES = ("infernal_master", "master_infernalist", "warcaster", "warlock")
ESSENCE_ROLES = ("infernal_master", "master_infernalist", "horror")
# The stats only some roles have (every card has the others): a card of another role leaves them empty.
ROLE_STATS: dict[str, tuple[str, ...]] = {
    "ESSENCE": ESSENCE_ROLES, "FOCUS": ("warcaster",), "FURY": ("warlock", "warbeast"), "THR": ("warbeast",),
    "CMD": ("unit", "solo", "structure", "battle_engine", "attachment", *CASTER_ROLES),
}


# Length limits of a card's free text (a card is shown to every player of a game and kept in card books).
NAME_MAX = 60
ALIASES_MAX = 10
FACTION_MAX = 40
RULE_MAX = 500
RULES_MAX = 20
SOURCE_MAX = 1000  # the shipped cards cite their pages at length (the roster and each page of facts)
WORDS_MAX = 40  # a weapon's, spell's or ability's name, and the short texts of a weapon or spell (RNG "SP 8")
WEAPONS_MAX = 12
SPELLS_MAX = 16
UNIT_NAME_MAX = 30
SIGNS_MAX = 30  # one grid column or spiral branch


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


Signs = Annotated[str, Field(max_length=SIGNS_MAX)]


class Stats(Frozen):
    SPD: int | None = None
    STR: int | None = None
    MAT: int | None = None
    RAT: int | None = None
    DEF: int | None = None
    ARM: int | None = None
    CMD: int | None = None
    ESSENCE: int | None = None
    FOCUS: int | None = None
    FURY: int | None = None
    THR: int | None = None


class BoxesLayout(Frozen):
    """A plain row of damage boxes (masters, solos, structures, each trooper)."""

    kind: Literal["boxes"] = "boxes"
    boxes: int | None = None


class WebLayout(Frozen):
    """A horror's damage web: three concentric rings, outer first (doc 001, "Recording Damage")."""

    kind: Literal["web"] = "web"
    total: int | None = None
    rings: tuple[int, int, int] | None = None


class GridLayout(Frozen):
    """A warjack grid: six columns, each a string read top to bottom; '.' a plain box, a letter a system box,
    '-' no box. ``total`` is the number of boxes when only that is known. A colossal has two grids, left and
    right (``sides`` 2): twelve columns, the left grid's six first."""

    kind: Literal["grid"] = "grid"
    total: int | None = None
    columns: tuple[Signs, ...] | None = Field(default=None, max_length=12)
    sides: Literal[1, 2] = 1


class SpiralLayout(Frozen):
    """A warbeast spiral: three branches (Mind, Body, Spirit), each a string of boxes; '.' plain, a letter
    an aspect box. A gargantuan has two spirals, left and right (``sides`` 2): six branches, the left's three
    first."""

    kind: Literal["spiral"] = "spiral"
    total: int | None = None
    branches: tuple[Signs, ...] | None = Field(default=None, max_length=6)
    sides: Literal[1, 2] = 1


DamageLayout = Annotated[BoxesLayout | WebLayout | GridLayout | SpiralLayout, Field(discriminator="kind")]


class UnitInfo(Frozen):
    """Unit composition: cost by model count, and the boxes of each trooper and of the leader."""

    costs: dict[int, int] = Field(default_factory=dict, max_length=20)
    leader_boxes: int | None = None
    trooper_boxes: int | None = None
    leader_name: str = Field(default="Leader", max_length=UNIT_NAME_MAX)
    trooper_name: str = Field(default="Grunt", max_length=UNIT_NAME_MAX)


Short = Annotated[str, Field(min_length=1, max_length=WORDS_MAX)]
MELEE_RANGES = ("0.5", "1", "2")


class Weapon(Frozen):
    """A weapon as the card prints it: ``rng`` as written ("10", "SP 8", "CTRL", melee "0.5"/"1"/"2"), ``rof``
    ("1", "d3"), ``aoe`` ("3"), ``pow`` and, for a melee weapon, ``ps`` (P+S). ``None``: not given by the page."""

    name: Short
    rng: Short | None = None
    rof: Short | None = None
    aoe: Short | None = None
    pow: int | None = Field(default=None, ge=0, le=40)
    ps: int | None = Field(default=None, ge=0, le=40)
    count: int = Field(default=1, ge=1, le=6)

    @property
    def melee(self) -> bool:
        """A melee weapon has a P+S, or a melee range and no rate of fire."""
        return self.ps is not None or (self.rng in MELEE_RANGES and self.rof is None)


class Spell(Frozen):
    """A caster's spell: ``cost`` (``None`` when variable), ``rng`` ("6", "SELF", "CTRL", "SP 8"), ``aoe``, ``pow``,
    ``dur`` ("UP", "RND", "TURN"; ``None``: none) and ``off`` (offensive)."""

    name: Short
    cost: int | None = Field(default=None, ge=0, le=20)
    rng: Short | None = None
    aoe: Short | None = None
    pow: int | None = Field(default=None, ge=0, le=40)
    dur: Short | None = None
    off: bool | None = None

    @property
    def upkeep(self) -> bool:
        return self.dur == "UP"


class Card(Frozen):
    """One stat card. ``None`` means the fact is not known (never a guess); the card editor completes it.

    - ``aliases``: other names players write for this model (import of pasted lists matches them too).
    - ``attaches_to``: for an attachment, the key of the unit card it joins, or a role it joins (e.g.
      ``infernal_master``); ``None`` when not known.
    - ``mercenary``: the model works for this faction as a mercenary.
    - ``max_horrors`` / ``horror_weights``: how many horrors, and of which weights, a Master Infernalist may
      start the game with (``None``: not known, not checked).
    - ``trump``: a Grymkin warlock's Trump arcana card (``None``: not known yet).
    - ``weapons`` / ``spells``: what the card prints of them (``()``: none known, not "none").
    - ``rules``: the card's abilities by name only, never a sentence of a page.
    """

    key: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,63}$")
    name: str = Field(min_length=1, max_length=NAME_MAX)
    aliases: tuple[Annotated[str, Field(min_length=1, max_length=NAME_MAX)], ...] = Field(default=(),
                                                                                         max_length=ALIASES_MAX)
    faction: str = Field(min_length=1, max_length=FACTION_MAX)
    role: Role
    weight: Weight | None = None
    card_id: int | None = None
    base_mm: int | None = None
    stats: Stats = Stats()
    damage: DamageLayout | None = None
    cost: int | None = None
    battlegroup_points: int | None = None
    fa: str | None = Field(default=None, max_length=3)
    unit: UnitInfo | None = None
    soulless: bool = False
    marked_soul: bool = False
    is_construct: bool = False
    trump: str | None = Field(default=None, max_length=NAME_MAX)
    attaches_to: str | None = Field(default=None, max_length=64)
    mercenary: bool = False
    max_horrors: int | None = Field(default=None, ge=0, le=20)
    horror_weights: tuple[Weight, ...] | None = Field(default=None, max_length=5)
    weapons: tuple[Weapon, ...] = Field(default=(), max_length=WEAPONS_MAX)
    spells: tuple[Spell, ...] = Field(default=(), max_length=SPELLS_MAX)
    rules: tuple[Annotated[str, Field(max_length=RULE_MAX)], ...] = Field(default=(), max_length=RULES_MAX)
    source: str = Field(default="", max_length=SOURCE_MAX)


class Arcanum(Frozen):
    """A Grymkin Arcana card (doc 001 "Arcana"): a name and the publisher's card id."""

    name: str = Field(min_length=1, max_length=NAME_MAX)
    card_id: int | None = None


class ThemeEffect(Frozen):
    """One thing a theme force changes, in our own words; ``key`` names it for the rules that apply it."""

    key: str = Field(pattern=r"^[a-z0-9_]{1,40}$")
    text: str = Field(min_length=1, max_length=RULE_MAX)


class ThemeLine(Frozen):
    """One line of a theme force's army composition (or a requisition option) and the card ids it allows."""

    label: str = Field(min_length=1, max_length=RULE_MAX)
    requisition: bool = False
    card_ids: tuple[int, ...] = ()


class Theme(Frozen):
    """A theme force an army of ``faction`` may be built as: its name and effects, with where they come from.

    ``lines`` is its composition as data; ``partial`` says a line could not be read as cards, so the app offers
    a model of the faction even when no line lists it (it never refuses what the theme may allow)."""

    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")
    name: str = Field(min_length=1, max_length=NAME_MAX)
    faction: str = Field(min_length=1, max_length=FACTION_MAX)
    effects: tuple[ThemeEffect, ...] = Field(default=(), max_length=10)
    lines: tuple[ThemeLine, ...] = Field(default=(), max_length=40)
    partial: bool = True
    source: str = Field(default="", max_length=SOURCE_MAX)

    def allowed_ids(self) -> frozenset[int] | None:
        """The card ids the theme allows, or None when the app cannot say (no lines, or a line not read)."""
        if self.partial or not self.lines:
            return None
        return frozenset(i for line in self.lines for i in line.card_ids)


FREE_POINT_ROLES = ("infernal_master", "warcaster", "warlock")


def missing_for_list(card: Card) -> tuple[str, ...]:
    """Fields an army list needs to count points and field allowance."""
    missing: list[str] = []
    if card.role in FREE_POINT_ROLES:
        if card.battlegroup_points is None:
            missing.append("battlegroup points")
        if card.role == "warlock" and card.faction == "Grymkin" and card.trump is None:
            missing.append("Trump arcana")
        return tuple(missing)
    if card.role == "unit":
        if card.unit is None or not card.unit.costs:
            missing.append("unit costs")
    elif card.cost is None:
        missing.append("cost")
    if card.fa is None:
        missing.append("FA")
    return tuple(missing)


def missing_facts(card: Card) -> tuple[str, ...]:
    """Everything the app would like to know and does not: for play, for lists (shown in the missing view)."""
    seen: list[str] = []
    for item in (*missing_for_play(card), *missing_for_list(card)):
        if item not in seen:
            seen.append(item)
    return tuple(seen)


def has_stat(card: Card, stat: str) -> bool:
    """Whether a card of this role has ``stat`` at all (an empty FURY on a warjack is no gap)."""
    return card.role in ROLE_STATS.get(stat, (card.role,))


def missing_for_play(card: Card) -> tuple[str, ...]:
    """Fields the rules need before this model can be tracked (asked from the player's own card)."""
    missing: list[str] = []
    if card.role in ESSENCE_ROLES and card.stats.ESSENCE is None:
        missing.append("ESSENCE")
    layout = card.damage
    if card.role == "unit":
        if card.unit is None or card.unit.trooper_boxes is None:
            missing.append("trooper boxes")
    elif layout is None or (isinstance(layout, BoxesLayout) and layout.boxes is None):
        missing.append("damage boxes")
    elif isinstance(layout, WebLayout) and layout.rings is None:
        missing.append("web rings")
    elif isinstance(layout, GridLayout) and layout.columns is None:
        missing.append("grid columns")
    elif isinstance(layout, SpiralLayout) and layout.branches is None:
        missing.append("spiral branches")
    return tuple(missing)


def with_web_rings(card: Card, rings: tuple[int, int, int]) -> Card:
    """``card`` with the web rings its player typed from their own card (outer first); whether they fit its web
    is the rules' to say (a card with rings that do not add up is refused where it is used)."""
    total = card.damage.total if isinstance(card.damage, WebLayout) else None
    return card.model_copy(update={"damage": WebLayout(total=total, rings=rings)})


def changed_facts(given: Card, new: Card) -> tuple[str, ...]:
    """The facts ``given`` states that ``new`` changes, in words ("SPD", "damage rings"). A fact is any field
    that is not empty (None, "", no entries); completing a card may fill empty fields, never change the others.
    """
    return tuple(_changed(given, new, ()))


# What the catalog says of a card beyond its numbers: a stored copy takes the catalog's when it has one.
CATALOG_OWNED = ("aliases", "card_id", "rules", "weapons", "spells", "source")


def with_shipped_facts(given: Card, card: Card) -> Card:
    """``card`` (a player's completion of the shipped card ``given``, maybe stored before the catalog grew) with
    every fact ``given`` gives and ``card`` leaves empty, and the catalog's names, ids and sources: what the
    player typed stays; :func:`changed_facts` then finds only real changes."""
    filled = _filled(given, card)
    owned = {f: getattr(given, f) for f in CATALOG_OWNED if not _empty(getattr(given, f))}
    return filled.model_copy(update=owned) if isinstance(filled, Card) else card


def _empty(value: Any) -> bool:
    return value is None or (not isinstance(value, bool) and value in ("", (), {}))


def _filled(given: BaseModel, new: BaseModel) -> BaseModel:
    up: dict[str, Any] = {}
    for name in type(given).model_fields:
        old, now = getattr(given, name), getattr(new, name)
        if _empty(old) or old == now:
            continue
        if _empty(now):
            up[name] = old
        elif isinstance(old, BaseModel) and type(now) is type(old):
            up[name] = _filled(old, now)
    return new.model_copy(update=up) if up else new


def _changed(given: BaseModel, new: BaseModel, path: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for name in type(given).model_fields:
        old, now = getattr(given, name), getattr(new, name)
        if old is None or old in ("", (), {}) or old == now:
            continue
        if isinstance(old, BaseModel) and type(now) is type(old):
            out += _changed(old, now, (*path, name))
        else:
            out.append(fact_words((*path, name)))
    return out


def fact_words(path: tuple[str | int, ...]) -> str:
    """A card field's place (``("stats", "SPD")``, ``("rules", 2)``) as a player reads it."""
    words: list[str] = []
    for part in path:
        if isinstance(part, int):
            words.append(f"entry {part + 1}")
        elif part in STAT_NAMES:
            words = [part]
        else:
            words.append(FIELD_WORDS.get(part, part.replace("_", " ")))
    return " ".join(words) or "card"


FIELD_WORDS = {"fa": "FA", "base_mm": "base size", "aliases": "other names", "is_construct": "construct",
               "trump": "Trump arcana"}


SCHEMA_FILE = "card.schema.json"


def card_json_schema() -> dict[str, Any]:
    """The JSON Schema of one card, as written to ``models/catalog/card.schema.json``."""
    return Card.model_json_schema()



FA_PATTERN = r"^(C|U|[1-9][0-9]?)$"
GRID_BOX = set(".-ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
STAT_MAX = 40


TWO_SIDED = {"colossal": "grid", "gargantuan": "spiral"}


def _sides_problems(card: Card) -> list[str]:
    """A colossal warjack has two grids and a gargantuan two spirals; no other card has two."""
    layout = card.damage
    if not isinstance(layout, GridLayout | SpiralLayout):
        return []
    two = TWO_SIDED.get(card.weight or "") == layout.kind
    if two and layout.sides != 2:
        return [f"A {card.weight} has two damage {layout.kind}s, left and right."]
    if not two and layout.sides == 2:
        return [f"Only a {'colossal' if layout.kind == 'grid' else 'gargantuan'} has two damage {layout.kind}s."]
    return []


def card_problems(card: Card) -> list[str]:
    """What makes a card (typed in the editor or imported) unusable, in sentences for a player."""
    out: list[str] = []
    for stat in STAT_NAMES:
        value = getattr(card.stats, stat)
        if value is not None and not 0 <= value <= STAT_MAX:
            out.append(f"{stat} must be a whole number from 0 to {STAT_MAX}.")
    ranges = (("Cost", card.cost, 0, 200), ("Battlegroup points", card.battlegroup_points, 0, 200),
              ("Base size", card.base_mm, 20, 200), ("Card id", card.card_id, 1, 10**7))
    for label, value, low, high in ranges:
        if value is not None and not low <= value <= high:
            out.append(f"{label} must be from {low} to {high}.")
    if card.fa is not None and not re.match(FA_PATTERN, card.fa):
        out.append("FA is C (one per army), U (unlimited) or a number.")
    layout = card.damage
    if isinstance(layout, BoxesLayout) and layout.boxes is not None and not 1 <= layout.boxes <= 200:
        out.append("Damage boxes must be from 1 to 200.")
    if isinstance(layout, WebLayout):
        if layout.total is not None and not 1 <= layout.total <= 200:
            out.append("A web has from 1 to 200 boxes.")
        if layout.rings is not None:
            if min(layout.rings) < 1:
                out.append("Every ring of a web has at least one box.")
            elif layout.total is not None and sum(layout.rings) != layout.total:
                out.append(f"The three rings must add up to the web's {layout.total} boxes.")
    out += _sides_problems(card)
    if isinstance(layout, GridLayout) and layout.columns is not None:
        if len(layout.columns) != 6 * layout.sides:
            out.append("A grid has six columns." if layout.sides == 1 else
                       "A colossal's two grids have six columns each, twelve in all (the left grid's first).")
        if any(not col or len(col) > 12 or set(col) - GRID_BOX for col in layout.columns):
            out.append("Each grid column is 1 to 12 signs: '.' a plain box, a letter a system box, '-' no box.")
        elif layout.total is not None and sum(len(c) - c.count("-") for c in layout.columns) != layout.total:
            out.append(f"The grid's columns must hold its {layout.total} boxes.")
    if isinstance(layout, SpiralLayout) and layout.branches is not None:
        if len(layout.branches) != 3 * layout.sides:
            out.append("A spiral has three branches: Mind, Body and Spirit." if layout.sides == 1 else
                       "A gargantuan's two spirals have three branches each, six in all (the left spiral's first).")
        elif any(not b or len(b) > 30 or set(b) - GRID_BOX - {"-"} for b in layout.branches):
            out.append("Each spiral branch is 1 to 30 signs: '.' a plain box, a letter an aspect box.")
        elif layout.total is not None and sum(len(b) for b in layout.branches) != layout.total:
            out.append(f"The branches must hold the spiral's {layout.total} boxes.")
    if card.unit is not None:
        if any(not 1 <= n <= 20 or not 1 <= c <= 200 for n, c in card.unit.costs.items()):
            out.append("A unit's costs are for 1 to 20 models, each from 1 to 200 points.")
        for label, value in (("Leader", card.unit.leader_boxes), ("Trooper", card.unit.trooper_boxes)):
            if value is not None and not 1 <= value <= 50:
                out.append(f"{label} boxes must be from 1 to 50.")
    if card.max_horrors is not None and card.role != "master_infernalist":
        out.append("Only a Master Infernalist has a horror limit.")
    if card.trump is not None and not (card.role == "warlock" and card.faction == "Grymkin"):
        out.append("Only a Grymkin warlock has a Trump card.")
    return out
