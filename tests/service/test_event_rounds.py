"""Pairing a round: it stores the round and opens its games in one transaction (a repeated request that lost the
race leaves no game that nothing references); round 1 is drawn at random from a recorded seed, club or team mates
kept apart. SQLite always, PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func
from sqlmodel import Session, select

from models.db.tables import AccessToken, CommandLog, EventPairing, Game
from models.rules import drawn, pair_round
from models.service.errors import EventError
from tests.service.site_client import seed_in_order, sign_up
from tests.service.test_api import assert_error
from tests.service.test_events_api import concede, detail, enter, new_event, pair, save_lists
from tests.service.test_lists import AGATHON_LIST, OMODAMOS_LIST
from webapp import deps


def counts() -> dict[str, int]:
    with Session(deps.current().engine) as s:
        return {table.__name__: int(s.exec(select(func.count()).select_from(table)).one())
                for table in (Game, AccessToken, CommandLog, EventPairing)}


def test_a_round_that_lost_the_race_to_be_paired_leaves_no_game_behind(client: TestClient,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    for name in ("Ann", "Bob", "Cid", "Dee"):
        enter(client, event, name)
    tables = pair(client, event, organiser)
    stored = counts()
    assert stored["Game"] == 2 and stored["EventPairing"] == 2  # the positive control: a round opens its games
    game = client.get(f"/api/games/{tables[0]['game_id']}", headers={"X-Token": tables[0]["watch"]}).json()
    assert game["state"]["pregame"]["scenario"] == "Spread the Net" and game["version"] == 4  # setup, scenario, pairs

    events = deps.current().events
    monkeypatch.setattr(events.repo, "pairings", lambda _event_id: [])  # a request that read before round 1 was in
    me = deps.current().accounts.me(organiser["session"])
    assert me is not None
    with pytest.raises(EventError) as lost:
        events.rounds.pair(me, event["id"], "Spread the Net")
    assert lost.value.code == "event.round_paired"
    assert counts() == stored  # its two games were never stored


def test_round_one_is_drawn_at_random_with_its_seed_shown_and_club_mates_kept_apart(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    clubs = {"Ann": "Hellfire", "Bob": "hellfire ", "Cid": "Anvil", "Dee": "Anvil"}
    ids = {}
    for name, club in clubs.items():
        player = sign_up(client, name)
        r = client.post(f"/api/events/{event['id']}/registrations", json={"club": club}, headers=player["headers"])
        assert r.status_code == 201 and r.json()["club"] == club.strip(), r.text
        r = client.put(f"/api/events/{event['id']}/lists",
                       json={"lists": save_lists(player, AGATHON_LIST, OMODAMOS_LIST)}, headers=player["headers"])
        assert r.status_code == 200, r.text
        ids[player["account"]["id"]] = name
    assert detail(client, event)["event"]["seed"] is None
    tables = pair(client, event, organiser)
    club_of = {i: clubs[n].strip().casefold() for i, n in ids.items()}
    assert all(club_of[t["player_a"]] != club_of[t["player_b"]] for t in tables)  # every table mixes the clubs

    seed = detail(client, event)["event"]["seed"]
    order = drawn(list(ids), seed)  # anyone can draw it again from the seed and the ids
    assert [(t["player_a"], t["player_b"]) for t in tables] == [
        (t.a, t.b) for t in pair_round(order, avoid=[(a, b) for a in ids for b in ids
                                                     if a < b and club_of[a] == club_of[b]])]
    # the positive control: without the clubs, this draw would not have kept them apart every time
    unmixed = [t for seed in range(20) for t in pair_round(drawn(list(ids), seed))
               if t.b is not None and club_of[t.a] == club_of[t.b]]
    assert unmixed


def rounds_url(event: dict[str, Any], what: str = "") -> str:
    return f"/api/events/{event['id']}/rounds/current{what}"


def draft(client: TestClient, event: dict[str, Any], organiser: dict[str, Any], seed: int | None = None) -> Any:
    r = client.post(f"/api/events/{event['id']}/rounds", json={"scenario": "Recon", "seed": seed, "draft": True},
                    headers=organiser["headers"])
    assert r.status_code == 201, r.text
    return r.json()


def test_a_drafted_round_opens_no_game_and_may_be_swapped_paired_again_then_published(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    people = {enter(client, event, name)["account"]["id"]: name for name in ("Ann", "Bob", "Cid", "Dee")}
    before = counts()
    tables = draft(client, event, organiser, seed_in_order(4))
    assert [(t["name_a"], t["name_b"], t["published"], t["game_id"]) for t in tables] == [
        ("Ann", "Bob", False, None), ("Cid", "Dee", False, None)]
    assert counts()["Game"] == before["Game"]  # no game until it is published
    ann, cid = tables[0]["player_a"], tables[1]["player_a"]
    assert_error(client.post(rounds_url(event, "/swap"), json={"players": [ann, cid]},
                             headers=sign_up(client, "Eve")["headers"]), 403, "access.forbidden")  # not the organiser
    assert client.post(rounds_url(event, "/swap"), json={"players": [ann, cid]},
                       headers=organiser["headers"]).status_code == 204  # the positive control
    swapped = [(t["name_a"], t["name_b"]) for t in detail(client, event)["pairings"]]
    assert swapped == [("Cid", "Bob"), ("Ann", "Dee")]

    assert client.post(rounds_url(event, "/repair"), json={"seed": seed_in_order(4)},
                       headers=organiser["headers"]).status_code == 204
    assert [(t["name_a"], t["name_b"]) for t in detail(client, event)["pairings"]] == [("Ann", "Bob"), ("Cid", "Dee")]

    assert client.post(rounds_url(event, "/publish"), headers=organiser["headers"]).status_code == 204
    published = detail(client, event)["pairings"]
    assert all(t["published"] and t["game_id"] for t in published) and counts()["Game"] == before["Game"] + 2
    assert_error(client.post(rounds_url(event, "/swap"), json={"players": [ann, cid]},
                             headers=organiser["headers"]), 422, "round.published")
    assert set(people) == {t["player_a"] for t in published} | {t["player_b"] for t in published}


def test_a_published_round_is_deleted_only_while_no_game_has_started(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    players = [enter(client, event, name) for name in ("Ann", "Bob", "Cid", "Dee")]
    before = counts()
    pair(client, event, organiser)
    assert client.delete(rounds_url(event), headers=organiser["headers"]).status_code == 204
    assert counts() == before and detail(client, event)["pairings"] == []  # its games went with it
    pair(client, event, organiser)
    concede(client, players[1], event)  # a game of the round has started (and ended)
    assert_error(client.delete(rounds_url(event), headers=organiser["headers"]), 422, "round.started")
    assert len(detail(client, event)["pairings"]) == 2


def test_deleting_round_two_opens_round_one_again(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    players = {name: enter(client, event, name) for name in ("Ann", "Bob", "Cid", "Dee")}
    first = pair(client, event, organiser)
    concede(client, players["Bob"], event)
    concede(client, players["Dee"], event)
    pair(client, event, organiser)
    game, watch = first[0]["game_id"], first[0]["watch"]
    seat = client.get(f"/api/events/{event['id']}/my-game", headers=players["Bob"]["headers"]).json()
    assert seat["round"] == 2  # my-game names the newest round
    assert client.delete(rounds_url(event), headers=organiser["headers"]).status_code == 204
    version = client.get(f"/api/games/{game}", headers={"X-Token": watch}).json()["version"]
    token = client.get(f"/api/events/{event['id']}/my-game", headers=players["Bob"]["headers"]).json()
    undone = client.post(f"/api/games/{game}/undo", json={"expected_version": version},
                         headers={"X-Token": token["links"]["seat2"]})
    assert undone.status_code == 200, undone.text  # round 1 is open again: its games take commands


def test_only_the_organiser_says_when_the_next_round_starts(client: TestClient) -> None:
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser)
    ann = enter(client, event, "Ann")
    url = f"/api/events/{event['id']}/next-round"
    assert_error(client.put(url, json={"at": "2030-01-01T14:30:00Z"}, headers=ann["headers"]), 403, "access.forbidden")
    assert detail(client, event)["event"]["next_round_at"] is None
    assert client.put(url, json={"at": "2030-01-01T14:30:00Z"}, headers=organiser["headers"]).status_code == 204
    assert detail(client, event)["event"]["next_round_at"].startswith("2030-01-01T14:30:00")


def enter_with_one_list(client: TestClient, event: dict[str, Any], name: str) -> dict[str, Any]:
    player = sign_up(client, name)
    assert client.post(f"/api/events/{event['id']}/registrations", headers=player["headers"]).status_code == 201
    r = client.put(f"/api/events/{event['id']}/lists", json={"lists": save_lists(player, AGATHON_LIST)},
                   headers=player["headers"])
    assert r.status_code == 200, r.text
    return player


@pytest.mark.parametrize("lists_per_player", [1, 2])
def test_a_published_round_is_deleted_whatever_its_opening_logged_until_a_player_sends_a_command(
        client: TestClient, lists_per_player: int) -> None:
    """The event's own opening commands (setup, scenario, and the lists: revealed, or each side's pair) do not
    start a round, however many they are; a player's first command does."""
    organiser = sign_up(client, "Olga")
    event = new_event(client, organiser, lists_per_player=lists_per_player)
    players = [enter_with_one_list(client, event, name) if lists_per_player == 1 else enter(client, event, name)
               for name in ("Ann", "Bob", "Cid")]
    walk_in = client.post(f"/api/events/{event['id']}/walk-ins", json={"name": "Sam"}, headers=organiser["headers"])
    assert walk_in.status_code == 201, walk_in.text  # a table with a walk-in without a list opens with fewer commands
    for player in players:  # a walk-in comes checked in: round 1 pairs those checked in
        r = client.put(f"/api/events/{event['id']}/players/{player['account']['id']}/check-in",
                       json={"present": True}, headers=organiser["headers"])
        assert r.status_code == 204, r.text
    before = counts()
    tables = pair(client, event, organiser)
    versions = {client.get(f"/api/games/{t['game_id']}", headers={"X-Token": t["watch"]}).json()["version"]
                for t in tables}
    assert len(versions) == 2 or lists_per_player == 2  # two different openings in one round
    assert client.delete(rounds_url(event), headers=organiser["headers"]).status_code == 204
    assert counts() == before and detail(client, event)["pairings"] == []

    pair(client, event, organiser)
    mine = next(m for m in (client.get(f"/api/events/{event['id']}/my-game", headers=p["headers"]).json()
                            for p in players) if m["opponent"] != "Sam")  # a table whose lists the event gave
    seat = next(k for k in ("seat1", "seat2") if k in mine["links"])
    token = mine["links"][seat]
    game = client.get(f"/api/games/{mine['game_id']}", headers={"X-Token": token}).json()
    command = {"type": "choose_objectives", "objectives": ["", ""]} if lists_per_player == 1 else \
        {"type": "choose_from_pair", "seat": int(seat[-1]) - 1, "index": 0}
    r = client.post(f"/api/games/{mine['game_id']}/commands", headers={"X-Token": token},
                    json={"command": command, "expected_version": game["version"]})
    assert r.status_code == 200, r.text  # a player's own first command: the round has started
    assert_error(client.delete(rounds_url(event), headers=organiser["headers"]), 422, "round.started")
    assert len(detail(client, event)["pairings"]) == 2
