"""One catalogue of refusal codes (models/rules/refusals.py; DESIGN.md "The rules core": refusals are
RuleViolation(code, message) with stable codes, the same code for the same refusal in every system)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from models.rules import GameState, RuleViolation, apply
from models.rules.refusals import CODES, RENAMED
from models.rules.warband.conditions import SetCondition
from models.rules.warband.phases import Next
from models.rules.warlord.damage import WarlordDamage
from models.rules.warlord.end_phase import WarlordEndTurn
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.phases import Advance
from tests.rules.warband.game import Game as WarbandGame
from tests.rules.warlord.game import new_game as warlord_game
from tests.rules.warmachine.game import new_game as warmachine_game

ROOT = Path(__file__).parents[2]
SOURCES = sorted((ROOT / "models").rglob("*.py")) + sorted((ROOT / "webapp").rglob("*.py"))
# A code as the source writes it: raised, a list problem, or the refusal of a hold that is off.
LITERAL = re.compile(r'(?:RuleViolation|Problem)\(\s*"([a-z_]+\.[a-z_]+)"|off=\(\s*"([a-z_]+\.[a-z_]+)"')
# A code built from a variable part: f"{code}.ran", f"unit.{u.condition}".
TEMPLATE = re.compile(r'RuleViolation\(\s*f"([a-z_]*(?:\{[^}]+\})?[a-z_]*\.[a-z_]*(?:\{[^}]+\})?)"')
FIXTURE = ROOT / "tests" / "db" / "fixtures" / "games_before_boards.json"


def _source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SOURCES if p.name != "refusals.py")


def raised_literals() -> set[str]:
    return {a or b for a, b in LITERAL.findall(_source())}


def templates() -> list[re.Pattern[str]]:
    return [re.compile(re.sub(r"\\\{[^}]+\\\}", "[a-z_]+", re.escape(t)) + "$") for t in TEMPLATE.findall(_source())]


def test_the_scan_sees_what_the_rules_raise() -> None:
    """Positive control: the scan finds codes raised in several shapes (one line, a call split over lines, a list
    problem, a hold's refusal) and the built ones (essence.ran from f"{code}.ran")."""
    found = raised_literals()
    assert {"game.over", "essence.exceeds_stat", "list.unit_size", "grab.none", "tithe.pending"} <= found
    assert any(t.match("essence.ran") for t in templates())
    assert not any(t.match("essence") for t in templates())


def test_every_code_raised_is_in_the_catalogue() -> None:
    assert sorted(raised_literals() - set(CODES)) == []


def test_every_code_in_the_catalogue_is_raised_somewhere() -> None:
    """No stale entry: each code is raised as written, or built by a refusal with a variable part."""
    found, built = raised_literals(), templates()
    assert sorted(c for c in CODES if c not in found and not any(t.match(c) for t in built)) == []


def test_every_code_has_a_one_line_meaning() -> None:
    for code, meaning in CODES.items():
        assert re.fullmatch(r"[a-z_]+\.[a-z_]+", code), code
        assert meaning and "\n" not in meaning and meaning.endswith("."), code


def test_renamed_codes_are_raised_no_more() -> None:
    found = raised_literals()
    assert sorted(old for old in RENAMED if old in CODES or old in found) == []


def test_games_logged_before_store_events_and_commands_not_codes() -> None:
    """Renaming a code cannot change an old game: its log rows hold commands, the events they caused and their
    words, never a refusal code (tests/db/test_games_before_boards.py replays those logs to the same states)."""
    games = json.loads(FIXTURE.read_text())["games"]
    rows = [row for game in games.values() for row in game["command_log"]]
    assert rows and all(set(row) <= {"seq", "command", "events", "undone", "created_at", "command_id", "seat",
                                     "actor", "kind"} for row in rows), {k for r in rows for k in r}
    stored = json.dumps(games)
    assert sorted(old for old in RENAMED if f'"{old}"' in stored) == []
    assert '"code"' not in stored


def _code(state: GameState, command: object) -> str:
    with pytest.raises(RuleViolation) as refused:
        apply(state, command)  # type: ignore[arg-type]
    return refused.value.code


@pytest.mark.parametrize("command", [Advance(), Next(), WarlordEndTurn()], ids=["warmachine", "warband", "warlord"])
def test_a_game_not_set_up_is_the_same_refusal_in_every_system(command: object) -> None:
    assert _code(GameState(), command) == "game.not_set_up"


def test_an_unknown_model_is_the_same_refusal_in_every_system() -> None:
    assert _code(warmachine_game(), MarkDamage(model="nobody", amount=1)) == "model.unknown"
    assert _code(WarbandGame().state, SetCondition(unit="nobody", condition="stunned")) == "model.unknown"
    assert _code(warlord_game(), WarlordDamage(model="nobody", amount=1)) == "model.unknown"
