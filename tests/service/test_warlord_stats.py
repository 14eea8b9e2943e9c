"""Warlord card numbers, ranged attacks, spells and the model states' effects through the REST API (doc 003
"Shaken", "Disabled", "Flying", "Burrowed", "Stunned"): set up with numbers, typed on the card, refused with
their codes, and the effective values in `/options` and the spectators' view. SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.rules.warlord.game import ARCHER, BRUTE, KNIGHT, ORC, setup_command
from tests.service.test_api import api_client


def _setup(knight: dict[str, int | None]) -> dict[str, Any]:
    command = setup_command().model_dump(mode="json")
    command["sides"][0]["models"][0]["stats"] = knight
    command["sides"][1]["models"][0]["stats"] = BRUTE
    for side in command["sides"]:
        for entry in side["models"]:
            entry.setdefault("stats", ARCHER)
    return command


class Game:
    def __init__(self, client: TestClient, knight: dict[str, int | None], pregame: bool = False) -> None:
        started = client.post("/api/games/start", json={"command": {**_setup(knight), "pregame": pregame}})
        assert started.status_code == 201, started.text
        self.client, self.id = client, started.json()["id"]
        self.tokens = started.json()["tokens"]
        self.token = self.tokens["table"]
        self.version = 1

    def send(self, command: dict[str, Any]) -> Any:
        sent = self.client.post(f"/api/games/{self.id}/commands", headers={"X-Token": self.token},
                                json={"command": command, "expected_version": self.version})
        if sent.status_code == 200:
            self.version = sent.json()["version"]
        return sent

    def options(self, model: str) -> dict[str, Any]:
        read = self.client.get(f"/api/games/{self.id}/options/{model}", headers={"X-Token": self.token})
        assert read.status_code == 200, read.text
        return {o["action"]: o for o in read.json()}


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    with api_client(db_url, monkeypatch) as c:
        yield c


def test_an_empty_number_is_asked_before_the_first_activation(client: TestClient) -> None:
    """doc 003 "Disabled" needs the MA: the first activation is refused until the card is complete."""
    game = Game(client, {**ARCHER, "ma": None})
    refused = game.send({"type": "warlord_activate", "model": ORC})
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == "stats.missing" and "Knight: MA" in refused.json()["message"]
    assert game.options(ORC)["activate"]["reason"] == refused.json()["message"]
    assert game.send({"type": "warlord_set_stats", "model": KNIGHT, "stats": ARCHER}).status_code == 200
    assert game.send({"type": "warlord_activate", "model": ORC}).status_code == 200  # positive control


def test_options_give_the_values_after_shaken_and_disabled(client: TestClient) -> None:
    """doc 003 "Shaken" (+2 for attackers) and "Disabled" (-1 MA, -1 RA) in `/options`' derived entry."""
    game = Game(client, ARCHER)
    before = game.options(KNIGHT)["derived"]["values"]
    for state in ("shaken", "disabled"):
        assert game.send({"type": "warlord_add_state", "model": KNIGHT, "state": state}).status_code == 200
    after = game.options(KNIGHT)["derived"]["values"]
    assert (before["MA"], before["RA"], before["attacks_against"]) == (2, 2, 0)
    assert (after["MA"], after["RA"], after["attacks_against"]) == (1, 1, 2)
    view = client.get(f"/api/games/{game.id}/view", headers={"X-Token": game.token})
    assert view.status_code == 200, view.text
    assert view.json()["cards"][KNIGHT]["derived"] == after
    assert "MA 1 (card 2) · RA 1 (card 2)" in view.json()["cards"][KNIGHT]["lines"][0]


def test_a_flying_model_is_refused_its_ranged_attack_on_every_path(client: TestClient) -> None:
    """doc 003 "Flying": no ranged attacks; the greyed option and the command give the same reason."""
    game = Game(client, ARCHER)
    game.send({"type": "warlord_add_state", "model": KNIGHT, "state": "flying"})
    game.send({"type": "warlord_activate", "model": KNIGHT})
    refused = game.send({"type": "warlord_ranged_attack", "model": KNIGHT, "target": ORC})
    assert refused.json()["code"] == "ranged.flying"
    option = game.options(KNIGHT)["ranged_attack"]
    assert not option["allowed"] and option["reason"] == refused.json()["message"]
    game.send({"type": "warlord_remove_state", "model": KNIGHT, "state": "flying"})
    shot = game.send({"type": "warlord_ranged_attack", "model": KNIGHT, "target": ORC})  # positive control
    assert shot.status_code == 200 and shot.json()["events"][0]["data"]["attacks"] == 2


def test_a_burrowed_model_casts_no_spell_and_a_stunned_one_does_not_defend(client: TestClient) -> None:
    """doc 003 "Burrowed" (no spells) and "Stunned" (no defensive combat), refused through the API."""
    game = Game(client, ARCHER)
    game.send({"type": "warlord_add_state", "model": KNIGHT, "state": "burrowed"})
    game.send({"type": "warlord_add_state", "model": KNIGHT, "state": "stunned"})
    game.send({"type": "warlord_activate", "model": KNIGHT})
    assert game.send({"type": "warlord_cast_spell", "model": KNIGHT}).json()["code"] == "spell.burrowed"
    game.send({"type": "warlord_end_activation", "model": KNIGHT})
    game.send({"type": "warlord_add_state", "model": KNIGHT, "state": "stunned"})
    game.send({"type": "warlord_activate", "model": ORC})
    refused = game.send({"type": "warlord_defend", "model": KNIGHT, "kind": "strike"})
    assert refused.json()["code"] == "stunned.no_defence"
    game.send({"type": "warlord_remove_state", "model": KNIGHT, "state": "stunned"})
    assert game.send({"type": "warlord_defend", "model": KNIGHT, "kind": "strike"}).status_code == 200


def test_bad_card_numbers_are_refused_with_a_message(client: TestClient) -> None:
    """A number out of range is a 422 with a sentence, never a 500, and changes nothing."""
    game = Game(client, ARCHER)
    refused = game.send({"type": "warlord_set_stats", "model": KNIGHT, "stats": {**ARCHER, "mav": -3}})
    assert refused.status_code == 422 and game.version == 1


def test_the_pre_game_form_begins_game_turn_1_and_one_undo_takes_it_back(client: TestClient) -> None:
    """doc 003 "Disabled" needs the MA: the game waits before game turn 1 until the form types it; the form is one
    command, so one undo brings the empty number and the pre-game screen back. A seat types only its own cards."""
    game = Game(client, {**ARCHER, "ma": None}, pregame=True)
    both = {"type": "warlord_pregame", "cards": {KNIGHT: ARCHER, ORC: BRUTE}}

    game.token = game.tokens["seat2"]
    refused = game.send(both)  # Bob's link may not type Ann's Knight
    assert refused.status_code == 403 and "Only the shared table link" in refused.json()["message"]
    assert game.send({**both, "cards": {ORC: BRUTE}, "begin": False}).json()["code"] == "stats.same"  # its own: yes

    game.token = game.tokens["table"]
    assert game.send({**both, "cards": {KNIGHT: {**ARCHER, "dv": "five"}}}).json()["code"] == "command.invalid"
    assert game.send({**both, "cards": {KNIGHT: {**ARCHER, "ma": 99}}}).json()["code"] == "stats.range"
    assert game.version == 1
    begun = game.send(both)
    assert begun.status_code == 200 and begun.json()["state"]["phase"] == "activations"
    undone = client.post(f"/api/games/{game.id}/undo", headers={"X-Token": game.token},
                         json={"expected_version": game.version})
    assert undone.status_code == 200, undone.text
    state = undone.json()["state"]
    assert state["phase"] == "setup" and state["board"]["figures"][0]["stats"]["ma"] is None
