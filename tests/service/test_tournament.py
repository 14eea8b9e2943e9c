"""A whole tournament game through GameService: the setup wizard, the deathclock stamped by the service's injected clock
(never a sleep), scenario scoring, every game-ending path of doc 002 "Game Ending" with its winner and tiebreakers, and
the result export.

Runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (the `db_url` fixture).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from models.rules import GameState, RuleViolation
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.match import board
from models.rules.warmachine.scenario import last_step
from models.rules.warmachine.setup import ArmyEntry
from models.service import Actor, Forbidden, GameService
from webapp import deps
from webapp.api.games import router

TABLE = Actor(role="table")
SEAT_1, SEAT_2 = Actor(role="seat", seat=0), Actor(role="seat", seat=1)
MINUTE = 60_000
HOUR = 60 * MINUTE
T0 = 1_700_000_000_000

ANN = [ArmyEntry(card="agathon"), ArmyEntry(card="cultist-band", size=4)]
BOB = [ArmyEntry(card="agathon"), ArmyEntry(card="cultist-band", size=6)]


class FakeClock:
    """The service's clock in tests: time moves only when a test says so."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now

    def tick(self, ms: int) -> None:
        self.now += ms


class Dice:
    """The service's d6 in tests: faces come from a list."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def __call__(self) -> int:
        return self.faces.pop(0)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(engine: Engine, clock: FakeClock) -> GameService:
    return GameService(engine, now_ms=clock, roll=Dice(6, 2, 3, 3, 1, 4))


class Game:
    """One game through the service: sends commands as the API would (dicts), keeps the version."""

    def __init__(self, service: GameService, clock: FakeClock, *, wizard: bool = True) -> None:
        self.service, self.clock = service, clock
        created = service.start(setup_game("Round 3, table 7", [("Ann", ANN), ("Bob", BOB)], wizard=wizard))
        self.id, self.version, self.tokens = created.game_id, created.version, created.tokens

    @property
    def state(self) -> GameState:
        return self.service.state(self.id)[1]

    def do(self, type_: str, actor: Actor = TABLE, **fields: Any) -> GameState:
        outcome = self.service.execute(self.id, {"type": type_, **fields}, self.version, actor)
        self.version = outcome.version
        return outcome.state

    def fall(self, model: str, amount: int) -> GameState:
        """Damage that fills every box: with no rule in play acting when it is disabled or boxed, the model is
        destroyed at once (doc 002 "Damage Application")."""
        return self.do("mark_damage", model=model, amount=amount)

    def refused(self, type_: str, **fields: Any) -> str:
        before = self.version
        with pytest.raises(RuleViolation) as refusal:
            self.do(type_, **fields)
        assert self.version == before and self.service.state(self.id)[0] == before
        return refusal.value.code

    def wizard(self, minutes: float | None = 60) -> GameState:
        """Scenario .. after deployment, priority dice rolled by the service (Ann 6, Bob 2), Ann first."""
        self.do("choose_scenario", name="Club scenario")
        self.do("reveal_lists", lists=["Dark Host", ""])
        self.do("choose_objectives", objectives=["Armory", "Bunker"])
        self.do("roll_priority")
        self.do("choose_order", goes_first=True)
        self.do("choose_side", side="the ruined edge")
        if minutes:
            self.do("start_clock", minutes_per_player=minutes)
        else:
            self.do("finish_setup_step")
        self.clock.tick(2 * MINUTE)  # deployment
        self.do("finish_setup_step")
        self.do("finish_setup_step")
        return self.do("start_game")

    def end_turn(self, cp: tuple[int, int] = (0, 0), took_ms: int = MINUTE,
                 killbox: tuple[bool, bool] = (False, False)) -> GameState:
        """Advance to the end of the turn, let ``took_ms`` pass, score it (the service stamps the time)."""
        while not last_step(self.state):
            self.do("advance")
        self.clock.tick(took_ms)
        return self.do("score_turn", cp=list(cp), killbox=list(killbox))


@pytest.fixture
def game(service: GameService, clock: FakeClock) -> Game:
    g = Game(service, clock)
    g.wizard()
    return g


# -- setup and clock through the service ---------------------------------------------------------------------

def test_wizard_through_the_service_ends_in_round_1(game: Game) -> None:
    state = game.state
    assert (state.round, state.active) == (1, 0) and state.phase not in ("setup", "maintenance")
    assert board(state).pregame.rolls[0].dice == ((6,), (2,)) and board(state).pregame.rolls[0].rolled_by == "service"
    assert board(state).clock.turns[0].used_ms == (2 * MINUTE, 0)  # deployment, stamped by the injected clock
    assert board(state).clock.running == 0 and board(state).clock.since == T0 + 2 * MINUTE


def test_the_service_stamps_clock_commands_with_its_own_time(game: Game) -> None:
    game.clock.tick(90_000)
    state = game.do("pass_clock", to_seat=1)
    assert board(state).clock.remaining_ms == (HOUR - 2 * MINUTE - 90_000, HOUR)
    row = game.service.repo.log(game.id)[-1]
    assert row.command["at_ms"] == T0 + 2 * MINUTE + 90_000  # logged, so a replay is exact


def test_a_clock_time_ahead_of_the_server_is_refused(game: Game) -> None:
    assert game.refused("pass_clock", to_seat=1, at_ms=game.clock.now + MINUTE) == "clock.future"


def test_time_up_is_judged_by_the_servers_clock(game: Game) -> None:
    """A claim that time ran out is refused until the server's clock shows zero."""
    game.clock.tick(HOUR - 3 * MINUTE)
    assert game.refused("clock_expired", seat=0) == "clock.not_expired"
    game.clock.tick(MINUTE)
    state = game.do("clock_expired", seat=0)
    assert state.phase == "over" and board(state).result.due == "clock_score"


def test_a_fresh_service_rebuilds_the_same_clock_from_the_log(game: Game, engine: Engine) -> None:
    game.clock.tick(5_000)
    game.do("pass_clock", to_seat=1)
    game.clock.tick(7_000)
    game.do("pause_clock", reason="Judge call")
    fresh = GameService(engine, now_ms=lambda: 0)
    assert fresh.state(game.id)[1] == game.state


def test_undo_of_a_hand_over_restores_the_clock(game: Game) -> None:
    before = board(game.state).clock
    game.clock.tick(5_000)
    game.do("pass_clock", to_seat=1)
    outcome = game.service.undo(game.id, game.version, TABLE)
    game.version = outcome.version
    assert board(outcome.state).clock == before


def test_a_seat_link_hands_over_only_its_own_running_clock(game: Game) -> None:
    with pytest.raises(Forbidden):
        game.do("pass_clock", actor=SEAT_2, to_seat=0)
    state = game.do("pass_clock", actor=SEAT_1, to_seat=1)
    assert board(state).clock.running == 1


def test_a_seat_link_concedes_only_for_its_own_side(game: Game) -> None:
    with pytest.raises(Forbidden):
        game.do("concede", actor=SEAT_2, seat=0)
    state = game.do("concede", actor=SEAT_2, seat=1)
    assert (board(state).result.winner, board(state).result.how) == (0, "concession")


# -- every way the game ends (doc 002 "Game Ending") ---------------------------------------------------------

def _export(game: Game) -> dict[str, Any]:
    data = game.service.result_json(game.id)
    json.dumps(data)  # serialisable as it is
    return data


def test_scenario_win_by_a_5_point_lead(game: Game) -> None:
    game.end_turn(cp=(2, 0))
    game.end_turn(cp=(0, 1))
    state = game.end_turn(cp=(4, 0), killbox=(False, True))  # Bob's caster in the kill box: Ann +2
    r = board(state).result
    assert (r.winner, r.how, r.round, r.cp) == (0, "scenario", 2, (8, 1))
    data = _export(game)
    assert data["result"]["tiebreakers"] == {"win": [1, 0], "control_points": [8, 1],
                                             "army_points_destroyed": [0, 0],
                                             "army_points_in_scenario_elements": None}
    assert [t["cp"] for t in data["turns"] if t["round"] > 0] == [[2, 0], [0, 1], [6, 0]]


def test_assassination_then_a_final_scoring_and_the_tiebreakers(game: Game) -> None:
    game.end_turn(cp=(1, 0))
    game.fall("p1-cultist-band.1", 1)
    game.fall("p1-cultist-band.2", 1)
    game.fall("p1-cultist-band.3", 1)   # Ann's band below half: Bob took 2.5
    state = game.fall("p1-agathon", 17)  # Ann's caster: Bob wins
    result = board(state).result
    assert (result.winner, result.how, result.due) == (1, "assassination", "final_score")
    assert game.refused("scenario_elements", points=[0, 10]) == "result.scoring_due"
    game.do("final_score", cp=[0, 2])
    state = game.do("scenario_elements", points=[4, 19])
    r = board(state).result
    assert (r.winner, r.cp, r.destroyed, r.elements) == (1, (1, 2), (0.0, 7.5), (4, 19))
    tb = _export(game)["result"]["tiebreakers"]
    assert tb == {"win": [0, 1], "control_points": [1, 2], "army_points_destroyed": [0, 7.5],
                  "army_points_in_scenario_elements": [4, 19]}


def test_deathclock_in_your_own_turn_with_a_5_point_scoring_wins(game: Game) -> None:
    game.end_turn(cp=(3, 0))
    game.end_turn()
    game.clock.tick(HOUR)  # Ann's clock runs out in her own turn (round 2)
    game.do("clock_expired", seat=0)
    state = game.do("final_score", cp=[2, 0])
    assert (board(state).result.winner, board(state).result.how, board(state).result.cp) == (0, "scenario", (5, 0))
    assert board(state).model("p1-agathon").in_play


def test_deathclock_in_your_own_turn_without_the_lead_loses_as_assassination(game: Game) -> None:
    game.end_turn(cp=(3, 0))
    game.end_turn()
    game.clock.tick(HOUR)
    game.do("clock_expired", seat=0)
    state = game.do("final_score", cp=[1, 0])
    result = board(state).result
    assert (result.winner, result.how, result.due) == (1, "deathclock", "final_score")
    assert board(state).model("p1-agathon").status == "destroyed"
    state = game.do("final_score", cp=[0, 1])
    r = board(state).result
    assert (r.winner, r.cp, r.destroyed, r.due) == (1, (3, 1), (0.0, 5.0), None)


def test_deathclock_in_the_opponents_turn_loses(game: Game) -> None:
    game.end_turn(cp=(1, 0))
    game.end_turn(cp=(0, 1))
    game.clock.tick(10_000)
    game.do("pass_clock", to_seat=1)  # Bob's free strike in Ann's turn
    game.clock.tick(HOUR)
    state = game.do("clock_expired", seat=1)
    r = board(state).result
    assert (r.winner, r.how, r.seat, r.round, r.due) == (0, "deathclock", 1, 2, "final_score")
    assert board(state).model("p2-agathon").status == "destroyed"
    state = game.do("final_score", cp=[2, 0])
    assert board(state).result.cp == (3, 1) and board(state).result.destroyed == (5.0, 0.0)
    text = game.service.result_text(game.id)
    assert "Winner: Ann (deathclock), round 2" in text
    assert "Army points destroyed: Ann 5, Bob 0" in text


def test_concession(game: Game) -> None:
    game.end_turn(cp=(1, 0))
    state = game.do("concede", seat=0)
    assert (board(state).result.winner, board(state).result.how, board(state).result.cp) == (1, "concession", (1, 0))
    assert game.refused("advance") == "game.over"


def test_end_of_the_seventh_round_goes_to_the_most_control_points(service: GameService, clock: FakeClock) -> None:
    g = Game(service, clock)
    g.wizard(minutes=None)
    for _ in range(13):
        g.end_turn()
    state = g.end_turn(cp=(0, 2))
    assert (board(state).result.winner, board(state).result.how, board(state).result.round) == (1, "scenario", 7)
    assert _export(g)["result"]["tiebreakers"]["control_points"] == [0, 2]


def test_result_export_while_the_game_goes_on(game: Game) -> None:
    data = _export(game)
    assert data["finished"] is False and data["result"] is None
    assert data["scenario"] == "Club scenario" and data["setup"]["lists"] == ["Dark Host", "as set up"]
    assert "Not finished" in game.service.result_text(game.id)


# -- the export over the REST API ------------------------------------------------------------------------------

def test_result_routes_serve_json_and_text_to_any_link(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deps, "_current", None)
    deps.install(deps.Deps(engine=game.service.repo.engine, service=game.service, live=None))  # type: ignore[arg-type]
    app = FastAPI()
    app.include_router(router)
    game.do("concede", seat=1)
    with TestClient(app) as client:
        created = game.service.start(setup_game("Other", [("Cy", ANN), ("Di", BOB)]))
        assert client.get(f"/api/games/{game.id}/result", params={"token": created.tokens["watch"]}
                          ).status_code == 404  # another game's token: as if there were no such game
        body = client.get(f"/api/games/{game.id}/result", params={"token": game.tokens["watch"]}).json()
        assert body["result"]["winner"] == 0 and body["result"]["how"] == "concession"
        text = client.get(f"/api/games/{game.id}/result.txt", headers={"X-Token": game.tokens["seat2"]})
        assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
        assert "Winner: Ann (concession)" in text.text
