"""Warjack damage grids and warbeast damage spirals as data (doc 002 "Damage Application").

A grid is six columns, each read top to bottom ('.' a plain box, a letter a system box, '-' no box). Damage
enters the column the players rolled (or chose) and fills it top to bottom; a full column sends the rest to
the next column, and column 6 wraps round to column 1.

A spiral is a list of branches (the catalog gives three: Mind, Body, Spirit), each a string read from the
outside in ('.' a plain box, a letter an aspect box). The d6 picks the branch: 1-2 Mind, 3-4 Body, 5-6 Spirit
(with six branches, one per face); a full branch sends the rest on clockwise to the next one.

A colossal has two grids and a gargantuan two spirals, left and right (the layout's ``sides`` is 2; the left's
sections come first). Damage names the side it enters: the grid or spiral on the attacker's side, or, with no
attacker or from behind, the side a d6 gives (1-3 left, 4-6 right); then the d6 column or branch within that side,
wrapping round within it. When that side is full, the rest goes into the other side at a column or branch a
second d6 gives. This is the public rule summary (http://skarburn.blogspot.com/2012/05/warthingy-sixty-two-
damage.html; https://warmachineuniversity.com/mw/index.php/LPG_-_Colossals_%26_Gargantuans); the reference
documents are silent on it, so the overflow between the two sides is our reading. A system or aspect is crippled
when every box with its letter is marked, on both sides together (our reading too), except a gargantuan's
aspects: each spiral's aspects are its side's own, crippled when every box of that letter on that side is marked
and acting on that side's weapons (the LPG page above: each side of a gargantuan has its own aspects). A crippled
part of a gargantuan is named with its side, "left:M".

Marks are kept as they are for every other track: one count per section (column or branch). Within a section
damage always fills from the first box, so the count says exactly which boxes are marked; removing damage
takes the last marked box first. A system (or aspect) is crippled while every box with its letter is marked.

The meanings of the system letters and the effects of crippling are the Mk III core rules as publicly
summarised (not part of the reference documents); the words are ours.
"""

from __future__ import annotations

from typing import Literal

from models.catalog.schema import GridLayout, SpiralLayout

NO_BOX = "-"
PLAIN = "."

# Letter -> (name, what being crippled does), for warjack grids.
SYSTEMS: dict[str, tuple[str, str]] = {
    "L": ("Left arm", "weapons in the left arm roll one fewer die to hit and to damage; a shield or "
                      "buckler there gives nothing."),
    "R": ("Right arm", "weapons in the right arm roll one fewer die to hit and to damage; a shield or "
                       "buckler there gives nothing."),
    "H": ("Head", "weapons in the head roll one fewer die to hit and to damage."),
    "C": ("Cortex", "it loses all its focus and can neither gain nor spend focus."),
    "M": ("Movement", "it cannot run, charge, slam or trample, and its defence drops sharply."),
    "A": ("Arc node", "spells can no longer be channelled through it."),
    "G": ("Generator", "whatever its card runs off the generator stops working."),
    "S": ("Superstructure", "the colossal's superstructure is wrecked: apply what its card says about it."),
    "F": ("Field generator", "its force field stops working."),
}

# Letter -> (name, what being crippled does), for warbeast spirals.
ASPECTS: dict[str, tuple[str, str]] = {
    "M": ("Mind", "it rolls one fewer die on attack rolls."),
    "B": ("Body", "it rolls one fewer die on damage rolls."),
    "S": ("Spirit", "it can no longer be forced."),
}
BRANCH_NAMES = ("Mind", "Body", "Spirit")
Side = Literal["left", "right"]
SIDES: tuple[Side, Side] = ("left", "right")

Layout = GridLayout | SpiralLayout


def strings(layout: Layout) -> tuple[str, ...]:
    """The columns or branches of a completed layout (empty when the card does not give them yet)."""
    if isinstance(layout, GridLayout):
        return tuple(layout.columns or ())
    return tuple(layout.branches or ())


def cells(layout: Layout) -> tuple[tuple[str, ...], ...]:
    """Each section's boxes in the order damage fills them: '.' or a letter, cells without a box left out."""
    return tuple(tuple(ch for ch in s if ch != NO_BOX) for s in strings(layout))


def sizes(layout: Layout) -> tuple[int, ...]:
    return tuple(len(c) for c in cells(layout))


def per_side(layout: Layout) -> int:
    """Sections in one grid or spiral: six columns, three branches (both sides of a colossal hold as many)."""
    return len(strings(layout)) // layout.sides


def side_range(layout: Layout, side: int) -> range:
    """The indexes of side ``side``'s sections (0 left, 1 right; a one-sided layout has only side 0)."""
    n = per_side(layout)
    return range(side * n, (side + 1) * n)


def side_of(layout: Layout, index: int) -> int:
    return index // per_side(layout)


def entry(layout: Layout, roll: int, side: int = 0) -> int:
    """The section damage enters for a d6 ``roll`` (1-6) on ``side``: a grid's column, a spiral's branch."""
    count = per_side(layout)
    if isinstance(layout, GridLayout):
        within = (roll - 1) % count
    elif count == 6:
        within = roll - 1
    else:
        within = (roll - 1) * count // 6
    return side * count + within


def side_for_roll(roll: int) -> Side:
    """The side a d6 gives damage with no side of its own: 1-3 left, 4-6 right."""
    return SIDES[0] if roll <= 3 else SIDES[1]


def section_name(layout: Layout, index: int) -> str:
    """"column 3", "Mind branch"; on a colossal or gargantuan "left column 3", "right Mind branch"."""
    within = index % per_side(layout)
    if isinstance(layout, GridLayout):
        name = f"column {within + 1}"
    elif per_side(layout) == 3:
        name = f"{BRANCH_NAMES[within]} branch"
    else:
        name = f"branch {within + 1}"
    return f"{SIDES[side_of(layout, index)]} {name}" if layout.sides == 2 else name


def kind_name(layout: Layout) -> str:
    return "grid" if isinstance(layout, GridLayout) else "spiral"


def entered_by(layout: Layout, roll: int, side: int = 0) -> str:
    """The name of the section damage enters for a d6 ``roll`` (1-6) on ``side``."""
    return section_name(layout, entry(layout, roll, side))


def letters(layout: Layout) -> tuple[str, ...]:
    """The system or aspect letters on the card, in the order they first appear."""
    seen: list[str] = []
    for section in cells(layout):
        for ch in section:
            if ch != PLAIN and ch not in seen:
                seen.append(ch)
    return tuple(seen)


def letter_boxes(layout: Layout, marks: tuple[int, ...]) -> dict[str, tuple[int, int]]:
    """For each letter: (boxes, marked boxes)."""
    out: dict[str, tuple[int, int]] = {}
    for i, section in enumerate(cells(layout)):
        marked = marks[i] if i < len(marks) else 0
        for pos, ch in enumerate(section):
            if ch == PLAIN:
                continue
            boxes, done = out.get(ch, (0, 0))
            out[ch] = (boxes + 1, done + (1 if pos < marked else 0))
    return out


def crippled_letters(layout: Layout, marks: tuple[int, ...], side: int | None = None) -> tuple[str, ...]:
    """Letters whose every box is marked (on ``side`` only, when given), in card order."""
    if side is not None:
        within = side_range(layout, side)
        marks = tuple(x if i in within else 0 for i, x in enumerate(marks))
        counts = {ch: (boxes, done) for ch, (boxes, done) in _side_boxes(layout, marks, within).items()}
    else:
        counts = letter_boxes(layout, marks)
    return tuple(ch for ch in letters(layout) if ch in counts and counts[ch][0] and counts[ch][0] == counts[ch][1])


def _side_boxes(layout: Layout, marks: tuple[int, ...], within: range) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for i, section in enumerate(cells(layout)):
        if i not in within:
            continue
        for pos, ch in enumerate(section):
            if ch != PLAIN:
                boxes, done = out.get(ch, (0, 0))
                out[ch] = (boxes + 1, done + (1 if pos < marks[i] else 0))
    return out


def per_side_aspects(layout: Layout) -> bool:
    """A gargantuan's two spirals: each side's aspects are crippled and act on their own."""
    return isinstance(layout, SpiralLayout) and layout.sides == 2


def crippled_parts(layout: Layout, marks: tuple[int, ...]) -> tuple[str, ...]:
    """What is crippled: letters, or for a gargantuan each side's letters named with the side ("left:M")."""
    if not per_side_aspects(layout):
        return crippled_letters(layout, marks)
    return tuple(f"{SIDES[side]}:{ch}" for side in (0, 1) for ch in crippled_letters(layout, marks, side))


def part_letter(part: str) -> str:
    """The letter of a crippled part ("left:M" -> "M")."""
    return part.rpartition(":")[2]


def meaning(layout: Layout, letter: str) -> tuple[str, str]:
    """(name, effect when crippled) of a letter or a side's letter ("left:M": "Left Mind"); an unknown letter is
    named by itself."""
    side, _, ch = letter.rpartition(":")
    table = SYSTEMS if isinstance(layout, GridLayout) else ASPECTS
    name, effect = table.get(ch, (f"System {ch}", "see the model's card for what this does."))
    if side:
        return f"{side.capitalize()} {name}", f"{effect.rstrip('.')}, with the weapons on its {side} side."
    return name, effect


def note(layout: Layout, letter: str) -> str:
    name, effect = meaning(layout, letter)
    kind = "aspect" if isinstance(layout, SpiralLayout) else "system"
    return f"{name} {kind} crippled: {effect[0].upper()}{effect[1:]}"


def fill_from(section_sizes: tuple[int, ...], marks: tuple[int, ...], amount: int, start: int,
              within: range | None = None) -> tuple[tuple[int, ...], int]:
    """Mark ``amount`` boxes from section ``start`` on, wrapping round (within the sections ``within``, all by
    default: one side of a colossal); returns new marks and what is left."""
    out = list(marks)
    indexes = within if within is not None else range(len(section_sizes))
    first = indexes.index(start)
    for k in range(len(indexes)):
        i = indexes[(first + k) % len(indexes)]
        take = min(amount, section_sizes[i] - out[i])
        out[i] += take
        amount -= take
    return tuple(out), amount


def clear_from(marks: tuple[int, ...], amount: int, start: int, within: range | None = None
               ) -> tuple[tuple[int, ...], int]:
    """Remove ``amount`` marks from section ``start`` on (last marked box first), wrapping round (within the
    sections ``within``, all by default)."""
    out = list(marks)
    indexes = within if within is not None else range(len(out))
    first = indexes.index(start)
    for k in range(len(indexes)):
        i = indexes[(first + k) % len(indexes)]
        take = min(amount, out[i])
        out[i] -= take
        amount -= take
    return tuple(out), amount
