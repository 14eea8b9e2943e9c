"""Links that end: when someone stops running an event (a co-organiser removed, an organiser's account
deleted), every link of its tables they were shown answers as an unknown link at once, the players' own seat links
keep working, and the event shows everyone the new links. SQLite always, PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from httpx import Response

from tests.service.site_client import PASSWORD, sign_up
from tests.service.test_events_api import detail, enter, new_event, pair

UNKNOWN = "x" * 24  # a token no game has


def read(client: TestClient, game_id: str, token: str) -> Response:
    return client.get(f"/api/games/{game_id}", headers={"X-Token": token})


def choose(client: TestClient, game_id: str, token: str, seat: int) -> Response:
    """A player's first choice of the game (which list of their pair), sent on ``token``."""
    version = read(client, game_id, token).json().get("version", 0)
    return client.post(f"/api/games/{game_id}/commands", headers={"X-Token": token},
                       json={"command": {"type": "choose_from_pair", "seat": seat, "index": 0},
                             "expected_version": version})


def assert_unknown(client: TestClient, game_id: str, token: str) -> None:
    """``token`` answers exactly as a token no game has, to a read and to a command."""
    for ask in (lambda t: read(client, game_id, t), lambda t: choose(client, game_id, t, 0)):
        ended, unknown = ask(token), ask(UNKNOWN)
        assert unknown.status_code == 404
        assert (ended.status_code, ended.json()) == (unknown.status_code, unknown.json())


def event_with_a_co_organiser(client: TestClient) -> tuple[dict[str, Any], ...]:
    organiser, co = sign_up(client, "Olga"), sign_up(client, "Cora")
    event = new_event(client, organiser)
    r = client.post(f"/api/events/{event['id']}/co-organisers", json={"email": "cora@example.org"},
                    headers=organiser["headers"])
    assert r.status_code == 200, r.text
    ann, bob = enter(client, event, "Ann"), enter(client, event, "Bob")
    pair(client, event, organiser)
    return organiser, co, event, ann, bob


def own_link(client: TestClient, event: dict[str, Any], player: dict[str, Any]) -> tuple[str, str, int]:
    mine = client.get(f"/api/events/{event['id']}/my-game", headers=player["headers"]).json()
    seat = next(k for k in ("seat1", "seat2") if k in mine["links"])
    return mine["game_id"], mine["links"][seat], int(seat[-1]) - 1


def test_a_removed_co_organisers_links_answer_as_unknown_ones_and_the_players_own_links_go_on(
        client: TestClient) -> None:
    organiser, co, event, ann, bob = event_with_a_co_organiser(client)
    shown = detail(client, event, co)["pairings"][0]["links"]  # every link of the table, as the co-organiser saw it
    game_id, ann_link, ann_seat = own_link(client, event, ann)
    assert ann_link not in shown.values()  # the organisers hold their own copy of a player's seat link
    # the positive control: before the removal the links the co-organiser was shown read and act
    assert all(read(client, game_id, shown[k]).status_code == 200 for k in ("table", "seat1", "seat2", "watch"))
    assert choose(client, game_id, shown["table"], 1 - ann_seat).status_code == 200

    r = client.delete(f"/api/events/{event['id']}/co-organisers/cora@example.org", headers=organiser["headers"])
    assert r.status_code == 200, r.text
    for key in ("table", "seat1", "seat2", "watch"):
        assert_unknown(client, game_id, shown[key])
    assert detail(client, event, co)["pairings"][0]["links"] is None  # and Cora is shown no link any more

    assert read(client, game_id, ann_link).status_code == 200  # Ann's own seat link goes on
    assert choose(client, game_id, ann_link, ann_seat).status_code == 200
    new = detail(client, event, organiser)["pairings"][0]
    assert new["watch"] != shown["watch"] and new["links"]["table"] != shown["table"]
    assert read(client, game_id, new["watch"]).status_code == 200  # everyone is shown the new watch link
    assert read(client, game_id, new["links"]["table"]).status_code == 200  # the organiser the new table link
    assert detail(client, event, ann)["pairings"][0]["links"] == {
        "title": shown["title"], f"seat{ann_seat + 1}": ann_link, "watch": new["watch"]}
    games = client.get("/api/me/games", headers=bob["headers"]).json()
    assert [g["links"]["watch"] for g in games] == [new["watch"]]  # Bob's list of games holds the new one too


def test_an_organisers_deleted_account_ends_the_links_it_was_shown(client: TestClient) -> None:
    organiser, co, event, ann, _ = event_with_a_co_organiser(client)
    shown = detail(client, event, organiser)["pairings"][0]["links"]
    game_id, ann_link, _ = own_link(client, event, ann)
    assert read(client, game_id, shown["table"]).status_code == 200  # the positive control

    r = client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=organiser["headers"])
    assert r.status_code == 204, r.text
    for key in ("table", "seat1", "seat2", "watch"):
        assert_unknown(client, game_id, shown[key])
    assert read(client, game_id, ann_link).status_code == 200
    taken_over = detail(client, event, co)  # Cora runs the event now, with its new links
    assert taken_over["event"]["organiser"] == co["account"]["id"]
    assert read(client, game_id, taken_over["pairings"][0]["links"]["table"]).status_code == 200
