"""Cited stat facts gathered from public pages (``facts/<faction>.json``) and how they fill a card.

A record names its model (roster card id or name) and the page its numbers come from; the catalog merges the
records into the roster's cards field by field. A value is never overwritten: two sources that disagree are a
:class:`Conflict`, reported by ``python -m models.catalog check`` and failed by a test, and the first value stays.
Names only (abilities, weapons, spells): the limits keep a page's sentences out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from models.catalog.schema import (
    WORDS_MAX,
    BoxesLayout,
    Card,
    GridLayout,
    Spell,
    SpiralLayout,
    Stats,
    UnitInfo,
    Weapon,
    WebLayout,
    Weight,
)

FACTS_DIR = Path(__file__).parent / "facts"
BASES = {"small": 30, "medium": 40, "large": 50, "huge": 120}
Name = Annotated[str, Field(min_length=1, max_length=WORDS_MAX, pattern=r"^[^.\n]+$")]


class FactRecord(BaseModel):
    """One page's facts about one model (the input format, /work/notes/catalog-facts-format.md)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    card_id: int | None = None
    name: str | None = Field(default=None, min_length=1, max_length=80)
    source: str = Field(pattern=r"^https?://\S+$", max_length=400)
    role: Literal["structure", "battle_engine", "attachment", "master_infernalist"] | None = None
    stats: Stats = Stats()
    boxes: int | None = Field(default=None, ge=1, le=200)
    leader_boxes: int | None = Field(default=None, ge=1, le=200)
    cost: int | None = Field(default=None, ge=0, le=200)
    unit_costs: dict[int, int] = Field(default_factory=dict, max_length=6)
    fa: str | None = Field(default=None, pattern=r"^(C|U|[1-9][0-9]?)$")
    wjp: int | None = Field(default=None, ge=0, le=200)
    wbp: int | None = Field(default=None, ge=0, le=200)
    base: Literal["small", "medium", "large", "huge"] | None = None
    base_mm: int | None = Field(default=None, ge=20, le=200)
    weight: Weight | None = None
    weapons: tuple[Weapon, ...] = Field(default=(), max_length=12)
    spells: tuple[Spell, ...] = Field(default=(), max_length=16)
    abilities: tuple[Name, ...] = Field(default=(), max_length=20)
    trump: Name | None = None
    note: str = Field(default="", max_length=300)

    @field_validator("base", "weight", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        """Pages write "Small" or "Heavy": the words are the same."""
        return value.lower() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _named(self) -> FactRecord:
        if self.card_id is None and self.name is None:
            raise ValueError("a facts record names its model: card_id or name")
        return self


@dataclass(frozen=True)
class Conflict:
    card: str
    field: str
    kept: Any
    other: Any
    source: str

    def __str__(self) -> str:
        return f"{self.card}: {self.field} {self.kept!r} kept, {self.other!r} from {self.source} not used"


def facts_files() -> list[Path]:
    return sorted(FACTS_DIR.glob("*.json"))


@cache
def fact_records() -> tuple[tuple[str, FactRecord], ...]:
    """Every record of every facts file, with its file's faction slug; a malformed record raises."""
    out: list[tuple[str, FactRecord]] = []
    for path in facts_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = data["records"] if isinstance(data, dict) else data
        slug = data.get("faction", path.stem) if isinstance(data, dict) else path.stem
        for i, raw in enumerate(rows):
            try:
                out.append((slug, FactRecord.model_validate(raw)))
            except ValueError as e:
                raise ValueError(f"{path.name}, record {i + 1}: {e}") from e
    return tuple(out)


def _base_mm(record: FactRecord) -> int | None:
    return record.base_mm if record.base_mm is not None else BASES.get(record.base or "")


def empty_damage(role: str, weight: str | None) -> BoxesLayout | WebLayout | GridLayout | SpiralLayout | None:
    """The damage layout a model of ``role`` has, its boxes not known yet (a unit keeps its boxes in ``unit``)."""
    sides: Literal[1, 2] = 2 if weight in ("colossal", "gargantuan") else 1
    if role == "warjack":
        return GridLayout(sides=sides)
    if role == "warbeast":
        return SpiralLayout(sides=sides)
    if role == "horror":
        return WebLayout()
    if role in ("unit", "attachment"):
        return None
    return BoxesLayout()


def _damage_with(card: Card, boxes: int) -> BoxesLayout | WebLayout | GridLayout | SpiralLayout:
    layout = card.damage or empty_damage(card.role, card.weight) or BoxesLayout()
    if isinstance(layout, BoxesLayout):
        return layout.model_copy(update={"boxes": boxes})
    return layout.model_copy(update={"total": boxes})


def _boxes_of(card: Card) -> int | None:
    d = card.damage
    if isinstance(d, BoxesLayout):
        return d.boxes
    return d.total if d is not None else None


class _Merge:
    """Fills one card from records, collecting conflicts."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.conflicts: list[Conflict] = []

    def put(self, field: str, now: Any, new: Any, source: str) -> bool:
        """Whether ``new`` may be written over ``now`` (it is empty or equal); a different value is a conflict."""
        if new is None or new in ((), {}):
            return False
        if now is None or now in ((), {}) or now == new:
            return bool(now != new)
        self.conflicts.append(Conflict(self.card.key, field, now, new, source))
        return False

    def record(self, r: FactRecord) -> None:
        c = self.card
        up: dict[str, Any] = {}
        if r.role is not None and self.put("role", None if c.role in ("battle_engine", "unit", "solo") else c.role,
                                           r.role, r.source):
            up["role"] = r.role
        stats = c.stats.model_dump()
        for stat, value in r.stats.model_dump().items():
            if self.put(stat, stats[stat], value, r.source):
                stats[stat] = value
        up["stats"] = Stats(**stats)
        for field, value in (("cost", r.cost), ("fa", r.fa), ("base_mm", _base_mm(r)), ("weight", r.weight),
                             ("trump", r.trump), ("battlegroup_points", r.wjp if r.wjp is not None else r.wbp)):
            if self.put(field, getattr(c, field), value, r.source):
                up[field] = value
        if self.put("weapons", c.weapons, r.weapons, r.source):
            up["weapons"] = r.weapons
        if self.put("spells", c.spells, r.spells, r.source):
            up["spells"] = r.spells
        names = [a for a in r.abilities if a not in c.rules]
        if names:
            up["rules"] = (*c.rules, *names)[:20]
        if "Construct" in r.abilities:
            up["is_construct"] = True
        if "Soulless" in r.abilities:
            up["soulless"] = True
        self.card = c = c.model_copy(update=up)
        self._boxes(r)
        if r.source not in self.card.source:
            self.card = self.card.model_copy(update={"source": f"{self.card.source}; {r.source}"[:1000]})

    def _boxes(self, r: FactRecord) -> None:
        c = self.card
        if c.role == "unit" or (c.role == "attachment" and c.unit is not None):
            info = c.unit or UnitInfo()
            up: dict[str, Any] = {}
            if self.put("trooper boxes", info.trooper_boxes, r.boxes, r.source):
                up["trooper_boxes"] = r.boxes
            if self.put("leader boxes", info.leader_boxes, r.leader_boxes, r.source):
                up["leader_boxes"] = r.leader_boxes
            costs = dict(info.costs)
            for n, points in r.unit_costs.items():
                if self.put(f"{n} models' cost", costs.get(n), points, r.source):
                    costs[n] = points
            up["costs"] = costs
            self.card = c.model_copy(update={"unit": info.model_copy(update=up)})
            return
        if r.boxes is not None and self.put("boxes", _boxes_of(c), r.boxes, r.source):
            self.card = c.model_copy(update={"damage": _damage_with(c, r.boxes)})
        d = self.card.damage
        if self.card.weight in ("colossal", "gargantuan") and isinstance(d, GridLayout | SpiralLayout) and d.sides == 1:
            self.card = self.card.model_copy(update={"damage": d.model_copy(update={"sides": 2})})


def merge(card: Card, records: list[FactRecord]) -> tuple[Card, list[Conflict]]:
    """``card`` with every record's facts filled in (in order), and the conflicts found."""
    m = _Merge(card)
    for r in records:
        m.record(r)
    return m.card, m.conflicts
