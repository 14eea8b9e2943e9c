"""A grid column and a spiral branch typed as a short code read off the printed card
(models/rules/warmachine/grid_codes.py). doc 002, "Damage Application": damage fills a warjack's grid column from its
top box down and a warbeast's spiral branch from its outer box in, so a code says how many boxes a column or branch
has and which of them, from the bottom (the inside), are system (aspect) boxes. The numbers are test entries."""

import pytest

from models.rules import RuleViolation
from models.rules.warmachine.grid_codes import (
    branch_code,
    branch_from_code,
    column_code,
    column_from_code,
    mirrored,
)


def test_a_column_code_gives_its_boxes_and_its_system_letters_from_the_bottom_up():
    assert column_from_code("6 L L L", "Column 1", 6) == "...LLL"
    assert column_from_code("6LLL", "Column 1", 6) == "...LLL"
    assert column_from_code("6 . . L L L", "Column 1", 6) == ".LLL.."  # plain boxes first
    assert column_from_code("4 m c", "Column 3", 6) == "--..CM"  # bottom-aligned, letters read upper case
    assert column_from_code("4", "Column 1", 6) == "--...."
    assert column_from_code("LL", "Column 1", 6) == "----LL"  # no count: as many boxes as signs
    assert column_from_code("  ", "Column 1", 6) is None  # not typed yet


def test_a_column_code_and_its_column_read_each_other_back():
    for column in ("--....", "-...LL", "...CML", "..HCCR", "......"):
        assert column_from_code(column_code(column), "Column 1", 6) == column
    assert column_code("-...LL") == "5 L L"


@pytest.mark.parametrize(("code", "words"), [
    ("4 M X", "Column 2: X is not a system letter"),
    ("7", "Column 2: a column of this grid has at most 6 boxes."),
    ("0", "Column 2: a column has at least one box."),
    ("3 L L L L", "Column 2: 3 boxes but 4 signs; write at most one sign per box."),
    ("L 4", "Column 2: write its number of boxes, then its system letters from the bottom up"),
    ("6" + " L" * 30, "Column 2: write its number of boxes"),
])
def test_a_column_code_that_cannot_be_a_grid_column_is_refused_in_words(code, words):
    with pytest.raises(RuleViolation) as refused:
        column_from_code(code, "Column 2", 6)
    assert refused.value.code == "card.column_code"
    assert refused.value.message.startswith(words)


def test_a_colossal_column_takes_eight_boxes_and_its_generator_letter():
    """A colossal's grids are taller and have systems of their own (grids.SYSTEMS: G, S, F)."""
    assert column_from_code("8 G G", "Left column 1", 8, "LRMCHAGSF") == "......GG"
    with pytest.raises(RuleViolation, match="G is not a system letter"):
        column_from_code("6 G", "Column 1", 6, "LRMCHA")


def test_a_branch_code_gives_its_boxes_and_its_aspect_boxes_from_the_inside_out():
    assert branch_from_code("5 M M", "Mind branch", 0, 12) == "...MM"
    assert branch_from_code("5 2", "Mind branch", 0, 12) == "...MM"
    assert branch_from_code("6 3", "Body branch", 1, 12) == "...BBB"
    assert branch_from_code("4", "Spirit branch", 2, 12) == "...."
    assert branch_from_code("", "Spirit branch", 2, 12) is None
    assert branch_code("....BB") == "6 B B"
    assert branch_from_code(branch_code("....SS"), "Spirit branch", 2, 12) == "....SS"


@pytest.mark.parametrize(("code", "words"), [
    ("5 B B", "Mind branch: its aspect boxes are M (Mind); B is not one of them."),
    ("13", "Mind branch: a branch has at most 12 boxes."),
    ("3 4", "Mind branch: 3 boxes but 4 aspect boxes"),
    ("0", "Mind branch: a branch has at least one box."),
])
def test_a_branch_code_that_cannot_be_a_spiral_branch_is_refused_in_words(code, words):
    with pytest.raises(RuleViolation) as refused:
        branch_from_code(code, "Mind branch", 0, 12)
    assert refused.value.code == "card.branch_code"
    assert refused.value.message.startswith(words)


def test_a_mirrored_grid_reads_its_columns_the_other_way_round_and_swaps_its_arms():
    grid = ("---...", "-...LL", "...HML", "...CMR", "-...RR", "--....")
    assert mirrored(grid) == ("--....", "-...LL", "...CML", "...HMR", "-...RR", "---...")
    assert mirrored(mirrored(grid)) == grid
