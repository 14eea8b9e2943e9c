"""Warlord and warband games end with a recorded result, read through the service and the REST API like a
Warmachine game's (winner, how, timeline), and ``/options`` answers for every Warlord model and warband unit
with the numbers the rules derive. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from models.rules import Command
from models.rules.warband.conditions import Incapacitate
from models.rules.warband.phases import Next
from models.rules.warband.rout import RoutCheck
from models.rules.warband.treasure import PickUp
from models.rules.warlord.damage import WarlordDamage
from models.rules.warlord.end_phase import WarlordEndTurn
from models.rules.warlord.ending import WarlordConcede, WarlordEndGame
from models.service import Actor, Forbidden, GameService
from tests.rules.warband.game import HENCHMEN, HOUND, THUG
from tests.rules.warband.game import setup_command as warband_setup
from tests.rules.warlord.game import GHOST, KNIGHT, ORC, ZOMBIE
from tests.rules.warlord.game import setup_command as warlord_setup
from tests.service.test_api import api_client, assert_error

TABLE = Actor(role="table")
SEAT_1, SEAT_2 = Actor(role="seat", seat=0), Actor(role="seat", seat=1)


def play(service: GameService, game_id: str, *commands: Command, actor: Actor = TABLE) -> None:
    for command in commands:
        service.execute(game_id, command, service.state(game_id)[0], actor)


WARBAND_ROUT = (*(Incapacitate(unit=u) for u in (*HENCHMEN, HOUND)), Next(), PickUp(unit=THUG), Next(), Next(),
                RoutCheck(passed=False, roll=11))


@pytest.fixture
def service(new_service: Any) -> GameService:
    made: GameService = new_service()
    return made


def test_a_warlord_game_out_of_action_has_its_result(service: GameService) -> None:
    """Doc 003, our reading: Bob's last model out of action, Ann wins; the result and timeline say so."""
    game_id = service.start(warlord_setup()).game_id
    assert service.result_json(game_id)["result"] is None
    play(service, game_id, *(WarlordDamage(model=m, amount=3) for m in (ORC, GHOST, ZOMBIE)))
    data = service.result_json(game_id)
    assert data["system"] == "warlord" and data["finished"]
    r = data["result"]
    assert (r["winner"], r["winner_name"], r["how"], r["round"]) == (0, "Ann", "out_of_action", 1)
    assert r["title"] == "Ann wins with the other warband out of action"
    assert "tiebreakers" not in r
    assert any("Game over: Ann wins." in t for e in data["timeline"] for t in e["texts"])
    text = service.result_text(game_id)
    assert "Winner: Ann (the other warband out of action), round 1" in text
    assert "Control points" not in text


def test_a_warlord_draw_reads_as_a_draw(service: GameService) -> None:
    game_id = service.start(warlord_setup()).game_id
    play(service, game_id, WarlordEndTurn(), WarlordEndGame(reason="time is up"), actor=SEAT_2)
    r = service.result_json(game_id)["result"]
    assert r["winner"] is None and r["title"] == "The game is a draw"
    assert "Winner: nobody (a draw) (ended by the players), round 1" in service.result_text(game_id)


def test_a_warband_rout_has_its_result(service: GameService) -> None:
    """Doc 004 "Rout Step": Ann's failed rout check routs her warband; Bob wins."""
    game_id = service.start(warband_setup(treasures=1)).game_id
    play(service, game_id, *WARBAND_ROUT)
    data = service.result_json(game_id)
    r = data["result"]
    assert data["finished"] and (r["winner_name"], r["how"], r["round"]) == ("Bob", "rout", 2)
    assert r["detail"] == "Ann's warband failed its rout check and left the table."
    assert r["treasures"] == [0, 1]  # doc 004 "Rout Step": Bob's Thug carries the token it picked up
    assert "Treasure carried off: Ann 0, Bob 1" in service.result_text(game_id)
    assert any(e["command"] == "warband_rout_check" for e in data["timeline"])


def test_a_seat_concedes_only_for_its_own_side(service: GameService) -> None:
    """A seat link acts for its side: Bob's link cannot concede for Ann (positive control: Ann's can)."""
    game_id = service.start(warlord_setup()).game_id
    with pytest.raises(Forbidden, match="Only Ann or the shared table link can concede"):
        play(service, game_id, WarlordConcede(seat=0), actor=SEAT_2)
    assert service.result_json(game_id)["result"] is None
    play(service, game_id, WarlordConcede(seat=0), actor=SEAT_1)
    assert service.result_json(game_id)["result"]["winner"] == 1


# -- the REST API ----------------------------------------------------------------------------------------------

@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    with api_client(db_url, monkeypatch) as c:
        yield c


def start(client: TestClient, setup: Command) -> dict[str, Any]:
    created = client.post("/api/games/start", json={"command": setup.model_dump(mode="json")})
    assert created.status_code == 201, created.text
    game: dict[str, Any] = created.json()
    return game


def options(client: TestClient, game: dict[str, Any], model_id: str) -> Any:
    return client.get(f"/api/games/{game['id']}/options/{model_id}", headers={"X-Token": game["tokens"]["watch"]})


def test_options_of_a_warlord_model(client: TestClient) -> None:
    """Was a 404 for every Warlord model: now its actions and its derived numbers (doc 003 "Stunned")."""
    game = start(client, warlord_setup())
    response = options(client, game, KNIGHT)
    assert response.status_code == 200, response.text
    found = {o["action"]: o for o in response.json()}
    values = found["derived"]["values"]
    assert (values["DT"], values["DT:max"], values["actions"]) == (3, 3, 2)
    assert not found["derived"]["allowed"]
    assert found["activate"]["allowed"] and not found["action:move"]["allowed"]
    assert_error(options(client, game, "p9-9"), 404, "model.unknown")


def test_options_of_a_warband_unit(client: TestClient) -> None:
    """Was a 404 for every warband unit: now its actions and its warband's rout numbers (doc 004 "Rout Step")."""
    game = start(client, warband_setup())
    response = options(client, game, THUG)
    assert response.status_code == 200, response.text
    found = {o["action"]: o for o in response.json()}
    assert found["derived"]["values"]["rout:at"] == 6 and found["derived"]["values"]["rout:morale"] == 6
    assert found["run"]["allowed"]
    assert_error(options(client, game, "p9-9"), 404, "model.unknown")


def test_the_result_route_reads_a_warlord_result(client: TestClient) -> None:
    game = start(client, warlord_setup())
    version = 1
    for cmd in ({"type": "warlord_end_turn"}, {"type": "warlord_end_game", "winner": 1}):
        response = client.post(f"/api/games/{game['id']}/commands", json={"command": cmd, "expected_version": version},
                               headers={"X-Token": game["tokens"]["table"]})
        assert response.status_code == 200, response.text
        version += 1
    result = client.get(f"/api/games/{game['id']}/result", headers={"X-Token": game["tokens"]["watch"]}).json()
    assert result["result"]["winner_name"] == "Bob" and result["result"]["how"] == "end_of_game"
    refused = client.post(f"/api/games/{game['id']}/commands",
                          json={"command": {"type": "warlord_concede", "seat": 1}, "expected_version": version},
                          headers={"X-Token": game["tokens"]["table"]})
    assert_error(refused, 422, "game.over")
