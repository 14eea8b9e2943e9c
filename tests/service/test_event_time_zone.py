"""An event's time zone: the organiser picks it when creating the event; its times are kept in UTC and shown in it
with UTC beside (models/service/zones.py). SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.testclient import TestClient

from models.service.zones import at
from tests.service.site_client import sign_up
from tests.service.test_api import assert_error
from tests.service.test_events_api import EVENT


def test_an_event_keeps_the_time_zone_its_organiser_picked(client: TestClient) -> None:
    olga = sign_up(client, "Olga")
    r = client.post("/api/events", json={**EVENT, "time_zone": "Europe/London",
                                         "deadline": "2030-07-01T09:00:00+01:00"}, headers=olga["headers"])
    assert r.status_code == 201, r.text
    assert r.json()["time_zone"] == "Europe/London"
    assert datetime.fromisoformat(r.json()["deadline"]) == datetime(2030, 7, 1, 8, tzinfo=UTC)  # the same moment
    listed = client.get("/api/events").json()
    assert [e["time_zone"] for e in listed] == ["Europe/London"]
    assert client.get(f"/api/events/{listed[0]['id']}").json()["event"]["time_zone"] == "Europe/London"
    r = client.post("/api/events", json=EVENT, headers=olga["headers"])
    assert r.json()["time_zone"] == "UTC"  # the default, as events made before time zones show


def test_a_time_zone_the_database_does_not_know_is_refused_and_nothing_is_stored(client: TestClient) -> None:
    olga = sign_up(client, "Olga")
    for zone in ("Mars/Olympus_Mons", "", "Europe/London; DROP TABLE event", "x" * 65):
        assert_error(client.post("/api/events", json={**EVENT, "time_zone": zone}, headers=olga["headers"]), 422,
                     "event.time_zone" if len(zone) <= 64 else "request.invalid")
    assert client.get("/api/events").json() == []


def test_times_show_in_the_events_zone_with_utc_beside() -> None:
    summer = datetime(2030, 7, 1, 8, 0, tzinfo=UTC)
    assert at(summer, "Europe/London") == "01 Jul 2030, 09:00 Europe/London (08:00 UTC)"
    assert at(summer, "UTC") == "01 Jul 2030, 08:00 UTC"
    late = datetime(2030, 1, 10, 3, 30, tzinfo=UTC)  # still the 9th in New York
    assert at(late, "America/New_York") == "09 Jan 2030, 22:30 America/New_York (10 Jan, 03:30 UTC)"
    assert at(late, "Asia/Tokyo", day=False) == "12:30 Asia/Tokyo (03:30 UTC)"
