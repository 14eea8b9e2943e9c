"""How an organiser settles a table through the REST API: a dispute says why (an empty reason is refused), the
organiser accepts a report as it stands (a walk-in's table, which nobody else can confirm; a disputed one), a
Steamroller 2019 scenario win needs its lead of 5 control points, and a table's deathclock stops once its result is
final. Each refusal beside a positive control. SQLite always, PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.service.site_client import seed_in_order, sign_up
from tests.service.test_api import assert_error
from tests.service.test_event_results_api import four, pid, table, url
from tests.service.test_events_api import concede, detail, new_event, save_lists
from tests.service.test_lists import AGATHON_LIST

WIN = {"how": "scenario", "control_points": [6, 1], "army_points_destroyed": [40, 25.5],
       "army_points_in_scenario_elements": [0, 3]}


def one_list_event(client: TestClient, organiser: dict[str, Any], names: tuple[str, ...],
                   **changes: Any) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """An event of one list a player with ``names`` registered, their list in."""
    event = new_event(client, organiser, lists_per_player=1, **changes)
    players = {}
    for name in names:
        player = sign_up(client, name)
        assert client.post(f"/api/events/{event['id']}/registrations", headers=player["headers"]).status_code == 201
        r = client.put(f"/api/events/{event['id']}/lists", json={"lists": save_lists(player, AGATHON_LIST)},
                       headers=player["headers"])
        assert r.status_code == 200, r.text
        players[name] = player
    return event, players


def pair(client: TestClient, event: dict[str, Any], organiser: dict[str, Any], scenario: str = "Spread the Net",
         count: int = 4) -> list[dict[str, Any]]:
    r = client.post(f"/api/events/{event['id']}/rounds", json={"scenario": scenario, "seed": seed_in_order(count)},
                    headers=organiser["headers"])
    assert r.status_code == 201, r.text
    return list(r.json())


def test_a_dispute_says_why_and_an_empty_reason_is_refused_in_words(client: TestClient) -> None:
    _, event, p, _ = four(client)
    assert client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Ann"])},
                       headers=p["Ann"]["headers"]).status_code == 204
    for empty in ({}, {"note": ""}, {"note": "   "}):
        refused = assert_error(client.post(url(event, 1, "dispute"), json=empty, headers=p["Bob"]["headers"]), 422,
                               "event.dispute_reason")
        assert "Say why you dispute the report" in refused["message"]
    assert table(client, event, 1)["result"]["report"] == "reported"  # nothing changed
    r = client.post(url(event, 1, "dispute"), json={"note": "My caster was alive"}, headers=p["Bob"]["headers"])
    assert r.status_code == 204, r.text  # the positive control: a reason given
    disputed = table(client, event, 1)["result"]
    assert (disputed["report"], disputed["note"]) == ("disputed", "My caster was alive")
    # the organiser reads the reported numbers beside the reason
    assert (disputed["report_control_points"], disputed["report_army_points_destroyed"],
            disputed["report_army_points_in_scenario_elements"]) == ([6, 1], [40, 25.5], [0, 3])


def test_the_organiser_accepts_a_disputed_report_as_it_stands_and_the_log_says_so(client: TestClient) -> None:
    organiser, event, p, _ = four(client)
    assert_error(client.post(url(event, 1, "accept"), headers=organiser["headers"]), 422, "report.none")
    client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Ann"])}, headers=p["Ann"]["headers"])
    client.post(url(event, 1, "dispute"), json={"note": "I had 4 control points"}, headers=p["Bob"]["headers"])
    for refused in (p["Ann"], p["Bob"], p["Cid"]):  # players never accept, not even their own report
        assert_error(client.post(url(event, 1, "accept"), headers=refused["headers"]), 403, "access.forbidden")
    assert_error(client.post(url(event, 1, "accept")), 401, "account.signed_out")
    assert table(client, event, 1)["result"]["finished"] is False
    assert client.post(url(event, 1, "accept"), headers=organiser["headers"]).status_code == 204  # control
    done = table(client, event, 1)["result"]
    assert (done["finished"], done["winner"], done["provenance"], done["control_points"]) == (
        True, pid(p["Ann"]), "confirmed", [6, 1])
    log = client.get(f"/api/events/{event['id']}/corrections").json()
    assert [(c["table"], c["by"], c["before"], c["after"]["provenance"], c["after"]["reported_by"]) for c in log] == [
        (1, "Olga", None, "confirmed", 0)]
    assert_error(client.post(url(event, 1, "accept"), headers=organiser["headers"]), 422, "event.result_counts")


def test_a_walk_ins_table_is_confirmed_by_the_organiser_and_the_round_then_pairs(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event, p = one_list_event(client, organiser, ("Ann", "Bob", "Cid"))
    r = client.post(f"/api/events/{event['id']}/walk-ins", json={"name": "Sam", "list": "Agathon\n- Tormentor"},
                    headers=organiser["headers"])
    assert r.status_code == 201, r.text
    for player in p.values():  # a walk-in comes checked in: so is everyone else who plays
        r = client.put(f"/api/events/{event['id']}/players/{pid(player)}/check-in", json={"present": True},
                       headers=organiser["headers"])
        assert r.status_code == 204, r.text
    tables = pair(client, event, organiser)
    assert (tables[1]["name_a"], tables[1]["name_b"]) == ("Cid", "Sam")
    concede(client, p["Bob"], event)  # table 1 ends in the app
    assert client.post(url(event, 2, "report"), json={**WIN, "winner": pid(p["Cid"])},
                       headers=p["Cid"]["headers"]).status_code == 204
    assert_error(client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "Recon II"},
                             headers=organiser["headers"]), 422, "round.unfinished")  # Sam cannot confirm it
    assert client.post(url(event, 2, "accept"), headers=organiser["headers"]).status_code == 204
    assert table(client, event, 2)["result"]["provenance"] == "confirmed"
    watch = {"X-Token": tables[1]["watch"]}  # the table's exports carry the result the event counts
    exported = client.get(f"/api/games/{tables[1]['game_id']}/result", headers=watch).json()
    assert exported["result"] is None  # the game in the app goes on
    assert (exported["event"]["table"], exported["event"]["result"]["winner_name"],
            exported["event"]["result"]["provenance"]) == (2, "Cid", "confirmed")
    assert "Event result: Cid won (scenario), reported and confirmed; control points 6-1" in \
        client.get(f"/api/games/{tables[1]['game_id']}/result.txt", headers=watch).text
    r = client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "Recon II"}, headers=organiser["headers"])
    assert r.status_code == 201, r.text  # the round pairs now
    assert {s["name"]: s["wins"] for s in client.get(f"/api/events/{event['id']}/standings.json").json()}["Cid"] == 1


def test_a_steamroller_scenario_win_needs_a_lead_of_five_control_points(client: TestClient) -> None:
    """doc 002 "Game Ending" (a scenario win is 5 points up) and the reference's "Steamroller 2019 figures" (a lead
    of 5 control points wins at once): 3 to 1 is refused with the rule in words, for a report and for the organiser's
    entry; an organiser's own scenario, whose rules the app does not know, takes any lead."""
    organiser, event, p, _ = four(client)  # round 1 plays Spread the Net
    ann = pid(p["Ann"])
    short = {**WIN, "winner": ann, "control_points": [3, 1]}
    refused = assert_error(client.post(url(event, 1, "report"), json=short, headers=p["Ann"]["headers"]), 422,
                           "report.scenario_lead")
    assert "won by being 5 control points ahead; 3 to 1 is 2 ahead" in refused["message"]
    assert_error(client.put(url(event, 1, "result"), json=short, headers=organiser["headers"]), 422,
                 "report.scenario_lead")
    assert table(client, event, 1)["result"]["report"] is None
    assert client.post(url(event, 1, "report"), json={**short, "how": "tiebreakers"},
                       headers=p["Ann"]["headers"]).status_code == 204  # the same numbers on tiebreakers
    assert client.put(url(event, 1, "result"), json={**short, "control_points": [6, 1]},
                      headers=organiser["headers"]).status_code == 204  # 5 ahead wins on scenario

    own_organiser = sign_up(client, "Ola")
    own, players = one_list_event(client, own_organiser, ("Eve", "Fay"))
    pair(client, own, own_organiser, scenario="Club's own hill", count=2)
    r = client.post(url(own, 1, "report"), json={**short, "winner": pid(players["Eve"])},
                    headers=players["Eve"]["headers"])
    assert r.status_code == 204, r.text


def test_a_tables_deathclock_stops_once_its_result_is_final(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event, p = one_list_event(client, organiser, ("Ann", "Bob"), clock_minutes=45)
    game_id = pair(client, event, organiser, count=2)[0]["game_id"]
    link = {"X-Token": next(t for t in detail(client, event, organiser)["pairings"])["links"]["table"]}

    def send(command: dict[str, Any]) -> dict[str, Any]:
        version = client.get(f"/api/games/{game_id}", headers=link).json()["version"]
        r = client.post(f"/api/games/{game_id}/commands", headers=link,
                        json={"command": command, "expected_version": version})
        assert r.status_code == 200, r.text
        return dict(r.json()["state"])

    for command in ({"type": "choose_objectives"}, {"type": "roll_priority", "dice": [{"dice": [5]}, {"dice": [2]}]},
                    {"type": "choose_order", "goes_first": True}, {"type": "choose_side", "side": "north"}):
        send(command)
    clock = send({"type": "start_clock", "minutes_per_player": 45})["clock"]
    assert not clock["paused"] and clock["since"] is not None  # the positive control: it runs
    client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Ann"])}, headers=p["Ann"]["headers"])
    clock = client.get(f"/api/games/{game_id}", headers=link).json()["state"]["clock"]
    assert not clock["paused"]  # a report waiting for the opponent is not final
    assert client.post(url(event, 1, "confirm"), headers=p["Bob"]["headers"]).status_code == 204
    clock = client.get(f"/api/games/{game_id}", headers=link).json()["state"]["clock"]
    assert (clock["paused"], clock["reason"]) == (True, "The table's result is in")
