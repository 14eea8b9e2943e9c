"""Steamroller 2019 list pairs through the routes: ``pairs`` in ``POST /api/games``, then ``give_list_pair`` (the
service fills in the cards from the catalog) and ``choose_from_pair`` on the command route, each seat link for its
own side only. SQLite always, PostgreSQL when TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from models.rules import RuleViolation
from models.service import GameService
from models.service.lists import ListService
from tests.service.test_api import assert_error, client, command, read  # noqa: F401 - fixtures

PAIR_GAME = {"title": "Round 3", "pairs": True,
             "sides": [{"player": "Ann", "army": []}, {"player": "Bob", "army": []}]}
ANN = [{"name": "Agathon and cultists", "army": [{"card": "agathon"}, {"card": "cultist-band", "size": 4}]},
       {"name": "Agathon alone", "army": [{"card": "agathon"}], "theme": "dark-legacy"}]
BOB = [{"name": "Regna", "army": [{"card": "princess-regna"}]},
       {"name": "Omodamos", "army": [{"card": "omodamos"}]}]


def send(client: TestClient, game: dict[str, Any], cmd: dict[str, Any], token: str = "table") -> Any:  # noqa: F811
    version = read(client, game)["version"]
    return command(client, game, cmd, version, game["tokens"][token])


def at_lists(client: TestClient) -> dict[str, Any]:  # noqa: F811
    created = client.post("/api/games", json=PAIR_GAME)
    assert created.status_code == 201, created.text
    game = created.json()
    assert send(client, game, {"type": "choose_scenario", "name": "Spread the Net"}).status_code == 200
    return game


def test_two_players_give_pairs_choose_and_play_the_chosen_lists(client: TestClient) -> None:  # noqa: F811
    game = at_lists(client)
    for seat, (token, lists) in enumerate((("seat1", ANN), ("seat2", BOB))):
        response = send(client, game, {"type": "give_list_pair", "seat": seat, "lists": lists}, token)
        assert response.status_code == 200, response.text
    pre = read(client, game)["state"]["pregame"]
    assert [[x["name"] for x in p] for p in pre["pairs"]] == [["Agathon and cultists", "Agathon alone"],
                                                              ["Regna", "Omodamos"]]
    assert send(client, game, {"type": "choose_from_pair", "seat": 0, "index": 1}, "seat1").status_code == 200
    assert send(client, game, {"type": "choose_from_pair", "seat": 1, "index": 0}, "seat2").status_code == 200
    state = read(client, game)["state"]
    assert sorted(m["id"] for m in state["models"]) == ["p1-agathon", "p2-princess-regna"]
    assert state["pregame"]["step"] == "objectives" and state["pregame"]["lists"] == ["Agathon alone", "Regna"]
    assert state["players"][0]["theme"]["key"] == "dark-legacy"


def test_a_seat_gives_and_chooses_only_for_its_own_side(client: TestClient) -> None:  # noqa: F811
    game = at_lists(client)
    pair = {"type": "give_list_pair", "seat": 0, "lists": ANN}
    assert_error(send(client, game, pair, "seat2"), 403, "access.forbidden")
    assert send(client, game, pair, "seat1").status_code == 200  # the positive control
    assert send(client, game, {**pair, "seat": 1, "lists": BOB}, "seat2").status_code == 200
    assert_error(send(client, game, {"type": "choose_from_pair", "seat": 1, "index": 0}, "seat1"), 403,
                 "access.forbidden")


def test_a_bad_pair_is_refused_and_changes_nothing(client: TestClient) -> None:  # noqa: F811
    game = at_lists(client)
    before = read(client, game)
    unknown = [ANN[0], {"name": "Ghost", "army": [{"card": "no-such-card"}]}]
    assert_error(send(client, game, {"type": "give_list_pair", "seat": 0, "lists": unknown}), 422,
                 "setup.unknown_card")
    assert_error(send(client, game, {"type": "choose_from_pair", "seat": 0, "index": 0}), 422, "pairs.waiting")
    assert_error(send(client, game, {"type": "give_list_pair", "seat": 0, "lists": [ANN[0]]}), 422,
                 "command.invalid")
    assert read(client, game) == before


def test_a_pair_game_with_armies_is_refused(client: TestClient) -> None:  # noqa: F811
    with_army = {**PAIR_GAME, "sides": [{"player": "Ann", "army": [{"card": "agathon"}]}, PAIR_GAME["sides"][1]]}
    assert_error(client.post("/api/games", json=with_army), 422, "pairs.setup")


def test_a_pasted_list_of_a_pair_is_read_whole_and_legal(new_service: Callable[[], GameService]) -> None:
    """The wizard's pair form: a list's text gives its name, army and theme; a line not recognised or a list
    breaking a rule is refused, and the same list made legal is taken (the positive control)."""
    service = new_service()
    lists = ListService(service.repo.engine, service)
    read = lists.paired_list("Title: Dark Agathon\nTheme: Dark Legacy\nAgathon, +28\nCultist Band (4 models), 5\n")
    assert (read.name, read.theme, [e.card for e in read.army]) == ("Dark Agathon", "dark-legacy",
                                                                    ["agathon", "cultist-band"])
    with pytest.raises(RuleViolation) as unknown:
        lists.paired_list("Title: Ghost\nAgathon, +28\nNo Such Model, 5\n")
    assert unknown.value.code == "list.unrecognised"
    with pytest.raises(RuleViolation) as illegal:
        lists.paired_list("Title: Regna alone\nPrincess Regna, 6\n")
    assert illegal.value.code == "list.not_legal"
    assert lists.paired_list("Title: Regna led\nAgathon, +28\nPrincess Regna, 6\n").name == "Regna led"
