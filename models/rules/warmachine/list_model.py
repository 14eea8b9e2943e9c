"""An army list as data: its entries, its reading order, and the armies a game starts with from it.

Pure: no I/O, no clock. What a list costs is ``list_points.py``, whether it is legal ``list_checks.py``, how a
builder adds and removes entries ``list_edits.py``, its plain-text form ``list_text.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from pydantic import Field, ValidationError

from models.catalog.schema import NAME_MAX, Card, Frozen
from models.rules.core import RuleViolation
from models.rules.invalid import invalid_words
from models.rules.text import tidy
from models.rules.warmachine.army_rules import BATTLEGROUP_ROLES
from models.rules.warmachine.setup import ArmyEntry

GAME_SIZES = (25, 50, 75, 100)
DEFAULT_SIZE = 75
TITLE_MAX = 60
MAX_ENTRIES = 80
UNIT_MAX = 20


class ListEntry(Frozen):
    """One line of a list. ``battlegroup_of`` / ``attached_to`` are indexes of other entries of the list."""

    card: str = Field(min_length=1, max_length=64)
    size: int | None = Field(default=None, ge=1, le=UNIT_MAX)
    battlegroup_of: int | None = Field(default=None, ge=0, lt=MAX_ENTRIES)
    attached_to: int | None = Field(default=None, ge=0, lt=MAX_ENTRIES)
    arcana: tuple[Annotated[str, Field(max_length=NAME_MAX)], ...] = Field(default=(), max_length=6)


class Army(Frozen):
    """An army list: a title, a faction, the game size it is built for, its entries, and the key of the theme
    force it is built as (None: none; lists kept before themes read so)."""

    title: str = Field(default="New list", min_length=1, max_length=TITLE_MAX)
    faction: str = Field(default="Infernals", min_length=1, max_length=40)
    size: int = Field(default=DEFAULT_SIZE, ge=1, le=1000)
    entries: tuple[ListEntry, ...] = Field(default=(), max_length=MAX_ENTRIES)
    theme: str | None = Field(default=None, max_length=40)


def clean_title(text: str) -> str:
    """One line, single spaces, 1 to 60 characters; RuleViolation otherwise."""
    text = tidy(text)
    if not text:
        raise RuleViolation("list.title_empty", "A list needs a name.")
    if len(text) > TITLE_MAX:
        raise RuleViolation("list.title_too_long", f"A list's name can be at most {TITLE_MAX} characters.")
    return text


def parse_army(data: object) -> Army:
    """A stored or posted list as an Army; RuleViolation with a plain message when it is malformed."""
    try:
        return Army.model_validate(data)
    except ValidationError as error:
        raise RuleViolation("list.malformed", f"This list cannot be read ({invalid_words(error.errors(), 'list')}).") \
            from None


def member_of(army: Army, cards: Mapping[str, Card], index: int) -> int | None:
    """The caster whose battlegroup entry ``index`` joins, when that is a legal pairing."""
    entry = army.entries[index]
    caster = entry.battlegroup_of
    if caster is None or caster >= len(army.entries) or caster == index:
        return None
    caster_card, card = cards.get(army.entries[caster].card), cards.get(entry.card)
    if caster_card is None or card is None:
        return None
    return caster if card.role in BATTLEGROUP_ROLES.get(caster_card.role, ()) else None


# -- order, and turning a list into the armies a game starts with ----------------------------------------
def _children(army: Army, parent: int) -> list[int]:
    return [j for j, e in enumerate(army.entries) if j != parent and (e.battlegroup_of == parent
                                                                       or e.attached_to == parent)]


def tops(army: Army) -> list[int]:
    """The entries that join no other entry (casters, units, solos), in list order."""
    n = len(army.entries)
    return [i for i, e in enumerate(army.entries)
            if not (e.battlegroup_of is not None and e.battlegroup_of < n and e.battlegroup_of != i)
            and not (e.attached_to is not None and e.attached_to < n and e.attached_to != i)]


def canonical(army: Army) -> Army:
    """The same list in reading order: each top entry followed by its battlegroup and attachments."""
    order: list[int] = []
    for top in tops(army):
        order.append(top)
        order += [c for c in _children(army, top) if c not in order]
    order += [i for i in range(len(army.entries)) if i not in order]  # entries pointing at each other
    new_index = {old: new for new, old in enumerate(order)}
    entries = []
    for old in order:
        e = army.entries[old]
        entries.append(e.model_copy(update={
            "battlegroup_of": new_index.get(e.battlegroup_of) if e.battlegroup_of is not None else None,
            "attached_to": new_index.get(e.attached_to) if e.attached_to is not None else None}))
    return army.model_copy(update={"entries": tuple(entries)})


def army_entries(army: Army, cards: Mapping[str, Card]) -> list[ArmyEntry]:
    """The entries a game starts with: casters before their battlegroups, battlegroups wired, unit sizes
    kept (attachments come as models of their own)."""
    ordered = canonical(army)
    out: list[ArmyEntry] = []
    for i, e in enumerate(ordered.entries):
        card = cards.get(e.card)
        caster = member_of(ordered, cards, i)
        if card is not None and card.role == "horror" and caster is None:
            caster = e.battlegroup_of
        out.append(ArmyEntry(card=e.card, battlegroup_of=caster if caster is not None and caster < i else None,
                             size=e.size if card is not None and card.role == "unit" else None))
    return out
