"""Each game system gives its own part of a result's report (``GameSystem.record``): Warmachine its setup,
scenario, clock and turns; a system without them gives them empty, so its result keeps the same keys."""

from models.rules import GameState, apply
from models.service.systems import game_system
from tests.rules.warlord.game import setup_command as warlord_setup
from tests.rules.warmachine.tournament import MINUTE, T0, score, started


def test_a_warmachine_result_gives_its_setup_scenario_clock_and_scored_turns():
    state = score(started(), cp=(2, 0), at=T0 + 5 * MINUTE)
    own = game_system("warmachine").record(state)
    assert own["scenario"] == "Practice scenario" and own["control_points"] == [2, 0]
    assert own["setup"]["table_side"] == "north edge" and own["setup"]["priority_winner"] == 0
    assert own["clock"]["minutes_per_player"] == 60
    assert [(t["round"], t["seat"], t["cp"]) for t in own["turns"] if t["cp"]] == [(1, 0, [2, 0])]


def test_a_warlord_result_has_no_scenario_setup_clock_or_turns():
    state, _ = apply(GameState(), warlord_setup())
    assert game_system("warlord").record(state) == {
        "scenario": None, "setup": None, "control_points": None, "clock": None, "turns": []}
