"""A warjack's grid or a warbeast's spiral drawn by tapping boxes as the player's card prints them, instead of
typing strings: what the editor shows (sections, heads, the words that say how to tap), what one tap turns a
cell into, and how the drawing becomes the card's strings and what is wrong with it. The rules decide all of
it (models/rules/warmachine/completion.py, grids.py); the card editor only draws the cells and counts taps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from models.catalog.schema import GridLayout, SpiralLayout
from models.rules.warmachine import completion
from models.rules.warmachine.grids import ASPECTS, NO_BOX, PLAIN, SYSTEMS

Cells = Sequence[Sequence[str]]


@dataclass(frozen=True)
class Cell:
    """One drawn cell as shown: its letter (empty for no box or a plain box), whether it is a box and a system
    or aspect box, and its accessible name ("Column 3, box 2: L box (Left arm)")."""

    text: str
    box: bool
    system: bool
    name: str


@dataclass(frozen=True)
class Sheet:
    """A grid or spiral to tap: one section per grid column (drawn side by side, top to bottom) or per spiral
    branch (one row each, from the outside in); a colossal's grids and a gargantuan's spirals have two sides,
    left then right."""

    kind: Literal["grid", "spiral"]
    sides: int
    noun: str  # what the drawing is called: "grid", "grids", "spiral", "spirals"
    hint: str  # how to tap it, for the player
    sections: tuple[str, ...]  # "Column 3", "Left Mind branch"
    heads: tuple[str, ...]  # what heads each section on the screen: "3", "L3", "Mind branch"
    cells: tuple[tuple[str, ...], ...]  # the cells the drawing starts from, per section
    cycles: tuple[tuple[str, ...], ...]  # per section: the signs a tap moves a cell through
    meanings: Mapping[str, tuple[str, str]]  # a system or aspect letter: (name, what crippling it does)

    @property
    def by_column(self) -> bool:
        return self.kind == "grid"

    def tapped(self, section: int, sign: str) -> str:
        """The sign a tap turns a cell of ``section`` showing ``sign`` into."""
        return completion.next_sign(self.cycles[section], sign)

    def cell(self, section: int, row: int, sign: str) -> Cell:
        words = "no box" if sign == NO_BOX else "box" if sign == PLAIN else \
            f"{sign} box ({self.meanings.get(sign, (sign, ''))[0]})"
        return Cell("" if sign in (NO_BOX, PLAIN) else sign, sign != NO_BOX, sign not in (NO_BOX, PLAIN),
                    f"{self.sections[section]}, box {row + 1}: {words}")

    @staticmethod
    def section_cells(string: str, size: int) -> list[str]:
        """A column or branch string as ``size`` cells (a typed code drawn on the sheet)."""
        return completion.drawn_cells([string], 1, size)[0]

    @staticmethod
    def boxes(cells: Cells) -> int:
        return sum(1 for section in cells for sign in section if sign != NO_BOX)

    def strings(self, cells: Cells) -> tuple[str, ...]:
        """The drawing as the card's strings: a grid's columns, a spiral's branches."""
        return completion.grid_columns(cells) if self.kind == "grid" else completion.spiral_branches(cells)

    def layout(self, cells: Cells, total: int | None) -> GridLayout | SpiralLayout:
        if self.kind == "grid":
            return GridLayout(total=total, columns=self.strings(cells), sides=2 if self.sides == 2 else 1)
        return SpiralLayout(total=total, branches=self.strings(cells), sides=2 if self.sides == 2 else 1)

    def problem(self, cells: Cells, total: int | None) -> str | None:
        """What is wrong with the drawing before the card's own checks (a section without a box, a total that
        does not add up), for the player; None when nothing is."""
        return completion.drawing_problem(self.layout(cells, total))


def sheet(kind: Literal["grid", "spiral"], weight: str | None, strings: Sequence[str] = ()) -> Sheet:
    """The grid or spiral of a card of ``weight`` to tap, starting from the card's ``strings`` when it has any."""
    sides = completion.sides(weight, kind)
    two = "s" if sides == 2 else ""
    if kind == "grid":
        count = 6 * sides
        cycle = completion.grid_cycle(weight)
        systems = ", ".join(f"{s} {SYSTEMS[s][0].lower()}" for s in cycle[2:])
        which = "the left grid's columns 1 to 6, then the right grid's" if sides == 2 else "columns 1 to 6"
        hint = (f"Tap each box of the grid ({which}, top to bottom) as your card shows it: one tap a box, more "
                f"taps a system letter ({systems}), then no box again.")
        return Sheet("grid", sides, f"grid{two}", hint, tuple(completion.section_names("grid", count)),
                     tuple(f"{'LR'[n // 6]}{n % 6 + 1}" if count == 12 else str(n + 1) for n in range(count)),
                     _start(strings, count, completion.grid_rows(weight, strings)), (cycle,) * count, SYSTEMS)
    count = 3 * sides
    which = " (the left spiral's three, then the right's)" if sides == 2 else ""
    hint = (f"Tap the boxes of each branch{which} from the outside in: one tap a box, a second tap the branch's "
            "aspect box, a third no box.")
    names = tuple(completion.section_names("spiral", count))
    return Sheet("spiral", sides, f"spiral{two}", hint, names, names,
                 _start(strings, count, completion.spiral_cells(weight, strings)),
                 tuple(completion.spiral_cycle(n % 3) for n in range(count)), ASPECTS)


def _start(strings: Sequence[str], count: int, size: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(section) for section in completion.drawn_cells(strings, count, size))
