"""Conflicts and access through the real server's JSON API, on SQLite and on PostgreSQL.

- Two clients POST conflicting commands at the same version, many times: exactly one gets 200, the other 409
  with the current version; it reads the game again (resync) and its command then goes through.
- With a watch token every mutating route of a game is refused with 403 and changes nothing. The routes are
  read from the server's own OpenAPI schema, so a route added later is covered without editing this test.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pytest

from tests.bench.script import HORRORS
from tests.e2e.test_faults_crash import api, new_game

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

ROUNDS = 15
BOTH = ["sqlite", pytest.param("postgresql", marks=pytest.mark.pg)]


def post_together(server: Server, game: dict[str, Any], version: int, commands: list[dict[str, Any]]
                  ) -> list[tuple[int, Any]]:
    barrier = threading.Barrier(len(commands))
    results: list[tuple[int, Any]] = [(0, None)] * len(commands)

    def post(k: int) -> None:
        barrier.wait()
        results[k] = api("POST", server.url(f"/api/games/{game['id']}/commands"),
                         {"command": commands[k], "expected_version": version}, game["tokens"]["table"])

    threads = [threading.Thread(target=post, args=(k,)) for k in range(len(commands))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


@pytest.mark.parametrize("server", BOTH, indirect=True)
def test_two_clients_at_one_version_one_wins_the_other_gets_409_and_resyncs(server: Server) -> None:
    game = new_game(server, "API race")
    token = game["tokens"]["table"]
    version = game["version"]
    for _ in range(ROUNDS):
        commands = [{"type": "mark_damage", "model": HORRORS[1], "amount": 1},
                    {"type": "mark_damage", "model": HORRORS[0], "amount": 1}]
        results = post_together(server, game, version, commands)
        assert sorted(status for status, _ in results) == [200, 409], results
        winner = next(k for k, (status, _) in enumerate(results) if status == 200)
        loser_body = results[1 - winner][1]
        assert loser_body["code"] == "conflict" and loser_body["version"] == version + 1
        # Resync: read the game, see the winner's change, send the own command again at the new version.
        status, now = api("GET", server.url(f"/api/games/{game['id']}"), token=token)
        assert status == 200 and now["version"] == version + 1
        status, body = api("POST", server.url(f"/api/games/{game['id']}/commands"),
                           {"command": commands[1 - winner], "expected_version": now["version"]}, token)
        assert status == 200, body
        version = body["version"]
    status, log = api("GET", server.url(f"/api/games/{game['id']}/log"), token=token)
    assert [e["seq"] for e in log] == list(range(1, version + 1))


def mutating_routes(server: Server) -> list[tuple[str, str]]:
    """(method, path) of every route that changes a game, from /openapi.json."""
    status, schema = api("GET", server.url("/openapi.json"))
    assert status == 200
    routes = [(method.upper(), path) for path, ops in schema["paths"].items() for method in ops
              if method in ("post", "put", "patch", "delete") and "{game_id}" in path]
    assert ("POST", "/api/games/{game_id}/commands") in routes and ("POST", "/api/games/{game_id}/undo") in routes
    return routes


@pytest.mark.parametrize("server", BOTH, indirect=True)
def test_a_watch_token_is_refused_on_every_mutating_route(server: Server) -> None:
    game = new_game(server, "Access")
    watch = game["tokens"]["watch"]
    bodies = [
        {"command": {"type": "mark_damage", "model": HORRORS[0], "amount": 1}, "expected_version": 1},
        {"command": {"type": "advance"}, "expected_version": 1},
        {"expected_version": 1},
        {},
    ]
    for method, path in mutating_routes(server):
        url = server.url(path.replace("{game_id}", game["id"]).replace("{model_id}", HORRORS[0]))
        statuses = set()
        for body in bodies:
            for how in ("header", "query"):
                status, answer = (api(method, url, body, watch) if how == "header"
                                  else api(method, f"{url}?token={watch}", body))
                # 403 for a well-formed request; a malformed body may be refused before the token is read (422),
                # but never accepted.
                assert status in (403, 422), (method, path, body, how, status, answer)
                if status == 403:
                    assert answer["code"] == "access.forbidden"
                statuses.add(status)
        assert 403 in statuses, f"{method} {path}: no well-formed request was refused for the watch token"
    status, after = api("GET", server.url(f"/api/games/{game['id']}"), token=watch)
    assert status == 200 and after["version"] == 1, "a watch token changed the game"
