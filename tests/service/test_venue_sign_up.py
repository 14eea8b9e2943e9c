"""An event's venue sign-up link: players in one hall sign up from its one address past the per-address limit,
counted against the event's places and registered at once; a wrong, renewed, ended or shown-to-a-removed-co-organiser
link lifts nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from models.service import accounts as accounts_module
from models.service.accounts import SIGN_UP_ADDRESS_MOST
from models.service.events import registrations
from tests.service.site_client import PASSWORD, Outbox, sign_up
from tests.service.test_api import assert_error
from tests.service.test_events_api import detail, new_event
from webapp import deps


def venue_link(client: TestClient, event: dict[str, Any], organiser: dict[str, Any]) -> str:
    r = client.post(f"/api/events/{event['id']}/venue-link", headers=organiser["headers"])
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def join(client: TestClient, event: dict[str, Any], token: str, name: str) -> Any:
    """``name`` signs up through the venue link with ``token`` (every request here comes from one address)."""
    return client.post("/api/account/sign-up", json={
        "email": f"{name.lower()}@example.org", "password": PASSWORD, "name": name,
        "venue": {"event": event["id"], "token": token}})


def players(client: TestClient, event: dict[str, Any]) -> list[str]:
    return [p["name"] for p in detail(client, event)["players"]]


def signs_in(client: TestClient, name: str) -> bool:
    return client.post("/api/account/sign-in", json={"email": f"{name.lower()}@example.org", "password": PASSWORD}
                       ).status_code == 200


def hall(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """Olga's event, and this address's sign-ups used up (Olga's and 9 players' own)."""
    olga = sign_up(client, "Olga")
    event = new_event(client, olga)
    for i in range(SIGN_UP_ADDRESS_MOST - 1):
        sign_up(client, f"Early{i}")
    return olga, event


def test_the_11th_sign_up_from_one_address_is_refused_without_the_link_and_registered_with_it(
        client: TestClient) -> None:
    olga, event = hall(client)
    refused = client.post("/api/account/sign-up", json={"email": "ann@example.org", "password": PASSWORD,
                                                         "name": "Ann"})
    assert_error(refused, 422, "account.too_many_sign_ups")  # positive control: the address's limit bites
    token = venue_link(client, event, olga)
    for name in ("Ann", "Bob"):
        made = join(client, event, token, name)
        assert made.status_code == 201, made.text
        session = {"Authorization": f"Bearer {made.json()['session']}"}
        assert client.get("/api/account", headers=session).json()["name"] == name
    assert players(client, event) == ["Ann", "Bob"]  # registered at once
    taken = join(client, event, token, "Olga")  # a taken email: the same answer, and nobody registered
    assert taken.status_code == 201 and players(client, event) == ["Ann", "Bob"]


def test_a_wrong_or_renewed_link_does_not_lift_the_limit(client: TestClient) -> None:
    olga, event = hall(client)
    old = venue_link(client, event, olga)
    for wrong in ("x" * len(old), old[:-1], ""):
        assert_error(join(client, event, wrong, "Ann"), 422, "event.venue_link")
    new = venue_link(client, event, olga)  # a new link ends the old one
    assert_error(join(client, event, old, "Ann"), 422, "event.venue_link")
    assert not signs_in(client, "Ann")
    assert join(client, event, new, "Ann").status_code == 201  # positive control: the link shown now


def test_an_ended_link_signs_nobody_up(client: TestClient) -> None:
    olga, event = hall(client)
    token = venue_link(client, event, olga)
    assert client.delete(f"/api/events/{event['id']}/venue-link", headers=olga["headers"]).status_code == 204
    assert_error(join(client, event, token, "Ann"), 422, "event.venue_link")
    assert detail(client, event, olga)["event"]["venue"] is None


def test_only_those_who_run_the_event_see_or_make_the_link(client: TestClient) -> None:
    olga = sign_up(client, "Olga")
    event = new_event(client, olga)
    eve = sign_up(client, "Eve")
    assert client.post(f"/api/events/{event['id']}/venue-link", headers=eve["headers"]).status_code == 403
    token = venue_link(client, event, olga)
    assert detail(client, event, olga)["event"]["venue"] == token
    assert detail(client, event, eve)["event"]["venue"] is None and detail(client, event)["event"]["venue"] is None


def test_removing_a_co_organiser_ends_the_link_they_were_shown(client: TestClient) -> None:
    olga, cora = sign_up(client, "Olga"), sign_up(client, "Cora")
    event = new_event(client, olga)
    client.post(f"/api/events/{event['id']}/co-organisers", json={"email": "cora@example.org"},
                headers=olga["headers"])
    venue_link(client, event, olga)
    seen = detail(client, event, cora)["event"]["venue"]
    assert seen
    r = client.delete(f"/api/events/{event['id']}/co-organisers/cora@example.org", headers=olga["headers"])
    assert r.status_code == 200 and r.json()["venue"] not in (None, seen)
    assert_error(join(client, event, seen, "Ann"), 422, "event.venue_link")
    assert join(client, event, r.json()["venue"], "Ann").status_code == 201  # the organiser's new one works


def test_a_full_event_refuses_a_venue_sign_up_before_anything_is_hashed(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    olga, event = hall(client)
    token = venue_link(client, event, olga)
    assert join(client, event, token, "Ann").status_code == 201
    monkeypatch.setattr(registrations, "PLAYERS_MAX", 1)
    hashed: list[str] = []
    real = accounts_module._hash
    monkeypatch.setattr(accounts_module, "_hash", lambda p: hashed.append(p) or real(p))
    full = assert_error(join(client, event, token, "Bob"), 422, "event.full")
    assert "most players it can take" in full["message"] and hashed == [] and not signs_in(client, "Bob")
    monkeypatch.setattr(registrations, "PLAYERS_MAX", 2)
    assert join(client, event, token, "Bob").status_code == 201  # positive control: one more place
    assert players(client, event) == ["Ann", "Bob"]


def test_on_a_site_that_sends_mail_the_player_is_registered_when_the_mailed_link_is_opened(
        client: TestClient) -> None:
    olga, event = hall(client)
    token = venue_link(client, event, olga)
    deps.current().accounts.mailer = outbox = Outbox()
    asked = join(client, event, token, "Ann")
    assert asked.status_code == 202 and players(client, event) == []
    made = client.post("/api/account/confirm", json={"token": outbox.link("ann@example.org"), "password": PASSWORD})
    assert made.status_code == 200, made.text
    assert players(client, event) == ["Ann"]
