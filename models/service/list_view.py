"""What the list builder shows for an army, and its edits: the entries with what each may be given (its
battlegroup, its models, the unit it joins, its Arcana), the points and battlegroup points, the problems or that
the list is legal, and the theme forces its faction offers. An edit (add a card, change or remove an entry)
answers with the new view or the rules' refusal, so the builder only draws.

The rules decide (list_edits.py, list_checks.py, list_points.py); this module puts their answers together.
Pure: the cards are given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from models.catalog.schema import Card
from models.rules.core import RuleViolation
from models.rules.warmachine.list_checks import is_grymkin_warlock, known_arcana, validate
from models.rules.warmachine.list_edits import (
    hosts,
    leaders,
    takes_battlegroup,
    unit_sizes,
    with_card,
    with_change,
    without_entry,
)
from models.rules.warmachine.list_model import Army, ListEntry, canonical, tops
from models.rules.warmachine.list_points import entry_cost, points
from models.rules.warmachine.themes import THEMELESS
from models.service.themes import theme_choices, theme_summary

UNSET = -1  # the choice "none" of a pick (no battlegroup, not attached)


@dataclass(frozen=True)
class Pick:
    """One choice the builder offers on an entry: its options (value: words) and the value it has now (None:
    none picked yet)."""

    options: dict[int, str]
    value: int | None


@dataclass(frozen=True)
class ArcanaPick:
    """The Arcana an entry may be given (every known one, and any it names that is not known) and those it has."""

    options: tuple[str, ...]
    chosen: tuple[str, ...]


@dataclass(frozen=True)
class EntryView:
    """One line of the list as the builder draws it. ``card`` is None for a card not known on this site (it can
    only be removed); ``cost`` is its points before free points (None: not known)."""

    index: int
    name: str
    card: Card | None
    cost: int | None
    child: bool
    battlegroup: Pick | None = None
    models: Pick | None = None
    joins: Pick | None = None
    arcana: ArcanaPick | None = None

    @property
    def line(self) -> str:
        """The words that name this line to a screen reader: "Agathon, line 2"."""
        return f"{self.name}, line {self.index + 1}"


@dataclass(frozen=True)
class ListView:
    """Everything the builder shows for ``army``: its points (``over``: more than the game size allows), the
    lines under them, its problems (none shown while it is empty), and the theme forces its faction offers."""

    army: Army
    used: int
    allowed: int
    over: bool
    not_counted: str | None
    theme_line: str | None
    battlegroups: tuple[str, ...]
    problems: tuple[str, ...]
    entries: tuple[EntryView, ...]
    themes: dict[str, str]

    @property
    def legal(self) -> bool:
        return bool(self.army.entries) and not self.problems

    @property
    def theme(self) -> str:
        """The theme force picked, as a key of ``themes`` (a theme of another faction shows as no theme)."""
        return self.army.theme if self.army.theme in self.themes else THEMELESS


@dataclass(frozen=True)
class Edited:
    """The answer to an edit: the list after it, or as it was with the rules' refusal."""

    view: ListView
    refusal: str | None = None


def list_view(army: Army, cards: Mapping[str, Card]) -> ListView:
    """What the builder shows for ``army`` (put in the rules' order first)."""
    army = canonical(army)
    total = points(army, cards)
    n = len(total.unknown)
    not_counted = f"Not counted: {n} entr{'y' if n == 1 else 'ies'} whose cost is not known." if n else None
    groups = []
    for group in total.battlegroups:
        granted = "?" if group.granted is None else str(group.granted)
        lost = f" ({group.lost} unspent, lost)" if group.lost and group.granted is not None else ""
        groups.append(f"{group.name}: battlegroup points {group.free_used} / {granted}{lost}")
    problems = tuple(p.message for p in validate(army, cards)) if army.entries else ()
    top = set(tops(army))
    return ListView(army=army, used=total.used, allowed=total.allowed, over=bool(total.over),
                    not_counted=not_counted, theme_line=theme_summary(army.theme), battlegroups=tuple(groups),
                    problems=problems, entries=tuple(_entry(army, cards, i, i not in top)
                                                     for i in range(len(army.entries))),
                    themes=theme_choices(army.faction))


def _entry(army: Army, cards: Mapping[str, Card], i: int, child: bool) -> EntryView:
    entry = army.entries[i]
    card = cards.get(entry.card)
    if card is None:
        return EntryView(index=i, name=entry.card, card=None, cost=None, child=child)
    return EntryView(index=i, name=card.name, card=card, cost=entry_cost(entry, card), child=child,
                     battlegroup=_battlegroup(army, cards, i, card), models=_models(entry, card),
                     joins=_joins(army, cards, entry, card), arcana=_arcana(entry, card, cards))


def _named(army: Army, cards: Mapping[str, Card], indexes: list[int], unset: str) -> dict[int, str]:
    return {UNSET: unset, **{j: f"{cards[army.entries[j].card].name} (line {j + 1})" for j in indexes}}


def _battlegroup(army: Army, cards: Mapping[str, Card], i: int, card: Card) -> Pick | None:
    if not takes_battlegroup(card):
        return None
    options = _named(army, cards, leaders(army, cards, i), "No battlegroup")
    now = army.entries[i].battlegroup_of
    return Pick(options, now if now in options else UNSET)


def _models(entry: ListEntry, card: Card) -> Pick | None:
    if card.role != "unit":
        return None
    return Pick({n: f"{n} models" for n in unit_sizes(card, entry.size)}, entry.size)


def _joins(army: Army, cards: Mapping[str, Card], entry: ListEntry, card: Card) -> Pick | None:
    if card.role != "attachment":
        return None
    options = _named(army, cards, hosts(army, cards, card), "Not attached")
    now = entry.attached_to
    return Pick(options, now if now in options else UNSET)


def _arcana(entry: ListEntry, card: Card, cards: Mapping[str, Card]) -> ArcanaPick | None:
    if not (is_grymkin_warlock(card) or entry.arcana):
        return None
    names = sorted(known_arcana(cards))
    return ArcanaPick(options=(*names, *(n for n in entry.arcana if n not in names)), chosen=entry.arcana)


def _edited(army: Army, cards: Mapping[str, Card], edit: Callable[[], Army]) -> Edited:
    try:
        return Edited(list_view(edit(), cards))
    except RuleViolation as refusal:
        return Edited(list_view(army, cards), refusal.message)


def add_card(army: Army, cards: Mapping[str, Card], key: str) -> Edited:
    """The list with card ``key`` added where the rules put it (the first card sets the list's faction)."""
    return _edited(army, cards, lambda: with_card(army, cards, key))


def change_entry(army: Army, cards: Mapping[str, Card], index: int, **update: Any) -> Edited:
    """The list with entry ``index`` given another battlegroup, host, size or Arcana (``UNSET``: none)."""
    update = {k: None if v == UNSET else v for k, v in update.items()}
    return _edited(army, cards, lambda: with_change(army, index, **update))


def remove_entry(army: Army, cards: Mapping[str, Card], index: int) -> Edited:
    """The list without entry ``index``; what joined it joins nothing now."""
    return _edited(army, cards, lambda: without_entry(army, index))
