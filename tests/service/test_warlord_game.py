"""A Warlord game through GameService (doc 003 model states): stored from its setup command, played, rebuilt
from the log by a second service (a restarted server), undone; links keep their roles. Runs on SQLite and, with
TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from models.rules import GameState, RuleViolation, replay
from models.rules.warlord.activation import WarlordAction, WarlordActivate, WarlordEndActivation
from models.rules.warlord.end_phase import WarlordEndTurn, WarlordNextTurn, WarlordPoisonCheck
from models.rules.warlord.model_states import WarlordAddState
from models.rules.warlord.state import figure
from models.rules.warmachine.phases import Advance
from models.service import Actor, Created, Forbidden, GameService
from models.service.games import SNAPSHOT_EVERY
from models.service.history import counted
from tests.rules.warlord.game import GOLEM, KNIGHT, ORC, setup_command

TABLE = Actor(role="table")
SEAT_2 = Actor(role="seat", seat=1)
WATCH = Actor(role="watch")


@pytest.fixture
def service(new_service: Callable[[], GameService]) -> GameService:
    return new_service()


@pytest.fixture
def game(service: GameService) -> Created:
    return service.start(setup_command())


def play(service: GameService, game: Created, *commands, actor: Actor = TABLE) -> int:
    version = service.state(game.game_id)[0]
    for command in commands:
        version = service.execute(game.game_id, command, version, actor).version
    return version


def logged_state(service: GameService, game: Created) -> GameState:
    """The state replayed from the stored log (undone commands left out)."""
    rows = service.repo.log(game.game_id)
    return replay(counted(rows))


TURN = (WarlordAddState(model=GOLEM, state="burning"), WarlordAddState(model=ORC, state="poisoned"),
        WarlordActivate(model=GOLEM), WarlordAction(model=GOLEM, action="move"),
        WarlordEndActivation(model=GOLEM), WarlordEndTurn(), WarlordPoisonCheck(model=ORC, die=3), WarlordNextTurn())


def test_warlord_game_is_stored_with_its_system_and_links(service: GameService, game: Created) -> None:
    version, state = service.state(game.game_id)
    assert version == 1 and state.system == "warlord" and state.title == "Crypt raid"
    assert service.repo.game(game.game_id).system == "warlord"
    assert set(game.tokens) == {"table", "watch", "seat1", "seat2"}


def test_a_played_turn_survives_a_restart(new_service: Callable[[], GameService], service: GameService,
                                          game: Created) -> None:
    """doc 003 "Burning" and "Poisoned" bookkeeping, rebuilt from the log by another service."""
    play(service, game, *TURN)
    version, state = service.state(game.game_id)
    assert figure(state, GOLEM).damage == 2 and figure(state, ORC).damage == 1 and state.round == 2
    rebuilt = new_service().state(game.game_id)
    assert rebuilt == (version, state) and state == logged_state(service, game)


def test_undo_takes_back_the_poison_check(service: GameService, game: Created) -> None:
    """doc 003 "Poisoned": undoing the check gives the poison (and the damage track) back."""
    version = play(service, game, *TURN[:-1])
    outcome = service.undo(game.game_id, version, TABLE)
    assert figure(outcome.state, ORC).has("poisoned") and figure(outcome.state, ORC).damage == 0
    assert outcome.state == logged_state(service, game) == service.state(game.game_id)[1]


def test_long_game_rebuilds_from_a_snapshot(new_service: Callable[[], GameService], service: GameService,
                                            game: Created) -> None:
    """Snapshots hold the Warlord board too: a game past a snapshot loads the same in a fresh service."""
    turns = SNAPSHOT_EVERY // 2
    for _ in range(turns):
        play(service, game, WarlordEndTurn(), WarlordNextTurn())
    version, state = service.state(game.game_id)
    assert state.round == turns + 1 and service.repo.latest_snapshot(game.game_id) is not None
    assert new_service().state(game.game_id) == (version, state)


def test_refused_command_changes_nothing(service: GameService, game: Created) -> None:
    """doc 003 "Poisoned": a Construct is immune; the refusal stores nothing."""
    with pytest.raises(RuleViolation) as refusal:
        play(service, game, WarlordAddState(model=GOLEM, state="poisoned"))
    assert refusal.value.code == "state.immune" and service.state(game.game_id)[0] == 1


def test_warmachine_command_is_refused_in_a_warlord_game(service: GameService, game: Created) -> None:
    with pytest.raises(RuleViolation) as refusal:
        play(service, game, Advance())
    assert refusal.value.code == "command.other_system"


def test_a_seat_link_acts_for_its_own_warband_only_and_a_watch_link_never(service: GameService,
                                                                          game: Created) -> None:
    with pytest.raises(Forbidden, match="Only Ann or the shared table link can activate this model"):
        play(service, game, WarlordActivate(model=KNIGHT), actor=SEAT_2)
    play(service, game, WarlordActivate(model=ORC), actor=SEAT_2)
    assert figure(service.state(game.game_id)[1], ORC).activation == "active"
    play(service, game, WarlordAddState(model=KNIGHT, state="burning"), actor=SEAT_2)  # the other side's effects
    with pytest.raises(Forbidden):
        play(service, game, WarlordEndActivation(model=KNIGHT), actor=WATCH)
    with pytest.raises(Forbidden):
        service.undo(game.game_id, 2, WATCH)


def test_api_readers_get_the_warbands_in_the_board(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The state sent to clients carries the system's whole board (one registered ``board`` field)."""
    from tests.service.test_api import api_client

    with api_client(db_url, monkeypatch) as client:
        started = client.post("/api/games/start", json={"command": setup_command().model_dump(mode="json")})
        assert started.status_code == 201, started.text
        game_id, table = started.json()["id"], started.json()["tokens"]["table"]
        sent = client.post(f"/api/games/{game_id}/commands", headers={"X-Token": table},
                           json={"command": {"type": "warlord_add_state", "model": GOLEM, "state": "burning"},
                                 "expected_version": 1})
        assert sent.status_code == 200, sent.text
        read = client.get(f"/api/games/{game_id}", headers={"X-Token": table}).json()
    for state in (sent.json()["state"], read["state"]):
        golem = next(f for f in state["board"]["figures"] if f["id"] == GOLEM)
        assert golem["name"] == "Golem" and [c["name"] for c in golem["conditions"]] == ["burning"]
        assert "warlord" not in state
