"""Colossals' two grids and gargantuans' two spirals. The reference documents are silent on them; the
rules follow the public summary cited in ``grids.py`` (the attacker's side, a d6 with no side: 1-3 left, 4-6
right; a full side spills into the other at a second d6), and the overflow between sides is our reading. The grids
and spirals here are test data typed as a player would from their own card."""

import pytest

from models.catalog.schema import Card, card_problems
from models.rules import options
from models.rules.warmachine.attack_math import dice_count, weapon_places
from models.rules.warmachine.attacks import AttackRoll, DamageRoll, DeclareAttack
from models.rules.warmachine.damage import MarkDamage, RemoveDamage, crippled_notes, crippled_systems, spills
from models.rules.warmachine.derived import derived
from models.rules.warmachine.match import board
from models.rules.warmachine.multi_damage import AttackDamage, Hit
from models.rules.warmachine.setup import ArmyEntry
from tests.rules.warmachine.other_side.other_side_game import (
    BEAST_SPIRAL,
    CARDS,
    CASTER,
    WARLOCK,
    activated,
    happened,
    new_game,
    refused,
    roll,
    run,
)

# Two grids of six columns, left then right (48 boxes): the left arm's L boxes in the left grid, the right
# arm's R in the right one, Movement and Cortex on both sides.
LEFT_GRID = ("....", "..LL", ".LMC", ".CML", "..MM", "....")
RIGHT_GRID = ("....", "..RR", ".RMC", ".CMR", "..MM", "....")
COLOSSAL = Card(key="test-colossal", name="Stormwall Test", faction="Cygnar", role="warjack", weight="colossal",
                is_construct=True, stats={"MAT": 6, "DEF": 10, "ARM": 19},
                damage={"kind": "grid", "sides": 2, "columns": LEFT_GRID + RIGHT_GRID})
GARGANTUAN = Card(key="test-gargantuan", name="Mountain King Test", faction="Trollbloods", role="warbeast",
                  weight="gargantuan", stats={"FURY": 4, "THR": 10},
                  damage={"kind": "spiral", "sides": 2, "branches": BEAST_SPIRAL + BEAST_SPIRAL})
COLOSSUS, GARG = "p1-test-colossal", "p2-test-gargantuan"


@pytest.fixture
def giants():
    """Cy's warcaster with a colossal against Tro's warlock with a gargantuan: Cy's maintenance phase."""
    cards = CARDS | {c.key: c for c in (COLOSSAL, GARGANTUAN)}
    return new_game((ArmyEntry(card=CASTER.key), ArmyEntry(card=COLOSSAL.key, battlegroup_of=0)),
                    (ArmyEntry(card=WARLOCK.key), ArmyEntry(card=GARGANTUAN.key, battlegroup_of=0)), cards)


def test_colossal_damage_names_the_side_it_enters(giants):
    """Public summary (grids.py): damage goes into the grid on the attacker's side; without a side it is
    refused and nothing changes. Positive control: the same damage with a side is marked there."""
    assert refused(giants, MarkDamage(model=COLOSSUS, amount=3, column=2)) == "damage.side_needed"
    state = run(giants, MarkDamage(model=COLOSSUS, amount=3, column=2, side="right"))
    assert board(state).model(COLOSSUS).marks == (0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0)


def test_colossal_column_wraps_within_its_own_grid(giants):
    """Grid damage fills the rolled column, then the next, column 6 going on to column 1 (doc 002 and the
    Mk III grid rule, grids.py) of the same grid."""
    state = run(giants, MarkDamage(model=COLOSSUS, amount=6, column=6, side="left"))
    assert board(state).model(COLOSSUS).marks == (2, 0, 0, 0, 0, 4, *(0,) * 6)


def test_a_full_grid_spills_into_the_other_at_a_second_roll(giants):
    """Our reading of the public summary: the rest goes into the other grid at the column a second d6 gives;
    without that roll the damage is refused (nothing changes)."""
    state = run(giants, MarkDamage(model=COLOSSUS, amount=20, column=1, side="left"))
    assert sum(board(state).model(COLOSSUS).marks[:6]) == 20
    assert spills(state, board(state).model(COLOSSUS), 7, "left") == 3
    assert refused(state, MarkDamage(model=COLOSSUS, amount=7, column=3, side="left")) == "damage.then_column_needed"
    state = run(state, MarkDamage(model=COLOSSUS, amount=7, column=3, side="left", then_column=5))
    assert board(state).model(COLOSSUS).marks == (4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 3, 0)


def test_crippled_left_arm_of_a_colossal_rolls_one_fewer_die(giants):
    """A weapon in a crippled arm rolls one fewer die to hit and to damage (grids.SYSTEMS, public summary);
    the colossal's left arm system is in its left grid. Positive control: the right arm rolls two."""
    state = run(giants, MarkDamage(model=COLOSSUS, amount=12, column=2, side="left"))
    colossus = board(state).model(COLOSSUS)
    assert "L" in crippled_systems(state, colossus)
    assert (dice_count(state, colossus, "attack", "left"), dice_count(state, colossus, "attack", "right")) == (1, 2)
    assert derived(state, colossus).dice["attack:left"] == 1


def test_a_system_on_both_grids_is_crippled_when_both_sides_are_marked(giants):
    """Our reading: Movement's boxes are on both grids; it is crippled only when every M box is marked."""
    state = run(giants, MarkDamage(model=COLOSSUS, amount=20, column=1, side="left"))
    assert "M" not in crippled_systems(state, board(state).model(COLOSSUS))
    state = run(state, MarkDamage(model=COLOSSUS, amount=20, column=1, side="right"))
    assert "M" in crippled_systems(state, board(state).model(COLOSSUS))


def test_attack_damage_on_a_colossal_goes_into_the_named_grid(giants):
    """The attack assistant's damage roll names the side like damage typed in (doc 002 Appendix A: apply all
    damage)."""
    state = activated(giants, "p1-test-caster")
    state = run(state, DeclareAttack(attacker="p1-test-caster", target=GARG))
    state = run(state, AttackRoll(dice=roll(5, 5), hit=True))
    assert refused(state, DamageRoll(dice=roll(6, 6), damage=4, column=1)) == "damage.side_needed"
    state, events = happened(state, DamageRoll(dice=roll(6, 6), damage=4, column=1, side="right"))
    assert board(state).model(GARG).marks == (0, 0, 0, 4, 0, 0)
    assert next(e for e in events if e.kind == "damage.marked").data["side"] == "right"


def test_gargantuan_branches_follow_the_d6_on_the_named_spiral(giants):
    """Each spiral: 1-2 Mind, 3-4 Body, 5-6 Spirit (grids.py); the right spiral's branches come after the
    left's. A weapon on no side loses an attack die only when the Mind aspect is crippled on both sides."""
    state = run(giants, MarkDamage(model=GARG, amount=5, column=1, side="left"))
    assert board(state).model(GARG).marks == (5, 0, 0, 0, 0, 0)
    assert dice_count(state, board(state).model(GARG), "attack", "other") == 2
    state = run(state, MarkDamage(model=GARG, amount=5, column=2, side="right"))
    assert board(state).model(GARG).marks == (5, 0, 0, 5, 0, 0)
    assert dice_count(state, board(state).model(GARG), "attack", "other") == 1


def test_a_gargantuans_aspects_are_crippled_per_side(giants):
    """Each side of a gargantuan has its own aspects (the public summary cited in grids.py): filling the left
    spiral's Mind branch cripples the left Mind aspect at once, and the weapons on the left side roll one fewer
    attack die; the right side's weapons still roll two (the positive control), as does its Body."""
    state, events = happened(giants, MarkDamage(model=GARG, amount=5, column=2, side="left"))
    garg = board(state).model(GARG)
    assert crippled_systems(state, garg) == ("left:M",)
    assert any(e.kind == "damage.crippled" and "Left Mind" in e.text for e in events)
    assert (dice_count(state, garg, "attack", "left"), dice_count(state, garg, "attack", "right")) == (1, 2)
    assert dice_count(state, garg, "damage", "left") == 2
    assert derived(state, garg).dice["attack:left"] == 1
    assert any("Left Mind aspect crippled" in note for note in crippled_notes(state, garg))


def test_a_gargantuans_weapon_side_is_asked_and_refused_elsewhere(giants):
    """The attack assistant asks where a gargantuan's weapon sits (left, right, elsewhere), as for a warjack's
    arms; a place it does not have is refused."""
    state = activated(giants, GARG)
    assert weapon_places(state, board(state).model(GARG)) == ("left", "right", "other")
    assert refused(state, DeclareAttack(attacker=GARG, target=COLOSSUS, weapon="head")) == "attack.weapon"


def test_removing_damage_from_a_colossal_names_the_side(giants):
    """Damage removed from a grid comes off the named side's column, last marked box first."""
    state = run(giants, MarkDamage(model=COLOSSUS, amount=4, column=1, side="right"))
    assert refused(state, RemoveDamage(model=COLOSSUS, amount=2, column=1)) == "damage.side_needed"
    state = run(state, RemoveDamage(model=COLOSSUS, amount=2, column=1, side="right"))
    assert board(state).model(COLOSSUS).marks == (0,) * 6 + (2, 0, 0, 0, 0, 0)


def test_only_colossals_and_gargantuans_have_two_sides():
    """A colossal has two grids and a gargantuan two spirals; a heavy warjack has one."""
    assert card_problems(COLOSSAL) == [] and card_problems(GARGANTUAN) == []
    one_grid = COLOSSAL.model_copy(update={"damage": COLOSSAL.damage.model_copy(update={"sides": 1})})
    assert card_problems(one_grid) == ["A colossal has two damage grids, left and right.",
                                       "A grid has six columns."]
    heavy = COLOSSAL.model_copy(update={"weight": "heavy"})
    assert card_problems(heavy) == ["Only a colossal has two damage grids."]


def test_one_attack_damaging_a_colossal_and_a_warjack_says_where_each_goes_in(giants):
    """Doc 002 Appendix A ("apply all damage", each damaged model in turn): every hit on a grid names its column
    (a colossal's its side too), as a single attack's damage does; without them the attack's damage is refused."""
    hits = (Hit(model=COLOSSUS, amount=3, column=2), Hit(model="p2-test-gargantuan", amount=2, column=5,
                                                          side="left"))
    assert refused(giants, AttackDamage(hits=hits)) == "damage.side_needed"
    hits = (hits[0].model_copy(update={"side": "right"}), hits[1])
    state = run(giants, AttackDamage(hits=hits))
    assert board(state).model(COLOSSUS).marks == (0,) * 7 + (3, 0, 0, 0, 0)
    assert board(state).model(GARG).marks == (0, 0, 2, 0, 0, 0)


def test_damage_to_a_colossal_is_an_option_like_any_model(giants):
    """``options`` probes damage with a stand-in side: a colossal may take damage (the side is asked later)."""
    found = {o.action: o for o in options(giants, COLOSSUS)}
    assert found["mark_damage"].allowed, found["mark_damage"].reason
