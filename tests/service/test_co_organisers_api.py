"""Removing a co-organiser through the REST API: only the event's own organiser may, and the email removed no longer
runs the event. A co-organiser, a player and someone signed out are refused and nothing changes; bad input gets a
clear refusal, never a 500. SQLite always, PostgreSQL when TEST_DATABASE_URL is set (``db_url``)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.service.site_client import sign_up
from tests.service.test_api import assert_error
from tests.service.test_events_api import detail, new_event


def with_co_organisers(client: TestClient) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Olga's event with Cora and Dan as co-organisers (named by Olga), and the event."""
    olga, cora, dan = sign_up(client, "Olga"), sign_up(client, "Cora"), sign_up(client, "Dan")
    event = new_event(client, olga)
    for email in ("cora@example.org", "dan@example.org"):
        r = client.post(f"/api/events/{event['id']}/co-organisers", json={"email": email}, headers=olga["headers"])
        assert r.status_code == 200, r.text
    return olga, cora, dan, event


def co_organisers(client: TestClient, event: dict[str, Any], who: dict[str, Any]) -> list[str]:
    return list(detail(client, event, who)["event"]["co_organisers"])


def test_the_organiser_removes_a_co_organiser_who_then_runs_the_event_no_more(client: TestClient) -> None:
    olga, cora, dan, event = with_co_organisers(client)
    edit = f"/api/events/{event['id']}"
    assert client.patch(edit, json={"tables": 3}, headers=cora["headers"]).status_code == 200  # she runs it now
    r = client.delete(f"/api/events/{event['id']}/co-organisers/Cora@Example.org", headers=olga["headers"])
    assert r.status_code == 200, r.text
    assert r.json()["co_organisers"] == ["dan@example.org"]
    assert co_organisers(client, event, olga) == ["dan@example.org"]
    assert_error(client.patch(edit, json={"tables": 4}, headers=cora["headers"]), 403, "access.forbidden")
    assert client.patch(edit, json={"tables": 4}, headers=dan["headers"]).status_code == 200  # Dan still does


def test_a_co_organiser_or_a_player_cannot_remove_a_co_organiser_and_nothing_changes(client: TestClient) -> None:
    olga, cora, dan, event = with_co_organisers(client)
    ann = sign_up(client, "Ann")
    assert client.post(f"/api/events/{event['id']}/registrations", headers=ann["headers"]).status_code == 201
    url = f"/api/events/{event['id']}/co-organisers/dan@example.org"
    for who in (cora, ann):
        body = assert_error(client.delete(url, headers=who["headers"]), 403, "access.forbidden")
        assert body["message"] == "Only the event's organiser can remove a co-organiser."
    own = f"/api/events/{event['id']}/co-organisers/cora@example.org"
    assert_error(client.delete(own, headers=cora["headers"]), 403, "access.forbidden")  # not even herself
    assert_error(client.delete(url), 401, "account.signed_out")
    assert co_organisers(client, event, olga) == ["cora@example.org", "dan@example.org"]
    assert client.delete(url, headers=olga["headers"]).status_code == 200  # the positive control


def test_removing_an_email_that_is_no_co_organiser_or_no_email_is_refused_in_words(client: TestClient) -> None:
    olga, _, _, event = with_co_organisers(client)
    base = f"/api/events/{event['id']}/co-organisers"
    assert_error(client.delete(f"{base}/nobody@example.org", headers=olga["headers"]), 422,
                 "event.not_co_organiser")
    assert_error(client.delete(f"{base}/olga@example.org", headers=olga["headers"]), 422, "event.not_co_organiser")
    assert_error(client.delete(f"{base}/not-an-email", headers=olga["headers"]), 422, "account.email_invalid")
    assert_error(client.delete(f"{base}/{'x' * 250}@example.org", headers=olga["headers"]), 422, "request.invalid")
    assert_error(client.delete(f"/api/events/{'f' * 16}/co-organisers/dan@example.org", headers=olga["headers"]),
                 404, "event.not_found")
    assert co_organisers(client, event, olga) == ["cora@example.org", "dan@example.org"]
