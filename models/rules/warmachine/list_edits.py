"""How a list builder changes a list: where a new card goes (the battlegroup it joins, the unit an attachment
joins, a unit's first size), which leaders and hosts an entry may be given, and removing an entry.

The rules decide here so that the web only shows the answers (DESIGN.md: no rule decided in a component).
Battlegroups follow army_rules.py (doc 001 "Horrors"; doc 000 "Master Infernalist": Princess Regna may start
with one lesser or light horror, recorded on her card); attachments follow ``list_checks.joins``.
Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from models.catalog.schema import CASTER_ROLES, Card
from models.rules.core import RuleViolation
from models.rules.warmachine.army_choices import unit_sizes as priced_sizes
from models.rules.warmachine.army_rules import BATTLEGROUP_ROLES
from models.rules.warmachine.list_checks import joins
from models.rules.warmachine.list_model import MAX_ENTRIES, UNIT_MAX, Army, ListEntry, canonical

BATTLEGROUP_MEMBERS = frozenset(role for roles in BATTLEGROUP_ROLES.values() for role in roles)


def leader_for(army: Army, cards: Mapping[str, Card], card: Card) -> int | None:
    """The caster a new battlegroup model joins: the latest one that may still take it (a Master Infernalist
    only while her card's count and weights allow)."""
    entries = army.entries
    for i in reversed(range(len(entries))):
        leader = cards.get(entries[i].card)
        if leader is None or card.role not in BATTLEGROUP_ROLES.get(leader.role, ()):
            continue
        if leader.role == "master_infernalist":
            taken = sum(1 for e in entries if e.battlegroup_of == i)
            if leader.max_horrors is not None and taken >= leader.max_horrors:
                continue
            if leader.horror_weights is not None and card.weight not in leader.horror_weights:
                continue
        return i
    return None


def takes_battlegroup(card: Card) -> bool:
    """Whether a model of this card joins a caster's battlegroup (a horror, warjack or warbeast)."""
    return card.role in BATTLEGROUP_MEMBERS


def leaders(army: Army, cards: Mapping[str, Card], index: int) -> list[int]:
    """The entries entry ``index`` may be put in the battlegroup of: casters whose battlegroup takes its kind
    (and the caster it is set to now, so a list read from elsewhere shows what it says)."""
    card = cards.get(army.entries[index].card)
    if card is None or not takes_battlegroup(card):
        return []
    now = army.entries[index].battlegroup_of
    out = []
    for j, e in enumerate(army.entries):
        leader = cards.get(e.card)
        if leader is not None and (card.role in BATTLEGROUP_ROLES.get(leader.role, ())
                                   or (j == now and leader.role in CASTER_ROLES)):
            out.append(j)
    return out


def hosts(army: Army, cards: Mapping[str, Card], card: Card) -> list[int]:
    """The entries attachment ``card`` may join."""
    return [i for i, e in enumerate(army.entries) if (host := cards.get(e.card)) is not None and joins(card, host)]


def unit_sizes(card: Card, now: int | None = None) -> list[int]:
    """The model counts a unit entry may be given: those its card prices (any count while it prices none), and
    the count it has now."""
    sizes = list(priced_sizes(card)) or list(range(1, UNIT_MAX + 1))
    return sizes if now is None or now in sizes else sorted((*sizes, now))


def with_card(army: Army, cards: Mapping[str, Card], key: str) -> Army:
    """The list with card ``key`` added where it belongs: a battlegroup model with ``leader_for``, an attachment
    on the latest unit it may join, a unit at its smallest priced size; the first card sets the faction."""
    card = cards.get(key)
    if card is None:
        raise RuleViolation("list.unknown_card", "That card is not in the catalog any more.")
    if len(army.entries) >= MAX_ENTRIES:
        raise RuleViolation("list.too_many_entries", f"A list holds at most {MAX_ENTRIES} entries.")
    entry = ListEntry(card=key)
    if takes_battlegroup(card):
        entry = entry.model_copy(update={"battlegroup_of": leader_for(army, cards, card)})
    elif card.role == "unit" and card.unit and card.unit.costs:
        entry = entry.model_copy(update={"size": min(card.unit.costs)})
    elif card.role == "attachment":
        found = hosts(army, cards, card)
        entry = entry.model_copy(update={"attached_to": found[-1] if found else None})
    faction = army.faction if army.entries else card.faction
    return canonical(army.model_copy(update={"entries": (*army.entries, entry), "faction": faction}))


def without_entry(army: Army, index: int) -> Army:
    """The list without entry ``index``; what joined it joins nothing now."""
    entries = []
    for i, e in enumerate(army.entries):
        if i == index:
            continue
        update: dict[str, int | None] = {}
        for field in ("battlegroup_of", "attached_to"):
            target = getattr(e, field)
            if target == index:
                update[field] = None
            elif target is not None and target > index:
                update[field] = target - 1
        entries.append(e.model_copy(update=update) if update else e)
    return canonical(army.model_copy(update={"entries": tuple(entries)}))


def with_change(army: Army, index: int, **update: Any) -> Army:
    """The list with entry ``index`` changed (its battlegroup, host, size or Arcana); RuleViolation when a value
    cannot be an entry's."""
    if not 0 <= index < len(army.entries):
        raise RuleViolation("list.no_entry", "That line is not in the list any more.")
    entries = list(army.entries)
    try:
        entries[index] = ListEntry.model_validate({**entries[index].model_dump(), **update})
    except ValidationError:
        raise RuleViolation("list.bad_value", "That value cannot be used here.") from None
    return canonical(army.model_copy(update={"entries": tuple(entries)}))
