"""Events through the REST API: accounts made through the API register, submit saved lists, the organiser pairs rounds,
games are played to results on their seat links, standings follow; every route refuses the wrong user. SQLite always,
PostgreSQL when TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from models.rules.warmachine import Army
from tests.service.site_client import seed_in_order, sign_up
from tests.service.test_api import assert_error
from tests.service.test_lists import AGATHON_LIST, OMODAMOS_LIST
from webapp import deps

DEADLINE = datetime(2030, 1, 1, 9, 0, tzinfo=UTC)
EVENT = {"name": "Club Steamroller", "day": "2030-01-01", "game_size": 50, "rounds": 3, "lists_per_player": 2,
         "deadline": DEADLINE.isoformat()}


def save_lists(account: dict[str, Any], *armies: Army) -> list[str]:
    """Saved lists of the account (the lists' own routes are another module's)."""
    lists = deps.current().lists
    return [lists.save(f"account:{account['account']['id']}", army).id for army in armies]


def new_event(client: TestClient, organiser: dict[str, Any], **changes: Any) -> dict[str, Any]:
    r = client.post("/api/events", json={**EVENT, **changes}, headers=organiser["headers"])
    assert r.status_code == 201, r.text
    return r.json()


def enter(client: TestClient, event: dict[str, Any], name: str) -> dict[str, Any]:
    """A new account registered for ``event`` with both its lists in."""
    player = sign_up(client, name)
    r = client.post(f"/api/events/{event['id']}/registrations", headers=player["headers"])
    assert r.status_code == 201, r.text
    r = client.put(f"/api/events/{event['id']}/lists", json={"lists": save_lists(player, AGATHON_LIST, OMODAMOS_LIST)},
                   headers=player["headers"])
    assert r.status_code == 200, r.text
    return player


def pair(client: TestClient, event: dict[str, Any], organiser: dict[str, Any]) -> list[dict[str, Any]]:
    """The next round; round 1 with a draw that keeps registration order (the tests name who meets whom)."""
    now = detail(client, event)
    ready = [p for p in now["players"] if p["lists"] and not p["dropped"]]
    seed = seed_in_order(len(ready)) if now["event"]["round"] == 0 and len(ready) >= 2 else None
    r = client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "Spread the Net", "seed": seed},
                    headers=organiser["headers"])
    assert r.status_code == 201, r.text
    return r.json()


def detail(client: TestClient, event: dict[str, Any], who: dict[str, Any] | None = None) -> dict[str, Any]:
    r = client.get(f"/api/events/{event['id']}", headers=who["headers"] if who else {})
    assert r.status_code == 200, r.text
    return r.json()


def concede(client: TestClient, player: dict[str, Any], event: dict[str, Any]) -> None:
    """``player`` concedes their game of the newest round on their own seat link."""
    mine = client.get(f"/api/events/{event['id']}/my-game", headers=player["headers"]).json()
    seat_key = "seat1" if "seat1" in mine["links"] else "seat2"
    token = mine["links"][seat_key]
    game = client.get(f"/api/games/{mine['game_id']}", headers={"X-Token": token}).json()
    r = client.post(f"/api/games/{mine['game_id']}/commands", headers={"X-Token": token},
                    json={"command": {"type": "concede", "seat": int(seat_key[-1]) - 1},
                          "expected_version": game["version"]})
    assert r.status_code == 200, r.text


def met(event_detail: dict[str, Any]) -> list[frozenset[str]]:
    return [frozenset((p["player_a"], p["player_b"])) for p in event_detail["pairings"] if p["player_b"]]


def test_four_players_play_round_one_and_round_two_pairs_winners_without_rematches(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    players = [enter(client, event, name) for name in ("Ann", "Bob", "Cid", "Dee")]
    ids = {p["account"]["id"]: p for p in players}
    tables = pair(client, event, organiser)
    assert [(t["name_a"], t["name_b"]) for t in tables] == [("Ann", "Bob"), ("Cid", "Dee")]
    game = client.get(f"/api/games/{tables[0]['game_id']}", headers={"X-Token": tables[0]["watch"]}).json()
    pre = game["state"]["pregame"]
    assert pre["step"] == "lists" and pre["scenario"] == "Spread the Net"
    assert [[x["name"] for x in p] for p in pre["pairs"]] == [["Agathon", "Omodamos"]] * 2  # players only choose

    concede(client, ids[tables[0]["player_b"]], event)  # Ann wins
    concede(client, ids[tables[1]["player_a"]], event)  # Dee wins
    standings = client.get(f"/api/events/{event['id']}/standings.json").json()
    assert [(s["name"], s["wins"]) for s in standings][:2] == [("Ann", 1), ("Dee", 1)]
    assert {s["name"] for s in standings[2:]} == {"Bob", "Cid"}

    round2 = pair(client, event, organiser)
    assert {frozenset((t["name_a"], t["name_b"])) for t in round2} == {frozenset(("Ann", "Dee")),
                                                                        frozenset(("Bob", "Cid"))}
    assert len(set(met(detail(client, event)))) == 4  # no rematch


def test_five_players_get_one_bye_a_round_each_to_another_player(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    players = {p["account"]["id"]: p for p in (enter(client, event, n) for n in ("Ann", "Bob", "Cid", "Dee", "Eve"))}
    byes = []
    for _ in range(3):
        tables = pair(client, event, organiser)
        byes += [t["player_a"] for t in tables if t["player_b"] is None]
        for t in tables:
            if t["player_b"] is not None:
                concede(client, players[t["player_b"]], event)
    assert len(byes) == 3 and len(set(byes)) == 3
    standings = client.get(f"/api/events/{event['id']}/standings.json").json()
    assert sum(s["byes"] for s in standings) == 3 and all(s["played"] == 3 for s in standings)
    assert len(set(met(detail(client, event)))) == len(met(detail(client, event)))
    assert detail(client, event)["event"]["status"] == "finished"
    assert_error(client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "x"},
                             headers=organiser["headers"]), 422, "event.all_rounds_paired")


def test_lists_lock_at_the_deadline(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann = enter(client, event, "Ann")
    lists = {"lists": save_lists(ann, AGATHON_LIST, OMODAMOS_LIST)}
    assert client.put(f"/api/events/{event['id']}/lists", json=lists, headers=ann["headers"]).status_code == 200
    monkeypatch.setattr(deps.current().events.access, "now", lambda: DEADLINE + timedelta(seconds=1))
    assert_error(client.put(f"/api/events/{event['id']}/lists", json=lists, headers=ann["headers"]), 422,
                 "event.lists_locked")
    assert detail(client, event)["event"]["lists_locked"] is True


def test_lists_lock_when_round_one_is_paired_and_players_without_lists_are_left_out(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann, _bob, _cid = (enter(client, event, n) for n in ("Ann", "Bob", "Cid"))
    late = sign_up(client, "Lou")
    assert client.post(f"/api/events/{event['id']}/registrations", headers=late["headers"]).status_code == 201
    tables = pair(client, event, organiser)
    assert len(tables) == 2 and tables[1]["player_b"] is None  # three with lists: a bye
    lists = {"lists": save_lists(ann, AGATHON_LIST, OMODAMOS_LIST)}
    assert_error(client.put(f"/api/events/{event['id']}/lists", json=lists, headers=ann["headers"]), 422,
                 "event.lists_locked")
    lou = next(p for p in detail(client, event)["players"] if p["name"] == "Lou")
    assert lou["dropped"] is True


def test_submitted_lists_must_fit_the_event(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann = sign_up(client, "Ann")
    url = f"/api/events/{event['id']}/lists"
    agathon, omodamos = save_lists(ann, AGATHON_LIST, OMODAMOS_LIST)
    assert_error(client.put(url, json={"lists": [agathon, omodamos]}, headers=ann["headers"]), 422,
                 "event.not_registered")
    client.post(f"/api/events/{event['id']}/registrations", headers=ann["headers"])
    assert_error(client.put(url, json={"lists": [agathon]}, headers=ann["headers"]), 422, "event.list_count")
    big = save_lists(ann, AGATHON_LIST.model_copy(update={"size": 75, "title": "Big"}))[0]
    assert_error(client.put(url, json={"lists": [agathon, big]}, headers=ann["headers"]), 422, "event.list_size")
    bob = sign_up(client, "Bob")
    bobs = save_lists(bob, AGATHON_LIST)[0]
    assert_error(client.put(url, json={"lists": [agathon, bobs]}, headers=ann["headers"]), 422,
                 "event.list_not_found")
    assert client.put(url, json={"lists": [agathon, omodamos]}, headers=ann["headers"]).status_code == 200


def test_creating_an_event_needs_an_account_and_clear_input(client: TestClient) -> None:
    assert_error(client.post("/api/events", json=EVENT), 401, "account.signed_out")
    olga = sign_up(client, "Olga")
    for change, code in (({"day": "soon"}, "event.day_invalid"), ({"game_size": 60}, "event.game_size"),
                         ({"rounds": 0}, "event.rounds"), ({"lists_per_player": 3}, "event.lists_per_player"),
                         ({"name": "  "}, "name.empty")):
        assert_error(client.post("/api/events", json={**EVENT, **change}, headers=olga["headers"]), 422, code)
    assert client.get("/api/events").json() == []
    made = new_event(client, olga, name="<b>Club</b>")
    assert [e["name"] for e in client.get("/api/events").json()] == ["<b>Club</b>"]
    assert made["organiser_name"] == "Olga" and made["status"] == "open"


def test_only_the_organiser_pairs_a_round(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann = enter(client, event, "Ann")
    enter(client, event, "Bob")
    url = f"/api/events/{event['id']}/rounds"
    assert_error(client.post(url, json={"scenario": "x"}), 401, "account.signed_out")
    assert_error(client.post(url, json={"scenario": "x"}, headers=ann["headers"]), 403, "access.forbidden")
    assert_error(client.post("/api/events/nope/rounds", json={"scenario": "x"}, headers=organiser["headers"]), 404,
                 "event.not_found")
    assert len(pair(client, event, organiser)) == 1  # the positive control


def test_a_seat_link_goes_only_to_its_player_and_the_organiser(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann, bob = enter(client, event, "Ann"), enter(client, event, "Bob")
    stranger = sign_up(client, "Sam")
    pair(client, event, organiser)
    table = detail(client, event)["pairings"][0]
    assert table["links"] is None and table["watch"]  # public: the watch link only
    assert detail(client, event, stranger)["pairings"][0]["links"] is None
    assert set(detail(client, event, ann)["pairings"][0]["links"]) == {"title", "seat1", "watch"}
    assert set(detail(client, event, bob)["pairings"][0]["links"]) == {"title", "seat2", "watch"}
    assert set(detail(client, event, organiser)["pairings"][0]["links"]) == {"title", "table", "seat1", "seat2",
                                                                              "watch"}
    mine = client.get(f"/api/events/{event['id']}/my-game", headers=ann["headers"])
    assert mine.status_code == 200 and mine.json()["opponent"] == "Bob"
    assert_error(client.get(f"/api/events/{event['id']}/my-game", headers=stranger["headers"]), 404,
                 "event.not_found")
    assert_error(client.get(f"/api/events/{event['id']}/my-game"), 401, "account.signed_out")


def test_register_and_withdraw_only_for_oneself_and_before_round_one(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    url = f"/api/events/{event['id']}/registrations"
    assert_error(client.post(url), 401, "account.signed_out")
    assert_error(client.delete(url), 401, "account.signed_out")
    ann = sign_up(client, "Ann")
    assert_error(client.delete(url, headers=ann["headers"]), 422, "event.not_registered")
    assert client.post(url, headers=ann["headers"]).status_code == 201
    assert_error(client.post(url, headers=ann["headers"]), 422, "event.registered")
    assert client.delete(url, headers=ann["headers"]).status_code == 204
    ann = enter(client, event, "Ann2")
    enter(client, event, "Bob")
    pair(client, event, organiser)
    assert_error(client.post(url, headers=sign_up(client, "Cid")["headers"]), 422, "event.started")


def test_a_player_who_leaves_after_round_one_keeps_their_games_and_is_paired_no_more(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    players = {p["account"]["id"]: p for p in (enter(client, event, n) for n in ("Ann", "Bob", "Cid", "Dee"))}
    for t in pair(client, event, organiser):
        concede(client, players[t["player_b"]], event)  # Ann and Cid win
    ann = next(p for p in players.values() if p["account"]["name"] == "Ann")
    assert client.delete(f"/api/events/{event['id']}/registrations", headers=ann["headers"]).status_code == 204
    assert_error(client.delete(f"/api/events/{event['id']}/registrations", headers=ann["headers"]), 422,
                 "event.not_registered")
    round2 = pair(client, event, organiser)  # Cid, Bob, Dee in standings order: Dee, the lowest, has the bye
    assert [(t["name_a"], t["name_b"]) for t in round2] == [("Cid", "Bob"), ("Dee", None)]
    standings = client.get(f"/api/events/{event['id']}/standings.json").json()
    assert ("Ann", 1, 1) in [(s["name"], s["wins"], s["played"]) for s in standings]  # her win stays
    assert next(s for s in standings if s["name"] == "Bob")["strength_of_schedule"] == 1


def test_only_the_organiser_drops_another_player(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann, bob = enter(client, event, "Ann"), enter(client, event, "Bob")
    url = f"/api/events/{event['id']}/registrations/{bob['account']['id']}"
    assert_error(client.delete(url), 401, "account.signed_out")
    assert_error(client.delete(url, headers=ann["headers"]), 403, "access.forbidden")
    assert client.delete(url, headers=organiser["headers"]).status_code == 204  # the positive control
    players = detail(client, event)["players"]
    assert [(p["name"], p["dropped"], p["drop_reason"]) for p in players] == [("Ann", False, ""),
                                                                            ("Bob", True, "organiser")]
    own = f"/api/events/{event['id']}/registrations/{ann['account']['id']}"
    assert client.delete(own, headers=ann["headers"]).status_code == 204


def test_the_next_round_waits_for_every_result(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann, bob = enter(client, event, "Ann"), enter(client, event, "Bob")
    pair(client, event, organiser)
    assert_error(client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "x"},
                             headers=organiser["headers"]), 422, "round.unfinished")
    concede(client, bob, event)
    assert_error(client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "x"},
                             headers=organiser["headers"]), 422, "event.no_pairing")  # two players met already
    assert ann


def test_standings_export_as_csv(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser, name="Café Steamroller")
    enter(client, event, "=Ann")
    bob = enter(client, event, "Bob")
    pair(client, event, organiser)
    concede(client, bob, event)
    r = client.get(f"/api/events/{event['id']}/standings.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert r.headers["content-disposition"] == ('attachment; filename="Caf_ Steamroller standings.csv"; '
                                                "filename*=UTF-8''Caf%C3%A9%20Steamroller%20standings.csv")
    lines = r.text.splitlines()
    assert lines[0].startswith("rank,player,wins,strength_of_schedule,control_points")
    assert lines[1].startswith("1,'=Ann,1,0,")  # a typed name never runs as a spreadsheet formula
    assert lines[2].startswith("2,Bob,0,1,")
    assert_error(client.get("/api/events/nope/standings.csv"), 404, "event.not_found")


def test_one_list_events_open_each_game_with_the_players_armies(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser, lists_per_player=1)
    players = []
    for name, army in (("Ann", AGATHON_LIST), ("Bob", OMODAMOS_LIST)):
        player = sign_up(client, name)
        client.post(f"/api/events/{event['id']}/registrations", headers=player["headers"])
        url = f"/api/events/{event['id']}/lists"
        two = save_lists(player, army, army.model_copy(update={"title": "Spare"}))
        assert_error(client.put(url, json={"lists": two}, headers=player["headers"]), 422, "event.list_count")
        assert client.put(url, json={"lists": two[:1]}, headers=player["headers"]).status_code == 200
        players.append(player)
    table = pair(client, event, organiser)[0]
    state = client.get(f"/api/games/{table['game_id']}", headers={"X-Token": table["watch"]}).json()["state"]
    # the event fixed the lists: they are revealed, nobody names one in secret
    assert state["pregame"]["step"] == "objectives" and state["pregame"]["scenario"] == "Spread the Net"
    assert state["pregame"]["lists"] == ["Agathon", "Omodamos"]
    assert {m["card"] for m in state["models"] if m["id"].startswith("p1-")} >= {"agathon"}
    assert {m["card"] for m in state["models"] if m["id"].startswith("p2-")} >= {"omodamos"}


def test_submitting_lists_needs_a_session(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    assert_error(client.put(f"/api/events/{event['id']}/lists", json={"lists": []}), 401, "account.signed_out")
    assert_error(client.put("/api/events/nope/lists", json={"lists": []}, headers=organiser["headers"]), 404,
                 "event.not_found")
