"""The turn line's and the control guide's words (models/service/views/warmachine_turn.py)."""

from models.rules.warmachine.scenario import KILLBOX_CP
from models.service.views.warmachine_turn import (
    STEP_HINTS,
    control_hint,
    control_steps,
    next_label,
    next_shown,
    score_prompt,
)
from tests.rules.warmachine.game import new_game, to_step
from tests.rules.warmachine.tournament import end_of_turn, score, started


def test_an_infernal_control_phase_lists_only_the_steps_its_army_needs():
    state = to_step(new_game(), "control", "replenish")
    keys = [key for key, _ in control_steps(state)]
    assert keys[0] == "replenish" and "souls" in keys
    assert "power_up" not in keys and "frenzy" not in keys


def test_the_hint_is_the_current_step_in_the_active_armys_words():
    assert control_hint(to_step(new_game(), "control", "replenish")) == STEP_HINTS["replenish"]


def test_next_names_the_next_step_with_something_to_decide():
    state = to_step(new_game(), "activation", "activate")
    assert next_label(state) == "Next: End of turn · Tithe: each horror pays 1 essence or leaves"
    assert next_shown(state)


def test_a_scenario_turn_ends_by_scoring_not_by_next():
    state = end_of_turn(started(None))
    prompt = score_prompt(state)
    assert prompt is not None and not next_shown(state)
    assert prompt.heading.startswith(f"End of {state.player_name(0)}'s turn")
    assert prompt.button == f"Score and hand over to {state.player_name(1)}"


def test_the_kill_box_is_asked_from_round_two():
    first = started(None)
    assert score_prompt(end_of_turn(first)).killbox is None
    later = end_of_turn(score(score(first)))
    assert f"scores {KILLBOX_CP}" in score_prompt(later).killbox


def test_a_game_without_a_scenario_has_no_scoring_prompt():
    assert score_prompt(to_step(new_game(), "activation", "activate")) is None
