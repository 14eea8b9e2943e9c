"""The round timer's routes (webapp/api/hall.py): the organiser starts, pauses and resumes it; anyone reads it;
anyone else is refused and nothing changes. SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from models.service.events.hall import HallService
from tests.service.site_client import sign_up
from tests.service.test_api import assert_error
from tests.service.test_events_api import enter, new_event, pair
from webapp import deps

MIN = 60_000


class Clock:
    """The server's time, moved by the test."""

    def __init__(self) -> None:
        self.ms = 1_000_000

    def __call__(self) -> int:
        return self.ms


@pytest.fixture
def clock() -> Clock:
    made = Clock()
    current = deps.current()
    current.service.now_ms = made
    current.hall = HallService(current.engine, current.events, made)
    return made


def test_the_organiser_starts_pauses_and_resumes_the_rounds_timer_and_anyone_reads_it(client: TestClient,
                                                                                      clock: Clock) -> None:
    olga = sign_up(client, "Olga")
    event = new_event(client, olga)
    enter(client, event, "Ann")
    enter(client, event, "Bob")
    route = f"/api/events/{event['id']}/timer"
    assert_error(client.post(route, json={"action": "start", "minutes": 50}, headers=olga["headers"]), 422,
                 "event.timer_no_round")
    pair(client, event, olga)
    assert client.get(route).json() is None  # not started yet
    r = client.post(route, json={"action": "start", "minutes": 50}, headers=olga["headers"])
    assert r.status_code == 200, r.text
    assert r.json() == {"round": 1, "minutes": 50, "left_ms": 50 * MIN, "running": True}
    clock.ms += 10 * MIN
    assert client.post(route, json={"action": "pause"}, headers=olga["headers"]).json()["left_ms"] == 40 * MIN
    clock.ms += 30 * MIN  # a long pause costs nothing
    assert client.get(route).json() == {"round": 1, "minutes": 50, "left_ms": 40 * MIN, "running": False}
    assert client.post(route, json={"action": "resume"}, headers=olga["headers"]).json()["running"]
    clock.ms += 5 * MIN
    assert client.get(route).json()["left_ms"] == 35 * MIN


def test_only_the_organiser_runs_the_timer(client: TestClient, clock: Clock) -> None:
    olga = sign_up(client, "Olga")
    event = new_event(client, olga)
    ann = enter(client, event, "Ann")
    enter(client, event, "Bob")
    pair(client, event, olga)
    route = f"/api/events/{event['id']}/timer"
    assert_error(client.post(route, json={"action": "start", "minutes": 50}, headers=ann["headers"]), 403,
                 "access.forbidden")
    assert_error(client.post(route, json={"action": "start", "minutes": 50}), 401, "account.signed_out")
    assert client.get(route).json() is None  # nothing changed
    r = client.post(route, json={"action": "start", "minutes": 50}, headers=olga["headers"])
    assert r.status_code == 200  # positive control: the organiser may
    assert_error(client.post(route, json={"action": "pause"}, headers=ann["headers"]), 403, "access.forbidden")
    assert client.get(route).json()["running"]


def test_bad_timer_input_is_refused_with_a_reason(client: TestClient, clock: Clock) -> None:
    olga = sign_up(client, "Olga")
    event = new_event(client, olga)
    enter(client, event, "Ann")
    enter(client, event, "Bob")
    pair(client, event, olga)
    route = f"/api/events/{event['id']}/timer"
    assert_error(client.post(route, json={"action": "pause"}, headers=olga["headers"]), 422,
                 "event.timer_not_started")
    for minutes in (0, 301, None):
        assert_error(client.post(route, json={"action": "start", "minutes": minutes}, headers=olga["headers"]), 422,
                     "event.timer_minutes")
    assert client.post(route, json={"action": "stop"}, headers=olga["headers"]).status_code == 422
    assert client.get(route).json() is None  # nothing changed
    assert_error(client.get("/api/events/nope/timer"), 404, "event.not_found")
    assert_error(client.post("/api/events/nope/timer", json={"action": "pause"}, headers=olga["headers"]), 404,
                 "event.not_found")
