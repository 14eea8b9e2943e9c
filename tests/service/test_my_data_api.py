"""A signed-in account's lists, card book and games through the REST API, on SQLite and PostgreSQL: each route works for
its account, and refuses no session and another account (a positive control each)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from models.catalog.schema import BoxesLayout, Card
from models.service.accounts import Me
from tests.service.site_client import sign_up
from tests.service.test_api import GAME, assert_error
from webapp import deps

CULT = {"title": "Cult", "faction": "Infernals", "size": 50,
        "entries": [{"card": "agathon"}, {"card": "tormentor", "battlegroup_of": 0},
                    {"card": "cultist-band", "size": 6}]}
MY_SOLO = Card(key="my-solo", name="My Solo", faction="Infernals", role="solo", cost=3,
               damage=BoxesLayout(boxes=5)).model_dump(mode="json", exclude_none=True)


@pytest.fixture
def ana(client: TestClient) -> dict[str, Any]:
    return sign_up(client, "Ana")


@pytest.fixture
def bob(client: TestClient) -> dict[str, Any]:
    return sign_up(client, "Bob")


# -- lists ---------------------------------------------------------------------------------------------------

def test_a_list_saved_through_the_api_reads_back_as_json_and_as_text(client: TestClient, ana: dict) -> None:
    made = client.post("/api/lists", json={"army": CULT}, headers=ana["headers"])
    assert made.status_code == 201, made.text
    saved = made.json()
    assert saved["title"] == "Cult" and saved["points"] > 0 and "Agathon" in saved["text"]
    assert [s["id"] for s in client.get("/api/lists", headers=ana["headers"]).json()] == [saved["id"]]
    text = client.get(f"/api/lists/{saved['id']}/text", headers=ana["headers"])
    assert text.status_code == 200 and text.text == saved["text"]
    again = client.post("/api/lists", json={"text": saved["text"]}, headers=ana["headers"])
    assert again.status_code == 201 and again.json()["army"]["entries"] == saved["army"]["entries"]


def test_a_list_is_changed_and_deleted_by_its_account(client: TestClient, ana: dict) -> None:
    saved = client.post("/api/lists", json={"army": CULT}, headers=ana["headers"]).json()
    changed = client.put(f"/api/lists/{saved['id']}", json={"army": {**CULT, "title": "Cult two"}},
                         headers=ana["headers"])
    assert changed.status_code == 200 and changed.json()["title"] == "Cult two"
    assert client.delete(f"/api/lists/{saved['id']}", headers=ana["headers"]).status_code == 204
    assert_error(client.get(f"/api/lists/{saved['id']}", headers=ana["headers"]), 404, "list.not_found")


def test_another_accounts_list_answers_as_an_unknown_one(client: TestClient, ana: dict, bob: dict) -> None:
    saved = client.post("/api/lists", json={"army": CULT}, headers=ana["headers"]).json()
    url = f"/api/lists/{saved['id']}"
    unknown = assert_error(client.get("/api/lists/0123456789abcdef", headers=bob["headers"]), 404, "list.not_found")
    assert assert_error(client.get(url, headers=bob["headers"]), 404, "list.not_found") == unknown
    assert_error(client.get(f"{url}/text", headers=bob["headers"]), 404, "list.not_found")
    assert_error(client.put(url, json={"army": CULT}, headers=bob["headers"]), 404, "list.not_found")
    assert_error(client.delete(url, headers=bob["headers"]), 404, "list.not_found")
    assert client.get("/api/lists", headers=bob["headers"]).json() == []
    assert client.get(url, headers=ana["headers"]).json()["title"] == "Cult"  # the owner still has it


def test_every_list_route_needs_a_session(client: TestClient, ana: dict) -> None:
    saved = client.post("/api/lists", json={"army": CULT}, headers=ana["headers"]).json()
    url = f"/api/lists/{saved['id']}"
    for bad in ({}, {"Authorization": "Bearer not-a-session"}):
        assert_error(client.get("/api/lists", headers=bad), 401, "account.signed_out")
        assert_error(client.post("/api/lists", json={"army": CULT}, headers=bad), 401, "account.signed_out")
        assert_error(client.get(url, headers=bad), 401, "account.signed_out")
        assert_error(client.get(f"{url}/text", headers=bad), 401, "account.signed_out")
        assert_error(client.put(url, json={"army": CULT}, headers=bad), 401, "account.signed_out")
        assert_error(client.delete(url, headers=bad), 401, "account.signed_out")
    assert client.get(url, headers=ana["headers"]).status_code == 200


def test_a_bad_list_is_refused_in_our_words_and_nothing_is_kept(client: TestClient, ana: dict) -> None:
    h = ana["headers"]
    assert_error(client.post("/api/lists", json={"army": CULT, "text": "x"}, headers=h), 422, "list.army_or_text")
    assert_error(client.post("/api/lists", json={}, headers=h), 422, "list.army_or_text")
    assert_error(client.post("/api/lists", json={"army": {"entries": "x"}}, headers=h), 422, "list.malformed")
    assert_error(client.post("/api/lists", json={"text": "Agathon\nNo Such Thing"}, headers=h), 422,
                 "list.unrecognised")
    unknown = {**CULT, "entries": [{"card": "no-such-card"}]}
    assert_error(client.post("/api/lists", json={"army": unknown}, headers=h), 422, "list.unknown_card")
    assert client.get("/api/lists", headers=h).json() == []


def test_a_list_may_use_a_card_of_the_accounts_own_book(client: TestClient, ana: dict, bob: dict) -> None:
    client.put("/api/cards/mine", json=MY_SOLO, headers=ana["headers"])
    army = {**CULT, "entries": [*CULT["entries"], {"card": "my-solo"}]}
    assert client.post("/api/lists", json={"army": army}, headers=ana["headers"]).status_code == 201
    assert_error(client.post("/api/lists", json={"army": army}, headers=bob["headers"]), 422, "list.unknown_card")


# -- the card book -------------------------------------------------------------------------------------------

def test_a_card_kept_in_the_account_is_its_own(client: TestClient, ana: dict, bob: dict) -> None:
    kept = client.put("/api/cards/mine", json=MY_SOLO, headers=ana["headers"])
    assert kept.status_code == 200 and kept.json()["key"] == "my-solo"
    assert [c["key"] for c in client.get("/api/cards/mine", headers=ana["headers"]).json()] == ["my-solo"]
    assert client.get("/api/cards/mine", headers=bob["headers"]).json() == []
    assert_error(client.delete("/api/cards/mine/my-solo", headers=bob["headers"]), 404, "card.not_found")
    assert client.delete("/api/cards/mine/my-solo", headers=ana["headers"]).status_code == 204
    assert client.get("/api/cards/mine", headers=ana["headers"]).json() == []


def test_a_card_pack_goes_in_and_out_of_the_account(client: TestClient, ana: dict, bob: dict) -> None:
    client.put("/api/cards/mine", json=MY_SOLO, headers=ana["headers"])
    pack = client.get("/api/cards/mine/pack", headers=ana["headers"])
    assert pack.status_code == 200 and json.loads(pack.text)["format"] == "tablekeeper-cards"
    taken = client.post("/api/cards/mine/pack", content=pack.text, headers=bob["headers"])
    assert taken.status_code == 200, taken.text
    assert [c["key"] for c in client.get("/api/cards/mine", headers=bob["headers"]).json()] == ["my-solo"]


def test_a_card_that_breaks_the_rules_is_not_kept(client: TestClient, ana: dict) -> None:
    h = ana["headers"]
    assert_error(client.put("/api/cards/mine", json={**MY_SOLO, "cost": "many"}, headers=h), 422,
                 "cards.malformed")
    assert_error(client.put("/api/cards/mine", json=[MY_SOLO], headers=h), 422, "cards.malformed")
    assert_error(client.post("/api/cards/mine/pack", content=b"not json", headers=h), 422, "cards.not_json")
    assert client.get("/api/cards/mine", headers=h).json() == []


def test_every_card_route_needs_a_session(client: TestClient, ana: dict) -> None:
    for bad in ({}, {"Authorization": "Bearer nope"}):
        assert_error(client.get("/api/cards/mine", headers=bad), 401, "account.signed_out")
        assert_error(client.put("/api/cards/mine", json=MY_SOLO, headers=bad), 401, "account.signed_out")
        assert_error(client.delete("/api/cards/mine/my-solo", headers=bad), 401, "account.signed_out")
        assert_error(client.get("/api/cards/mine/pack", headers=bad), 401, "account.signed_out")
        assert_error(client.post("/api/cards/mine/pack", content=b"{}", headers=bad), 401, "account.signed_out")
    assert client.put("/api/cards/mine", json=MY_SOLO, headers=ana["headers"]).status_code == 200


# -- games ---------------------------------------------------------------------------------------------------

def test_my_games_are_the_accounts_own(client: TestClient, ana: dict, bob: dict) -> None:
    game = client.post("/api/games", json=GAME).json()
    me = Me(id=ana["account"]["id"], email="ana@example.org", name="Ana")
    assert deps.current().my_data.keep_game(me, game["id"], {"title": "Friday game", **game["tokens"]})
    mine = client.get("/api/me/games", headers=ana["headers"])
    assert mine.status_code == 200
    [kept] = mine.json()
    assert kept["id"] == game["id"] and kept["links"]["watch"] == game["tokens"]["watch"]
    assert kept["system"] == "warmachine" and kept["finished"] is False
    assert client.get("/api/me/games", headers=bob["headers"]).json() == []
    assert_error(client.get("/api/me/games"), 401, "account.signed_out")
