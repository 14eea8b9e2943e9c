"""Invariants of GameService under random play, undo and restarts (hypothesis stateful testing).

The machine sends random commands (legal or not) of the Agathon mirror game, undoes, and restarts
(a new GameService with a new engine on the same database: a server process that starts again). After every
step:
- the state the service shows equals a replay of the log's commands that count (not undone, undos left out),
  and a fresh service (cold: snapshot + log) shows the same;
- the version is the log's newest seq and grew by exactly one per accepted command or undo, and not at all for a
  refusal.
On SQLite always and on PostgreSQL when TEST_DATABASE_URL is set; each example plays a game of its own in the
test's database. Snapshots are taken every few commands here (not 50), so undo across snapshots is exercised.
Every run draws fresh examples from a new seed, printed first and named in a failure; TK_SEED=<seed> draws the
same examples again.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from models.db.engine import make_engine, migrate
from models.rules import Command, RuleViolation, replay
from models.rules.warmachine.activation import Activate, Charge, EndActivation
from models.rules.warmachine.attacks import Boost, BuyAttack
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.essence import Allocate, Heal, Leech
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.shake import AddEffect, RemoveEffect
from models.rules.warmachine.tithe import PayTithe, SkipTithe
from models.service import Actor, GameService
from models.service import games as games_module
from models.service.history import counted
from tests.bench.script import BANDS, HORRORS, MASTERS, SIDES

TABLE = Actor(role="table")
MODELS = (*MASTERS, *HORRORS, *BANDS, "p1-umbral-guardian", "p1-cultist-band.2")
model = st.sampled_from(MODELS)
master = st.sampled_from(MASTERS)
horror = st.sampled_from(HORRORS)

COMMANDS: st.SearchStrategy[Command] = st.one_of(
    st.just(Advance()),
    st.just(Advance()),
    st.builds(MarkDamage, model=model, amount=st.integers(1, 6)),
    st.builds(Leech, master=master, points=st.integers(1, 3)),
    st.builds(Allocate, master=master, horror=horror, points=st.integers(1, 2)),
    st.builds(Activate, model=model),
    st.builds(EndActivation, model=model),
    st.builds(Boost, model=model, roll=st.sampled_from(["attack", "damage"])),
    st.builds(BuyAttack, model=master),
    st.builds(Charge, model=horror),
    st.builds(Heal, master=master, target=st.sampled_from((*MASTERS, *HORRORS)), points=st.integers(1, 2)),
    st.builds(AddEffect, model=model, effect=st.just("knocked_down")),
    st.builds(RemoveEffect, model=model, effect=st.just("knocked_down")),
    st.builds(PayTithe, horror=horror),
    st.builds(SkipTithe, horror=horror),
)


class ServiceMachine(RuleBasedStateMachine):
    url: str = ""

    def __init__(self) -> None:
        super().__init__()
        self.engines = [make_engine(self.url)]
        self.service = GameService(self.engines[-1])
        self.game_id = self.service.start(setup_game("Stateful", SIDES)).game_id
        self.version = 1
        self.accepted = 0

    def _step(self, call, expect_change: bool = True) -> None:  # noqa: ANN001 - a zero-argument callable
        try:
            outcome = call()
        except RuleViolation:
            assert self.service.state(self.game_id)[0] == self.version, "a refusal changed the version"
            return
        assert outcome.version == self.version + 1, "an accepted change bumps the version by exactly one"
        self.version = outcome.version
        self.accepted += 1

    @rule(command=COMMANDS)
    def execute(self, command: Command) -> None:
        self._step(lambda: self.service.execute(self.game_id, command, self.version, TABLE))

    @rule()
    def undo(self) -> None:
        self._step(lambda: self.service.undo(self.game_id, self.version, TABLE))

    @rule()
    def restart(self) -> None:
        """The server process starts again: a new engine and an empty cache on the same database."""
        self.engines[-1].dispose()
        self.engines.append(make_engine(self.url))
        self.service = GameService(self.engines[-1])

    @invariant()
    def state_is_the_replay_of_the_log(self) -> None:
        rows = self.service.repo.log(self.game_id)
        assert [r.seq for r in rows] == list(range(1, len(rows) + 1))
        assert rows[-1].seq == self.version
        expected = replay(counted(rows))
        assert self.service.state(self.game_id) == (self.version, expected)
        assert GameService(self.engines[-1]).state(self.game_id) == (self.version, expected), "cold load differs"

    def teardown(self) -> None:
        for engine in self.engines:
            engine.dispose()


@pytest.mark.parametrize("examples", [pytest.param(10, id="ci"), pytest.param(150, id="slow",
                                                                               marks=pytest.mark.slow)])
def test_service_invariants_hold_under_random_play_undo_and_restart(db_url: str, examples: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    run_seed = int(os.environ.get("TK_SEED") or random.randrange(10**9))
    print(f"stateful test: seed {run_seed} (TK_SEED={run_seed} replays this run)")
    monkeypatch.setattr(games_module, "SNAPSHOT_EVERY", 4)
    engine = make_engine(db_url)
    migrate(engine)
    engine.dispose()
    monkeypatch.setattr(ServiceMachine, "url", db_url)
    try:
        run_state_machine_as_test(seed(run_seed)(ServiceMachine), settings=settings(
            max_examples=examples, stateful_step_count=20, deadline=None, derandomize=False, database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
    except Exception as failure:
        failure.add_note(f"stateful test seed {run_seed}: TK_SEED={run_seed} replays this run")
        raise
