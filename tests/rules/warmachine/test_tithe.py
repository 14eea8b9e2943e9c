"""Tithe: each horror pays 1 essence at the end of its controller's turn or is removed from play."""

import pytest

from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.tithe import PayTithe, SkipTithe
from tests.rules.warmachine.game import (
    AGATHON,
    FOREBODER,
    GUARDIAN,
    REGNA_HORROR,
    events,
    refused,
    run,
    settle_tithe,
    to_step,
    with_model,
)


@pytest.fixture
def tithe(game):
    """The end of player 1's first turn: tithe is due."""
    return to_step(game, "end", "tithe")


def test_tithe_is_due_for_every_horror_at_the_end_of_its_controllers_turn(tithe):
    """doc 001, "Tithe": at the end of each of its controlling player's turns, each horror must spend 1
    essence point; the opponent's horrors are not asked."""
    assert set(board(tithe).pending_tithe) == {GUARDIAN, FOREBODER}
    assert REGNA_HORROR not in board(tithe).pending_tithe


def test_opponents_horrors_pay_tithe_at_the_end_of_their_own_turn(tithe):
    """doc 001, "Tithe": the controlling player's turn is what counts."""
    state = to_step(tithe, "end", "tithe", seat=1)
    assert board(state).pending_tithe == (REGNA_HORROR,)


def test_paying_tithe_spends_one_essence_point(tithe):
    """doc 001, "Tithe": the horror spends 1 essence point to remain in play."""
    state, kinds = events(tithe, PayTithe(horror=GUARDIAN))
    assert board(state).model(GUARDIAN).essence == 3
    assert board(state).model(GUARDIAN).in_play
    assert board(state).pending_tithe == (FOREBODER,)
    assert "essence.spent" in kinds


def test_tithe_is_paid_by_the_horror_itself_outside_its_activation(tithe):
    """doc 000, "Spending Essence" (the master cannot pay for a horror) and doc 001, "Tithe": the horror pays
    from its own essence at the end of the turn, when it is not activated."""
    state = run(tithe, PayTithe(horror=GUARDIAN))
    assert board(state).model(AGATHON).essence == 9
    assert board(state).model(GUARDIAN).activation != "active"


def test_unpaid_horror_is_removed_from_play(tithe):
    """doc 001, "Tithe": a horror that does not spend an essence point is removed from play."""
    state, kinds = events(tithe, SkipTithe(horror=FOREBODER))
    assert board(state).model(FOREBODER).status == "removed"
    assert "model.removed" in kinds
    assert board(state).pending_tithe == (GUARDIAN,)


def test_tithe_is_optional(tithe):
    """doc 000, Rules Clarification "Horror": tithe is optional; a horror with essence may still not pay and
    leave play."""
    state = run(tithe, SkipTithe(horror=GUARDIAN))
    assert board(state).model(GUARDIAN).status == "removed"
    assert board(state).model(GUARDIAN).essence == 4


def test_horror_without_essence_cannot_pay_tithe(tithe):
    """doc 001, "Tithe": paying takes an essence point; a horror with none cannot pay."""
    state = with_model(tithe, FOREBODER, essence=0)
    assert refused(state, PayTithe(horror=FOREBODER)) == "essence.not_enough"


def test_turn_cannot_be_handed_over_while_tithe_is_pending(tithe):
    """doc 001, "Tithe": every horror's tithe is settled at the end of the turn, before the next turn
    begins."""
    assert refused(tithe, Advance()) == "tithe.pending"
    state = run(tithe, PayTithe(horror=GUARDIAN))
    assert refused(state, Advance()) == "tithe.pending"
    state = run(state, PayTithe(horror=FOREBODER), Advance())
    assert state.active == 1


def test_tithe_is_decided_once_per_horror(tithe):
    """doc 001, "Tithe": 1 essence point per horror per turn, not more."""
    state = run(tithe, PayTithe(horror=GUARDIAN))
    assert refused(state, PayTithe(horror=GUARDIAN)) == "tithe.not_due"


def test_tithe_is_not_paid_before_the_end_of_the_turn(activation):
    """doc 001, "Tithe": at the end of the controlling player's turn, not during it."""
    assert refused(activation, PayTithe(horror=GUARDIAN)) == "step.wrong"
    assert refused(activation, SkipTithe(horror=GUARDIAN)) == "step.wrong"


def test_tithe_is_due_again_every_turn(tithe):
    """doc 001, "Tithe": at the end of each of its controlling player's turns."""
    state = to_step(settle_tithe(tithe), "end", "tithe", seat=0, round_no=2)
    assert set(board(state).pending_tithe) == {GUARDIAN, FOREBODER}
