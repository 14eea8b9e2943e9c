"""Whether an army list is legal: every reason it is not, each a ``Problem`` with a stable code.

Pure: no I/O, no clock. The rules every army obeys, however a game is set up, are in ``army_rules.py``; this
module adds what a list has of its own. Sources:

- doc 001 "Arcana": each Grymkin warlock has exactly three Arcana cards, one of them its Trump; no card twice
  in an army; another warlock's Trump cannot be taken as an ordinary card. A list may name the two others only
  (the Trump is always the third): so a list whose warlock's Trump is not known yet names two cards, or three
  when the player knows which of them is its Trump.
- One warcaster, warlock or infernal master per list: the game is lost when "your warcaster/warlock/infernal
  master" is destroyed (doc 002, "Deathclock"; Steamroller 2019). A Master Infernalist is a solo and may join.
- Game sizes and points as ``list_points.py`` counts them; an attachment joins the unit its card names.
- What the list's theme force allows (themes.py), as every game setup checks it too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from models.catalog import shipped_arcana
from models.catalog.schema import FREE_POINT_ROLES, Arcanum, Card
from models.rules.core import RuleViolation
from models.rules.warmachine.army_rules import Problem, army_problems
from models.rules.warmachine.list_model import GAME_SIZES, Army
from models.rules.warmachine.list_points import points
from models.rules.warmachine.themes import find_theme, theme_problems

# Problems that say the catalog lacks a fact (a card's cost, a warlock's Trump, an Arcana card it does not list), not
# that the list breaks a rule: an event's organiser may approve such a list by reading it.
UNCHECKED = frozenset({"list.card_incomplete", "list.trump_unknown", "list.arcana_unknown"})


def known_arcana(cards: Mapping[str, Card], arcana: Mapping[str, Arcanum] | None = None) -> set[str]:
    names = set(arcana if arcana is not None else shipped_arcana())
    return names | {c.trump for c in cards.values() if c.trump}


def is_grymkin_warlock(card: Card) -> bool:
    return card.role == "warlock" and card.faction == "Grymkin"


def blocking(problems: list[Problem]) -> list[Problem]:
    """The problems that make a list illegal: all but the facts the catalog lacks (UNCHECKED), which the pre-game
    screen or the event's organiser deals with; a list is never refused for them alone."""
    return [p for p in problems if p.code not in UNCHECKED]


def validate(army: Army, cards: Mapping[str, Card], arcana: Mapping[str, Arcanum] | None = None
             ) -> list[Problem]:
    """Every reason this list is not legal (empty when it is): the rules every army obeys (army_rules.py),
    and what a list adds: game size, points, faction, a caster, attachments, Arcana, its theme force."""
    problems: list[Problem] = []
    add = problems.append
    entries = army.entries
    if army.size not in GAME_SIZES:
        add(Problem("list.game_size", "Pick a game size of " + ", ".join(map(str, GAME_SIZES)) + " points."))
    known = {i: cards[e.card] for i, e in enumerate(entries) if e.card in cards}
    for i, entry in enumerate(entries):
        if i not in known:
            add(Problem("list.unknown_card", f"No card {entry.card!r} is known on this site.", i))
    leaders = [i for i, c in known.items() if c.role in FREE_POINT_ROLES]
    if not leaders:
        add(Problem("list.no_caster", "A list needs a warcaster, warlock or infernal master."))
    elif len({known[i].key for i in leaders}) > 1:
        names = ", ".join(known[i].name for i in leaders)
        add(Problem("list.one_caster", f"A list has one warcaster, warlock or infernal master; this one has "
                                       f"{len(leaders)} ({names}).", leaders[-1]))
    for i, card in known.items():
        if card.faction != army.faction and not card.mercenary:
            add(Problem("list.faction", f"{card.name} is not of the {army.faction} faction.", i))
        missing = _missing_for_points(card)
        if missing:
            add(Problem("list.card_incomplete", f"Unknown facts: {card.name}: {missing} not known yet (the list "
                                                "counts without it; complete the card in the card editor).", i))
        if card.role == "attachment":
            _check_attachment(army, cards, known, i, add)
    problems += army_problems(entries, known)
    try:
        problems += theme_problems(find_theme(army.theme), army.faction, entries, known)
    except RuleViolation as unknown:
        add(Problem(unknown.code, unknown.message))
    _check_arcana(army, cards, known, known_arcana(cards, arcana), add)
    total = points(army, cards)
    if total.over:
        add(Problem("list.over_points", f"The list uses {total.used} points of {total.allowed}: "
                                        f"{total.over} too many."))
    return problems


def _missing_for_points(card: Card) -> str:
    """What a list cannot count without, as the start of a sentence ('' when nothing is missing)."""
    if card.role in FREE_POINT_ROLES:
        return "the battlegroup points are" if card.battlegroup_points is None else ""
    if card.role == "unit":
        return "the unit costs are" if card.unit is None or not card.unit.costs else ""
    return "the cost is" if card.cost is None else ""


def joins(card: Card, host: Card) -> bool:
    """Whether attachment ``card`` may join ``host``: the unit (or the role) its card names, else any unit."""
    goal = card.attaches_to
    return host.key == goal or host.role == goal if goal else host.role == "unit"


def _check_attachment(army: Army, cards: Mapping[str, Card], known: dict[int, Card], i: int,
                      add: Callable[[Problem], None]) -> None:
    """An attachment joins an entry of this list that ``joins`` allows."""
    card, target = known[i], army.entries[i].attached_to
    goal = card.attaches_to
    host = known.get(target) if target is not None and target != i else None
    if host is not None and joins(card, host):
        return
    if not goal:
        what = "a unit"
    elif goal in cards:
        what = f"a {cards[goal].name}"
    else:
        words = goal.replace("_", " ")
        what = ("an " if words[:1] in "aeiou" else "a ") + words
    add(Problem("list.attachment_without_unit", f"{card.name} must join {what} in this list.", i))


def _check_arcana(army: Army, cards: Mapping[str, Card], known: dict[int, Card], names: set[str],
                  add: Callable[[Problem], None]) -> None:
    trumps = {c.trump: c for c in cards.values() if c.trump}
    used: Counter[str] = Counter()
    for i, card in known.items():
        chosen = army.entries[i].arcana
        if not is_grymkin_warlock(card):
            if chosen:
                add(Problem("list.arcana_not_allowed", f"Only Grymkin warlocks take Arcana cards; {card.name} "
                                                       "does not.", i))
            continue
        used.update(chosen)
        others = [n for n in chosen if n != card.trump]
        # Trump not known: two cards, or three when the player knows which one is its Trump.
        wrong_count = len(chosen) not in (2, 3) if card.trump is None else len(chosen) > 3 or len(others) != 2
        if wrong_count:
            add(Problem("list.arcana_count", f"{card.name} needs exactly three Arcana cards: its Trump and two "
                                             f"others; {len(chosen)} chosen.", i))
        for name in chosen:
            if name not in names:
                add(Problem("list.arcana_unknown", f"{name!r} is not a known Arcana card.", i))
            elif name in trumps and trumps[name].key != card.key:
                add(Problem("list.arcana_other_trump", f"{name} is {trumps[name].name}'s Trump card; "
                                                       f"{card.name} cannot take it.", i))
        if card.trump is None:
            add(Problem("list.trump_unknown", f"Unknown facts: {card.name}'s Trump card is not known yet "
                                              "(complete the card in the card editor).", i))
        elif card.trump not in chosen and len(chosen) != 2:
            add(Problem("list.arcana_no_trump", f"{card.name}'s three Arcana cards must include its Trump, "
                                                f"{card.trump}.", i))
    for name, count in sorted(used.items()):
        if count > 1:
            add(Problem("list.arcana_duplicate", f"The Arcana card {name} is chosen {count} times; an army may "
                                                 "use each card once."))
