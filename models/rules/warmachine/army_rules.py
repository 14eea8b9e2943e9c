"""The rules an army obeys wherever it comes from: the list builder (``lists.validate``) and every route that
sets a game up (``setup.SetupGame``: the new-game form and the API) check them here, once.

These need neither the game size, nor points, nor the list's own faction, so a game's setup can apply them:

- battlegroups: a horror starts in the battlegroup of a model with Essence Manipulation (doc 001 "Horrors");
  only a caster leads a battlegroup, warjacks join warcasters, warbeasts warlocks (doc 001 "Battlegroup
  Commander"; Mk III core rules as publicly known);
- the Master Infernalist's starting horrors: how many and of which weights (doc 000 "Master Infernalist";
  reference README: Princess Regna, one lesser or light horror), recorded on her card;
- field allowance as printed on cards (``C`` one per army, a number at most that many); a warcaster, warlock or
  infernal master is a named character (FA C) even where its card does not print the FA (Mk III core rules as
  publicly known: every caster is a unique character);
- unit sizes the card offers.

What needs more than an army's entries stays in ``list_checks.py``: game size, points, faction, the one caster a list
needs, attachments and Arcana cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from models.catalog.schema import CASTER_ROLES, FREE_POINT_ROLES, Card

ESSENCE_MANIPULATION = ("infernal_master", "master_infernalist")
BATTLEGROUP_ROLES: dict[str, tuple[str, ...]] = {
    "infernal_master": ("horror",),
    "master_infernalist": ("horror",),
    "warcaster": ("warjack",),
    "warlock": ("warbeast",),
}
MEMBER_WORDS = {"horror": "horrors", "warjack": "warjacks", "warbeast": "warbeasts"}


class Entry(Protocol):
    """One line of an army: a list builder's ``ListEntry`` or a setup's ``ArmyEntry``."""

    @property
    def card(self) -> str: ...

    @property
    def battlegroup_of(self) -> int | None: ...

    @property
    def size(self) -> int | None: ...


@dataclass(frozen=True)
class Problem:
    """Something that makes a list not legal, in a sentence for a player; ``code`` is stable for tests."""

    code: str
    message: str
    entry: int | None = None


Add = Callable[[Problem], None]


def army_problems(entries: Sequence[Entry], known: Mapping[int, Card]) -> list[Problem]:
    """Every reason these entries break the rules above; ``known`` maps an entry's index to its card (entries
    whose card is unknown are the caller's to report)."""
    problems: list[Problem] = []
    add = problems.append
    for i, card in known.items():
        size = entries[i].size
        if card.role == "unit" and card.unit and card.unit.costs and size is not None and size not in card.unit.costs:
            sizes = " or ".join(str(n) for n in sorted(card.unit.costs))
            add(Problem("list.unit_size", f"{card.name} comes with {sizes} models, not {size}.", i))
        _check_battlegroup(entries, known, i, add)
    _check_master_infernalists(entries, known, add)
    _check_fa(known, add)
    return problems


def fa_limit(fa: str | None) -> int | None:
    """How many of a card an army may hold: 'C' one, 'U' any (None), a number that many; unknown: None."""
    if fa is None:
        return None
    fa = fa.strip().upper()
    if fa == "C":
        return 1
    return int(fa) if fa.isdigit() else None


def field_allowance(card: Card) -> str | None:
    """The FA an army is held to: the card's own, else 'C' for a warcaster, warlock or infernal master (each is a
    named character)."""
    if card.fa is None and card.role in FREE_POINT_ROLES:
        return "C"
    return card.fa


def _check_battlegroup(entries: Sequence[Entry], known: Mapping[int, Card], i: int, add: Add) -> None:
    card, target = known[i], entries[i].battlegroup_of
    if card.role == "horror":
        if target is None or target not in known or known[target].role not in ESSENCE_MANIPULATION:
            add(Problem("list.horror_without_master",
                        f"{card.name} must start in the battlegroup of a model with Essence Manipulation "
                        "(an infernal master or a Master Infernalist).", i))
        return
    if target is None:
        return
    if target == i or target not in known or known[target].role not in CASTER_ROLES:
        add(Problem("list.battlegroup_invalid", f"{card.name} is set to join a battlegroup, but no caster of "
                                                "this list leads it.", i))
        return
    allowed = BATTLEGROUP_ROLES[known[target].role]
    if card.role not in allowed:
        words = " and ".join(MEMBER_WORDS[r] for r in allowed)
        add(Problem("list.battlegroup_model", f"Only {words} can join {known[target].name}'s battlegroup; "
                                              f"{card.name} cannot.", i))


def _check_master_infernalists(entries: Sequence[Entry], known: Mapping[int, Card], add: Add) -> None:
    for i, card in known.items():
        if card.role != "master_infernalist":
            continue
        horrors = [j for j, c in known.items() if c.role == "horror" and entries[j].battlegroup_of == i]
        if card.max_horrors is not None and len(horrors) > card.max_horrors:
            add(Problem("list.too_many_horrors", f"{card.name} may start the game with at most "
                                                 f"{card.max_horrors} horror{'s' if card.max_horrors != 1 else ''}"
                                                 f"; this list gives her {len(horrors)}.", i))
        if card.horror_weights is not None:
            for j in horrors:
                if known[j].weight not in card.horror_weights:
                    kinds = " or ".join(card.horror_weights)
                    add(Problem("list.horror_weight", f"{card.name} may start only with {kinds} horrors; "
                                                      f"{known[j].name} is not one.", j))


def _check_fa(known: Mapping[int, Card], add: Add) -> None:
    counts = Counter(c.key for c in known.values())
    for key, count in counts.items():
        card = next(c for c in known.values() if c.key == key)
        fa = field_allowance(card)
        limit = fa_limit(fa)
        if limit is not None and count > limit:
            if fa and fa.strip().upper() == "C":
                text = f"{card.name} is a character: an army may include only one; this list has {count}."
            else:
                text = (f"{card.name} may be included at most {limit} times (field allowance {fa}); "
                        f"this list has {count}.")
            add(Problem("list.fa_exceeded", text))
