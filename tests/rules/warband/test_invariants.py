"""Properties of any sequence of warband commands (hypothesis): treasure tokens are never made or lost, only units
able to carry hold one, a refused command changes nothing, and the log replays to the same state."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from models.rules import Command, GameState, RuleViolation, apply, replay
from models.rules.warband.conditions import Incapacitate, SetCondition
from models.rules.warband.neutrals import NeutralsGone
from models.rules.warband.phases import Next
from models.rules.warband.rout import GrabAttempt, GrabNearby, RoutCheck, VoluntaryRout
from models.rules.warband.spells import SpellCheck, StartSpell
from models.rules.warband.state import board as board_of
from models.rules.warband.treasure import DropTreasure, PickUp
from tests.rules.warband.game import BOSS, CAPTAIN, HENCHMEN, HOUND, SISTER, THUG, WITCH, WOLF, setup_command

UNITS = st.sampled_from((CAPTAIN, SISTER, HOUND, *HENCHMEN, BOSS, WITCH, WOLF, THUG))
BOOL = st.booleans()
COMMANDS = st.one_of(
    st.just(Next()),
    st.builds(PickUp, unit=UNITS, under=st.sampled_from(("nothing", "event", "plague")),
              event_roll=st.sampled_from((None, 4)), plague_passed=st.sampled_from((None, True))),
    st.builds(DropTreasure, unit=UNITS),
    st.builds(Incapacitate, unit=UNITS, by=st.one_of(st.none(), UNITS), engaged=BOOL),
    st.builds(SetCondition, unit=UNITS, condition=st.sampled_from(("stunned", "dazed", "staggered", "normal"))),
    st.builds(StartSpell, unit=UNITS, spell=st.sampled_from(("Ward", "Hex"))),
    st.builds(SpellCheck, unit=UNITS, spell=st.sampled_from(("Ward", "Hex")), passed=BOOL),
    st.builds(RoutCheck, passed=BOOL),
    st.just(VoluntaryRout()),
    st.builds(NeutralsGone, event=st.just(0)),
    st.builds(GrabNearby, winner_near=BOOL, loser_near=BOOL),
    st.builds(GrabAttempt, unit=UNITS, passed=st.sampled_from((None, True, False))),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(COMMANDS, max_size=60))
def test_treasure_is_conserved_and_replay_is_exact(commands: list[Command]) -> None:
    """Doc 004 "Treasure Step": tokens move between the table and units, never appear or vanish."""
    setup = setup_command(treasures=4, event_tokens=2)
    state, _ = apply(GameState(), setup)
    accepted: list[Command] = [setup]
    for command in commands:
        try:
            state, _ = apply(state, command)
        except RuleViolation:
            continue
        accepted.append(command)
        board = board_of(state)
        assert board.treasures + sum(u.carrying for u in board.units) == 4
        assert all(u.can_carry and u.presence != "incapacitated" for u in board.units if u.carrying)
        assert board.hidden_events is not None and 0 <= board.hidden_events <= 2
    assert replay(accepted) == state
