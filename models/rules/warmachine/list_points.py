"""What an army list costs (doc 001 "Infernal Masters & Free Points"): every entry's army points, less the
free points each caster grants, which pay only for horrors (warjacks, warbeasts) of its own battlegroup; free
points left over are lost. Warcasters and warlocks work the same way for their battlegroups (doc 000).

Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from models.catalog.schema import FREE_POINT_ROLES, Card
from models.rules.warmachine.list_model import Army, ListEntry, member_of


@dataclass(frozen=True)
class BattlegroupPoints:
    caster: int
    name: str
    granted: int | None
    spent: int

    @property
    def free_used(self) -> int:
        return min(self.granted or 0, self.spent)

    @property
    def lost(self) -> int:
        return max(0, (self.granted or 0) - self.spent)


@dataclass(frozen=True)
class Points:
    used: int
    allowed: int
    battlegroups: tuple[BattlegroupPoints, ...] = ()
    unknown: tuple[int, ...] = ()

    @property
    def over(self) -> int:
        return max(0, self.used - self.allowed)


def entry_cost(entry: ListEntry, card: Card) -> int | None:
    """Army points of one entry before free points; None when the card does not say."""
    if card.role in FREE_POINT_ROLES:
        return 0
    if card.role == "unit":
        costs = card.unit.costs if card.unit else {}
        if not costs:
            return None
        return costs.get(entry.size if entry.size is not None else min(costs))
    return card.cost


def points(army: Army, cards: Mapping[str, Card]) -> Points:
    """Points used of the game size: every entry's cost, less the free points each caster grants, which pay
    only for its own battlegroup (the rest is lost)."""
    total, unknown = 0, []
    spent: dict[int, int] = {}
    for i, entry in enumerate(army.entries):
        card = cards.get(entry.card)
        cost = entry_cost(entry, card) if card else None
        if cost is None:
            unknown.append(i)
            continue
        total += cost
        caster = member_of(army, cards, i)
        if caster is not None:
            spent[caster] = spent.get(caster, 0) + cost
    groups = []
    for i, entry in enumerate(army.entries):
        card = cards.get(entry.card)
        if card is not None and card.role in FREE_POINT_ROLES:
            groups.append(BattlegroupPoints(i, card.name, card.battlegroup_points, spent.get(i, 0)))
    used = total - sum(g.free_used for g in groups)
    return Points(used=used, allowed=army.size, battlegroups=tuple(groups), unknown=tuple(unknown))
