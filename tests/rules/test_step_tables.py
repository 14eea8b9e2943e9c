"""The turn as data in one shape for every system (models/rules/steps.py; DESIGN.md "The rules core"): every command
declares its timing where it is registered, every command a step table names is registered, the gate refuses by timing
alike in every system, and ``python -m models.rules.<system> --steps`` prints each step with its hooks in order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import get_args

import pytest

from models.rules import GameState, RuleViolation, apply
from models.rules.core import COMMANDS, SYSTEM_OF, TIMING_OF, Timing
from models.rules.steps import TABLES, StepTable
from models.rules.warmachine.ending import Concede
from tests.rules.warmachine.game import new_game, run

ROOT = Path(__file__).parents[2]
SYSTEMS = ("warmachine", "warband", "warlord")


def test_every_system_has_a_step_table() -> None:
    assert sorted(TABLES) == sorted(SYSTEMS) == sorted(set(SYSTEM_OF.values()))


def test_every_command_declares_its_timing() -> None:
    assert set(TIMING_OF) == set(COMMANDS)
    assert set(TIMING_OF.values()) <= set(get_args(Timing))


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_command_named_in_a_step_table_is_registered_with_step_timing(system: str) -> None:
    table = TABLES[system]
    named = {t for p in table.phases for s in p.steps for t in s.allows}
    assert named, "a table that names no command would pass this test"
    assert sorted(t for t in named if t not in COMMANDS) == []
    assert sorted(t for t in named if SYSTEM_OF[t] != system or TIMING_OF[t] != "step") == []
    # and the other way round: a step command no step allows would always be refused
    assert sorted(t for t, s in SYSTEM_OF.items() if s == system and TIMING_OF[t] == "step" and t not in named) == []


def test_a_hook_on_a_step_the_table_lacks_fails_on_import() -> None:
    table: StepTable[object] = StepTable("test-only", TABLES["warlord"].phases)
    with pytest.raises(KeyError, match="no step 'tithe'"):
        table.before_leaving("end", "tithe")
    table.before_leaving("end", "")(lambda state: None)  # positive control: the table's own step is fine
    assert len(table.leave[("end", "")]) == 1
    assert "test-only" not in TABLES  # a table is registered with its system, never by being made


def _refusal(state: GameState, type_name: str) -> str:
    with pytest.raises(RuleViolation) as refused:
        apply(state, COMMANDS[type_name].model_construct())
    return refused.value.code


def test_every_command_but_a_setup_needs_a_game_set_up() -> None:
    """The gate refuses before any rule runs (the command's fields are not even read)."""
    for type_name, timing in TIMING_OF.items():
        if timing != "setup":
            assert _refusal(GameState(), type_name) == "game.not_set_up", type_name


def test_after_the_game_only_its_result_is_entered() -> None:
    """The 21 game-flow commands (clock, wizard, scoring, ending) once repeated these refusals by hand."""
    over = run(new_game(), Concede(seat=1))
    for type_name, timing in TIMING_OF.items():
        if SYSTEM_OF[type_name] == "warmachine" and timing not in ("setup", "result"):
            assert _refusal(over, type_name) == "game.over", type_name
    assert _refusal(over, "setup") == "setup.done"
    assert _refusal(new_game(), "final_score") == "result.not_over"


@pytest.mark.parametrize("system", SYSTEMS)
def test_steps_prints_each_step_with_its_hooks_in_order(system: str) -> None:
    out = subprocess.run([sys.executable, "-m", f"models.rules.{system}", "--steps"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    table = TABLES[system]
    labels = [f"{s.label} ({s.key or p.key};" for p in table.phases for s in p.steps]
    places = [out.index(label) for label in labels]
    assert places == sorted(places)
    for (phase, step), hooks in table.leave.items():
        in_phase = out[out.index(f"{table.phase(phase).label} ({phase})\n"):]
        block = in_phase[in_phase.index(f"({step or phase};"):]
        line = next(x for x in block.splitlines() if x.strip().startswith("before leaving:"))
        assert line.split(": ", 1)[1] == ", ".join(f"{f.__module__.rsplit('.', 1)[-1]}.{f.__name__}" for f in hooks)


def test_the_tithe_and_the_scenario_score_hold_the_end_of_a_warmachine_turn() -> None:
    out = subprocess.run([sys.executable, "-m", "models.rules.warmachine", "--steps"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    tithe = out[out.index("(tithe;"):]
    assert "before leaving: tithe.tithe_decided, scenario.require_scoring" in tithe
    wrong = subprocess.run([sys.executable, "-m", "models.rules.warmachine"], cwd=ROOT, capture_output=True,
                           text=True)
    assert wrong.returncode == 2 and "usage" in wrong.stdout
