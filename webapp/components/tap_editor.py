"""Drawing a warjack's grid or a warbeast's spiral by tapping boxes, as they are printed on the player's card,
instead of typing strings. Each tap moves one cell on (no box, box, then the systems or the branch's aspect);
which signs a tap cycles through, and how the drawing becomes the card's strings, are the rules'
(models/rules/warmachine/completion.py)."""

from __future__ import annotations

from collections.abc import Sequence

from nicegui import ui

from models.catalog.schema import Card, GridLayout, SpiralLayout
from models.rules.warmachine import (
    ASPECTS,
    NO_BOX,
    PLAIN,
    SYSTEMS,
    drawn_cells,
    grid_columns,
    grid_cycle,
    grid_rows,
    next_sign,
    section_names,
    sides,
    spiral_branches,
    spiral_cells,
    spiral_cycle,
)
from webapp.components.a11y import named

CSS = """
.tk-tap { display: grid; gap: 4px; width: max-content; }
.tk-tap-cell { width: 44px; height: 44px; min-width: 44px; min-height: 44px; padding: 0; font-weight: 700;
  border: 2px dashed rgba(128, 128, 128, .6); border-radius: 4px; background: transparent; color: inherit; }
.tk-tap-cell.tk-box { border-style: solid; border-color: currentColor; }
.tk-tap-cell.tk-system { background: rgba(25, 118, 210, .25); }
.tk-tap-head { text-align: center; font-size: .8rem; align-self: center; }
.tk-tap-scroll { max-width: 100%; overflow-x: auto; }
"""


def _words(sign: str, meanings: dict[str, tuple[str, str]]) -> str:
    if sign == NO_BOX:
        return "no box"
    if sign == PLAIN:
        return "box"
    return f"{sign} box ({meanings.get(sign, (sign, ''))[0]})"


class _Cells:
    """A table of tappable cells: ``cells[i][j]`` is section i's j-th cell (a grid's column, a spiral's
    branch)."""

    def __init__(self, name: str, sections: Sequence[str], cells: list[list[str]], cycles: Sequence[Sequence[str]],
                 meanings: dict[str, tuple[str, str]], total: int | None, by_column: bool) -> None:
        ui.add_css(CSS)
        self.name, self.sections, self.cycles, self.meanings, self.total = name, sections, cycles, meanings, total
        self.cells = cells
        size = len(cells[0])
        self.count = ui.label("").classes("tk-kind").props('aria-live="polite"')
        template = f"repeat({len(sections)}, 44px)" if by_column else f"6rem repeat({size}, 44px)"
        with ui.element("div").classes("tk-tap-scroll"), ui.element("div").classes("tk-tap").style(
                f"grid-template-columns: {template}") as self.box:
            named(self.box, f"{name}: tap each box your card shows", role="group")
            self.buttons: list[list[ui.button]] = [[] for _ in sections]
            if by_column:  # the CSS grid fills row by row: the column heads, then each row across the columns
                for n in range(len(sections)):  # a colossal's two grids: L1-L6, R1-R6
                    head = f"{'LR'[n // 6]}{n % 6 + 1}" if len(sections) == 12 else str(n + 1)
                    ui.label(head).classes("tk-tap-head")
                for j in range(size):
                    for i in range(len(sections)):
                        self.buttons[i].append(self._cell(i, j))
            else:
                for i, label in enumerate(sections):
                    ui.label(label).classes("tk-tap-head")
                    for j in range(size):
                        self.buttons[i].append(self._cell(i, j))
        self._counted()

    def _cell(self, i: int, j: int) -> ui.button:
        button = ui.button("", on_click=lambda _, i=i, j=j: self.tap(i, j)).props("flat no-caps").classes(
            "tk-tap-cell")
        self._show(button, i, j)
        return button

    def _show(self, button: ui.button, i: int, j: int) -> None:
        sign = self.cells[i][j]
        button.set_text("" if sign in (NO_BOX, PLAIN) else sign)
        button.classes(remove="tk-box tk-system")
        if sign != NO_BOX:
            button.classes("tk-box" if sign == PLAIN else "tk-box tk-system")
        named(button, f"{self.sections[i]}, box {j + 1}: {_words(sign, self.meanings)}")

    def tap(self, i: int, j: int) -> None:
        self.cells[i][j] = next_sign(self.cycles[i], self.cells[i][j])
        self._show(self.buttons[i][j], i, j)
        self._counted()

    def boxes(self) -> int:
        return sum(1 for section in self.cells for sign in section if sign != NO_BOX)

    def _counted(self) -> None:
        of = f" of the {self.total} on the card" if self.total else ""
        self.count.set_text(f"{self.boxes()} boxes drawn{of}.")


class TapGrid(_Cells):
    """A warjack's six damage-grid columns, drawn top to bottom (starting from ``columns`` when given)."""

    kind = "grid"

    def __init__(self, name: str, weight: str | None, total: int | None, columns: Sequence[str] = ()) -> None:
        cycle = grid_cycle(weight)
        self.sides = sides(weight, "grid")
        count = 6 * self.sides
        systems = ", ".join(f"{s} {SYSTEMS[s][0].lower()}" for s in cycle[2:])
        which = "the left grid's columns 1 to 6, then the right grid's" if self.sides == 2 else "columns 1 to 6"
        ui.label(f"Tap each box of the grid ({which}, top to bottom) as your card shows it: one tap a box, "
                 f"more taps a system letter ({systems}), then no box again.").classes("text-sm")
        rows = grid_rows(weight, columns)
        super().__init__(f"{name}'s grid{'s' if self.sides == 2 else ''}", section_names("grid", count),
                         drawn_cells(columns, count, rows), [cycle] * count, SYSTEMS, total, by_column=True)

    @classmethod
    def of(cls, card: Card) -> TapGrid:
        layout = card.damage if isinstance(card.damage, GridLayout) else GridLayout()
        return cls(card.name, card.weight, layout.total, layout.columns or ())

    def strings(self) -> tuple[str, ...]:
        return grid_columns(self.cells)

    def layout(self, total: int | None) -> GridLayout:
        return GridLayout(total=total, columns=self.strings(), sides=2 if self.sides == 2 else 1)


class TapSpiral(_Cells):
    """A warbeast's three spiral branches, each drawn from the outside in (starting from ``branches``)."""

    kind = "spiral"

    def __init__(self, name: str, weight: str | None, total: int | None, branches: Sequence[str] = ()) -> None:
        self.sides = sides(weight, "spiral")
        count = 3 * self.sides
        which = " (the left spiral's three, then the right's)" if self.sides == 2 else ""
        ui.label(f"Tap the boxes of each branch{which} from the outside in: one tap a box, a second tap the "
                 "branch's aspect box, a third no box.").classes("text-sm")
        super().__init__(f"{name}'s spiral{'s' if self.sides == 2 else ''}", section_names("spiral", count),
                         drawn_cells(branches, count, spiral_cells(weight, branches)),
                         [spiral_cycle(n % 3) for n in range(count)], ASPECTS, total, by_column=False)

    @classmethod
    def of(cls, card: Card) -> TapSpiral:
        layout = card.damage if isinstance(card.damage, SpiralLayout) else SpiralLayout()
        return cls(card.name, card.weight, layout.total, layout.branches or ())

    def strings(self) -> tuple[str, ...]:
        return spiral_branches(self.cells)

    def layout(self, total: int | None) -> SpiralLayout:
        return SpiralLayout(total=total, branches=self.strings(), sides=2 if self.sides == 2 else 1)
