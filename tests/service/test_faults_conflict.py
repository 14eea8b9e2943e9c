"""Conflicts under real concurrency: two writers send conflicting commands at the same version, many times. Exactly one
wins each time; the other gets Conflict with the winner's version, resyncs and goes on.

Threads released together by a barrier stand for two tablets (one GameService: one server process) or two
server processes (two GameServices, each with its own engine and cache, on one database). On SQLite always and
on PostgreSQL when TEST_DATABASE_URL is set (the `db_url` fixture). The API-level variant, with a real server
process, is tests/e2e/test_faults_api.py.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from sqlalchemy import Engine

from models.rules import Command, replay
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.service import Actor, Conflict, GameService
from models.service.history import counted
from tests.bench.script import HORRORS, SIDES

TABLE = Actor(role="table")
ROUNDS = 20


def together(calls: list[Callable[[], int]]) -> list[tuple[str, int]]:
    """Run each call in its own thread, all released at the same moment: ("ok", version) or ("conflict",
    the version the refusal names)."""
    barrier = threading.Barrier(len(calls))
    results: list[tuple[str, int]] = [("none", 0)] * len(calls)

    def run(k: int) -> None:
        barrier.wait()
        try:
            results[k] = ("ok", calls[k]())
        except Conflict as conflict:
            results[k] = ("conflict", conflict.current)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def race(services: list[GameService], game_id: str, version: int, commands: list[Command]
         ) -> list[tuple[str, int]]:
    """Each service executes its command at ``version``, all at the same moment."""
    return together([lambda s=s, c=c: s.execute(game_id, c, version, TABLE).version
                     for s, c in zip(services, commands, strict=True)])


def check_log_replays(service: GameService, game_id: str) -> None:
    rows = service.repo.log(game_id)
    assert [r.seq for r in rows] == list(range(1, len(rows) + 1)), "the log has a gap or a duplicate"
    version, state = GameService(service.repo.engine).state(game_id)
    assert version == rows[-1].seq
    assert state == replay(counted(rows))


@pytest.mark.parametrize("processes", [1, 2], ids=["one-process", "two-processes"])
def test_exactly_one_of_two_conflicting_commands_wins_every_time(engines: list[Engine], processes: int) -> None:
    services = [GameService(engines[0])] * 2 if processes == 1 else [GameService(e) for e in engines]
    game = services[0].start(setup_game("Race", SIDES))
    version = game.version
    wins = [0, 0]
    for _ in range(ROUNDS):
        # Both players mark damage on the other's horror at the version both see.
        commands: list[Command] = [MarkDamage(model=HORRORS[1], amount=1), MarkDamage(model=HORRORS[0], amount=1)]
        results = race(services, game.game_id, version, commands)
        outcomes = sorted(kind for kind, _ in results)
        assert outcomes == ["conflict", "ok"], results
        winner = next(k for k, (kind, _) in enumerate(results) if kind == "ok")
        loser = 1 - winner
        wins[winner] += 1
        assert results[winner][1] == version + 1
        assert results[loser][1] == version + 1, "the conflict names the version to resync to"
        # The loser resyncs: it sees the winner's change, and its own command then goes through.
        seen, state = services[loser].state(game.game_id)
        assert seen == version + 1
        assert board(state).model(commands[winner].model).marks != ()
        version = services[loser].execute(game.game_id, commands[loser], seen, TABLE).version
        assert version == seen + 1
    check_log_replays(services[0], game.game_id)
    assert sum(wins) == ROUNDS


def test_many_writers_at_one_version_one_wins(engines: list[Engine]) -> None:
    """Four writers (two per process) at the same version: one commit, three conflicts, every round."""
    services = [GameService(engines[0]), GameService(engines[1])]
    game = services[0].start(setup_game("Race", SIDES))
    version = game.version
    for _ in range(ROUNDS // 2):
        writers = [services[0], services[1], services[0], services[1]]
        results = race(writers, game.game_id, version, [MarkDamage(model=HORRORS[k % 2], amount=1)
                                                        for k in range(4)])
        assert sorted(kind for kind, _ in results) == ["conflict", "conflict", "conflict", "ok"], results
        assert {v for _, v in results} == {version + 1}
        version += 1
    check_log_replays(services[0], game.game_id)


def test_undo_racing_a_command_keeps_the_log_consistent(engines: list[Engine]) -> None:
    services = [GameService(engines[0]), GameService(engines[1])]
    game = services[0].start(setup_game("Race", SIDES))
    version = game.version
    for _ in range(ROUNDS // 2):
        version = services[0].execute(game.game_id, MarkDamage(model=HORRORS[0], amount=2), version, TABLE).version
        results = together([
            lambda v=version: services[0].undo(game.game_id, v, TABLE).version,
            lambda v=version: services[1].execute(game.game_id, MarkDamage(model=HORRORS[1], amount=1), v,
                                                  TABLE).version,
        ])
        assert sorted(kind for kind, _ in results) == ["conflict", "ok"], results
        version += 1
        rows = services[0].repo.log(game.game_id)
        assert GameService(engines[0]).state(game.game_id) == (version, replay(counted(rows)))
    check_log_replays(services[0], game.game_id)
