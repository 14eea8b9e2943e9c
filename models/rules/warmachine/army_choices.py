"""What a player may add to an army being built one pick at a time (the home page's quick form), by the same
rules as the list builder: a card is offered only when adding it breaks none of the army rules (army_rules.py:
battlegroups follow the caster, characters and field allowance) nor what the army's theme force allows
(themes.py), and it is of the caster's faction or a mercenary (the list builder's faction rule, list_checks.py).
Points are counted as list_points.py counts them.

Pure: the form asks here and shows the answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from models.catalog.schema import CASTER_ROLES, Card
from models.rules.warmachine.army_rules import BATTLEGROUP_ROLES, Problem, army_problems
from models.rules.warmachine.list_model import Army, ListEntry
from models.rules.warmachine.list_points import Points, entry_cost, points
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.themes import army_faction, find_theme, theme_problems

OTHER_ROLES = ("unit", "solo", "structure", "battle_engine")


@dataclass(frozen=True)
class Choices:
    """What the form offers now: the caster's battlegroup kind (``battlegroup_role`` is '' without a caster)
    and the cards of each pick, in name order."""

    battlegroup_role: str
    battlegroup: tuple[Card, ...]
    others: tuple[Card, ...]


def casters(cards: Mapping[str, Card], faction: str | None = None) -> tuple[Card, ...]:
    """The cards that may lead a quick army, of ``faction`` when given: every caster (a Master Infernalist leads
    her own battlegroup)."""
    return tuple(sorted((c for c in cards.values() if c.role in CASTER_ROLES and faction in (None, c.faction)),
                        key=lambda c: c.name))


def factions(cards: Mapping[str, Card]) -> tuple[str, ...]:
    """The factions that have a caster among these cards."""
    return tuple(sorted({c.faction for c in casters(cards)}))


def refusal(army: Sequence[ArmyEntry], cards: Mapping[str, Card], entry: ArmyEntry, theme: str | None = None
            ) -> Problem | None:
    """Why ``entry`` may not join ``army`` (whose first entry is its caster) built as theme force ``theme`` (a
    key; None: no theme), or None when it may."""
    card = cards.get(entry.card)
    if card is None:
        return Problem("list.unknown_card", f"No card {entry.card!r} is known on this site.")
    leader = cards.get(army[0].card) if army else None
    if leader is not None and card.faction != leader.faction and not card.mercenary:
        return Problem("list.faction", f"{card.name} is not of the {leader.faction} faction.")
    before = {(p.code, p.entry, p.message) for p in _problems(army, cards, theme)}
    fresh = [p for p in _problems([*army, entry], cards, theme) if (p.code, p.entry, p.message) not in before]
    return fresh[0] if fresh else None


def _problems(army: Sequence[ArmyEntry], cards: Mapping[str, Card], theme: str | None) -> list[Problem]:
    known = _known(army, cards)
    found = find_theme(theme)
    extra = theme_problems(found, army_faction(known) or found.faction, army, known) if found else []
    return army_problems(army, known) + extra


def choices(army: Sequence[ArmyEntry], cards: Mapping[str, Card], theme: str | None = None) -> Choices:
    """The battlegroup models and the units, solos and structures that may join ``army`` (built as theme force
    ``theme``) now."""
    leader = cards.get(army[0].card) if army else None
    if leader is None:
        return Choices("", (), ())
    roles = BATTLEGROUP_ROLES.get(leader.role, ())
    ordered = sorted(cards.values(), key=lambda c: c.name)
    group = tuple(c for c in ordered if c.role in roles
                  and refusal(army, cards, ArmyEntry(card=c.key, battlegroup_of=0), theme) is None)
    others = tuple(c for c in ordered if c.role in OTHER_ROLES
                   and refusal(army, cards, ArmyEntry(card=c.key), theme) is None)
    return Choices(roles[0] if roles else "", group, others)


def unit_sizes(card: Card) -> tuple[int, ...]:
    """The model counts a unit's card prices (empty when its costs are not known)."""
    return tuple(sorted(card.unit.costs)) if card.role == "unit" and card.unit and card.unit.costs else ()


def army_points(army: Sequence[ArmyEntry], cards: Mapping[str, Card]) -> Points:
    """The army's points as the list builder counts them (free battlegroup points pay for the caster's own)."""
    return points(Army(entries=tuple(_as_list_entry(e) for e in army)), cards)


def cost(entry: ArmyEntry, card: Card) -> int | None:
    """One entry's points before free points; None when its card does not say."""
    return entry_cost(_as_list_entry(entry), card)


def _as_list_entry(entry: ArmyEntry) -> ListEntry:
    return ListEntry(card=entry.card, size=entry.size, battlegroup_of=entry.battlegroup_of)


def _known(army: Sequence[ArmyEntry], cards: Mapping[str, Card]) -> dict[int, Card]:
    return {i: cards[e.card] for i, e in enumerate(army) if e.card in cards}
