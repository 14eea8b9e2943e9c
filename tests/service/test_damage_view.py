"""The damage track as the table shows it and asks about it (models/service/views/damage.py): marks, drawing,
where damage goes in on a grid or spiral, who may take a model's damage, and the continuous effects waiting."""

from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import ArmyEntry
from models.rules.warmachine.shake import AddEffect
from models.service.views.damage import continuous_due, entrance, first_entrance, picture, track, transfer
from tests.rules.warmachine.game import AGATHON, FOREBODER, GUARDIAN
from tests.rules.warmachine.game import new_game as infernal_game
from tests.rules.warmachine.other_side.other_side_game import (
    BLITZ,
    CARDS,
    CAST,
    CASTER,
    IMPALE,
    JACK_1,
    LOCK,
    new_game,
    run,
    to_step,
    with_model,
)
from tests.rules.warmachine.other_side.test_colossals import COLOSSAL, COLOSSUS


def test_a_track_counts_boxes_and_marks_per_section() -> None:
    state = run(new_game(), MarkDamage(model=JACK_1, amount=3, column=2))
    t = track(state, board(state).model(JACK_1))
    assert (t.sizes, t.marks, t.boxes, t.marked, t.missing) == ((4, 6, 6, 6, 6, 4), (0, 3, 0, 0, 0, 0), 32, 3, "")


def test_a_track_of_an_incomplete_card_says_what_it_lacks_and_draws_nothing() -> None:
    state = infernal_game(complete_foreboder=False)
    m = board(state).model(FOREBODER)
    t = track(state, m)
    assert t.missing.startswith("Before Foreboder can take damage, enter how many boxes each ring")
    assert picture(state, m, t) == ("", t.missing)


def test_a_picture_draws_the_track_and_notes_what_is_crippled() -> None:
    state = run(new_game(), MarkDamage(model=JACK_1, amount=10, column=1))  # columns 1 and 2: every L box
    m = board(state).model(JACK_1)
    svg, notes = picture(state, m, track(state, m))
    assert svg.startswith('<svg class="tk-grid"') and "column 2 6 of 6 marked" in svg
    assert notes.startswith("Left arm system crippled")


def test_boxes_need_no_entrance_but_a_grid_names_the_column_of_each_roll() -> None:
    state = new_game()
    assert entrance(state, CAST) is None
    where = entrance(state, JACK_1)
    assert where is not None and where.grid and where.sides == ()
    assert where.entered == (tuple(f"column {n}" for n in range(1, 7)),)
    assert where.branches == ("",)


def test_a_spiral_names_the_branch_each_roll_enters() -> None:
    where = entrance(new_game(), BLITZ)
    assert where is not None and where.kind == "spiral" and not where.grid
    assert where.entered[0][:3] == ("Mind branch", "Mind branch", "Body branch")
    assert where.branches == ("1-2 Mind, 3-4 Body, 5-6 Spirit",)


def test_two_grids_ask_the_side_and_say_what_a_full_side_spills() -> None:
    state = new_game((ArmyEntry(card=CASTER.key), ArmyEntry(card=COLOSSAL.key, battlegroup_of=0)),
                     cards=CARDS | {COLOSSAL.key: COLOSSAL})
    state = run(state, MarkDamage(model=COLOSSUS, amount=20, column=1, side="left"))
    where = entrance(state, COLOSSUS)
    assert where is not None and where.sides == ("left", "right")
    assert where.entered[1][0] == "right column 1"
    assert where.room == (4, 24)
    assert where.roll_sides == ("left", "left", "left", "right", "right", "right")
    assert (where.spills(6, "left"), where.spills(6, "right"), where.spills(6, None)) == (2, 0, 0)


def test_the_first_model_with_a_grid_or_spiral_gives_the_entrance() -> None:
    state = new_game()
    assert first_entrance(state, [CAST, BLITZ, JACK_1]) == entrance(state, BLITZ)
    assert first_entrance(state, [CAST]) is None


def test_a_warlock_with_fury_may_send_damage_to_its_warbeasts() -> None:
    state = with_model(new_game(), LOCK, fury=0)
    assert transfer(state, board(state).model(LOCK)).receivers == ()
    state = with_model(state, LOCK, fury=2)
    offer = transfer(state, board(state).model(LOCK))
    assert [(r.id, r.room) for r in offer.receivers] == [(BLITZ, 16), (IMPALE, 16)]
    assert (offer.pays, offer.kind, offer.sender) == ("fury", "warbeast", "warlock")
    assert (offer.receivers[0].comes_back(20), offer.receivers[0].comes_back(3)) == (4, 0)


def test_a_master_may_send_damage_to_its_horrors_even_one_whose_card_is_incomplete() -> None:
    state = with_model(infernal_game(complete_foreboder=False), AGATHON, essence=3)
    offer = transfer(state, board(state).model(AGATHON))
    assert (offer.pays, offer.kind, offer.sender) == ("essence", "horror", "master")
    rooms = {r.id: r.room for r in offer.receivers}
    assert rooms[FOREBODER] is None and rooms[GUARDIAN] == track(state, board(state).model(GUARDIAN)).boxes
    assert offer.receivers[0].comes_back(99) == 99 - (offer.receivers[0].room or 0)


def test_continuous_effects_wait_only_at_their_step() -> None:
    state = run(new_game(), AddEffect(model=CAST, effect="fire"))
    assert continuous_due(state) == ()
    state = to_step(state, "maintenance", "continuous", seat=0, round_no=2)
    assert continuous_due(state) == ((CAST, "fire"),)
