"""A card's grid or spiral drawn by tapping (models/service/card_drawing.py): what the editor shows, what a
tap does, and how the drawing becomes the card's strings and what is wrong with it."""

from models.service.card_drawing import Cell, sheet


def test_a_heavy_grid_is_six_columns_of_six_cells_tapped_through_its_systems() -> None:
    grid = sheet("grid", "heavy")
    assert (grid.sides, grid.noun, grid.by_column) == (1, "grid", True)
    assert grid.heads == ("1", "2", "3", "4", "5", "6") and grid.sections[2] == "Column 3"
    assert [len(c) for c in grid.cells] == [6] * 6 and grid.boxes(grid.cells) == 0
    assert [grid.tapped(0, s) for s in ("-", ".", "L")] == [".", "L", "R"]
    assert "(L left arm, R right arm, M movement, C cortex, H head, A arc node)" in grid.hint


def test_a_colossal_has_two_grids_of_eight_rows_headed_left_then_right() -> None:
    grids = sheet("grid", "colossal")
    assert (grids.sides, grids.noun) == (2, "grids")
    assert grids.heads[0] == "L1" and grids.heads[6] == "R1" and grids.sections[6] == "Right column 1"
    assert len(grids.cells[0]) == 8 and "G generator" in grids.hint


def test_a_spiral_starts_from_the_card_and_cycles_each_branch_through_its_own_aspect() -> None:
    spiral = sheet("spiral", "heavy", ("...MM", "....BB", "...SS"))
    assert spiral.heads == ("Mind branch", "Body branch", "Spirit branch") and not spiral.by_column
    assert spiral.cells[0][:6] == (".", ".", ".", "M", "M", "-") and spiral.boxes(spiral.cells) == 16
    assert [spiral.tapped(1, s) for s in ("-", ".", "B")] == [".", "B", "-"]
    assert spiral.strings(spiral.cells) == ("...MM", "....BB", "...SS")


def test_a_cell_says_what_it_is() -> None:
    grid = sheet("grid", "heavy")
    assert grid.cell(2, 1, "L") == Cell("L", True, True, "Column 3, box 2: L box (Left arm)")
    assert grid.cell(0, 0, ".") == Cell("", True, False, "Column 1, box 1: box")
    assert grid.cell(0, 0, "-") == Cell("", False, False, "Column 1, box 1: no box")


def test_a_drawing_becomes_the_card_layout_or_says_what_is_wrong() -> None:
    grid = sheet("grid", "light")
    cells = [[".", "L", "-", "-", "-", "-"] for _ in range(6)]
    assert grid.strings(cells)[0] == ".L"
    assert grid.layout(cells, 12).columns == (".L",) * 6
    assert grid.problem(cells, 12) is None
    assert grid.problem(cells, 14) == "Your card has 14 boxes; 12 are drawn."
    cells[3] = ["-"] * 6
    assert grid.problem(cells, None) == "Column 4 has no box: tap the boxes each column has on your card."
