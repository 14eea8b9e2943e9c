"""Which cards the pre-game screen asks about, and how a tapped grid or spiral becomes the card's strings
(models/rules/warmachine/completion.py)."""

import pytest

from models.catalog import shipped_cards
from models.catalog.schema import GridLayout, SpiralLayout, Stats
from models.rules import RuleViolation
from models.rules.warmachine.completion import (
    GRID_CYCLE,
    cards_to_complete,
    completed_card,
    drawing_problem,
    drawn_cells,
    facts_to_ask,
    grid_columns,
    grid_rows,
    next_sign,
    section_names,
    setup_refusal,
    sides,
    spiral_branches,
    spiral_cells,
    spiral_cycle,
)
from models.rules.warmachine.setup import ArmyEntry

CARDS = shipped_cards()


def test_damage_application_needs_the_boxes_the_card_leaves_blank():
    """doc 002, "Damage Application": damage is marked in a model's boxes, so a warjack without its grid, a
    horror without its rings and a master without his boxes and ESSENCE (doc 001, "ESSENCE") are asked about."""
    assert facts_to_ask(CARDS["charger"]) == ("grid columns",)
    assert facts_to_ask(CARDS["foreboder"]) == ("web rings",)
    assert facts_to_ask(CARDS["omodamos"]) == ("ESSENCE", "damage boxes")
    assert facts_to_ask(CARDS["agathon"]) == ()


def test_a_warbeast_needs_its_fury_and_threshold_and_a_warcaster_its_focus():
    """doc 002, "Frenzy & Threshold": a warbeast's FURY and THR; its controller's FURY or FOCUS start the
    points the maintenance and control phases count."""
    cage_rager = CARDS["cage-rager"]
    assert facts_to_ask(cage_rager) == ("spiral branches", "FURY", "THR")
    haley = CARDS["captain-victoria-haley"]
    assert facts_to_ask(haley.model_copy(update={"stats": Stats()})) == ("FOCUS",)


def test_each_card_is_asked_once_in_list_order_and_not_again_for_the_other_side():
    keys = ["agathon", "foreboder", "tormentor", "foreboder"]
    assert [c.key for c in cards_to_complete(keys, CARDS)] == ["foreboder", "tormentor"]
    assert [c.key for c in cards_to_complete(["omodamos", "foreboder"], CARDS, skip={"foreboder"})] == ["omodamos"]


def test_a_tap_cycles_through_box_systems_and_back_to_no_box():
    sign, seen = "-", []
    for _ in GRID_CYCLE:
        sign = next_sign(GRID_CYCLE, sign)
        seen.append(sign)
    assert seen == [".", "L", "R", "M", "C", "H", "A", "-"]
    assert [next_sign(spiral_cycle(1), s) for s in "-.B"] == [".", "B", "-"]


def test_a_drawn_grid_becomes_columns_read_top_to_bottom():
    """doc 002, "Damage Application" with the Mk III grid: each column read top to bottom, gaps kept above the
    first box and left out below the last."""
    drawn = [["-", "-", ".", ".", "-", "-"], [".", ".", "L", "L", ".", "."]] + [["."] * 6] * 4
    assert grid_columns(drawn) == ("--..", "..LL..", "......", "......", "......", "......")


def test_a_drawn_spiral_keeps_only_its_boxes():
    assert spiral_branches([["-", ".", "-", "M"], [".", "B"], ["S"]]) == (".M", ".B", "S")


def test_a_game_the_setup_would_refuse_is_refused_before_any_fact_is_asked():
    """doc 001, "Horrors": a horror starts in its master's battlegroup; a game has a title and named players."""
    army = [ArmyEntry(card="agathon"), ArmyEntry(card="tormentor")]
    assert setup_refusal("Game", [("Ann", army)], CARDS).startswith(
        "Ann's army: Tormentor must start in the battlegroup")
    army[1] = ArmyEntry(card="tormentor", battlegroup_of=0)
    assert setup_refusal("Game", [("Ann", army)], CARDS) is None
    assert setup_refusal(" ", [("Ann", army)], CARDS) == "The game title cannot be empty."
    assert setup_refusal("Game", [("", army)], CARDS) == "The player name cannot be empty."


def test_a_drawing_with_an_empty_column_or_the_wrong_count_is_refused():
    assert drawing_problem(GridLayout(total=7, columns=("..", ".", ".", ".", ".", "-"))) == \
        "Column 6 has no box: tap the boxes each column has on your card."
    assert drawing_problem(SpiralLayout(branches=("..", "", ""))) == \
        "The Body and Spirit branches have no box: tap the boxes each branch has on your card."
    assert drawing_problem(GridLayout(total=7, columns=("..", ".", ".", ".", ".", "."))) is None
    assert drawing_problem(SpiralLayout(total=5, branches=("..", "..", "."))) is None
    assert drawing_problem(SpiralLayout(total=6, branches=("..", "..", "."))) == "Your card has 6 boxes; 5 are drawn."


def test_a_grid_has_six_rows_a_colossal_eight_and_given_strings_are_redrawn():
    assert grid_rows("heavy") == 6 and grid_rows("colossal") == 8 and grid_rows(None, ("." * 9,)) == 9


def test_a_colossal_draws_two_grids_and_a_gargantuan_two_spirals():
    """A colossal's grids and a gargantuan's spirals, left and right (grids.py): twelve columns, six branches."""
    assert (sides("colossal", "grid"), sides("gargantuan", "spiral"), sides("heavy", "grid")) == (2, 2, 1)
    assert section_names("grid", 12)[6] == "Right column 1"
    assert section_names("spiral", 6)[4] == "Right Body branch" and section_names("spiral", 3)[0] == "Mind branch"
    empty = GridLayout(sides=2, columns=("..",) * 7 + ("-",) + ("..",) * 4)
    assert drawing_problem(empty) == "Right column 2 has no box: tap the boxes each column has on your card."
    cells = drawn_cells(("--..LL", "."), 6, 6)
    assert grid_columns(cells) == ("--..LL", ".", "", "", "", "")
    assert spiral_branches(drawn_cells(("...MM", "....BB", "...SS"), 3, 12)) == ("...MM", "....BB", "...SS")
    assert spiral_cells("heavy") == 12 and spiral_cells("gargantuan") == 20 and spiral_cells(None, ("." * 14,)) == 14


def test_a_grymkin_warlocks_unknown_trump_is_asked_before_the_game():
    """doc 001 "Arcana": its three cards include its Trump, so the pre-game screen asks for it once."""
    from models.rules.warmachine.completion import cards_to_complete, pregame_facts

    cards = shipped_cards()
    king = cards["the-king-of-nothing"]
    assert king.trump is None and pregame_facts(king) == ("Trump arcana",)
    assert [c.key for c in cards_to_complete(["the-king-of-nothing"], cards)] == ["the-king-of-nothing"]
    known = king.model_copy(update={"trump": "Trump of the Test"})
    assert pregame_facts(known) == () and cards_to_complete(["k"], {"k": known}) == []


def test_a_card_is_completed_with_the_facts_typed_and_the_grid_drawn_from_the_players_card():
    """doc 002 "Damage Application": a warjack's grid is drawn as its card shows it and keeps the card's total;
    a stat typed fills the card (the facts the card already gives stay)."""
    charger = CARDS["charger"]
    columns = ("....", "....", "....", "....", "....", "......")
    done = completed_card(charger, {"FOCUS": 3}, drawn=GridLayout(columns=columns))
    assert done.damage == GridLayout(total=26, columns=columns) and done.stats.FOCUS == 3
    assert done.stats.SPD == charger.stats.SPD
    assert completed_card(CARDS["trencher-blockhouse"], {}, boxes=10).damage.boxes == 10
    assert completed_card(CARDS["foreboder"], {}, rings=(7, 6, 4)).damage.rings == (7, 6, 4)


def test_a_drawn_grid_without_the_cards_boxes_completes_nothing():
    """doc 002 "Damage Application": every box of the card is drawn; a drawing that is not the card's is
    refused with what is wrong."""
    with pytest.raises(RuleViolation) as bad:
        completed_card(CARDS["charger"], {}, drawn=GridLayout(columns=("..", ".", ".", ".", ".", ".")))
    assert bad.value.code == "card.drawing" and bad.value.message == "Your card has 26 boxes; 7 are drawn."
