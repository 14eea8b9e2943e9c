"""The community card book's routes (docs/API.md "The community card book"): anyone reads, a signed-in account
publishes, only the author or a moderator changes a publication, a moderator checks and hides; bad input is
refused in words with nothing stored. Values are test entries typed as a player would, not the printed cards'."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from models.catalog import shipped_cards
from models.service.moderators import main as moderators_main
from tests.service.site_client import sign_up, site_client

GRID = ["......", ".....L", "...LLM", "...MMC", ".....C", "......"]  # a test entry


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    with site_client(db_url, monkeypatch) as c:
        yield c


def juggernaut(**changes: Any) -> dict[str, Any]:
    card = shipped_cards()["juggernaut"].model_dump(mode="json", exclude_none=True)
    return {**card, "damage": {"kind": "grid", "columns": GRID}, "cost": 19, "fa": "U", **changes}


def publish(client: TestClient, who: dict[str, Any], body: dict[str, Any]) -> Any:
    return client.post("/api/cards/community", json=body, headers=who["headers"])


def test_a_published_card_is_read_by_anyone_with_its_provenance(client: TestClient) -> None:
    ann = sign_up(client, "Ann")
    r = publish(client, ann, {"card": juggernaut()})
    assert r.status_code == 201, r.text
    assert r.json()["says"] == "Juggernaut: damage track published, cost published, FA published."
    listed = client.get("/api/cards/community").json()
    assert [(c["key"], c["says"]) for c in listed] == [
        ("juggernaut", "community: entered by Ann from their printed card")]
    card = client.get("/api/cards/community/juggernaut").json()  # no session: anyone reads
    cost = next(f for f in card["facts"] if f["fact"] == "cost")
    [value] = cost["values"]
    assert value["value"] == 19 and value["accounts"] == 1 and cost["chosen"] == value["publications"][0]["id"]
    assert value["publications"][0]["by"] == "Ann" and value["publications"][0]["source"] == "their printed card"
    assert card["card"]["cost"] == 19
    history = client.get("/api/cards/community/juggernaut/history").json()
    assert {(h["action"], h["by"]) for h in history} == {("published", "Ann")}
    completed = client.get("/api/cards", params={"name": "juggernaut", "faction": "Khador", "community": True})
    assert [c["cost"] for c in completed.json()] == [19]
    shipped = client.get("/api/cards", params={"name": "juggernaut", "faction": "Khador"})
    assert [c.get("cost") for c in shipped.json()] == [None]  # the shipped catalog never changes


def test_a_card_is_published_from_the_accounts_card_book(client: TestClient) -> None:
    ann = sign_up(client, "Ann")
    assert client.put("/api/cards/mine", json=juggernaut(), headers=ann["headers"]).status_code == 200
    r = publish(client, ann, {"key": "juggernaut", "source": {"kind": "pack", "where": "Club pack"},
                              "facts": ["cost"]})
    assert r.status_code == 201, r.text
    assert [f["label"] for f in r.json()["facts"]] == ["cost"]
    missing = publish(client, ann, {"key": "destroyer"})
    assert missing.status_code == 404 and missing.json()["code"] == "card.not_found"


def test_publishing_needs_an_account(client: TestClient) -> None:
    r = client.post("/api/cards/community", json={"card": juggernaut()})
    assert r.status_code == 401 and r.json()["code"] == "account.signed_out"
    assert client.get("/api/cards/community").json() == []


@pytest.mark.parametrize(("card", "code", "words"), [
    (juggernaut(damage={"kind": "grid", "columns": [*GRID, "......"]}), "cards.invalid", "A grid has six columns."),
    (juggernaut(stats={"ARM": 99}), "cards.invalid", "ARM must be a whole number from 0 to 40."),
    (juggernaut(name="x" * 10_000), "cards.malformed", "at most 60 characters"),
])
def test_bad_input_is_refused_in_words_and_nothing_is_stored(client: TestClient, card: dict[str, Any], code: str,
                                                             words: str) -> None:
    ann = sign_up(client, "Ann")
    r = publish(client, ann, {"card": card})
    assert r.status_code == 422 and r.json()["code"] == code and words in r.json()["message"]
    assert client.get("/api/cards/community").json() == []


def test_another_accounts_change_is_refused_the_authors_and_a_moderators_accepted(client: TestClient,
                                                                                  db_url: str) -> None:
    ann, bob, mo = sign_up(client, "Ann"), sign_up(client, "Bob"), sign_up(client, "Mo")
    assert moderators_main(["grant-moderator", "mo@example.org"], url=db_url) == 0
    [grid, cost, fa] = publish(client, ann, {"card": juggernaut()}).json()["publications"]
    path = f"/api/cards/community/publications/{cost}"
    refused = client.patch(path, json={"value": 18}, headers=bob["headers"])
    assert refused.status_code == 403 and "Only Ann, who entered this value" in refused.json()["message"]
    accepted = client.patch(path, json={"value": 18}, headers=ann["headers"])
    assert accepted.status_code == 200 and accepted.json()["version"] == 2
    assert client.patch(path, json={"value": 17}, headers=mo["headers"]).json()["value"] == 17
    assert client.post(f"{path}/check", json={}, headers=bob["headers"]).status_code == 403
    assert client.post(f"{path}/check", json={}, headers=mo["headers"]).json()["checked"]
    assert client.post(f"/api/cards/community/publications/{fa}/hide", json={}, headers=bob["headers"]
                       ).status_code == 403
    hidden = client.post(f"/api/cards/community/publications/{fa}/hide", json={"note": "test"}, headers=mo["headers"])
    assert hidden.status_code == 200 and hidden.json()["hidden"]
    read = client.get("/api/cards/community/juggernaut").json()
    assert [f["fact"] for f in read["facts"] if f["values"]] == ["damage", "cost"]
    reverted = client.post(f"{path}/revert", json={"version": 1}, headers=mo["headers"])
    assert reverted.json()["value"] == 19 and reverted.json()["version"] == 4
    assert client.post(f"{path}/revert", json={"version": 1}, headers=ann["headers"]).status_code == 403
    # Bob's different value is a second publication, listed beside Ann's.
    bobs = publish(client, bob, {"card": juggernaut(damage={"kind": "grid", "columns": ["......"] * 6})})
    assert bobs.status_code == 201
    damage = next(f for f in client.get("/api/cards/community/juggernaut").json()["facts"] if f["fact"] == "damage")
    assert [v["publications"][0]["by"] for v in damage["values"]] == ["Ann", "Bob"] and damage["chosen"] is None
    assert grid == damage["values"][0]["publications"][0]["id"]


def test_an_unknown_fact_is_refused(client: TestClient) -> None:
    ann = sign_up(client, "Ann")
    r = publish(client, ann, {"card": juggernaut(), "facts": ["rules"]})
    assert r.status_code == 422 and r.json()["code"] == "request.invalid" and "no such fact: rules" in \
        r.json()["message"]


def test_the_community_book_exports_as_a_pack_another_account_imports(client: TestClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    publish(client, ann, {"card": juggernaut()})
    pack = client.get("/api/cards/community/pack")
    assert pack.status_code == 200 and pack.json()["version"] == 2
    kept = client.post("/api/cards/mine/pack", content=pack.content, headers=bob["headers"])
    assert kept.status_code == 200, kept.text
    assert [(c["key"], c["cost"]) for c in kept.json()] == [("juggernaut", 19)]
