"""The home page's quick form, one side at a time: the factions and casters it offers, what the caster's army
may take now, its points as the list builder counts them, and what a new caster or theme force leaves of the
models picked. The rules decide (army_choices.py); the form draws these answers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from models.catalog.schema import Card
from models.rules.warmachine.army_choices import army_points, casters, choices, cost, factions, refusal, unit_sizes
from models.rules.warmachine.setup import ArmyEntry

SMALLEST = 0  # a unit's size left to the rules: its smallest priced one


@dataclass(frozen=True)
class QuickArmy:
    """One side's army as the form holds it: the caster picked (None: none yet), the theme force's key (None: no
    theme) and the models picked after the caster."""

    caster: str | None = None
    theme: str | None = None
    entries: tuple[ArmyEntry, ...] = ()

    def army(self) -> list[ArmyEntry]:
        """The army as the rules read it: the caster first."""
        return [*([ArmyEntry(card=self.caster)] if self.caster else []), *self.entries]


@dataclass(frozen=True)
class Picked:
    """A model picked, as the form lists it: its name and its line ("Cultist Band (6 models) · 7 pts")."""

    name: str
    text: str


@dataclass(frozen=True)
class QuickOffer:
    """What the form offers a side now: the battlegroup kind its caster leads ('' without a caster) and the cards
    of each pick (key: name), its points, and the models picked."""

    battlegroup_role: str
    battlegroup: dict[str, str]
    others: dict[str, str]
    points: str
    picked: tuple[Picked, ...]


def faction_choices(cards: Mapping[str, Card]) -> dict[str, str]:
    """The factions a side may be narrowed to (those with a caster), after "All factions" ('')."""
    return {"": "All factions", **{f: f for f in factions(cards)}}


def caster_choices(cards: Mapping[str, Card], faction: str | None) -> dict[str, str]:
    """The casters a side may pick (key: name), of ``faction`` when given."""
    return {c.key: c.name for c in casters(cards, faction or None)}


def asks_size(cards: Mapping[str, Card], key: str | None) -> bool:
    """Whether the pick ``key`` is added at a size the player chooses (a unit)."""
    card = cards.get(key or "")
    return card is not None and card.role == "unit"


def size_choices(cards: Mapping[str, Card], key: str | None) -> dict[int, str]:
    """The sizes the pick ``key`` may be added at: ``SMALLEST`` first, then those its card prices."""
    card = cards.get(key or "")
    return {SMALLEST: "smallest", **{n: f"{n} models" for n in (unit_sizes(card) if card else ())}}


def offer(army: QuickArmy, cards: Mapping[str, Card]) -> QuickOffer:
    """What the form offers and shows for ``army`` now."""
    entries = army.army()
    offered = choices(entries, cards, army.theme)
    return QuickOffer(battlegroup_role=offered.battlegroup_role,
                      battlegroup={c.key: c.name for c in offered.battlegroup},
                      others={c.key: c.name for c in offered.others},
                      points=_points(entries, cards), picked=tuple(_picked(e, cards) for e in army.entries))


def _points(entries: list[ArmyEntry], cards: Mapping[str, Card]) -> str:
    if not entries:
        return ""
    total = army_points(entries, cards)
    words = [f"Army points: {total.used}"]
    for group in total.battlegroups:
        granted = "?" if group.granted is None else str(group.granted)
        words.append(f"battlegroup points {group.free_used} / {granted}")
    if total.unknown:
        words.append(f"{len(total.unknown)} not counted (cost not known)")
    return "; ".join(words)


def _picked(entry: ArmyEntry, cards: Mapping[str, Card]) -> Picked:
    card = cards[entry.card]
    size = f" ({entry.size} models)" if entry.size else ""
    points = cost(entry, card)
    return Picked(card.name, f"{card.name}{size} · " + (f"{points} pts" if points is not None else "cost not known"))


def with_entry(army: QuickArmy, cards: Mapping[str, Card], entry: ArmyEntry) -> tuple[QuickArmy, str | None]:
    """``army`` with ``entry`` added, or as it was with the rules' reason it may not take it."""
    problem = refusal(army.army(), cards, entry, army.theme)
    if problem is not None:
        return army, problem.message
    return replace(army, entries=(*army.entries, entry)), None


def refitted(army: QuickArmy, cards: Mapping[str, Card]) -> tuple[QuickArmy, tuple[str, ...]]:
    """``army`` keeping only the models its caster and theme force may take (none without a caster), and the
    names of those that went."""
    kept = replace(army, entries=())
    dropped: list[str] = []
    for entry in army.entries:
        if army.caster and refusal(kept.army(), cards, entry, army.theme) is None:
            kept = replace(kept, entries=(*kept.entries, entry))
        else:
            dropped.append(cards[entry.card].name if entry.card in cards else entry.card)
    return kept, tuple(dropped)


def restored(army: QuickArmy, cards: Mapping[str, Card], kept: Iterable[object]) -> QuickArmy:
    """``army`` with the models a browser kept for it, each only if it is still a legal pick (cards and rules
    may have changed since)."""
    if not army.caster:
        return army
    for raw in kept:
        if not isinstance(raw, dict):
            continue
        try:
            entry = ArmyEntry.model_validate(raw)
        except ValueError:
            continue
        if entry.battlegroup_of in (None, 0):
            army = with_entry(army, cards, entry)[0]
    return army
