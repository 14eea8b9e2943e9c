"""Drawing a warjack's grid or a warbeast's spiral by tapping boxes, as they are printed on the player's card,
instead of typing strings. Each tap moves one cell on (no box, box, then the systems or the branch's aspect);
what a tap does, the words and how the drawing becomes the card's strings are the service's sheet
(models/service/card_drawing.py): this draws it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nicegui import ui

from models.catalog.schema import GridLayout, SpiralLayout
from models.service.card_drawing import Sheet, sheet
from webapp.components.a11y import named

CSS = """
.tk-tap { display: grid; gap: 4px; width: max-content; }
.tk-tap-cell { width: 48px; height: 48px; min-width: 48px; min-height: 48px; padding: 0; font-weight: 700;
  border: 2px dashed rgba(128, 128, 128, .6); border-radius: 4px; background: transparent; color: inherit; }
.tk-tap-cell.tk-box { border-style: solid; border-color: currentColor; }
.tk-tap-cell.tk-system { background: rgba(25, 118, 210, .25); }
.tk-tap-head { text-align: center; font-size: .8rem; align-self: center; }
.tk-tap-scroll { max-width: 100%; overflow-x: auto; }
"""


class _Cells:
    """A table of tappable cells: ``cells[i][j]`` is section i's j-th cell (a grid's column, a spiral's
    branch)."""

    def __init__(self, name: str, drawn: Sheet, total: int | None) -> None:
        ui.add_css(CSS)
        ui.label(drawn.hint).classes("text-sm")
        self.sheet, self.total = drawn, total
        self.on_change: Callable[[int], None] | None = None  # told which section a tap changed (the typed codes)
        self.cells = [list(section) for section in drawn.cells]
        count, size = len(drawn.sections), len(self.cells[0])
        self.count = ui.label("").classes("tk-kind").props('aria-live="polite"')
        template = f"repeat({count}, 48px)" if drawn.by_column else f"6rem repeat({size}, 48px)"
        with ui.element("div").classes("tk-tap-scroll"), ui.element("div").classes("tk-tap").style(
                f"grid-template-columns: {template}") as self.box:
            named(self.box, f"{name}'s {drawn.noun}: tap each box your card shows", role="group")
            self.buttons: list[list[ui.button]] = [[] for _ in drawn.sections]
            if drawn.by_column:  # the CSS grid fills row by row: the column heads, then each row across the columns
                for head in drawn.heads:  # a colossal's two grids: L1-L6, R1-R6
                    ui.label(head).classes("tk-tap-head")
                for j in range(size):
                    for i in range(count):
                        self.buttons[i].append(self._cell(i, j))
            else:
                for i, head in enumerate(drawn.heads):
                    ui.label(head).classes("tk-tap-head")
                    for j in range(size):
                        self.buttons[i].append(self._cell(i, j))
        self._counted()

    def _cell(self, i: int, j: int) -> ui.button:
        button = ui.button("", on_click=lambda _, i=i, j=j: self.tap(i, j)).props("flat no-caps").classes(
            "tk-tap-cell")
        self._show(button, i, j)
        return button

    def _show(self, button: ui.button, i: int, j: int) -> None:
        cell = self.sheet.cell(i, j, self.cells[i][j])
        button.set_text(cell.text)
        button.classes(remove="tk-box tk-system")
        if cell.box:
            button.classes("tk-box tk-system" if cell.system else "tk-box")
        named(button, cell.name)

    def tap(self, i: int, j: int) -> None:
        self.cells[i][j] = self.sheet.tapped(i, self.cells[i][j])
        self._show(self.buttons[i][j], i, j)
        self._counted()
        if self.on_change is not None:
            self.on_change(i)

    def set_section(self, i: int, string: str) -> None:
        """Draw section ``i`` as ``string`` (a column or branch typed as a code), the rest of it without boxes."""
        self.cells[i] = self.sheet.section_cells(string, len(self.cells[i]))
        for j, button in enumerate(self.buttons[i]):
            self._show(button, i, j)
        self._counted()

    def section(self, i: int) -> str:
        """Section ``i`` as the card's string."""
        return self.strings()[i]

    def boxes(self) -> int:
        return self.sheet.boxes(self.cells)

    def _counted(self) -> None:
        of = f" of the {self.total} on the card" if self.total else ""
        self.count.set_text(f"{self.boxes()} boxes drawn{of}.")

    def strings(self) -> tuple[str, ...]:
        return self.sheet.strings(self.cells)

    def layout(self, total: int | None) -> GridLayout | SpiralLayout:
        return self.sheet.layout(self.cells, total)

    def problem(self, total: int | None) -> str | None:
        """What is wrong with the drawing for a card of ``total`` boxes, for the player; None when nothing is."""
        return self.sheet.problem(self.cells, total)


class TapGrid(_Cells):
    """A warjack's six damage-grid columns, drawn top to bottom (starting from ``columns`` when given)."""

    kind = "grid"

    def __init__(self, name: str, weight: str | None, total: int | None, columns: Sequence[str] = ()) -> None:
        super().__init__(name, sheet("grid", weight, columns), total)


class TapSpiral(_Cells):
    """A warbeast's three spiral branches, each drawn from the outside in (starting from ``branches``)."""

    kind = "spiral"

    def __init__(self, name: str, weight: str | None, total: int | None, branches: Sequence[str] = ()) -> None:
        super().__init__(name, sheet("spiral", weight, branches), total)
