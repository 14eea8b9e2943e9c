"""Crash safety (issue 7): a scripted game against the real server, killed with SIGKILL at random moments.

A client thread plays the Agathon vs Princess Regna script through the JSON API as fast as the server answers;
the test kills the server (kill -9: no shutdown handler runs) at a random moment, then opens the SQLite file
directly with a GameService in this process and checks:
- every acknowledged command (API 200) is in the log at the version the API answered, with the same command;
- nothing is half-written: seqs run 1..N without gaps, the game's version is N, every row parses, every
  snapshot equals the replay of the log up to its seq;
- the state is the replay of the log, and after a restart the API serves exactly that state;
- the log is a prefix of the script (at most one command more than was acknowledged: committed, not answered).
Then the server starts again and the game goes on from where the log ends. 5 kills in CI, 50 with -m slow.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import urllib.error
import urllib.request
from typing import TYPE_CHECKING, Any

import pytest
from sqlmodel import Session, select

from models.catalog import shipped_cards
from models.db.engine import make_engine
from models.db.tables import Game, Snapshot
from models.rules import GameState, apply, parse_command, replay
from models.service import GameService
from tests.bench.script import SIDES, commands_for, setup_command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server


def api(method: str, url: str, body: Any = None, token: str | None = None, timeout: float = 10) -> tuple[int, Any]:
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json", **({"X-Token": token} if token
                                                                                     else {})})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def new_game(server: Server, title: str = "Crash test") -> dict[str, Any]:
    body = {"title": title, "sides": [{"player": p, "army": [e.model_dump(exclude_none=True) for e in a]}
                                      for p, a in SIDES]}
    status, game = api("POST", server.url("/api/games"), body)
    assert status == 201, game
    return game


class Player(threading.Thread):
    """Sends the script's commands one after the other from ``start``; remembers what was acknowledged."""

    def __init__(self, server: Server, game: dict[str, Any], script: list[dict[str, Any]], start: int,
                 version: int) -> None:
        super().__init__(daemon=True)
        self.server, self.game, self.script, self.next, self.version = server, game, script, start, version
        self.acked: list[tuple[int, dict[str, Any]]] = []
        self.error: str = ""

    def run(self) -> None:
        url = self.server.url(f"/api/games/{self.game['id']}/commands")
        while self.next < len(self.script):
            command = self.script[self.next]
            try:
                status, body = api("POST", url, {"command": command, "expected_version": self.version},
                                   self.game["tokens"]["table"], timeout=5)
            except (OSError, http.client.HTTPException):
                return  # the server is gone (URLError and a cut-off answer included)
            if status != 200:
                self.error = f"{status} {body}"
                return
            self.version = body["version"]
            self.acked.append((self.version, command))
            self.next += 1


def check_database(database_url: str, game_id: str, script: list[dict[str, Any]],
                   acked: list[tuple[int, dict[str, Any]]], before: int) -> tuple[int, GameState]:
    """Everything a crash must not break (``acked``: what this trial's API calls answered, ``before``: script
    commands logged before it); returns the version and state the log rebuilds."""
    engine = make_engine(database_url)
    try:
        service = GameService(engine)
        rows = service.repo.log(game_id)
        seqs = [r.seq for r in rows]
        assert seqs == list(range(1, len(rows) + 1)), f"gap or duplicate in the log: {seqs[-5:]}"
        with Session(engine) as s:
            game = s.get(Game, game_id)
            snapshots = s.exec(select(Snapshot).where(Snapshot.game_id == game_id)).all()
        assert game is not None and game.version == rows[-1].seq, "the game's version and its log disagree"
        by_seq = {r.seq: r for r in rows}
        for version, command in acked:
            assert version in by_seq, f"acknowledged version {version} is not in the log"
            assert by_seq[version].command == command, f"version {version} holds another command"
        logged = [r.command for r in rows[1:]]
        assert logged == script[: len(logged)], "the log is not the script's prefix"
        unanswered = len(logged) - before - len(acked)
        assert unanswered in (0, 1), f"{unanswered} commands committed unanswered (at most the one in flight)"
        commands = [parse_command(r.command) for r in rows]
        for snap in snapshots:
            assert GameState.model_validate(snap.state) == replay(commands[: snap.seq]), f"snapshot {snap.seq}"
        state = replay(commands)
        assert GameService(engine).state(game_id) == (rows[-1].seq, state)
        return rows[-1].seq, state
    finally:
        engine.dispose()


def crash_trials(server: Server, trials: int, seed: int) -> None:
    print(f"crash trials: seed {seed}")  # shown with a failure: rerun with this seed to see the same kills
    rng = random.Random(seed)
    start, _ = apply(GameState(), setup_command(shipped_cards()))
    script = [c.model_dump(mode="json") for c in commands_for(start, 60 * trials + 200)]
    game = new_game(server)
    done, version = 0, game["version"]
    for trial in range(trials):
        player = Player(server, game, script, done, version)
        player.start()
        time.sleep(rng.uniform(0.05, 0.8))
        server.kill()
        player.join(15)
        assert not player.error, f"trial {trial} (seed {seed}): the server refused a scripted command: {player.error}"
        version, state = check_database(server.database_url, game["id"], script, player.acked, done)
        done = version - 1  # the log holds setup + `done` script commands
        server.start()
        status, body = api("GET", server.url(f"/api/games/{game['id']}"), token=game["tokens"]["watch"])
        assert status == 200
        assert body["version"] == version
        assert GameState.model_validate(body["state"]) == state, "after the restart the API serves another state"
    assert done > 0, "no command was played before the kills"


def test_kill_9_at_random_moments_loses_no_acknowledged_command(server: Server) -> None:
    crash_trials(server, trials=5, seed=random.randrange(10**6))


@pytest.mark.slow
def test_kill_9_fifty_times(server: Server) -> None:
    crash_trials(server, trials=50, seed=random.randrange(10**6))
