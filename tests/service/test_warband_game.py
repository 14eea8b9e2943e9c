"""A warband game (doc 004) through GameService: stored from its setup command, persisted, rebuilt from the log
by another service (a restarted server) equal to a replay, undo, seat and watch links.

Every test runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (the `db_url` fixture)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from models.rules import RuleViolation, replay
from models.rules.warband.conditions import SetCondition
from models.rules.warband.phases import Next
from models.rules.warband.rout import RoutCheck
from models.rules.warband.spells import StartSpell
from models.rules.warband.state import board
from models.rules.warband.treasure import PickUp
from models.service import Actor, Created, Forbidden, GameService
from models.service.history import counted
from tests.rules.warband.game import BOSS, CAPTAIN, SISTER, THUG, setup_command

TABLE = Actor(role="table")


@pytest.fixture
def service(new_service: Callable[[], GameService]) -> GameService:
    return new_service()


@pytest.fixture
def game(service: GameService) -> Created:
    return service.start(setup_command())


def play(service: GameService, game: Created, *commands: object, actor: Actor = TABLE) -> int:
    version = service.state(game.game_id)[0]
    for command in commands:
        version = service.execute(game.game_id, command, version, actor).version  # type: ignore[arg-type]
    return version


def test_a_warband_game_is_stored_with_its_links(service: GameService, game: Created) -> None:
    version, state = service.state(game.game_id)
    assert version == 1 and state.system == "warband" and state.phase == "play"
    assert set(game.tokens) == {"table", "watch", "seat1", "seat2"}
    log = service.log(game.game_id)
    assert log[0].kind == "warband_setup" and any("Treasure: skipped" in t for t in log[0].texts)


def test_a_bad_setup_stores_nothing(service: GameService) -> None:
    bad = setup_command(treasures=2, event_tokens=5)
    with pytest.raises(RuleViolation) as caught:
        service.start(bad)
    assert caught.value.code == "setup.event_tokens"


def test_the_game_survives_a_restart_and_equals_its_replay(service: GameService, game: Created,
        new_service: Callable[[], GameService]) -> None:
    play(service, game, StartSpell(unit=SISTER, spell="Ward"), SetCondition(unit=BOSS, condition="stunned"), Next(),
         PickUp(unit=THUG, under="event", event_roll=9, event_text="Storm"))
    version, state = service.state(game.game_id)
    restarted = new_service()
    assert restarted.state(game.game_id) == (version, state)
    rows = restarted.repo.log(game.game_id)
    assert replay(counted(rows)) == state
    assert board(state).events[0].text == "Storm"


def test_undo_takes_back_the_last_action(service: GameService, game: Created) -> None:
    version = play(service, game, Next(), PickUp(unit=THUG))
    outcome = service.undo(game.game_id, version, TABLE)
    after = board(outcome.state)
    assert not after.unit(THUG).carrying and after.treasures == 4
    assert outcome.state.step == "treasure"
    log = service.log(game.game_id)
    assert log[-1].kind == "undo" and log[-2].undone


def test_a_refusal_writes_nothing(service: GameService, game: Created) -> None:
    with pytest.raises(RuleViolation) as caught:
        service.execute(game.game_id, RoutCheck(passed=True), 1, TABLE)
    assert caught.value.code == "step.wrong"
    assert service.state(game.game_id)[0] == 1


def test_a_command_as_json_from_the_api(service: GameService, game: Created) -> None:
    outcome = service.execute(game.game_id, {"type": "warband_condition", "unit": CAPTAIN, "condition": "dazed"},
                              1, TABLE)
    assert board(outcome.state).unit(CAPTAIN).condition == "dazed"


def test_seat_links_act_for_both_sides_and_watch_links_never(service: GameService, game: Created) -> None:
    """Warband commands name units, not Warmachine models: a seat link records for both warbands (as the table
    does); the watch link is refused."""
    seat1 = service.authorize(game.game_id, game.tokens["seat1"])
    play(service, game, SetCondition(unit=BOSS, condition="stunned"), Next(), actor=seat1)
    watch = service.authorize(game.game_id, game.tokens["watch"])
    with pytest.raises(Forbidden):
        service.execute(game.game_id, Next(), service.state(game.game_id)[0], watch)
