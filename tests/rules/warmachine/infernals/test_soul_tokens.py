"""Soul tokens becoming essence (doc 001 "Control Phase" step 2; doc 000 "Generating Essence")."""

import pytest

from models.rules import RuleViolation, parse_command
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.replenish import AddSoulToken, Sacrifice
from tests.rules.warmachine.infernals.infernal_game import (
    AGATHON,
    CULTIST_1,
    ENEMY_AGATHON,
    LAMENTER,
    happened,
    refused,
    run,
    to_step,
    with_card,
    with_model,
)


def soul_taker(state):
    card = board(state).cards["agathon"]
    return with_card(state, card.model_copy(update={"rules": ("Soul Taker: Infernal Master",)}))


def test_soul_tokens_become_essence_in_the_control_phase(table):
    """doc 001 "Control Phase" step 2: soul tokens on a master are replaced with essence points."""
    state = run(with_model(table, AGATHON, essence=5), AddSoulToken(model=AGATHON, count=3))
    state = to_step(state, "control", "replenish")
    assert state.step == "replenish", "Agathon below its ESSENCE may leech: the turn waits"
    state, events = happened(state, Advance())
    assert board(state).model(AGATHON).essence == 8
    assert board(state).model(AGATHON).soul_tokens == 0
    assert [e.kind for e in events][0] == "soul.converted"
    assert "Control: Soul tokens become essence: nothing to decide." in [e.text for e in events]


def test_soul_tokens_never_take_a_master_above_its_essence(table):
    """doc 001 "Control Phase" step 2: only Soul Taker: Infernal Master lets a master pass its ESSENCE; the
    other tokens are spent for nothing."""
    state = run(with_model(table, AGATHON, essence=8), AddSoulToken(model=AGATHON, count=3))
    state = to_step(state, "control", "souls")
    assert board(state).model(AGATHON).essence == 9
    assert board(state).model(AGATHON).soul_tokens == 0


def test_soul_taker_infernal_master_may_exceed_essence(table):
    """doc 001 "Control Phase" step 2: a master with Soul Taker: Infernal Master may exceed its ESSENCE."""
    state = run(soul_taker(with_model(table, AGATHON, essence=8)), AddSoulToken(model=AGATHON, count=3))
    state = to_step(state, "control", "souls")
    assert board(state).model(AGATHON).essence == 11


def test_soul_tokens_are_converted_after_replenishing(table):
    """doc 001 "Control Phase": step 1 (replenish) comes before step 2 (soul tokens), so a sacrifice refills
    to ESSENCE first and Soul Taker's tokens are added on top."""
    state = run(soul_taker(with_model(table, AGATHON, essence=3)), AddSoulToken(model=AGATHON, count=2))
    state = to_step(state, "control", "replenish")
    assert board(state).model(AGATHON).essence == 3
    state = run(state, Sacrifice(master=AGATHON, victim=CULTIST_1), Advance())
    assert board(state).model(AGATHON).essence == 11


def test_essence_above_essence_from_soul_taker_is_lost_in_the_next_maintenance_phase(table):
    """doc 001 "Maintenance Phase" step 1: a master loses essence above its ESSENCE in its next maintenance
    phase."""
    state = run(soul_taker(table), AddSoulToken(model=AGATHON, count=2))
    state = to_step(state, "control", "souls")
    assert board(state).model(AGATHON).essence == 11
    state = to_step(state, "maintenance", "excess", seat=0)
    assert state.round == 2
    assert board(state).model(AGATHON).essence == 9


def test_soul_tokens_can_be_recorded_at_any_time_and_wait_for_their_masters_turn(table):
    """doc 001 "Control Phase" step 2: tokens are gained whenever enemy models die nearby (the players say
    so) and become essence in their master's own control phase, not the opponent's."""
    state = to_step(table, "activation", "activate")
    state = run(with_model(state, ENEMY_AGATHON, essence=4), AddSoulToken(model=ENEMY_AGATHON, count=2))
    assert board(state).model(ENEMY_AGATHON).soul_tokens == 2
    state = to_step(state, "control", "souls", seat=1)
    assert board(state).model(ENEMY_AGATHON).essence == 6


def test_tokens_of_the_inactive_player_are_not_converted(table):
    """doc 001 "Control Phase" step 2 concerns your own models only."""
    state = run(with_model(table, ENEMY_AGATHON, essence=4), AddSoulToken(model=ENEMY_AGATHON))
    state = to_step(state, "control", "souls", seat=0)
    assert board(state).model(ENEMY_AGATHON).essence == 4
    assert board(state).model(ENEMY_AGATHON).soul_tokens == 1


def test_only_a_master_keeps_soul_tokens(table):
    """doc 001 "Control Phase" step 2: soul tokens become essence only on models with Essence Manipulation."""
    assert refused(table, AddSoulToken(model=LAMENTER)) == "soul.not_master"


def test_soul_token_count_is_checked(table):
    """A command with no token at all is malformed."""
    with pytest.raises(RuleViolation) as refusal:
        parse_command({"type": "add_soul_token", "model": AGATHON, "count": 0})
    assert refusal.value.code == "command.invalid"
