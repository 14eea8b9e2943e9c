"""Warjack damage grids and warbeast damage spirals (doc 002 "Damage Application"; the grid and spiral marking
rules of the Mk III core rules, public)."""

from models.rules.warmachine.damage import MarkDamage, RemoveDamage, crippled_systems
from models.rules.warmachine.grids import SYSTEMS
from models.rules.warmachine.match import board
from models.rules.warmachine.options import notes
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    JACK_1,
    happened,
    kinds,
    let_fall,
    refused,
    run,
)


def test_grid_damage_enters_the_rolled_column_top_to_bottom(table):
    """Damage grid: damage enters the column rolled (or chosen) and fills it from the top."""
    state = run(table, MarkDamage(model=JACK_1, amount=2, column=3))
    assert board(state).model(JACK_1).marks == (0, 0, 2, 0, 0, 0)


def test_grid_damage_continues_in_the_next_column(table):
    """Damage grid: a full column sends the rest of the damage on to the next column."""
    state = run(table, MarkDamage(model=JACK_1, amount=9, column=2))
    assert board(state).model(JACK_1).marks == (0, 6, 3, 0, 0, 0)


def test_grid_damage_wraps_from_column_6_to_column_1(table):
    """Damage grid: after column 6 comes column 1."""
    state = run(table, MarkDamage(model=JACK_1, amount=6, column=6))
    assert board(state).model(JACK_1).marks == (2, 0, 0, 0, 0, 4)


def test_cells_without_a_box_are_skipped(table):
    """Damage grid: a cell without a box is not marked (column 1 has 4 boxes of 6 cells)."""
    state = run(table, MarkDamage(model=JACK_1, amount=5, column=1))
    assert board(state).model(JACK_1).marks == (4, 1, 0, 0, 0, 0)


def test_grid_damage_needs_its_column(table):
    """Damage grid: where damage goes depends on the d6; without it the app asks instead of guessing."""
    assert refused(table, MarkDamage(model=JACK_1, amount=3)) == "damage.column_needed"


def test_a_system_with_every_box_marked_is_crippled_and_says_what_it_does(table):
    """Damage grid: a system whose boxes are all marked is crippled; the app says what that means."""
    state, events = happened(table, MarkDamage(model=JACK_1, amount=3, column=1))
    assert crippled_systems(state, board(state).model(JACK_1)) == ()
    state, events = happened(state, MarkDamage(model=JACK_1, amount=3, column=2))
    assert crippled_systems(state, board(state).model(JACK_1)) == ("L",)
    assert "damage.crippled" in kinds(events)
    assert notes(state, JACK_1) == (f"Left arm system crippled: {SYSTEMS['L'][1].capitalize()}",)


def test_every_system_letter_has_a_meaning_in_our_words():
    """Damage grid: the app says in our words what each crippled system does (L, R, H, C, M, A, G, S, F)."""
    assert set("LRHCMAGSF") <= set(SYSTEMS)
    assert all(name and effect.endswith(".") for name, effect in SYSTEMS.values())


def test_removing_damage_from_a_system_uncripples_it(table):
    """Damage grid: a crippled system with a box freed is no longer crippled."""
    state = run(table, MarkDamage(model=JACK_1, amount=3, column=1),
                MarkDamage(model=JACK_1, amount=3, column=2))
    state, events = happened(state, RemoveDamage(model=JACK_1, amount=1, column=2))
    assert board(state).model(JACK_1).marks == (3, 2, 0, 0, 0, 0)
    assert crippled_systems(state, board(state).model(JACK_1)) == ()
    assert "no longer crippled: Left arm" in events[0].text
    assert refused(state, RemoveDamage(model=JACK_1, amount=9, column=1)) == "heal.too_much"


def test_a_warjack_with_every_box_marked_is_destroyed(table):
    """doc 002, "Damage Application": every damage box marked: disabled, boxed, destroyed, removed."""
    state, events = happened(table, MarkDamage(model=JACK_1, amount=40, column=4))
    assert "damage.disabled" in kinds(events)
    assert board(let_fall(state)).model(JACK_1).status == "destroyed"


def test_spiral_damage_enters_the_branch_of_the_d6(table):
    """Damage spiral: 1-2 Mind, 3-4 Body, 5-6 Spirit; each branch fills from the outside in."""
    for die, marks in ((1, (2, 0, 0)), (2, (2, 0, 0)), (3, (0, 2, 0)), (4, (0, 2, 0)), (5, (0, 0, 2)),
                       (6, (0, 0, 2))):
        assert board(run(table, MarkDamage(model=BLITZ, amount=2, column=die))).model(BLITZ).marks == marks


def test_spiral_damage_continues_clockwise_to_the_next_branch(table):
    """Damage spiral: a full branch sends the rest on to the next branch: Mind, Body, Spirit, Mind."""
    state = run(table, MarkDamage(model=BLITZ, amount=7, column=5))
    assert board(state).model(BLITZ).marks == (2, 0, 5)
    state = run(table, MarkDamage(model=BLITZ, amount=8, column=1))
    assert board(state).model(BLITZ).marks == (5, 3, 0)


def test_an_aspect_with_every_box_marked_is_crippled(table):
    """Damage spiral: an aspect whose boxes are all marked is crippled; the app says what it does."""
    state = run(table, MarkDamage(model=BLITZ, amount=4, column=3))
    assert crippled_systems(state, board(state).model(BLITZ)) == ()
    state, events = happened(state, MarkDamage(model=BLITZ, amount=2, column=4))
    assert crippled_systems(state, board(state).model(BLITZ)) == ("B",)
    assert notes(state, BLITZ) == ("Body aspect crippled: It rolls one fewer die on damage rolls.",)
    state = run(state, MarkDamage(model=BLITZ, amount=5, column=1))
    assert crippled_systems(state, board(state).model(BLITZ)) == ("M", "B")
    assert notes(state, BLITZ)[0].startswith("Mind aspect crippled: It rolls one fewer die on attack rolls")


def test_healing_a_crippled_aspect_uncripples_it(table):
    """Damage spiral: an aspect with a box freed is no longer crippled."""
    state = run(table, MarkDamage(model=BLITZ, amount=5, column=5),
                RemoveDamage(model=BLITZ, amount=1, column=5))
    assert board(state).model(BLITZ).marks == (0, 0, 4)
    assert crippled_systems(state, board(state).model(BLITZ)) == ()
