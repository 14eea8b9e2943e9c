"""Results of an event's tables through the REST API: a player reports, the opponent confirms or disputes, the
organiser enters and corrects (logged); a closed round's games and reports are frozen. Every route refuses the wrong
user, each refusal beside a positive control. SQLite always, PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.service.site_client import sign_up
from tests.service.test_api import assert_error
from tests.service.test_events_api import concede, detail, enter, new_event, pair

WIN = {"how": "scenario", "control_points": [7, 2], "army_points_destroyed": [40, 25.5],
       "army_points_in_scenario_elements": [0, 3]}


def four(client: TestClient) -> tuple[dict[str, Any], dict[str, Any], dict[str, dict[str, Any]], list[Any]]:
    """An organiser, an event, four players by name, and round 1's tables (Ann-Bob at 1, Cid-Dee at 2)."""
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    players = {name: enter(client, event, name) for name in ("Ann", "Bob", "Cid", "Dee")}
    return organiser, event, players, pair(client, event, organiser)


def url(event: dict[str, Any], table: int, what: str, round_no: int = 1) -> str:
    return f"/api/events/{event['id']}/rounds/{round_no}/tables/{table}/{what}"


def pid(player: dict[str, Any]) -> str:
    return str(player["account"]["id"])


def table(client: TestClient, event: dict[str, Any], number: int, round_no: int = 1) -> dict[str, Any]:
    return next(t for t in detail(client, event)["pairings"] if t["round"] == round_no and t["table"] == number)


def test_a_reported_result_counts_once_the_opponent_confirms_it(client: TestClient) -> None:
    _, event, p, _ = four(client)
    r = client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Ann"])}, headers=p["Ann"]["headers"])
    assert r.status_code == 204, r.text
    waiting = table(client, event, 1)["result"]
    assert (waiting["finished"], waiting["report"], waiting["reported_by"]) == (False, "reported", pid(p["Ann"]))
    assert client.get(f"/api/events/{event['id']}/standings.json").json()[0]["wins"] == 0

    assert client.post(url(event, 1, "confirm"), headers=p["Bob"]["headers"]).status_code == 204
    done = table(client, event, 1)["result"]
    assert (done["finished"], done["winner"], done["provenance"]) == (True, pid(p["Ann"]), "confirmed")
    assert done["control_points"] == [7, 2] and done["army_points_destroyed"] == [40, 25.5]
    top = client.get(f"/api/events/{event['id']}/standings.json").json()[0]
    assert (top["name"], top["wins"], top["control_points"], top["army_points_destroyed"]) == ("Ann", 1, 7, 40)


def test_only_the_tables_players_report_and_only_the_opponent_confirms(client: TestClient) -> None:
    organiser, event, p, _ = four(client)
    body = {**WIN, "winner": pid(p["Cid"])}
    assert_error(client.post(url(event, 2, "report"), json=body, headers=p["Ann"]["headers"]), 403,
                 "access.forbidden")  # a player of table 1 reporting for table 2
    assert_error(client.post(url(event, 2, "report"), json=body, headers=organiser["headers"]), 403,
                 "access.forbidden")  # the organiser enters results, never reports them
    assert_error(client.post(url(event, 2, "report"), json=body), 401, "account.signed_out")
    assert client.post(url(event, 2, "report"), json=body, headers=p["Cid"]["headers"]).status_code == 204  # control
    assert_error(client.post(url(event, 2, "confirm"), headers=p["Ann"]["headers"]), 403, "access.forbidden")
    assert_error(client.post(url(event, 2, "confirm"), headers=p["Cid"]["headers"]), 422, "report.own")
    assert_error(client.post(url(event, 2, "report"), json={**body, "winner": pid(p["Dee"]), "control_points": [2, 5]},
                             headers=p["Dee"]["headers"]), 422, "report.pending")
    assert client.post(url(event, 2, "confirm"), headers=p["Dee"]["headers"]).status_code == 204  # control
    assert table(client, event, 2)["result"]["winner"] == pid(p["Cid"])


def test_a_report_that_cannot_be_is_refused_and_nothing_changes(client: TestClient) -> None:
    _, event, p, _ = four(client)
    headers = p["Ann"]["headers"]
    assert_error(client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Cid"])}, headers=headers), 422,
                 "event.winner_elsewhere")
    assert_error(client.post(url(event, 1, "report"), json={**WIN, "winner": None}, headers=headers), 422,
                 "report.draw")
    assert_error(client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Bob"])}, headers=headers), 422,
                 "report.scenario_behind")
    assert_error(client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Ann"]), "how": "luck"},
                             headers=headers), 422, "request.invalid")
    assert_error(client.post(url(event, 9, "report"), json={**WIN, "winner": pid(p["Ann"])}, headers=headers), 404,
                 "event.not_found")
    assert table(client, event, 1)["result"]["report"] is None


def test_a_dispute_goes_to_the_organiser_whose_entry_is_logged(client: TestClient) -> None:
    organiser, event, p, _ = four(client)
    client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Ann"])}, headers=p["Ann"]["headers"])
    r = client.post(url(event, 1, "dispute"), json={"note": "I had 4 control points"}, headers=p["Bob"]["headers"])
    assert r.status_code == 204, r.text
    disputed = table(client, event, 1)["result"]
    assert (disputed["finished"], disputed["report"], disputed["note"]) == (False, "disputed", "I had 4 control points")
    concede(client, p["Dee"], event)
    refused = assert_error(client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "x"},
                                       headers=organiser["headers"]), 422, "round.unfinished")
    assert "table 1:" in refused["message"]  # the organiser sees which table is still playing

    settled = {**WIN, "winner": pid(p["Ann"]), "control_points": [8, 3], "note": "Both agreed at the desk"}
    assert_error(client.put(url(event, 1, "result"), json=settled, headers=p["Ann"]["headers"]), 403,
                 "access.forbidden")  # a player is not the organiser
    assert client.put(url(event, 1, "result"), json=settled, headers=organiser["headers"]).status_code == 204
    result = table(client, event, 1)["result"]
    assert (result["finished"], result["provenance"], result["control_points"]) == (True, "organiser", [8, 3])
    log = client.get(f"/api/events/{event['id']}/corrections").json()
    assert [(c["round"], c["table"], c["by"], c["before"], c["after"]["control_points"], c["note"]) for c in log] == [
        (1, 1, "Olga", None, [8, 3], "Both agreed at the desk")]
    assert len(pair(client, event, organiser)) == 2  # every table has a result now


def test_a_game_played_in_the_app_keeps_its_result_until_the_organiser_corrects_it(client: TestClient) -> None:
    organiser, event, p, _ = four(client)
    concede(client, p["Bob"], event)  # Ann wins in the app
    played = table(client, event, 1)["result"]
    assert (played["winner"], played["provenance"], played["how"]) == (pid(p["Ann"]), "played", "concession")
    assert_error(client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Bob"]), "control_points": [2, 5]},
                             headers=p["Bob"]["headers"]), 422, "report.settled")
    fix = {"winner": pid(p["Bob"]), "how": "assassination", "note": "conceded on the wrong link"}
    assert client.put(url(event, 1, "result"), json=fix, headers=organiser["headers"]).status_code == 204
    assert table(client, event, 1)["result"]["winner"] == pid(p["Bob"])
    before = client.get(f"/api/events/{event['id']}/corrections").json()[0]["before"]
    assert (before["winner"], before["how"], before["provenance"]) == (0, "concession", "played")


def test_a_round_is_frozen_once_the_next_is_paired(client: TestClient) -> None:
    """A player's undo on a round-1 game after round 2 is paired is refused with a reason, and nothing moves in
    the standings; only the organiser's correction changes a closed round."""
    organiser, event, p, tables = four(client)
    game, seat = tables[0]["game_id"], client.get(f"/api/events/{event['id']}/my-game",
                                                  headers=p["Bob"]["headers"]).json()["links"]["seat2"]
    concede(client, p["Bob"], event)
    version = client.get(f"/api/games/{game}", headers={"X-Token": seat}).json()["version"]
    undone = client.post(f"/api/games/{game}/undo", json={"expected_version": version}, headers={"X-Token": seat})
    assert undone.status_code == 200, undone.text  # the positive control: round 1 is still open
    redone = client.post(f"/api/games/{game}/redo", json={"expected_version": version + 1}, headers={"X-Token": seat})
    assert redone.status_code == 200, redone.text
    concede(client, p["Dee"], event)
    pair(client, event, organiser)
    standings = client.get(f"/api/events/{event['id']}/standings.json").json()

    refused = client.post(f"/api/games/{game}/undo", json={"expected_version": version + 2}, headers={"X-Token": seat})
    assert_error(refused, 422, "game.frozen")
    assert client.get(f"/api/events/{event['id']}/standings.json").json() == standings
    assert_error(client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Ann"])},
                             headers=p["Ann"]["headers"]), 422, "round.closed")
    fix = {"winner": pid(p["Bob"]), "how": "tiebreakers", "control_points": [1, 2]}
    assert client.put(url(event, 1, "result"), json=fix, headers=organiser["headers"]).status_code == 204
    assert table(client, event, 1)["result"]["winner"] == pid(p["Bob"])


def test_only_the_reporters_opponent_disputes_and_only_the_organiser_enters_a_result(client: TestClient) -> None:
    """The dispute and the organiser's entry refuse everyone else, each beside its positive control; nothing is
    stored for a refusal."""
    organiser, event, p, _ = four(client)
    assert client.post(url(event, 1, "report"), json={**WIN, "winner": pid(p["Ann"])},
                       headers=p["Ann"]["headers"]).status_code == 204
    why = {"note": "I had 4 control points"}
    assert_error(client.post(url(event, 1, "dispute"), json=why, headers=p["Cid"]["headers"]), 403,
                 "access.forbidden")  # a player of table 2 disputing table 1's report
    assert_error(client.post(url(event, 1, "dispute"), json=why, headers=organiser["headers"]), 403,
                 "access.forbidden")  # the organiser settles a dispute, never makes one
    assert_error(client.post(url(event, 1, "dispute"), json=why), 401, "account.signed_out")
    assert_error(client.post(url(event, 1, "dispute"), json=why, headers=p["Ann"]["headers"]), 422,
                 "report.own")  # the reporter
    assert table(client, event, 1)["result"]["report"] == "reported"
    assert client.post(url(event, 1, "dispute"), json=why, headers=p["Bob"]["headers"]).status_code == 204  # control

    fix = {**WIN, "winner": pid(p["Bob"]), "control_points": [2, 7], "note": "Bob held both zones"}
    outsider = sign_up(client, "Uma")  # signed in, but neither a player here nor the organiser
    for refused in (outsider, p["Bob"], p["Cid"]):
        assert_error(client.put(url(event, 1, "result"), json=fix, headers=refused["headers"]), 403,
                     "access.forbidden")
    assert_error(client.put(url(event, 1, "result"), json=fix), 401, "account.signed_out")
    assert client.get(f"/api/events/{event['id']}/corrections").json() == []
    assert table(client, event, 1)["result"]["finished"] is False
    assert client.put(url(event, 1, "result"), json=fix, headers=organiser["headers"]).status_code == 204  # control
    assert table(client, event, 1)["result"]["winner"] == pid(p["Bob"])
    assert [c["by"] for c in client.get(f"/api/events/{event['id']}/corrections").json()] == ["Olga"]
