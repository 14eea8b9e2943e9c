"""Horror essence and a lowered ESSENCE (doc 001 "Horror Special Rules: Essence": a horror never holds more
than its current ESSENCE; when ESSENCE drops, the excess is removed at once)."""

from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.horrors import cap_horror_essence
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import CompleteCard
from tests.rules.warmachine.game import with_stat
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    CARDS,
    ENEMY_LAMENTER,
    LAMENTER,
    happened,
    run,
    to_step,
    with_model,
)


def with_essence(key, value):
    card = CARDS[key]
    return card.model_copy(update={"stats": card.stats.model_copy(update={"ESSENCE": value})})


def test_a_horrors_excess_essence_is_removed_at_once_when_its_essence_drops(table):
    """doc 001 "Horror Special Rules: Essence": if a horror's current ESSENCE is reduced, excess essence
    points are removed immediately (here the game's card left ESSENCE blank while the Lamenters hold 3, and the
    player fills in 2)."""
    state, events = happened(with_stat(table, "lamenter", "ESSENCE", None),
                             CompleteCard(card=with_essence("lamenter", 2)))
    assert board(state).model(LAMENTER).essence == 2
    assert board(state).model(ENEMY_LAMENTER).essence == 2
    assert [e.kind for e in events] == ["card.completed", "essence.lost", "essence.lost"]


def test_a_horror_within_its_new_essence_keeps_its_points(table):
    """doc 001 "Horror Special Rules: Essence": only points above the new ESSENCE go."""
    state = with_stat(with_model(table, LAMENTER, essence=1), "lamenter", "ESSENCE", None)
    state = run(state, CompleteCard(card=with_essence("lamenter", 2)))
    assert board(state).model(LAMENTER).essence == 1


def test_a_master_keeps_essence_above_a_lowered_essence_until_its_maintenance_phase(table):
    """doc 001 "Maintenance Phase" step 1: masters lose excess essence in their maintenance phase, not at once
    as horrors do."""
    state = with_stat(to_step(table, "control", "replenish"), "agathon", "ESSENCE", None)
    state = run(state, CompleteCard(card=with_essence("agathon", 7)))
    assert board(state).model(AGATHON).essence == 9
    state = to_step(state, "maintenance", "excess", seat=0)
    assert board(state).model(AGATHON).essence == 7


def test_cap_horror_essence_leaves_a_state_within_limits_unchanged(table):
    """doc 001 "Horror Special Rules: Essence": nothing to remove when every horror is within its ESSENCE."""
    state, events = cap_horror_essence(table)
    assert state == table
    assert events == []


def test_cap_horror_essence_removes_every_excess_point(table):
    """doc 001 "Horror Special Rules: Essence": a horror can never hold more than its current ESSENCE."""
    state, events = cap_horror_essence(with_model(table, LAMENTER, essence=6))
    assert board(state).model(LAMENTER).essence == 3
    assert events[0].data == {"points": 3}


def test_completing_a_card_keeps_damage_already_marked_when_the_web_is_unchanged(table):
    """doc 001 "Recording Damage To a Horror": filling in a stat that is not the web leaves the marks."""
    state = run(with_stat(table, "lamenter", "ESSENCE", None), MarkDamage(model=LAMENTER, amount=5))
    state = run(state, CompleteCard(card=with_essence("lamenter", 2)))
    assert board(state).model(LAMENTER).marks == (5, 0, 0)
