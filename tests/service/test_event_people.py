"""Events on the day through the REST API: the event's clock started from a seat, lists the organiser reviews and
publishes, check-in, walk-ins, late adds, drops and reinstatements, and what deleting an account does to events.
Every organiser route refuses the wrong user, with a positive control. SQLite always, PostgreSQL when
TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from models.rules.warmachine import Army
from models.rules.warmachine.list_model import ListEntry
from tests.service.site_client import PASSWORD, sign_up
from tests.service.test_api import assert_error
from tests.service.test_events_api import detail, new_event, pair, save_lists
from tests.service.test_lists import AGATHON_LIST

# A Grymkin list the catalog cannot fully check: The Heretic's Trump card is not in the stored page.
HERETIC_LIST = Army(title="Heretic", faction="Grymkin", size=50, entries=(
    ListEntry(card="the-heretic", arcana=("Accursed", "Desolation", "Fortune's Path")),
    ListEntry(card="gorehound", battlegroup_of=0)))
TYPED_LIST = "Agathon\n- Tormentor\n- Lamenter"


def one_list_event(client: TestClient, organiser: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return new_event(client, organiser, lists_per_player=1, **changes)


def register(client: TestClient, event: dict[str, Any], name: str, army: Army = AGATHON_LIST) -> dict[str, Any]:
    """A new account registered for a one-list ``event`` with ``army`` submitted."""
    player = sign_up(client, name)
    assert client.post(f"/api/events/{event['id']}/registrations", headers=player["headers"]).status_code == 201
    r = client.put(f"/api/events/{event['id']}/lists", json={"lists": save_lists(player, army)},
                   headers=player["headers"])
    assert r.status_code == 200, r.text
    return player


def player_row(client: TestClient, event: dict[str, Any], name: str, who: dict[str, Any] | None = None
               ) -> dict[str, Any]:
    return next(p for p in detail(client, event, who)["players"] if p["name"] == name)


def send(client: TestClient, game_id: str, token: str, command: dict[str, Any]) -> Any:
    version = client.get(f"/api/games/{game_id}", headers={"X-Token": token}).json()["version"]
    return client.post(f"/api/games/{game_id}/commands", headers={"X-Token": token},
                       json={"command": command, "expected_version": version})


def seat_token(client: TestClient, event: dict[str, Any], player: dict[str, Any]) -> tuple[str, str, int]:
    mine = client.get(f"/api/events/{event['id']}/my-game", headers=player["headers"]).json()
    seat = "seat1" if "seat1" in mine["links"] else "seat2"
    return mine["game_id"], mine["links"][seat], int(seat[-1]) - 1


def to_clock_step(client: TestClient, game_id: str, tokens: dict[int, str]) -> None:
    """Objectives, priority (rolled until it is not a tie), order and side, each from the seat that may."""
    assert send(client, game_id, tokens[0], {"type": "choose_objectives", "objectives": ["", ""]}).status_code == 200
    while True:
        state = send(client, game_id, tokens[0], {"type": "roll_priority"}).json()["state"]
        if state["pregame"]["priority"] is not None:
            break
    winner = state["pregame"]["priority"]
    r = send(client, game_id, tokens[1 - winner], {"type": "choose_order", "goes_first": True})
    assert r.status_code == 403  # the other side's choice
    r = send(client, game_id, tokens[winner], {"type": "choose_order", "goes_first": True})
    assert r.status_code == 200, r.text
    r = send(client, game_id, tokens[1 - winner], {"type": "choose_side", "side": "north"})
    assert r.status_code == 200, r.text


def test_an_event_game_opens_with_the_events_clock_and_either_seat_starts_it(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = one_list_event(client, organiser, clock_minutes=45, tables=4)
    assert (event["clock_minutes"], event["tables"]) == (45, 4)
    ann, bob = register(client, event, "Ann"), register(client, event, "Bob")
    [table] = pair(client, event, organiser)
    game_id, ann_token, ann_seat = seat_token(client, event, ann)
    _, bob_token, bob_seat = seat_token(client, event, bob)
    pre = client.get(f"/api/games/{game_id}", headers={"X-Token": ann_token}).json()["state"]["pregame"]
    # the event fixed the lists: nobody names one in secret, the wizard is past that step
    assert pre["clock_minutes"] == 45 and pre["lists"] == ["Agathon", "Agathon"] and pre["step"] == "objectives"
    tokens = {ann_seat: ann_token, bob_seat: bob_token}
    to_clock_step(client, game_id, tokens)
    assert_error(send(client, game_id, tokens[0], {"type": "start_clock", "minutes_per_player": 90}), 422,
                 "clock.event_minutes")
    r = send(client, game_id, tokens[1], {"type": "start_clock", "minutes_per_player": 45})  # the second seat
    assert r.status_code == 200, r.text
    assert r.json()["state"]["clock"]["remaining_ms"] == [45 * 60_000] * 2
    assert_error(send(client, game_id, tokens[0], {"type": "start_clock", "minutes_per_player": 45}), 422,
                 "clock.started")
    assert table["links"]["table"]


def test_a_seat_of_a_game_without_an_event_clock_cannot_start_one(client: TestClient) -> None:
    """Positive control of the seat's start: the same step, in an event that fixed no clock, is the table's."""
    organiser = sign_up(client, "Olga")
    event = one_list_event(client, organiser)
    ann, bob = register(client, event, "Ann"), register(client, event, "Bob")
    [table] = pair(client, event, organiser)
    game_id, ann_token, ann_seat = seat_token(client, event, ann)
    _, bob_token, bob_seat = seat_token(client, event, bob)
    to_clock_step(client, game_id, {ann_seat: ann_token, bob_seat: bob_token})
    start = {"type": "start_clock", "minutes_per_player": 45}
    assert send(client, game_id, ann_token, start).status_code == 403
    assert send(client, game_id, table["links"]["table"], start).status_code == 200


def test_edit_the_event_only_as_its_organiser(client: TestClient) -> None:
    organiser, ann = sign_up(client, "Olga"), sign_up(client, "Ann")
    event = one_list_event(client, organiser)
    url = f"/api/events/{event['id']}"
    assert_error(client.patch(url, json={"clock_minutes": 50}), 401, "account.signed_out")
    assert_error(client.patch(url, json={"clock_minutes": 50}, headers=ann["headers"]), 403, "access.forbidden")
    r = client.patch(url, json={"clock_minutes": 50, "tables": 6}, headers=organiser["headers"])
    assert r.status_code == 200 and (r.json()["clock_minutes"], r.json()["tables"], r.json()["rounds"]) == (50, 6, 3)
    assert_error(client.patch(url, json={"clock_minutes": 601}, headers=organiser["headers"]), 422, "event.clock")
    assert client.get(url).json()["event"]["clock_minutes"] == 50  # nothing changed


def test_a_round_needing_more_tables_than_the_event_has_is_refused(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = one_list_event(client, organiser, tables=1)
    for name in ("Ann", "Bob", "Cid", "Dee"):
        register(client, event, name)
    assert_error(client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "x"},
                             headers=organiser["headers"]), 422, "event.tables")
    client.patch(f"/api/events/{event['id']}", json={"tables": 2}, headers=organiser["headers"])
    assert len(pair(client, event, organiser)) == 2


def test_a_list_the_catalog_cannot_check_goes_to_the_organiser_who_approves_or_rejects_it(client: TestClient) -> None:
    organiser, helper = sign_up(client, "Olga"), sign_up(client, "Hal")
    event = one_list_event(client, organiser)
    ann = register(client, event, "Ann", HERETIC_LIST)  # refused before: the Trump is not in the catalog
    bob = register(client, event, "Bob")
    row = player_row(client, event, "Ann", ann)
    assert row["lists_status"] == "pending" and "Trump" in row["lists_note"]
    assert player_row(client, event, "Bob")["lists_status"] == "checked"
    assert_error(client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "x"},
                             headers=organiser["headers"]), 422, "event.lists_pending")
    url = f"/api/events/{event['id']}/players/{ann['account']['id']}/lists-review"
    assert_error(client.put(url, json={"approve": True}, headers=bob["headers"]), 403, "access.forbidden")
    assert_error(client.put(url, json={"approve": True}, headers=helper["headers"]), 403, "access.forbidden")
    assert_error(client.put(url, json={"approve": False}, headers=organiser["headers"]), 422, "event.reject_note")
    r = client.put(url, json={"approve": False, "note": "Name the Trump card"}, headers=organiser["headers"])
    assert r.status_code == 200 and r.json()["lists_status"] == "rejected"
    assert player_row(client, event, "Ann", ann)["lists_note"] == "Name the Trump card"  # the player reads why
    r = client.put(url, json={"approve": True, "note": "Trump: checked on the card"}, headers=organiser["headers"])
    assert r.status_code == 200 and r.json()["lists_status"] == "approved"
    [table] = pair(client, event, organiser)
    assert {table["name_a"], table["name_b"]} == {"Ann", "Bob"}


def test_lists_are_read_by_their_player_and_the_organiser_and_by_everyone_once_published(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = one_list_event(client, organiser)
    ann, bob = register(client, event, "Ann"), register(client, event, "Bob")
    assert player_row(client, event, "Ann")["list_texts"] == []  # a stranger, before publishing
    assert player_row(client, event, "Ann", bob)["list_texts"] == []  # another player
    assert "Agathon" in player_row(client, event, "Ann", ann)["list_texts"][0]
    assert "Agathon" in player_row(client, event, "Ann", organiser)["list_texts"][0]
    publish = f"/api/events/{event['id']}/lists/publish"
    assert_error(client.post(publish, headers=organiser["headers"]), 422, "event.lists_open")
    pair(client, event, organiser)  # the lists lock
    assert_error(client.post(publish, headers=ann["headers"]), 403, "access.forbidden")
    r = client.post(publish, headers=organiser["headers"])
    assert r.status_code == 200 and r.json()["lists_published"] is True
    assert "Agathon" in player_row(client, event, "Bob")["list_texts"][0]  # anyone, without an account


def test_check_in_walk_ins_late_adds_drops_and_reinstatements(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = one_list_event(client, organiser)
    ann, bob, cid = (register(client, event, n) for n in ("Ann", "Bob", "Cid"))
    base = f"/api/events/{event['id']}"
    check_in = f"{base}/players/{ann['account']['id']}/check-in"
    assert_error(client.put(check_in, json={"present": True}, headers=bob["headers"]), 403, "access.forbidden")
    assert client.put(check_in, json={"present": True}, headers=organiser["headers"]).status_code == 204
    assert client.put(f"{base}/players/{cid['account']['id']}/check-in", json={"present": True},
                      headers=organiser["headers"]).status_code == 204
    assert_error(client.post(f"{base}/walk-ins", json={"name": "Sam"}, headers=ann["headers"]), 403,
                 "access.forbidden")
    r = client.post(f"{base}/walk-ins", json={"name": "Sam", "list": TYPED_LIST}, headers=organiser["headers"])
    assert r.status_code == 201, r.text
    sam = r.json()
    assert sam["walk_in"] and sam["checked_in"] and sam["lists"] == ["Sam's list"] and sam["lists_status"] == "approved"
    assert_error(client.post(f"{base}/walk-ins", json={"name": "Tim", "list": "Nobody Known"},
                             headers=organiser["headers"]), 422, "list.unrecognised")

    round1 = pair(client, event, organiser)  # Bob is not checked in: left out
    assert {n for t in round1 for n in (t["name_a"], t["name_b"]) if n} == {"Ann", "Cid", "Sam"}
    row = player_row(client, event, "Bob")
    assert row["dropped"] and row["drop_reason"] == "not_checked_in"

    # Bob arrives late: reinstated, and a late walk-in joins too; both play round 2
    reinstate = f"{base}/players/{bob['account']['id']}/reinstate"
    assert_error(client.post(reinstate, headers=ann["headers"]), 403, "access.forbidden")
    assert client.post(reinstate, headers=organiser["headers"]).status_code == 204
    assert_error(client.post(reinstate, headers=organiser["headers"]), 422, "event.not_dropped")
    assert client.post(f"{base}/walk-ins", json={"name": "Uma"}, headers=organiser["headers"]).status_code == 201
    # Ann drops from her phone after round 1
    assert client.delete(f"{base}/registrations", headers=ann["headers"]).status_code == 204
    row = player_row(client, event, "Ann")
    assert (row["dropped"], row["drop_reason"], row["dropped_round"]) == (True, "player", 1)
    for t in round1:
        if t["player_b"] is not None:
            game = t["game_id"]
            r = send(client, game, organiser_links(client, event, organiser, game)["table"],
                     {"type": "concede", "seat": 1})
            assert r.status_code == 200, r.text
    round2 = pair(client, event, organiser)
    names = {n for t in round2 for n in (t["name_a"], t["name_b"]) if n}
    assert names == {"Bob", "Cid", "Sam", "Uma"}


def organiser_links(client: TestClient, event: dict[str, Any], organiser: dict[str, Any], game_id: str
                    ) -> dict[str, str]:
    return next(p["links"] for p in detail(client, event, organiser)["pairings"] if p["game_id"] == game_id)


def delete_account(client: TestClient, who: dict[str, Any]) -> None:
    r = client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=who["headers"])
    assert r.status_code == 204, r.text


def test_a_deleted_players_row_stays_anonymous_with_its_results(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = one_list_event(client, organiser)
    ann, bob = register(client, event, "Ann"), register(client, event, "Bob")
    eve = register(client, event, "Eve")  # registered, never plays: her registration goes with her account
    client.put(f"/api/events/{event['id']}/players/{ann['account']['id']}/check-in", json={"present": True},
               headers=organiser["headers"])
    client.put(f"/api/events/{event['id']}/players/{bob['account']['id']}/check-in", json={"present": True},
               headers=organiser["headers"])
    [table] = pair(client, event, organiser)
    r = send(client, table["game_id"], table["links"]["table"], {"type": "concede", "seat": 1})
    assert r.status_code == 200
    winner = table["player_a"]
    before = client.get(f"/api/events/{event['id']}/standings.json").json()
    loser = bob if winner == ann["account"]["id"] else ann
    delete_account(client, loser)
    delete_account(client, eve)
    after = client.get(f"/api/events/{event['id']}/standings.json").json()
    assert len(after) == len(before) == 2
    assert [(s["rank"], s["wins"], s["played"]) for s in after] == [(s["rank"], s["wins"], s["played"])
                                                                    for s in before]
    assert after[1]["name"] == "a player who left"
    players = detail(client, event)["players"]
    assert [(p["name"], p["left"]) for p in players if p["left"]] == [("a player who left", True)]
    assert "Eve" not in {p["name"] for p in players}
    assert "a player who left" in client.get(f"/api/events/{event['id']}/standings.csv").text


def test_an_organiser_who_deletes_the_account_hands_the_event_to_a_co_organiser(client: TestClient) -> None:
    organiser, cora, ann = sign_up(client, "Olga"), sign_up(client, "Cora"), sign_up(client, "Ann")
    event = one_list_event(client, organiser)
    url = f"/api/events/{event['id']}/co-organisers"
    assert_error(client.post(url, json={"email": "cora@example.org"}, headers=ann["headers"]), 403,
                 "access.forbidden")
    assert_error(client.post(url, json={"email": "olga@example.org"}, headers=organiser["headers"]), 422,
                 "event.co_organiser")
    # an email without an account is named like any other: naming one never tells whether it has an account
    r = client.post(url, json={"email": "nobody@example.org"}, headers=organiser["headers"])
    assert r.status_code == 200 and r.json()["co_organisers"] == ["nobody@example.org"]
    r = client.post(url, json={"email": "Cora@Example.org"}, headers=organiser["headers"])
    assert r.status_code == 200 and r.json()["co_organisers"] == ["nobody@example.org", "cora@example.org"]
    assert detail(client, event)["event"]["co_organisers"] == []  # their emails are not public
    # a co-organiser runs the event: she edits it and holds the tables' links
    assert client.patch(f"/api/events/{event['id']}", json={"tables": 3}, headers=cora["headers"]).status_code == 200
    delete_account(client, organiser)
    info = detail(client, event, cora)["event"]
    assert (info["organiser"], info["organiser_name"], info["read_only"]) == (cora["account"]["id"], "Cora", False)
    assert info["co_organisers"] == ["nobody@example.org"]
    assert_error(client.patch(f"/api/events/{event['id']}", json={"tables": 4}, headers=ann["headers"]), 403,
                 "access.forbidden")


def test_an_organiser_without_a_co_organiser_leaves_the_event_read_only(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = one_list_event(client, organiser)
    ann, bob = register(client, event, "Ann"), register(client, event, "Bob")
    pair(client, event, organiser)
    delete_account(client, organiser)
    view = detail(client, event)
    assert view["event"]["read_only"] is True and len(view["pairings"]) == 1  # nothing deleted
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob"]
    assert_error(client.delete(f"/api/events/{event['id']}/registrations", headers=ann["headers"]), 422,
                 "event.read_only")
    assert bob  # Bob's table stays his
