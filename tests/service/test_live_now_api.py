"""Live now through the REST API: who may list a game and take it off, the watch link a listing makes, and the list
anyone reads; on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.service.test_api import GAME, assert_error, command


def new_game(client: TestClient, title: str = "Friday game") -> dict[str, Any]:
    r = client.post("/api/games", json={**GAME, "title": title})
    assert r.status_code == 201, r.text
    return dict(r.json())


def listing(game: dict[str, Any]) -> str:
    return f"/api/games/{game['id']}/listing"


def put(client: TestClient, game: dict[str, Any], token: str) -> Any:
    return client.put(listing(game), headers={"X-Token": token})


def live(client: TestClient) -> list[dict[str, Any]]:
    r = client.get("/api/live")
    assert r.status_code == 200, r.text
    return list(r.json())


def test_a_game_is_not_on_live_now_until_its_players_list_it(client: TestClient) -> None:
    new_game(client)
    assert live(client) == []


def test_the_table_link_lists_a_game_and_live_now_shows_its_round_and_watch_view(client: TestClient) -> None:
    game = new_game(client)
    r = put(client, game, game["tokens"]["table"])
    assert r.status_code == 200, r.text
    watch = r.json()["watch"]
    assert watch.startswith(f"/watch/{game['id']}/") and watch != game["watch_url"]
    [line] = live(client)
    assert (line["id"], line["title"], line["system"], line["players"]) == (game["id"], "Friday game", "Warmachine",
                                                                          ["Ann", "Bob"])
    assert line["round"] == "Round 1" and line["watch"] == watch
    token = watch.rsplit("/", 1)[1]
    view = client.get(f"/api/games/{game['id']}/view", headers={"X-Token": token})
    assert view.status_code == 200 and view.json()["title"] == "Friday game"


def test_a_seat_link_lists_and_takes_off_its_game(client: TestClient) -> None:
    game = new_game(client)
    assert put(client, game, game["tokens"]["seat2"]).status_code == 200
    assert [g["id"] for g in live(client)] == [game["id"]]
    assert client.delete(listing(game), headers={"X-Token": game["tokens"]["seat1"]}).status_code == 204
    assert live(client) == []


def test_a_watch_link_may_neither_list_nor_take_off_a_game(client: TestClient) -> None:
    game = new_game(client)
    assert_error(put(client, game, game["tokens"]["watch"]), 403, "access.forbidden")
    assert live(client) == []
    watch = put(client, game, game["tokens"]["table"]).json()["watch"]
    listed_watch = watch.rsplit("/", 1)[1]
    for token in (game["tokens"]["watch"], listed_watch):
        assert_error(client.delete(listing(game), headers={"X-Token": token}), 403, "access.forbidden")
    assert [g["id"] for g in live(client)] == [game["id"]]


def test_a_link_of_another_game_or_none_opens_nothing(client: TestClient) -> None:
    game, other = new_game(client), new_game(client, "Other game")
    assert_error(put(client, game, other["tokens"]["table"]), 404, "game.not_found")
    assert_error(client.put(listing(game)), 404, "game.not_found")
    put(client, game, game["tokens"]["table"])
    assert_error(client.delete(listing(game), headers={"X-Token": other["tokens"]["seat1"]}), 404, "game.not_found")
    assert [g["id"] for g in live(client)] == [game["id"]]


def test_listing_twice_keeps_one_listing_and_one_watch_link(client: TestClient) -> None:
    game = new_game(client)
    first = put(client, game, game["tokens"]["table"]).json()["watch"]
    again = put(client, game, game["tokens"]["seat1"]).json()["watch"]
    assert first == again and len(live(client)) == 1


def test_taking_a_game_off_revokes_its_listed_watch_link_only(client: TestClient) -> None:
    game = new_game(client)
    listed_watch = put(client, game, game["tokens"]["table"]).json()["watch"].rsplit("/", 1)[1]
    assert client.get(f"/api/games/{game['id']}", headers={"X-Token": listed_watch}).status_code == 200
    assert client.delete(listing(game), headers={"X-Token": game["tokens"]["table"]}).status_code == 204
    assert_error(client.get(f"/api/games/{game['id']}", headers={"X-Token": listed_watch}), 404, "game.not_found")
    assert client.get(f"/api/games/{game['id']}", headers={"X-Token": game["tokens"]["watch"]}).status_code == 200
    relisted = put(client, game, game["tokens"]["table"]).json()["watch"].rsplit("/", 1)[1]
    assert relisted != listed_watch


def test_a_listed_games_watch_link_changes_nothing(client: TestClient) -> None:
    game = new_game(client)
    listed_watch = put(client, game, game["tokens"]["table"]).json()["watch"].rsplit("/", 1)[1]
    assert_error(command(client, game, {"type": "advance"}, 1, token=listed_watch), 403, "access.forbidden")
    assert_error(client.post(f"/api/games/{game['id']}/undo", json={"expected_version": 1},
                             headers={"X-Token": listed_watch}), 403, "access.forbidden")
    assert command(client, game, {"type": "advance"}, 1).status_code == 200  # positive control: the table link


def test_a_command_at_the_table_shows_on_live_now(client: TestClient) -> None:
    game = new_game(client)
    put(client, game, game["tokens"]["table"])
    before = live(client)[0]["phase"]
    assert command(client, game, {"type": "advance"}, 1).status_code == 200
    assert live(client)[0]["phase"] != before


def test_a_finished_game_leaves_live_now_and_cannot_be_listed(client: TestClient) -> None:
    game, ended = new_game(client), new_game(client, "Ended game")
    put(client, game, game["tokens"]["table"])
    assert command(client, game, {"type": "concede", "seat": 1}, 1).status_code == 200
    assert live(client) == []
    assert command(client, ended, {"type": "concede", "seat": 0}, 1).status_code == 200
    assert_error(put(client, ended, ended["tokens"]["table"]), 422, "listing.finished")


def test_live_now_shows_a_tournament_games_control_points_and_running_clock(client: TestClient) -> None:
    r = client.post("/api/games", json={**GAME, "title": "Table 7", "wizard": True})
    assert r.status_code == 201, r.text
    game = r.json()
    put(client, game, game["tokens"]["table"])
    version = 1
    priority = {"type": "roll_priority", "dice": [{"dice": [6]}, {"dice": [2]}]}  # Ann wins the roll
    for body in ({"type": "choose_scenario", "name": "Club scenario"}, {"type": "reveal_lists", "lists": ["", ""]},
                 {"type": "choose_objectives", "objectives": ["Armory", "Bunker"]}, priority,
                 {"type": "choose_order", "goes_first": True}, {"type": "choose_side", "side": "the ruined edge"},
                 {"type": "start_clock", "minutes_per_player": 60}, {"type": "finish_setup_step"},
                 {"type": "finish_setup_step"}, {"type": "start_game"}):
        done = command(client, game, body, version)
        assert done.status_code == 200, done.text
        version = done.json()["version"]
    [line] = live(client)
    assert line["round"] == "Round 1" and line["cp"] == [0, 0]
    clock = line["clock"]
    assert clock["ticking"] in (0, 1) and clock["since"] is not None
    assert all(0 < left <= 60 * 60_000 for left in clock["remaining"])
