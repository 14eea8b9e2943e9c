"""The REST API (webapp/api/games.py) over a real GameService and database: every route, every error path.

The app here is a bare FastAPI app with only the API router, so these tests need no NiceGUI. Tests taking
`client` run on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (the `db_url` fixture).
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.testclient import TestClient

from models.db.engine import make_engine, migrate
from models.rules import parse_command
from models.rules.core import COMMANDS
from models.service import GameService
from webapp import deps
from webapp.api.games import router
from webapp.live.games import Live

REPO_ROOT = Path(__file__).resolve().parents[2]
AGATHON, REGNA, FOREBODER = "p1-agathon", "p2-princess-regna", "p1-foreboder"
OPERATOR = "operator-secret-token"
MY_SOLO = {"key": "my-solo", "name": "My Solo", "faction": "Infernals", "role": "solo", "cost": 3,
           "damage": {"kind": "boxes", "boxes": 5}}

GAME = {
    "title": "Friday game",
    "sides": [
        {"player": "Ann", "army": [{"card": "agathon"}, {"card": "guardian-of-souls", "battlegroup_of": 0},
                                   {"card": "foreboder", "battlegroup_of": 0},
                                   {"card": "cultist-band", "size": 4}]},
        {"player": "Bob", "army": [{"card": "princess-regna"}, {"card": "lamenter", "battlegroup_of": 0}]},
    ],
}


def build_app(live: Live | None = None, routers: Sequence[APIRouter] = ()) -> FastAPI:
    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if live is not None:
            live.bind_loop()  # as webapp.main does at start-up: commits reach event streams on this loop
        yield
        if live is not None:
            live.close_streams()

    app = FastAPI(lifespan=lifespan)
    app.include_router(router)
    for more in routers:
        app.include_router(more)
    return app


@contextmanager
def api_client(db_url: str, monkeypatch: pytest.MonkeyPatch, operator: str | None = None,
               routers: Sequence[APIRouter] = ()) -> Iterator[TestClient]:
    """The API on a fresh database; ``operator``: the site's operator token (TABLEKEEPER_OPERATOR_TOKEN);
    ``routers``: more routes (the hosted site's)."""
    engine = make_engine(db_url)
    migrate(engine)
    monkeypatch.setattr(deps, "_current", None)  # restored after the test
    service = GameService(engine, operator_token=operator)
    live = Live(service)
    deps.install(deps.Deps(engine=engine, service=service, live=live))
    with TestClient(build_app(live, routers)) as c:
        yield c
    engine.dispose()


@pytest.fixture
def client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    with api_client(db_url, monkeypatch) as c:
        yield c


@pytest.fixture
def game(client: TestClient) -> dict[str, Any]:
    response = client.post("/api/games", json=GAME)
    assert response.status_code == 201, response.text
    return response.json()


def command(client: TestClient, game: dict[str, Any], cmd: dict[str, Any], version: int,
            token: str | None = None) -> Any:
    return client.post(f"/api/games/{game['id']}/commands",
                       json={"command": cmd, "expected_version": version},
                       headers={"X-Token": token or game["tokens"]["table"]})


def read(client: TestClient, game: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game['id']}", headers={"X-Token": token or game["tokens"]["watch"]})
    assert response.status_code == 200, response.text
    return response.json()


def model(state: dict[str, Any], model_id: str) -> dict[str, Any]:
    return next(m for m in state["models"] if m["id"] == model_id)


def assert_error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code, body
    assert isinstance(body["message"], str) and body["message"]
    assert "Traceback" not in response.text
    return body


# -- create, read, command, conflict (both databases) ------------------------------------------------------

def test_create_read_command_and_stale_version(client: TestClient) -> None:
    created = client.post("/api/games", json=GAME)
    assert created.status_code == 201, created.text
    game = created.json()
    gid, tokens = game["id"], game["tokens"]
    assert game["version"] == 1
    assert set(tokens) == {"table", "watch", "seat1", "seat2"}
    assert len(set(tokens.values())) == 4
    assert game["table_url"] == f"/table/{gid}/{tokens['table']}"
    assert game["watch_url"] == f"/watch/{gid}/{tokens['watch']}"
    assert game["seat_urls"] == [f"/table/{gid}/{tokens['seat1']}", f"/table/{gid}/{tokens['seat2']}"]

    body = read(client, game)
    assert body["id"] == gid and body["version"] == 1
    assert body["state"]["title"] == "Friday game"
    assert [p["name"] for p in body["state"]["players"]] == ["Ann", "Bob"]
    assert (body["state"]["phase"], body["state"]["step"]) == ("control", "replenish")  # maintenance: nothing to do

    done = command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 2}, 1)
    assert done.status_code == 200, done.text
    out = done.json()
    assert out["version"] == 2
    assert out["events"][0]["kind"] == "damage.marked"
    assert out["events"][0]["model"] == AGATHON
    assert "Agathon" in out["events"][0]["text"]
    assert model(out["state"], AGATHON)["marks"] == [2]
    assert read(client, game)["state"] == out["state"]

    stale = command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 1}, 1)
    body = assert_error(stale, 409, "conflict")
    assert body["version"] == 2
    assert read(client, game)["version"] == 2
    assert model(read(client, game)["state"], AGATHON)["marks"] == [2]


def test_read_takes_the_token_from_header_or_query_and_any_role(client: TestClient, game: dict) -> None:
    for role in ("table", "watch", "seat1", "seat2"):
        assert read(client, game, game["tokens"][role])["version"] == 1
        by_query = client.get(f"/api/games/{game['id']}", params={"token": game["tokens"][role]})
        assert by_query.status_code == 200 and by_query.json()["version"] == 1


# -- access ------------------------------------------------------------------------------------------------

def test_redo_brings_back_what_the_undo_took_back_and_only_right_after_it(client: TestClient, game: dict) -> None:
    gid, table = game["id"], {"X-Token": game["tokens"]["table"]}
    marked = command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 3}, 1).json()
    assert_error(client.post(f"/api/games/{gid}/redo", json={"expected_version": 2}, headers=table),
                 422, "redo.nothing")  # the positive control: nothing was undone yet
    assert client.post(f"/api/games/{gid}/undo", json={"expected_version": 2}, headers=table).status_code == 200
    watch = client.post(f"/api/games/{gid}/redo", json={"expected_version": 3},
                        params={"token": game["tokens"]["watch"]})
    assert_error(watch, 403, "access.forbidden")
    redone = client.post(f"/api/games/{gid}/redo", json={"expected_version": 3}, headers=table)
    assert redone.status_code == 200, redone.text
    assert redone.json()["version"] == 4
    assert model(redone.json()["state"], AGATHON) == model(marked["state"], AGATHON)
    kinds = [e["kind"] for e in client.get(f"/api/games/{gid}/log", headers=table).json()]
    assert kinds == ["setup", "mark_damage", "undo", "mark_damage"]
    assert_error(client.post(f"/api/games/{gid}/redo", json={"expected_version": 4}, headers=table),
                 422, "redo.nothing")


def test_watch_token_cannot_command_or_undo(client: TestClient, game: dict) -> None:
    watch = game["tokens"]["watch"]
    refused = command(client, game, {"type": "advance"}, 1, token=watch)
    assert_error(refused, 403, "access.forbidden")
    undo = client.post(f"/api/games/{game['id']}/undo", json={"expected_version": 1},
                       params={"token": watch})
    assert_error(undo, 403, "access.forbidden")
    assert read(client, game)["version"] == 1


@pytest.mark.parametrize("headers", [{}, {"X-Token": "not-a-token"}])
def test_a_missing_or_wrong_token_answers_exactly_as_an_unknown_game(client: TestClient, game: dict,
                                                                     headers: dict[str, str]) -> None:
    """A stranger cannot tell an existing game from a made-up id: same status, same body."""
    routes = [("get", "{gid}", None), ("get", "{gid}/log", None), ("get", "{gid}/options/" + AGATHON, None),
              ("get", "{gid}/view", None), ("get", "{gid}/events", None),
              ("post", "{gid}/commands", {"command": {"type": "advance"}, "expected_version": 1}),
              ("post", "{gid}/undo", {"expected_version": 1}), ("post", "{gid}/redo", {"expected_version": 1})]
    for method, path, body in routes:
        kwargs = {"headers": headers, **({"json": body} if body is not None else {})}
        real = getattr(client, method)("/api/games/" + path.format(gid=game["id"]), **kwargs)
        made_up = getattr(client, method)("/api/games/" + path.format(gid="0123456789abcdef"), **kwargs)
        assert_error(real, 404, "game.not_found")
        assert (real.status_code, real.json()) == (made_up.status_code, made_up.json())
    # Positive control: the game's own watch token opens it.
    assert client.get(f"/api/games/{game['id']}", params={"token": game["tokens"]["watch"]}).status_code == 200


def test_a_token_of_another_game_does_not_open_this_one(client: TestClient, game: dict) -> None:
    other = client.post("/api/games", json=GAME).json()
    assert_error(client.get(f"/api/games/{game['id']}", headers={"X-Token": other["tokens"]["table"]}),
                 404, "game.not_found")
    assert client.get(f"/api/games/{other['id']}", headers={"X-Token": other["tokens"]["table"]}).status_code == 200


def test_a_seat_link_cannot_set_the_other_players_time_or_end_the_game_for_them(client: TestClient,
                                                                               game: dict) -> None:
    """The testers' sequence: seat 2 paused, set seat 1's time to 1 s, resumed, and claimed it ran out; then claimed
    seat 1's assassination. Each is refused and says who can; the game goes on."""
    seat2 = game["tokens"]["seat2"]
    started = command(client, game, {"type": "start_clock", "minutes_per_player": 60}, 1)
    assert started.status_code == 200, started.text
    for body in ({"type": "pause_clock"}, {"type": "adjust_clock", "seat": 0, "remaining_ms": 1000},
                 {"type": "resume_clock"}):
        refused = assert_error(command(client, game, body, 2, token=seat2), 403, "access.forbidden")
        assert refused["message"].startswith("Only the shared table link can")
    assert_error(command(client, game, {"type": "clock_expired", "seat": 0}, 2, token=seat2), 422,
                 "clock.not_expired")
    refused = assert_error(command(client, game, {"type": "assassinated", "seat": 0}, 2, token=seat2), 403,
                           "access.forbidden")
    assert refused["message"].startswith("Only Ann or the shared table link can")
    state = read(client, game)
    assert state["version"] == 2 and state["state"]["result"] is None
    paused = command(client, game, {"type": "pause_clock"}, 2)  # positive control: the table link may
    assert paused.status_code == 200, paused.text


def test_a_seat_link_acts_for_its_own_side_only(client: TestClient, game: dict) -> None:
    seat1, seat2 = game["tokens"]["seat1"], game["tokens"]["seat2"]
    assert_error(command(client, game, {"type": "advance"}, 1, token=seat2), 403, "access.forbidden")
    damage = command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 1}, 1, token=seat2)
    assert damage.status_code == 200, damage.text
    moved = command(client, game, {"type": "advance"}, 2, token=seat1)
    assert moved.status_code == 200, moved.text
    log = client.get(f"/api/games/{game['id']}/log", params={"token": seat1}).json()
    assert [e["actor"] for e in log] == ["table", "seat 2", "seat 1"]


def test_unknown_game_is_404_on_every_game_route(client: TestClient, game: dict) -> None:
    token = {"X-Token": game["tokens"]["table"]}
    for response in (
        client.get("/api/games/nosuchgame", headers=token),
        client.get("/api/games/nosuchgame/log", headers=token),
        client.get("/api/games/nosuchgame/view", headers=token),
        client.get("/api/games/nosuchgame/events", headers=token),
        client.get(f"/api/games/nosuchgame/options/{AGATHON}", headers=token),
        client.post("/api/games/nosuchgame/commands", headers=token,
                    json={"command": {"type": "advance"}, "expected_version": 1}),
        client.post("/api/games/nosuchgame/undo", headers=token, json={"expected_version": 1}),
    ):
        assert_error(response, 404, "game.not_found")


# -- refusals ----------------------------------------------------------------------------------------------

def test_a_command_the_rules_refuse_is_422_with_its_code(client: TestClient, game: dict) -> None:
    refused = command(client, game, {"type": "leech", "master": AGATHON, "points": 1}, 1)
    body = assert_error(refused, 422, "essence.exceeds_stat")
    assert "9 of 9 essence" in body["message"]
    assert read(client, game)["version"] == 1


@pytest.mark.parametrize(("cmd", "code"), [
    ({"type": "mark_damage", "model": AGATHON, "amount": -1}, "command.invalid"),
    ({"type": "mark_damage", "model": AGATHON, "amount": "abc"}, "command.invalid"),
    ({"type": "mark_damage", "model": AGATHON}, "command.invalid"),
    ({"type": "mark_damage", "model": AGATHON, "amount": 1, "extra": True}, "command.invalid"),
    ({"type": "teleport", "model": AGATHON}, "command.unknown"),
    ({"model": AGATHON}, "command.unknown"),
    ({"type": "mark_damage", "model": "p9-nobody", "amount": 1}, "model.unknown"),
])
def test_an_unparseable_command_is_422(client: TestClient, game: dict, cmd: dict, code: str) -> None:
    assert_error(command(client, game, cmd, 1), 422, code)
    assert read(client, game)["version"] == 1


def test_setup_cannot_be_sent_as_a_command(client: TestClient, game: dict) -> None:
    setup = {"type": "setup", "title": "Again", "cards": {},
             "sides": [{"player": "A", "army": []}, {"player": "B", "army": []}]}
    refused = assert_error(command(client, game, setup, 1), 403, "access.forbidden")
    assert "Nobody sends that" in refused["message"]


@pytest.mark.parametrize("body", [
    {"command": {"type": "advance"}},                        # no expected_version
    {"expected_version": 1},                                 # no command
    {"command": "advance", "expected_version": 1},           # command is not an object
    {"command": {"type": "advance"}, "expected_version": "soon"},
])
def test_a_malformed_request_is_422_request_invalid(client: TestClient, game: dict, body: dict) -> None:
    response = client.post(f"/api/games/{game['id']}/commands", json=body,
                           headers={"X-Token": game["tokens"]["table"]})
    assert_error(response, 422, "request.invalid")


def test_invalid_json_is_422_request_invalid(client: TestClient, game: dict) -> None:
    response = client.post(f"/api/games/{game['id']}/commands", content=b"{not json",
                           headers={"X-Token": game["tokens"]["table"], "Content-Type": "application/json"})
    assert_error(response, 422, "request.invalid")


@pytest.mark.parametrize(("change", "status", "code"), [
    ({"sides": [GAME["sides"][0]]}, 422, "request.invalid"),
    ({"first": 2}, 422, "request.invalid"),
    ({"title": "   "}, 422, "name.empty"),
    ({"title": "x" * 61}, 422, "name.too_long"),
    ({"sides": [{"player": "Ann", "army": [{"card": "no-such-card"}]}, GAME["sides"][1]]}, 422,
     "setup.unknown_card"),
    ({"sides": [{"player": "Ann", "army": [{"card": "agathon"}, {"card": "foreboder"}]}, GAME["sides"][1]]},
     422, "list.horror_without_master"),
    ({"sides": [{"player": "Ann", "army": [{"card": "agathon"}] * 81}, GAME["sides"][1]]}, 422,
     "request.invalid"),
])
def test_create_refusals_are_422(client: TestClient, change: dict, status: int, code: str) -> None:
    assert_error(client.post("/api/games", json={**GAME, **change}), status, code)


def test_a_game_starts_from_a_systems_own_setup_command(client: TestClient) -> None:
    cards = {c["key"]: c for c in client.get("/api/cards").json()}
    setup = {"type": "setup", "title": GAME["title"], "sides": GAME["sides"],
             "cards": {e["card"]: cards[e["card"]] for s in GAME["sides"] for e in s["army"]}}
    created = client.post("/api/games/start", json={"command": setup})
    assert created.status_code == 201
    state = read(client, created.json())["state"]
    assert [p["name"] for p in state["players"]] == ["Ann", "Bob"]


def test_a_setup_command_without_cards_plays_the_sites(client: TestClient) -> None:
    """The service supplies the cards a setup's armies use from the site's catalog, as the rules ask of it."""
    setup = {"type": "setup", "title": GAME["title"], "sides": GAME["sides"], "cards": {}}
    created = client.post("/api/games/start", json={"command": setup})
    assert created.status_code == 201
    site = {c["key"]: c for c in client.get("/api/cards").json()}
    state = read(client, created.json())["state"]
    used = {e["card"] for s in GAME["sides"] for e in s["army"]}
    assert used and set(state["cards"]) == used
    assert all(state["cards"][k]["name"] == site[k]["name"] for k in used)
    unknown = {**setup, "sides": [{"player": "Ann", "army": [{"card": "no-such-card"}]}, GAME["sides"][1]]}
    assert_error(client.post("/api/games/start", json={"command": unknown}), 422, "setup.unknown_card")


@pytest.mark.parametrize("command, code", [
    ({"type": "advance"}, "game.not_set_up"),  # not a setup command: nothing to start
    ({"type": "no_such_command"}, "command.unknown"),
])
def test_starting_a_game_needs_a_setup_command(client: TestClient, command: dict, code: str) -> None:
    assert_error(client.post("/api/games/start", json={"command": command}), 422, code)


def test_first_player_can_be_chosen(client: TestClient) -> None:
    game = client.post("/api/games", json={**GAME, "first": 1}).json()
    state = read(client, game)["state"]
    assert (state["first"], state["active"]) == (1, 1)


# -- undo and log ------------------------------------------------------------------------------------------

def test_undo_rebuilds_the_state_and_the_log_keeps_history(client: TestClient, game: dict) -> None:
    gid, token = game["id"], {"X-Token": game["tokens"]["table"]}
    assert command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 3}, 1).status_code == 200

    assert_error(client.post(f"/api/games/{gid}/undo", json={"expected_version": 1}, headers=token),
                 409, "conflict")
    undone = client.post(f"/api/games/{gid}/undo", json={"expected_version": 2}, headers=token)
    assert undone.status_code == 200, undone.text
    out = undone.json()
    assert out["version"] == 3
    assert out["events"][0]["kind"] == "undo"
    assert model(out["state"], AGATHON)["marks"] in ([], [0])
    assert read(client, game)["state"] == out["state"]

    log = client.get(f"/api/games/{gid}/log", params={"token": game["tokens"]["watch"]})
    assert log.status_code == 200, log.text
    entries = log.json()
    assert [(e["seq"], e["kind"], e["undone"]) for e in entries] == [
        (1, "setup", False), (2, "mark_damage", True), (3, "undo", False)]
    assert all(set(e) == {"seq", "kind", "texts", "actor", "undone", "at"} for e in entries)
    assert entries[1]["texts"] == ["Agathon suffers 3 damage (marked at the table)."]
    assert entries[2]["texts"][0].startswith("Undone: ")

    nothing = client.post(f"/api/games/{gid}/undo", json={"expected_version": 3}, headers=token)
    assert_error(nothing, 422, "undo.nothing")


# -- cached reads: ETag by version, the spectators' view, the event stream ---------------------------------

@pytest.mark.parametrize("path", ["", "/view"])
def test_a_read_is_tagged_with_its_version_and_is_304_until_the_game_changes(client: TestClient, game: dict,
                                                                             path: str) -> None:
    url, watch = f"/api/games/{game['id']}{path}", {"X-Token": game["tokens"]["watch"]}
    first = client.get(url, headers=watch)
    assert first.status_code == 200 and first.headers["ETag"] == '"1"'
    assert client.get(url, headers={**watch, "If-None-Match": '"7"'}).status_code == 200  # the positive control
    same = client.get(url, headers={**watch, "If-None-Match": first.headers["ETag"]})
    assert same.status_code == 304 and same.content == b"" and same.headers["ETag"] == '"1"'
    assert command(client, game, {"type": "mark_damage", "model": AGATHON, "amount": 1}, 1).status_code == 200
    changed = client.get(url, headers={**watch, "If-None-Match": '"1"'})
    assert changed.status_code == 200 and changed.headers["ETag"] == '"2"'
    assert changed.json()["version" if not path else "v"] == 2
    assert first.content != changed.content


def test_the_view_is_what_a_watch_page_shows(client: TestClient, game: dict) -> None:
    view = client.get(f"/api/games/{game['id']}/view", params={"token": game["tokens"]["watch"]}).json()
    assert view["players"] == ["Ann", "Bob"] and view["turn"]["player"] == "Ann's turn"
    assert view["cards"][AGATHON]["points"]["text"] == "Essence 9 / 9"
    assert view["cards"][AGATHON]["track"]["label"] == "Damage boxes: 0 of 17 marked"


def events(lines: Iterator[str], count: int) -> list[dict[str, Any]]:
    """The next ``count`` server-sent events of a stream: {"id", "event", "data"} (comments skipped)."""
    found: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for line in lines:
        if not line:
            if "data" in current:
                found.append(current)
                if len(found) == count:
                    return found
            current = {}
        elif not line.startswith(":"):
            field, _, value = line.partition(": ")
            current[field] = json.loads(value) if field == "data" else value
    return found


def test_the_event_stream_sends_one_message_per_commit_and_resumes_after_last_event_id(
        client: TestClient, game: dict) -> None:
    gid, watch = game["id"], {"X-Token": game["tokens"]["watch"]}
    version = 1
    for amount in (1, 2, 3):
        version = command(client, game, {"type": "mark_damage", "model": REGNA, "amount": 1}, version).json()["version"]
        assert amount + 1 == version
    with client.stream("GET", f"/api/games/{gid}/events", headers={**watch, "Last-Event-ID": "2"}) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        missed = events(lines, 2)
        assert [(e["id"], e["event"], e["data"]["version"]) for e in missed] == [("3", "commit", 3),
                                                                                 ("4", "commit", 4)]
        assert missed[0]["data"]["view"] is None and missed[0]["data"]["entry"]["seq"] == 3
        assert missed[1]["data"]["view"]["v"] == 4 and missed[1]["data"]["entry"]["kind"] == "mark_damage"
        command(client, game, {"type": "advance"}, 4)
        live = events(lines, 1)[0]
        assert live["id"] == "5" and live["data"]["entry"]["kind"] == "advance"
        assert live["data"]["view"]["turn"]["phase"] == "Activation: Activate every model"


def test_a_new_reader_of_the_event_stream_first_gets_the_current_version(client: TestClient, game: dict) -> None:
    with client.stream("GET", f"/api/games/{game['id']}/events", params={"token": game["tokens"]["watch"]}) as s:
        first = events(s.iter_lines(), 1)[0]
    assert first["id"] == "1" and first["data"]["view"]["v"] == 1


# -- options and cards -------------------------------------------------------------------------------------

def test_options_say_what_a_model_may_do_and_change_nothing(client: TestClient, game: dict) -> None:
    url = f"/api/games/{game['id']}/options/{AGATHON}"
    response = client.get(url, params={"token": game["tokens"]["watch"]})
    assert response.status_code == 200, response.text
    by_action = {o["action"]: o for o in response.json()}
    assert all(set(o) == {"action", "allowed", "reason", "code", "command", "ask", "choices", "ends"}
               for a, o in by_action.items() if a not in ("attack", "derived"))
    assert by_action["attack"]["dice"] == {"attack": 2, "damage": 2}
    assert by_action["derived"]["allowed"] is False and by_action["derived"]["values"]["CTRL"] == 18
    mark = by_action["mark_damage"]
    assert {k: mark[k] for k in ("action", "allowed", "reason", "code", "ask")} == {
        "action": "mark_damage", "allowed": True, "reason": "", "code": "",
        "ask": ["amount", "column", "side", "then_column", "transfer_to"]}
    assert parse_command(mark["command"]) == parse_command({"type": "mark_damage", "model": AGATHON, "amount": 1,
                                                            "column": 1})
    assert by_action["leech"]["allowed"] is False
    assert "9 of 9 essence" in by_action["leech"]["reason"]
    assert by_action["leech"]["ask"] == ["points"]
    assert read(client, game)["version"] == 1


def test_an_options_command_is_sent_as_it_is(client: TestClient, game: dict) -> None:
    """DESIGN.md "The rules core": a client sends the probed command (its asked fields answered) unchanged."""
    url = f"/api/games/{game['id']}/options/{AGATHON}"
    found = {o["action"]: o for o in client.get(url, params={"token": game["tokens"]["watch"]}).json()}
    refused = command(client, game, found["leech"]["command"], 1)
    assert refused.status_code == 422 and refused.json()["code"] == found["leech"]["code"]
    accepted = command(client, game, found["mark_damage"]["command"], 1)
    assert accepted.status_code == 200, accepted.text
    assert read(client, game)["version"] == 2


def test_options_of_an_unknown_model_is_404(client: TestClient, game: dict) -> None:
    response = client.get(f"/api/games/{game['id']}/options/p9-nobody",
                          params={"token": game["tokens"]["watch"]})
    assert_error(response, 404, "model.unknown")


def test_cards_lists_the_catalog(client: TestClient) -> None:
    response = client.get("/api/cards")
    assert response.status_code == 200, response.text
    cards = {c["key"]: c for c in response.json()}
    assert {"agathon", "princess-regna", "foreboder", "cultist-band"} <= set(cards)
    assert cards["agathon"]["stats"]["ESSENCE"] == 9
    assert cards["foreboder"]["damage"]["rings"] is None


def test_a_completion_through_the_api_stays_in_its_game(client: TestClient, game: dict) -> None:
    """A table link or the owner's seat link completes its game's copy only (the other seat may not complete Ann's
    cards); GET /api/cards and a new game keep the shipped card, and undo takes the completion back."""
    foreboder = next(c for c in client.get("/api/cards").json() if c["key"] == "foreboder")
    completed = {**foreboder, "damage": {**foreboder["damage"], "rings": [6, 4, 4]}}
    other_side = command(client, game, {"type": "complete_card", "card": completed}, 1, game["tokens"]["seat2"])
    assert "Only Ann or the shared table link" in assert_error(other_side, 403, "access.forbidden")["message"]
    done = command(client, game, {"type": "complete_card", "card": completed}, 1, game["tokens"]["seat1"])
    assert done.status_code == 200, done.text
    assert done.json()["state"]["cards"]["foreboder"]["damage"]["rings"] == [6, 4, 4]
    assert next(c for c in client.get("/api/cards").json() if c["key"] == "foreboder") == foreboder
    later = client.post("/api/games", json=GAME).json()
    assert read(client, later)["state"]["cards"]["foreboder"]["damage"]["rings"] is None
    damaged = command(client, game, {"type": "mark_damage", "model": FOREBODER, "amount": 7}, 2)
    assert model(damaged.json()["state"], FOREBODER)["marks"] == [6, 1, 0]
    client.post(f"/api/games/{game['id']}/undo", json={"expected_version": 3},
                headers={"X-Token": game["tokens"]["table"]})
    undone = client.post(f"/api/games/{game['id']}/undo", json={"expected_version": 4},
                         headers={"X-Token": game["tokens"]["table"]})
    assert undone.json()["state"]["cards"]["foreboder"]["damage"]["rings"] is None


def test_a_game_link_cannot_rewrite_a_card_or_send_a_megabyte_of_rules(client: TestClient, game: dict) -> None:
    agathon = next(c for c in client.get("/api/cards").json() if c["key"] == "agathon")
    for token in ("table", "seat1"):
        rewritten = {**agathon, "name": "Nobody", "stats": {**agathon["stats"], "ARM": 30}}
        refused = command(client, game, {"type": "complete_card", "card": rewritten}, 1, game["tokens"][token])
        body = assert_error(refused, 422, "card.fact_given")
        assert "name, ARM" in body["message"]
        huge = command(client, game, {"type": "complete_card", "card": {**agathon, "rules": ["x" * 1_000_000]}}, 1,
                       game["tokens"][token])
        assert "500 characters" in assert_error(huge, 422, "command.invalid")["message"]
    assert read(client, game)["version"] == 1
    assert next(c for c in client.get("/api/cards").json() if c["key"] == "agathon") == agathon


@pytest.mark.parametrize("configured, sent", [(None, None), (None, OPERATOR), (OPERATOR, None),
                                              (OPERATOR, "wrong")])
def test_saving_a_site_card_needs_the_operator_token(db_url: str, monkeypatch: pytest.MonkeyPatch,
                                                     configured: str | None, sent: str | None) -> None:
    with api_client(db_url, monkeypatch, configured) as client:
        response = client.put("/api/cards", json=MY_SOLO, headers={"X-Operator-Token": sent} if sent else {})
        assert_error(response, 403, "access.operator")
        assert "my-solo" not in {c["key"] for c in client.get("/api/cards").json()}


def test_the_operator_saves_a_site_card(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with api_client(db_url, monkeypatch, OPERATOR) as client:
        saved = client.put("/api/cards", json=MY_SOLO, headers={"X-Operator-Token": OPERATOR})
        assert saved.status_code == 200, saved.text
        assert {c["key"]: c for c in client.get("/api/cards").json()}["my-solo"]["name"] == "My Solo"
        agathon = next(c for c in client.get("/api/cards").json() if c["key"] == "agathon")
        for card, code in (({**agathon, "stats": {**agathon["stats"], "ARM": 30}}, "card.fact_given"),
                           ({**MY_SOLO, "rules": ["x" * 1_000_000]}, "cards.malformed"),
                           ({**MY_SOLO, "cost": -3}, "cards.invalid"), ([MY_SOLO], "cards.malformed")):
            refused = client.put("/api/cards", json=card, headers={"X-Operator-Token": OPERATOR})
            assert_error(refused, 422, code)
        assert next(c for c in client.get("/api/cards").json() if c["key"] == "agathon") == agathon


# -- never a traceback -------------------------------------------------------------------------------------

def test_an_unexpected_failure_is_a_json_500_without_traceback(client: TestClient, game: dict,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game_id: str) -> None:
        raise RuntimeError("database exploded at /secret/path")

    monkeypatch.setattr(deps.current().service, "state", broken)
    response = client.get(f"/api/games/{game['id']}", params={"token": game["tokens"]["table"]})
    body = assert_error(response, 500, "server.error")
    assert "secret" not in response.text and "RuntimeError" not in response.text
    assert body == {"code": "server.error", "message": body["message"]}


# -- documentation -----------------------------------------------------------------------------------------

def test_openapi_documents_every_route_and_its_errors() -> None:
    schema = TestClient(build_app()).get("/openapi.json").json()
    paths = schema["paths"]
    assert set(paths) == {"/api/games", "/api/games/start", "/api/games/{game_id}", "/api/games/{game_id}/commands",
                          "/api/games/{game_id}/undo", "/api/games/{game_id}/redo", "/api/games/{game_id}/log",
                          "/api/games/{game_id}/options/{model_id}", "/api/cards", "/api/themes",
                          "/api/games/{game_id}/result", "/api/games/{game_id}/result.txt",
                          "/api/games/{game_id}/view", "/api/games/{game_id}/events"}
    assert "post" in paths["/api/games"] and "201" in paths["/api/games"]["post"]["responses"]
    commands = paths["/api/games/{game_id}/commands"]["post"]
    assert {"200", "403", "404", "409", "422"} <= set(commands["responses"])
    conflict = commands["responses"]["409"]["content"]["application/json"]["schema"]["$ref"]
    assert conflict.endswith("/ConflictBody")
    params = {(p["name"], p["in"]) for p in commands["parameters"]}
    assert {("game_id", "path"), ("x-token", "header"), ("token", "query")} <= params
    for name in ("CreateGameIn", "CreatedOut", "CommandIn", "OutcomeOut", "GameOut", "ErrorBody",
                 "GameState"):
        assert name in schema["components"]["schemas"]


def test_api_doc_gives_an_example_of_every_command() -> None:
    """docs/API.md lists every registered command with a one-line JSON example that parses (strictly, as the API
    reads what clients send)."""
    text = (REPO_ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    examples = dict(re.findall(r"^#### `([a-z_]+)`\n(?:.*\n)*?```json\n(.+)\n```", text, flags=re.MULTILINE))
    assert set(examples) == set(COMMANDS), "docs/API.md and models.rules.core.COMMANDS differ"
    for type_name, line in examples.items():
        data = json.loads(line)
        assert data["type"] == type_name
        assert parse_command(data, strict=True).type == type_name


# -- command_id: a request repeated with its key counts once -----------------------------------------------

HIT = {"type": "mark_damage", "model": REGNA, "amount": 1}
START_KEY = "3c9e0b4a-5f6d-4e2b-8a71-0d9c2f4e6b18"


def post_to(client: TestClient, game: dict[str, Any], route: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{game['id']}/{route}", json=body, headers={"X-Token": game["tokens"]["table"]})


def log_kinds(client: TestClient, game: dict[str, Any]) -> list[str]:
    response = client.get(f"/api/games/{game['id']}/log", headers={"X-Token": game["tokens"]["watch"]})
    return [e["kind"] for e in response.json()]


def test_a_command_sent_twice_with_its_command_id_is_logged_once(client: TestClient, game: dict) -> None:
    body = {"command": HIT, "expected_version": 1, "command_id": "tap-1"}
    first = post_to(client, game, "commands", body)
    assert first.status_code == 200, first.text
    assert post_to(client, game, "commands", body).json() == first.json()
    advanced = post_to(client, game, "commands", {"command": {"type": "advance"}, "expected_version": 2,
                                                  "command_id": "tap-2"})
    assert advanced.json()["version"] == 3
    late = post_to(client, game, "commands", body)  # the answer was lost; the game has moved on since
    assert (late.status_code, late.json()) == (200, first.json())
    assert log_kinds(client, game) == ["setup", "mark_damage", "advance"]
    stale = post_to(client, game, "commands", {**body, "command_id": "tap-3"})  # positive control: a new key is stale
    assert (stale.status_code, stale.json()["code"], stale.json()["version"]) == (409, "conflict", 3)


def test_a_command_id_reused_for_another_command_is_422(client: TestClient, game: dict) -> None:
    post_to(client, game, "commands", {"command": HIT, "expected_version": 1, "command_id": "tap-1"})
    response = post_to(client, game, "commands", {"command": {"type": "advance"}, "expected_version": 2,
                                                  "command_id": "tap-1"})
    assert response.status_code == 422
    assert response.json()["code"] == "command.id_reused"
    assert log_kinds(client, game) == ["setup", "mark_damage"]


@pytest.mark.parametrize("command_id", ["", "with space", "x" * 65, "a/b", 7])
def test_a_malformed_command_id_is_422_request_invalid(client: TestClient, game: dict, command_id: object) -> None:
    response = post_to(client, game, "commands", {"command": HIT, "expected_version": 1, "command_id": command_id})
    assert response.status_code == 422
    assert response.json()["code"] == "request.invalid"
    assert response.json()["message"].startswith("command_id: ")
    assert log_kinds(client, game) == ["setup"]


def test_an_undo_sent_twice_with_its_command_id_undoes_once(client: TestClient, game: dict) -> None:
    post_to(client, game, "commands", {"command": HIT, "expected_version": 1})
    post_to(client, game, "commands", {"command": HIT, "expected_version": 2})
    first = post_to(client, game, "undo", {"expected_version": 3, "command_id": "undo-1"})
    assert post_to(client, game, "undo", {"expected_version": 3, "command_id": "undo-1"}).json() == first.json()
    log = client.get(f"/api/games/{game['id']}/log", headers={"X-Token": game["tokens"]["table"]}).json()
    assert [(e["kind"], e["undone"]) for e in log] == [("setup", False), ("mark_damage", False),
                                                      ("mark_damage", True), ("undo", False)]


@pytest.mark.parametrize("route", ["/api/games", "/api/games/start"])
def test_a_game_started_twice_with_one_command_id_is_one_game(client: TestClient, route: str) -> None:
    body = {**GAME, "command_id": START_KEY} if route == "/api/games" else {
        "command": {"type": "warlord_setup", "title": "Ruins at dusk",
                    "sides": [{"player": "Ann", "models": [{"name": "Knight", "tracks": 3}]},
                              {"player": "Bob", "models": [{"name": "Zombie", "tracks": 2}]}]},
        "command_id": START_KEY}
    first = client.post(route, json=body)
    assert first.status_code == 201, first.text
    again = client.post(route, json=body)
    assert (again.status_code, again.json()) == (201, first.json())  # the same game, links and tokens
    other = client.post(route, json={**body, "command_id": START_KEY[::-1]})  # positive control
    assert other.status_code == 201 and other.json()["id"] != first.json()["id"]


def test_a_start_repeated_after_its_links_are_forgotten_is_409_naming_the_game(client: TestClient) -> None:
    first = client.post("/api/games", json={**GAME, "command_id": START_KEY}).json()
    deps.current().service = GameService(deps.current().service.repo.engine)  # the server restarted
    response = client.post("/api/games", json={**GAME, "command_id": START_KEY})
    assert response.status_code == 409
    assert response.json()["code"] == "game.already_started"
    assert response.json()["game"] == first["id"]
    assert first["id"] in response.json()["message"]


def test_a_start_key_shorter_than_16_characters_is_422(client: TestClient) -> None:
    response = client.post("/api/games", json={**GAME, "command_id": "short"})
    assert (response.status_code, response.json()["code"]) == (422, "request.invalid")
