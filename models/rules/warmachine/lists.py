"""Army lists: points, validation, and the plain "name, points" text players paste into forums.

Pure: no I/O, no clock. The rules every army obeys, however a game is set up, are in ``army_rules.py``;
this module adds what a list has of its own. Sources:

- doc 001 "Infernal Masters & Free Points": infernal masters cost no army points and grant free points that
  pay only for horrors of their own battlegroup; free points left over are lost. Warcasters and warlocks work
  the same way for their battlegroups (doc 000 compares them).
- doc 001 "Horrors": every horror starts the game in a battlegroup of a model with Essence Manipulation.
- doc 000 "Master Infernalist": Princess Regna has her own battlegroup (reference README: she may start
  with one lesser or light horror, recorded on her card as ``max_horrors`` and ``horror_weights``).
- doc 001 "Arcana": each Grymkin warlock has exactly three Arcana cards, one of them its Trump; no card twice
  in an army; another warlock's Trump cannot be taken as an ordinary card.
- Field allowance (FA) as printed on cards: ``C`` one per army, ``U`` unlimited, a number at most that many.
- One warcaster, warlock or infernal master per list: the game is lost when "your warcaster/warlock/infernal
  master" is destroyed (doc 002, "Deathclock"; Steamroller 2019). A Master Infernalist is a solo and may join.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field, ValidationError

from models.catalog import shipped_arcana
from models.catalog.schema import CASTER_ROLES, FREE_POINT_ROLES, NAME_MAX, Arcanum, Card, Frozen
from models.rules.core import RuleViolation
from models.rules.text import tidy
from models.rules.warmachine.army_rules import BATTLEGROUP_ROLES, Problem, army_problems
from models.rules.warmachine.setup import ArmyEntry

GAME_SIZES = (25, 50, 75, 100)
DEFAULT_SIZE = 75
TITLE_MAX = 60
MAX_ENTRIES = 80
TEXT_MAX = 20_000
LINES_MAX = 300
UNIT_MAX = 20


# -- the list as data ------------------------------------------------------------------------------------
class ListEntry(Frozen):
    """One line of a list. ``battlegroup_of`` / ``attached_to`` are indexes of other entries of the list."""

    card: str = Field(min_length=1, max_length=64)
    size: int | None = Field(default=None, ge=1, le=UNIT_MAX)
    battlegroup_of: int | None = Field(default=None, ge=0, lt=MAX_ENTRIES)
    attached_to: int | None = Field(default=None, ge=0, lt=MAX_ENTRIES)
    arcana: tuple[Annotated[str, Field(max_length=NAME_MAX)], ...] = Field(default=(), max_length=6)


class Army(Frozen):
    """An army list: a title, a faction, the game size it is built for, and its entries."""

    title: str = Field(default="New list", min_length=1, max_length=TITLE_MAX)
    faction: str = Field(default="Infernals", min_length=1, max_length=40)
    size: int = Field(default=DEFAULT_SIZE, ge=1, le=1000)
    entries: tuple[ListEntry, ...] = Field(default=(), max_length=MAX_ENTRIES)


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


def clean_title(text: str) -> str:
    """One line, single spaces, 1 to 60 characters; RuleViolation otherwise."""
    text = tidy(text)
    if not text:
        raise RuleViolation("list.title_empty", "A list needs a name.")
    if len(text) > TITLE_MAX:
        raise RuleViolation("list.title_too_long", f"A list's name can be at most {TITLE_MAX} characters.")
    return text


# -- points ----------------------------------------------------------------------------------------------
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


def _member_of(army: Army, cards: Mapping[str, Card], index: int) -> int | None:
    """The caster whose battlegroup entry ``index`` joins, when that is a legal pairing."""
    entry = army.entries[index]
    caster = entry.battlegroup_of
    if caster is None or caster >= len(army.entries) or caster == index:
        return None
    caster_card, card = cards.get(army.entries[caster].card), cards.get(entry.card)
    if caster_card is None or card is None:
        return None
    return caster if card.role in BATTLEGROUP_ROLES.get(caster_card.role, ()) else None


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
        caster = _member_of(army, cards, i)
        if caster is not None:
            spent[caster] = spent.get(caster, 0) + cost
    groups = []
    for i, entry in enumerate(army.entries):
        card = cards.get(entry.card)
        if card is not None and card.role in FREE_POINT_ROLES:
            groups.append(BattlegroupPoints(i, card.name, card.battlegroup_points, spent.get(i, 0)))
    used = total - sum(g.free_used for g in groups)
    return Points(used=used, allowed=army.size, battlegroups=tuple(groups), unknown=tuple(unknown))


# -- validation ------------------------------------------------------------------------------------------
def known_arcana(cards: Mapping[str, Card], arcana: Mapping[str, Arcanum] | None = None) -> set[str]:
    names = set(arcana if arcana is not None else shipped_arcana())
    return names | {c.trump for c in cards.values() if c.trump}


def is_grymkin_warlock(card: Card) -> bool:
    return card.role == "warlock" and card.faction == "Grymkin"


def validate(army: Army, cards: Mapping[str, Card], arcana: Mapping[str, Arcanum] | None = None
             ) -> list[Problem]:
    """Every reason this list is not legal (empty when it is): the rules every army obeys (army_rules.py),
    and what a list adds: game size, points, faction, a caster, attachments, Arcana."""
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
            add(Problem("list.card_incomplete", f"{card.name}: {missing} not known yet. Complete the card in the "
                                                "card editor.", i))
        if card.role == "attachment":
            _check_attachment(army, cards, known, i, add)
    problems += army_problems(entries, known)
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


def _check_attachment(army: Army, cards: Mapping[str, Card], known: dict[int, Card], i: int,
                      add: Callable[[Problem], None]) -> None:
    """An attachment joins an entry of this list: the unit (or the role) its card names, else any unit."""
    card, target = known[i], army.entries[i].attached_to
    goal = card.attaches_to
    host = known.get(target) if target is not None and target != i else None
    if host is not None and (host.key == goal or host.role == goal if goal else host.role == "unit"):
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
        if len(chosen) != 3:
            add(Problem("list.arcana_count", f"{card.name} needs exactly three Arcana cards; "
                                             f"{len(chosen)} chosen.", i))
        for name in chosen:
            if name not in names:
                add(Problem("list.arcana_unknown", f"{name!r} is not a known Arcana card.", i))
            elif name in trumps and trumps[name].key != card.key:
                add(Problem("list.arcana_other_trump", f"{name} is {trumps[name].name}'s Trump card; "
                                                       f"{card.name} cannot take it.", i))
        if card.trump is None:
            add(Problem("list.trump_unknown", f"{card.name}'s Trump card is not known yet. Complete the card "
                                              "in the card editor.", i))
        elif card.trump not in chosen:
            add(Problem("list.arcana_no_trump", f"{card.name}'s three Arcana cards must include its Trump, "
                                                f"{card.trump}.", i))
    for name, count in sorted(used.items()):
        if count > 1:
            add(Problem("list.arcana_duplicate", f"The Arcana card {name} is chosen {count} times; an army may "
                                                 "use each card once."))


# -- order, and turning a list into the armies a game starts with ----------------------------------------
def _children(army: Army, parent: int) -> list[int]:
    return [j for j, e in enumerate(army.entries) if j != parent and (e.battlegroup_of == parent
                                                                       or e.attached_to == parent)]


def _tops(army: Army) -> list[int]:
    n = len(army.entries)
    return [i for i, e in enumerate(army.entries)
            if not (e.battlegroup_of is not None and e.battlegroup_of < n and e.battlegroup_of != i)
            and not (e.attached_to is not None and e.attached_to < n and e.attached_to != i)]


def canonical(army: Army) -> Army:
    """The same list in reading order: each top entry followed by its battlegroup and attachments."""
    order: list[int] = []
    for top in _tops(army):
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
        caster = _member_of(ordered, cards, i)
        if card is not None and card.role == "horror" and caster is None:
            caster = e.battlegroup_of
        out.append(ArmyEntry(card=e.card, battlegroup_of=caster if caster is not None and caster < i else None,
                             size=e.size if card is not None and card.role == "unit" else None))
    return out


# -- the plain text players paste ------------------------------------------------------------------------
@dataclass(frozen=True)
class Unrecognised:
    line: str
    reason: str


@dataclass(frozen=True)
class Imported:
    army: Army
    unrecognised: tuple[Unrecognised, ...]


def _points_words(entry: ListEntry, card: Card) -> str:
    if card.role in FREE_POINT_ROLES:
        return f"+{card.battlegroup_points}" if card.battlegroup_points is not None else "+?"
    cost = entry_cost(entry, card)
    return "?" if cost is None else str(cost)


def _line(entry: ListEntry, card: Card) -> str:
    name = card.name
    if card.role == "unit" and entry.size is not None:
        name += f" ({entry.size} models)"
    return f"{name}, {_points_words(entry, card)}"


def export_text(army: Army, cards: Mapping[str, Card]) -> str:
    """The list as plain text: a short header, then one "name, points" line per entry; battlegroup models
    and attachments are indented under their caster or unit with "- "."""
    army = canonical(army)
    total = points(army, cards)
    lines = [f"Title: {army.title}", f"Faction: {army.faction}", f"Game size: {army.size}",
             f"Points: {total.used} / {total.allowed}", ""]
    tops = set(_tops(army))
    for i, entry in enumerate(army.entries):
        card = cards.get(entry.card)
        text = _line(entry, card) if card else f"{entry.card}, ?"
        lines.append(text if i in tops else f"- {text}")
        if entry.arcana:
            lines.append("- Arcana: " + ", ".join(entry.arcana))
    return "\n".join(lines) + "\n"


def normal_name(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower().replace("’", "'"))


def name_index(cards: Mapping[str, Card]) -> dict[str, str]:
    """Every name, alias and key a player might write, normalised, to the card key."""
    index: dict[str, str] = {}
    for card in cards.values():
        for name in (card.key, *card.aliases, card.name):
            index[normal_name(name)] = card.key
    return index


HEADER = re.compile(r"^(title|name|list|faction|game size|size|points|army points)\s*:\s*(.*)$", re.I)
ARCANA = re.compile(r"^arcana\s*:\s*(.*)$", re.I)
POINTS = re.compile(r"^\s*((pc|wb|bgp|cost|pts?)\s*:?\s*)?(\+\s*)?(\d{1,3}|\?)\s*(pts?|points)?\s*$", re.I)
TRAILING_POINTS = re.compile(r"^(.*?)(\s*[-–:]\s*|\s+)((pc|wb|bgp|cost|pts?)\s*:?\s*)?\+?\s*(\d{1,3}|\?)\s*"
                             r"(pts?|points)?\s*$", re.I)
SIZE = re.compile(r"\(\s*(-?\d+)\s*(models?|figures?)?\s*\)\s*$", re.I)
GRUNTS = re.compile(r"\s*[-–(]?\s*leader\s*(&|and)\s*(-?\d+)\s*(grunts?|troopers?)\s*\)?\s*:?\s*$", re.I)


def _find_card(line: str, names: dict[str, str]) -> tuple[str, int | None] | None:
    """The card a list line names and a unit size it gives, trying the line with and without its points."""
    candidates = [line]
    if "," in line:
        head, tail = line.rsplit(",", 1)
        if POINTS.match(tail):
            candidates.append(head)
    if trailing := TRAILING_POINTS.match(line):
        candidates.append(trailing.group(1))
    for text in candidates:
        text, size = text.strip(), None
        if sized := SIZE.search(text):
            size, text = int(sized.group(1)), text[:sized.start()].strip()
        elif grunts := GRUNTS.search(text):
            size, text = int(grunts.group(2)) + 1, text[:grunts.start()].strip()
        key = names.get(normal_name(text))
        if key is not None:
            return key, size
    return None
BULLET = re.compile(r"^\s*([-*•–>]+)\s*")


def parse_text(text: str, cards: Mapping[str, Card], arcana: Mapping[str, Arcanum] | None = None,
               faction: str | None = None) -> Imported:
    """Read a pasted list. Lines that name no known card are returned as unrecognised; everything else is
    kept. Text that is too long is refused as a whole (RuleViolation)."""
    if len(text) > TEXT_MAX:
        raise RuleViolation("list.text_too_long", f"That text is too long for a list: at most {TEXT_MAX:,} "
                                                  "characters.")
    lines = text.splitlines()
    if len(lines) > LINES_MAX:
        raise RuleViolation("list.text_too_long", f"That text has too many lines for a list: at most "
                                                  f"{LINES_MAX}.")
    names = name_index(cards)
    arcana_names = {normal_name(n): n for n in known_arcana(cards, arcana)}
    title, size, header_faction = None, None, None
    entries: list[dict[str, Any]] = []  # ListEntry fields, filled as the lines are read
    bad: list[Unrecognised] = []
    last_top: int | None = None
    for raw in lines:
        if not raw.strip():
            continue
        shown = " ".join(raw.split())[:80]
        bullet = BULLET.match(raw)
        child = bool(bullet) or raw[:1] in (" ", "\t")
        line = raw[bullet.end():] if bullet else raw
        line = " ".join(line.split())
        if header := HEADER.match(line):
            key, value = header.group(1).lower(), header.group(2).strip()
            if key in ("title", "name", "list"):
                if not value:
                    bad.append(Unrecognised(shown, "the list's name is empty"))
                elif len(value) > TITLE_MAX:
                    title = value[:TITLE_MAX].strip()
                    bad.append(Unrecognised(shown, f"the name was cut to {TITLE_MAX} characters"))
                else:
                    title = value
            elif key == "faction":
                header_faction = value[:40] or None
            elif key in ("game size", "size"):
                number = re.match(r"^\s*(-?\d{1,4})", value)
                if number and int(number.group(1)) in GAME_SIZES:
                    size = int(number.group(1))
                else:
                    bad.append(Unrecognised(shown, "the game size must be " + ", ".join(map(str, GAME_SIZES))))
            continue
        if found := ARCANA.match(line):
            if last_top is None:
                bad.append(Unrecognised(shown, "Arcana cards need a warlock above them"))
                continue
            for part in re.split(r"[,;]", found.group(1)):
                if not part.strip():
                    continue
                name = arcana_names.get(normal_name(part))
                if name is None:
                    bad.append(Unrecognised(part.strip()[:80], "not a known Arcana card"))
                elif len(entries[last_top]["arcana"]) >= 6:
                    bad.append(Unrecognised(part.strip()[:80], "too many Arcana cards"))
                else:
                    entries[last_top]["arcana"].append(name)
            continue
        found_card = _find_card(line, names)
        if found_card is None:
            bad.append(Unrecognised(shown, "no card of that name"))
            continue
        key, entry_size = found_card
        card = cards[key]
        if entry_size is not None and card.role != "unit":
            entry_size = None
        if entry_size is not None and not 1 <= entry_size <= UNIT_MAX:
            bad.append(Unrecognised(shown, f"a unit has from 1 to {UNIT_MAX} models"))
            continue
        if len(entries) >= MAX_ENTRIES:
            bad.append(Unrecognised(shown, f"a list holds at most {MAX_ENTRIES} entries"))
            continue
        entry: dict[str, Any] = {"card": key, "size": entry_size, "battlegroup_of": None, "attached_to": None,
                       "arcana": []}
        parent = cards[entries[last_top]["card"]] if child and last_top is not None else None
        if parent is not None and card.role in BATTLEGROUP_ROLES.get(parent.role, ()):
            entry["battlegroup_of"] = last_top
        elif parent is not None and card.role == "attachment":
            entry["attached_to"] = last_top
        else:
            last_top = len(entries)
        entries.append(entry)
    first_caster = next((cards[e["card"]].faction for e in entries if cards[e["card"]].role in CASTER_ROLES),
                        None)
    army_faction = header_faction or first_caster or (cards[entries[0]["card"]].faction if entries else None)
    army = Army(title=title or "Imported list", faction=army_faction or faction or "Infernals",
                size=size or DEFAULT_SIZE,
                entries=tuple(ListEntry(**{**e, "arcana": tuple(e["arcana"])}) for e in entries))
    return Imported(army=army, unrecognised=tuple(bad))


def parse_army(data: object) -> Army:
    """A stored or posted list as an Army; RuleViolation with a plain message when it is malformed."""
    try:
        return Army.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise RuleViolation("list.malformed", f"This list cannot be read ({where}: {first.get('msg')}).") \
            from None
