"""GameService (models/service): the one way game state changes. Conflicts between writers, several server
processes on one database, undo, snapshots, restart, access tokens and listeners (cards: test_cards.py).

Every test runs on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (the `db_url` fixture). A second
GameService with an engine of its own on the same database stands for a second server process.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, func
from sqlmodel import Session, SQLModel, select

from models.catalog import shipped_cards
from models.catalog.schema import Card
from models.db.engine import make_engine, migrate
from models.db.tables import AccessToken, CardRow, CommandLog, Game, Snapshot
from models.rules import Command, GameState, RuleViolation, parse_command, replay
from models.rules.warmachine.builders import complete_card, setup_game
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.essence import Leech
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import NAME_MAX, ArmyEntry
from models.service import Actor, Conflict, Created, Forbidden, GameService, NotFound, Outcome
from models.service.games import SNAPSHOT_EVERY

AGATHON, GUARDIAN, FOREBODER = "p1-agathon", "p1-guardian-of-souls", "p1-foreboder"
REGNA = "p2-princess-regna"
TABLE = Actor(role="table")

ARMY_1 = [ArmyEntry(card="agathon"), ArmyEntry(card="guardian-of-souls", battlegroup_of=0),
          ArmyEntry(card="foreboder", battlegroup_of=0), ArmyEntry(card="cultist-band", size=4)]
ARMY_2 = [ArmyEntry(card="princess-regna"), ArmyEntry(card="foreboder", battlegroup_of=0)]


class Database:
    """Engines opened on the test's database, disposed at the end (PostgreSQL drops it WITH FORCE anyway)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engines: list[Engine] = []

    def engine(self) -> Engine:
        engine = make_engine(self.url)
        self.engines.append(engine)
        return engine

    def service(self) -> GameService:
        """A GameService with its own engine and cache: another server process on the same database."""
        return GameService(self.engine())


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    migrate(database.engine())
    yield database
    for engine in database.engines:
        engine.dispose()


@pytest.fixture
def service(db: Database) -> GameService:
    return db.service()


@pytest.fixture
def game(service: GameService) -> Created:
    return service.start(setup_game("Friday game", [("Ann", ARMY_1), ("Bob", ARMY_2)]))


def completed_foreboder(rings: tuple[int, int, int] = (6, 4, 4)) -> Card:
    card = shipped_cards()["foreboder"]
    return card.model_copy(update={"damage": card.damage.model_copy(update={"rings": rings})})


def rows(engine: Engine, table: type[SQLModel]) -> list[Any]:
    with Session(engine) as s:
        return list(s.exec(select(table)).all())


def count(engine: Engine, table: type[SQLModel]) -> int:
    with Session(engine) as s:
        return s.exec(select(func.count()).select_from(table)).one()


def stored(service: GameService, game_id: str) -> tuple[Any, ...]:
    """Everything the database holds about a game: version, log (with undone marks), snapshots."""
    engine = service.repo.engine
    snaps = [(s.seq, s.state) for s in rows(engine, Snapshot) if s.game_id == game_id]
    return service.repo.version(game_id), service.repo.log(game_id), sorted(snaps)


def setup_command(service: GameService, game_id: str) -> Command:
    return parse_command(service.repo.log(game_id)[0].command)


def dumped(state: GameState) -> dict[str, Any]:
    return state.model_dump(mode="json")


def marks(state: GameState, model_id: str) -> int:
    return sum(board(state).model(model_id).marks)


def hits(n: int) -> list[Command]:
    """``n`` accepted commands (at most 56): one damage point at a time on the Guardian of Souls."""
    return [MarkDamage(model=GUARDIAN, amount=1) for _ in range(n)]


def race(game_id: str, version: int, sends: list[tuple[GameService, Command]]) -> list[Outcome | Exception]:
    """Send each command from a thread of its own, all released at once at the same expected version."""
    barrier = threading.Barrier(len(sends))
    results: list[Outcome | Exception | None] = [None] * len(sends)

    def send(k: int, svc: GameService, command: Command) -> None:
        barrier.wait()
        try:
            results[k] = svc.execute(game_id, command, version, TABLE)
        except Exception as exc:  # collected and asserted by the caller
            results[k] = exc

    threads = [threading.Thread(target=send, args=(k, svc, c)) for k, (svc, c) in enumerate(sends)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert all(r is not None for r in results), "a writer hung"
    return results  # type: ignore[return-value]


def run(service: GameService, game_id: str, commands: list[Command], version: int) -> int:
    for command in commands:
        version = service.execute(game_id, command, version, TABLE).version
    return version


# -- versions and conflicts ---------------------------------------------------------------------------------

def test_create_game_stores_version_one_and_four_links(service: GameService, game: Created) -> None:
    assert game.version == 1
    assert set(game.tokens) == {"table", "watch", "seat1", "seat2"}
    assert len(set(game.tokens.values())) == 4
    version, state = service.state(game.game_id)
    assert version == 1
    assert (state.title, state.player_name(0), state.player_name(1)) == ("Friday game", "Ann", "Bob")
    assert (state.phase, state.step, state.active, state.round) == ("control", "replenish", 0, 1)
    assert [e.kind for e in service.log(game.game_id)] == ["setup"]


def test_execute_bumps_the_version_by_one_and_logs_the_command(service: GameService, game: Created) -> None:
    outcome = service.execute(game.game_id, MarkDamage(model=AGATHON, amount=2), 1, TABLE)
    assert outcome.version == 2
    assert marks(outcome.state, AGATHON) == 2
    assert [e.kind for e in outcome.events] == ["damage.marked"]
    assert service.state(game.game_id) == (2, outcome.state)
    log = service.log(game.game_id)
    assert [(e.seq, e.kind, e.actor, e.undone) for e in log] == [(1, "setup", "table", False),
                                                                  (2, "mark_damage", "table", False)]
    assert "Agathon suffers 2 damage" in log[1].texts[0]
    assert [e.seq for e in service.log(game.game_id, after=1)] == [2]


def test_execute_accepts_a_command_as_json(service: GameService, game: Created) -> None:
    outcome = service.execute(game.game_id, {"type": "mark_damage", "model": REGNA, "amount": 1}, 1, TABLE)
    assert outcome.version == 2 and marks(outcome.state, REGNA) == 1


@pytest.mark.parametrize("stale", [0, 1, 3])
def test_stale_expected_version_is_a_conflict_and_writes_nothing(service: GameService, game: Created,
                                                                  stale: int) -> None:
    version = run(service, game.game_id, [MarkDamage(model=AGATHON, amount=1)], 1)
    assert version == 2
    before, state = stored(service, game.game_id), service.state(game.game_id)
    with pytest.raises(Conflict) as conflict:
        service.execute(game.game_id, MarkDamage(model=REGNA, amount=3), stale, TABLE)
    assert conflict.value.current == 2
    with pytest.raises(Conflict):
        service.undo(game.game_id, stale, TABLE)
    assert stored(service, game.game_id) == before
    assert service.state(game.game_id) == state
    assert marks(service.state(game.game_id)[1], REGNA) == 0


def test_refused_command_writes_nothing(service: GameService, game: Created) -> None:
    before = stored(service, game.game_id)
    with pytest.raises(RuleViolation) as refusal:
        service.execute(game.game_id, Leech(master=AGATHON, points=1), 1, TABLE)  # maintenance, and full
    assert refusal.value.code
    with pytest.raises(RuleViolation) as bad:
        service.execute(game.game_id, {"type": "mark_damage", "model": AGATHON, "amount": 0}, 1, TABLE)
    assert bad.value.code == "command.invalid"
    with pytest.raises(RuleViolation) as unknown:
        service.execute(game.game_id, {"type": "teleport"}, 1, TABLE)
    assert unknown.value.code == "command.unknown"
    assert stored(service, game.game_id) == before


def test_two_services_on_one_database_see_each_others_writes(db: Database, service: GameService,
                                                            game: Created) -> None:
    other = db.service()
    gid = game.game_id
    assert other.state(gid) == service.state(gid)  # both now hold version 1 in memory

    done = service.execute(gid, MarkDamage(model=AGATHON, amount=2), 1, TABLE)
    version, state = other.state(gid)  # its cached version 1 is stale: rebuilt from the database
    assert version == 2 and dumped(state) == dumped(done.state)

    with pytest.raises(Conflict) as conflict:
        other.execute(gid, MarkDamage(model=REGNA, amount=1), 1, TABLE)
    assert conflict.value.current == 2
    again = other.execute(gid, MarkDamage(model=REGNA, amount=1), 2, TABLE)
    assert again.version == 3
    version, state = service.state(gid)
    assert version == 3 and dumped(state) == dumped(again.state)
    assert (marks(state, AGATHON), marks(state, REGNA)) == (2, 1)

    undone = other.undo(gid, 3, TABLE)
    assert service.state(gid) == (4, undone.state)
    assert marks(service.state(gid)[1], REGNA) == 0


def test_a_service_behind_moves_on_by_the_commands_logged_elsewhere(db: Database, service: GameService) -> None:
    """Another server process catches up from the state it knows (no snapshot replay) across a snapshot, and
    rebuilds when an undo is among the new commands: either way exactly the committing service's state."""
    from tests.bench.script import SIDES, commands_for

    gid = service.start(setup_game("Long game", SIDES)).game_id
    other = db.service()
    assert other.state(gid)[0] == 1
    version = 1
    for command in commands_for(service.state(gid)[1], SNAPSHOT_EVERY + 10):
        version = service.execute(gid, command, version, TABLE).version
    assert dumped(other.state(gid)[1]) == dumped(service.state(gid)[1]) and other.state(gid)[0] == version
    service.undo(gid, version, TABLE)
    assert dumped(other.state(gid)[1]) == dumped(service.state(gid)[1])


@pytest.mark.parametrize("processes", ["one service", "two services"])
def test_concurrent_commands_at_one_version_exactly_one_wins(db: Database, service: GameService,
                                                            game: Created, processes: str) -> None:
    services = [service, service] if processes == "one service" else [service, db.service()]
    gid, version = game.game_id, 1
    winners: list[int] = []  # the two commands differ by the damage they mark (the Guardian has 56 boxes)
    for _ in range(20):
        results = race(gid, version, [(svc, MarkDamage(model=GUARDIAN, amount=amount))
                                      for svc, amount in zip(services, (1, 2), strict=True)])
        won = [r for r in results if isinstance(r, Outcome)]
        lost = [r for r in results if not isinstance(r, Outcome)]
        assert len(won) == 1 and len(lost) == 1, results
        assert isinstance(lost[0], Conflict), repr(lost[0])
        assert lost[0].current == version + 1
        assert won[0].version == version + 1
        version += 1
        winners.append(1 if results[0] is won[0] else 2)
        for svc in services:
            assert svc.state(gid) == (version, won[0].state)

    log = service.repo.log(gid)
    assert [r.seq for r in log] == list(range(1, 22))
    assert [r.command["amount"] for r in log[1:]] == winners
    state = service.state(gid)[1]
    assert marks(state, GUARDIAN) == sum(winners)


# -- undo -----------------------------------------------------------------------------------------------------

def test_undo_marks_the_newest_command_and_rebuilds_without_it(service: GameService, game: Created) -> None:
    gid = game.game_id
    first, second = MarkDamage(model=AGATHON, amount=2), MarkDamage(model=REGNA, amount=3)
    run(service, gid, [first, second], 1)
    outcome = service.undo(gid, 3, TABLE)
    assert outcome.version == 4
    assert [e.kind for e in outcome.events] == ["undo"]
    assert outcome.events[0].text.startswith("Undone: Princess Regna suffers 3 damage")

    log = service.repo.log(gid)
    assert [(r.seq, r.command["type"], r.undone) for r in log] == [
        (1, "setup", False), (2, "mark_damage", False), (3, "mark_damage", True), (4, "undo", False)]
    assert log[3].command == {"type": "undo", "target": 3}
    expected = replay([setup_command(service, gid), first])
    assert dumped(outcome.state) == dumped(expected)
    assert service.state(gid) == (4, outcome.state)
    entries = service.log(gid)
    assert entries[2].undone and entries[3].kind == "undo" and entries[3].target == 3


def test_undo_twice_steps_back_twice_then_nothing_is_left(service: GameService, game: Created) -> None:
    gid = game.game_id
    first, second = MarkDamage(model=AGATHON, amount=2), MarkDamage(model=REGNA, amount=3)
    run(service, gid, [first, second], 1)
    setup = setup_command(service, gid)
    assert dumped(service.undo(gid, 3, TABLE).state) == dumped(replay([setup, first]))
    assert dumped(service.undo(gid, 4, TABLE).state) == dumped(replay([setup]))
    with pytest.raises(RuleViolation) as nothing:
        service.undo(gid, 5, TABLE)
    assert nothing.value.code == "undo.nothing"
    log = service.repo.log(gid)
    assert len(log) == 5  # history is never deleted
    assert [r.seq for r in log if r.undone] == [2, 3]


def test_undo_right_after_setup_has_nothing_to_undo(service: GameService, game: Created) -> None:
    before = stored(service, game.game_id)
    with pytest.raises(RuleViolation) as nothing:
        service.undo(game.game_id, 1, TABLE)
    assert nothing.value.code == "undo.nothing"
    assert stored(service, game.game_id) == before


def test_commands_after_an_undo_build_on_the_rebuilt_state(service: GameService, game: Created) -> None:
    gid = game.game_id
    run(service, gid, [MarkDamage(model=AGATHON, amount=2)], 1)
    service.undo(gid, 2, TABLE)
    done = service.execute(gid, MarkDamage(model=AGATHON, amount=1), 3, TABLE)
    assert marks(done.state, AGATHON) == 1
    fresh = GameService(service.repo.engine)
    assert fresh.state(gid) == (4, done.state)


# -- snapshots and restart ------------------------------------------------------------------------------------

def test_snapshot_every_fifty_commands_and_undo_past_it(db: Database, service: GameService,
                                                        game: Created) -> None:
    gid = game.game_id
    commands = hits(SNAPSHOT_EVERY + 1)  # versions 2 .. 52
    version = run(service, gid, commands[: SNAPSHOT_EVERY - 1], 1)
    assert version == SNAPSHOT_EVERY
    snap = service.repo.latest_snapshot(gid)
    assert snap is not None and snap[0] == SNAPSHOT_EVERY
    assert snap[1] == dumped(service.state(gid)[1])
    version = run(service, gid, commands[SNAPSHOT_EVERY - 1:], version)
    assert version == SNAPSHOT_EVERY + 2
    assert [s.seq for s in rows(service.repo.engine, Snapshot)] == [SNAPSHOT_EVERY]

    # A restarted server starts from the snapshot and reads only the log after it.
    fresh = db.service()
    reads: list[int] = []
    log = fresh.repo.log
    fresh.repo.log = lambda game_id, after=0: reads.append(after) or log(game_id, after)  # type: ignore[method-assign]
    assert fresh.state(gid) == service.state(gid)
    assert reads == [SNAPSHOT_EVERY]

    # Undo back past the snapshot: it is deleted and the state is still the replay of what counts.
    for expected in range(version, version + 3):
        service.undo(gid, expected, TABLE)
    assert service.repo.latest_snapshot(gid) is None
    setup = setup_command(service, gid)
    expected_state = replay([setup, *commands[: SNAPSHOT_EVERY - 2]])
    assert dumped(service.state(gid)[1]) == dumped(expected_state)
    restarted = db.service()
    assert dumped(restarted.state(gid)[1]) == dumped(expected_state)
    assert restarted.state(gid)[0] == SNAPSHOT_EVERY + 5
    assert [r.seq for r in service.repo.log(gid) if r.undone] == [50, 51, 52]


def test_restart_loads_exactly_the_same_state_and_log(db: Database, service: GameService,
                                                      game: Created) -> None:
    gid = game.game_id
    version = run(service, gid, [MarkDamage(model=AGATHON, amount=3, transfer_to=GUARDIAN),
                                 Leech(master=AGATHON, points=1), Advance(), MarkDamage(model=REGNA, amount=1)], 1)
    version = service.undo(gid, version, TABLE).version
    version, state = service.state(gid)
    restarted = db.service()
    assert restarted.state(gid)[0] == version
    assert restarted.state(gid)[1].model_dump() == state.model_dump()
    assert restarted.log(gid) == service.log(gid)
    assert restarted.repo.log(gid) == service.repo.log(gid)


# -- access ---------------------------------------------------------------------------------------------------

def test_only_token_hashes_are_stored(service: GameService, game: Created) -> None:
    engine = service.repo.engine
    tokens = rows(engine, AccessToken)
    assert len(tokens) == 4
    assert {t.hash for t in tokens} == {hashlib.sha256(t.encode()).hexdigest() for t in game.tokens.values()}
    everything = repr([r.model_dump() for table in (AccessToken, Game, CommandLog, Snapshot, CardRow)
                       for r in rows(engine, table)])
    for raw in game.tokens.values():
        assert len(raw) >= 20
        assert raw not in everything
    assert {(t.role, t.seat) for t in tokens} == {("table", None), ("watch", None), ("seat", 0), ("seat", 1)}


def test_tokens_give_their_roles(service: GameService, game: Created) -> None:
    gid, tokens = game.game_id, game.tokens
    assert service.authorize(gid, tokens["table"]) == Actor(role="table")
    assert service.authorize(gid, tokens["watch"]) == Actor(role="watch")
    assert service.authorize(gid, tokens["seat1"]) == Actor(role="seat", seat=0)
    assert service.authorize(gid, tokens["seat2"]) == Actor(role="seat", seat=1)


def test_a_watch_token_cannot_execute_or_undo(service: GameService, game: Created) -> None:
    gid = game.game_id
    run(service, gid, [MarkDamage(model=AGATHON, amount=1)], 1)
    watch = service.authorize(gid, game.tokens["watch"])
    before = stored(service, gid)
    with pytest.raises(Forbidden):
        service.execute(gid, MarkDamage(model=REGNA, amount=1), 2, watch)
    with pytest.raises(Forbidden):
        service.execute(gid, Advance(), 2, watch)
    with pytest.raises(Forbidden):
        service.undo(gid, 2, watch)
    with pytest.raises(Forbidden):
        service.execute(gid, complete_card(completed_foreboder()), 2, watch)
    assert stored(service, gid) == before


def test_a_seat_token_acts_only_for_its_side_but_marks_damage_on_anyone(service: GameService,
                                                                        game: Created) -> None:
    gid = game.game_id
    seat1 = service.authorize(gid, game.tokens["seat1"])
    seat2 = service.authorize(gid, game.tokens["seat2"])
    version = service.execute(gid, MarkDamage(model=REGNA, amount=1), 1, seat1).version  # the other side
    version = service.execute(gid, MarkDamage(model=AGATHON, amount=1), version, seat2).version
    assert version == 3
    before = stored(service, gid)
    with pytest.raises(Forbidden):
        service.execute(gid, Advance(), version, seat2)  # player 1's turn
    with pytest.raises(Forbidden):
        service.execute(gid, Leech(master=REGNA, points=1), version, seat1)
    with pytest.raises(Forbidden):
        service.execute(gid, Leech(master=AGATHON, points=1), version, seat2)
    assert stored(service, gid) == before
    version = service.execute(gid, MarkDamage(model=AGATHON, amount=1, transfer_to=GUARDIAN), version,
                              seat1).version
    assert board(service.state(gid)[1]).model(AGATHON).essence == 8
    assert service.state(gid)[1].step == "replenish"  # the maintenance steps passed by themselves
    done = service.execute(gid, Leech(master=AGATHON, points=1), version, seat1)
    assert board(done.state).model(AGATHON).essence == 9
    assert service.log(gid)[-1].actor == "seat 1"


def test_unknown_game_is_not_found(service: GameService, game: Created) -> None:
    with pytest.raises(NotFound):
        service.authorize("nope", game.tokens["table"])
    with pytest.raises(NotFound):
        service.state("nope")
    with pytest.raises(NotFound):
        service.log("nope")
    with pytest.raises(NotFound):
        service.execute("nope", MarkDamage(model=AGATHON, amount=1), 1, TABLE)
    with pytest.raises(NotFound):
        service.undo("nope", 1, TABLE)


@pytest.mark.parametrize("token", ["", None, "wrong-token", "table-of-another-game"])
def test_a_wrong_token_is_not_found_like_an_unknown_game(service: GameService, game: Created,
                                                         token: str | None) -> None:
    if token == "table-of-another-game":
        token = service.start(setup_game("Other", [("Cy", ARMY_1), ("Di", ARMY_2)])).tokens["table"]
    with pytest.raises(NotFound):
        service.authorize(game.game_id, token)
    assert service.authorize(game.game_id, game.tokens["watch"]).role == "watch"  # positive control


# -- creating games -------------------------------------------------------------------------------------------

def nothing_stored(service: GameService) -> None:
    engine = service.repo.engine
    assert [count(engine, t) for t in (Game, AccessToken, CommandLog, Snapshot)] == [0, 0, 0, 0]


@pytest.mark.parametrize(("title", "names", "armies", "code"), [
    ("Game", ("Ann", "Bob"), ([ArmyEntry(card="agathon"), ArmyEntry(card="no-such-horror")], ARMY_2),
     "setup.unknown_card"),
    ("Game", ("A" * (NAME_MAX + 1), "Bob"), (ARMY_1, ARMY_2), "name.too_long"),
    ("Game", ("Ann", "B" * (NAME_MAX + 1)), (ARMY_1, ARMY_2), "name.too_long"),
    ("T" * (NAME_MAX + 1), ("Ann", "Bob"), (ARMY_1, ARMY_2), "name.too_long"),
    ("Game", ("   ", "Bob"), (ARMY_1, ARMY_2), "name.empty"),
    ("Game", ("Ann", "Bob"), ([ArmyEntry(card="agathon"), ArmyEntry(card="foreboder")], ARMY_2),
     "list.horror_without_master"),
])
def test_bad_game_is_refused_and_nothing_is_stored(service: GameService, title: str, names: tuple[str, str],
                                                   armies: tuple[list[ArmyEntry], list[ArmyEntry]],
                                                   code: str) -> None:
    with pytest.raises(RuleViolation) as refusal:
        service.start(setup_game(title, [(names[0], armies[0]), (names[1], armies[1])]))
    assert refusal.value.code == code
    nothing_stored(service)


def test_names_of_sixty_characters_are_fine(service: GameService) -> None:
    name = "N" * NAME_MAX
    created = service.start(setup_game(name, [(name, ARMY_1), ("<script>alert(1)</script>", ARMY_2)]))
    state = service.state(created.game_id)[1]
    assert state.title == name and state.player_name(0) == name
    assert state.player_name(1) == "<script>alert(1)</script>"


# -- listeners ------------------------------------------------------------------------------------------------

def test_listeners_hear_the_new_version_after_commit_never_for_refusals(db: Database, service: GameService,
                                                                        game: Created) -> None:
    gid = game.game_id
    watcher = db.service()  # reads through its own connection: sees only committed data
    heard: list[tuple[str, int, int | None]] = []
    service.on_change(lambda game_id, version: heard.append((game_id, version, watcher.repo.version(game_id))))
    calls: list[int] = []
    service.on_change(lambda _game_id, version: calls.append(version))

    service.execute(gid, MarkDamage(model=AGATHON, amount=1), 1, TABLE)
    assert heard == [(gid, 2, 2)]

    refusals: list[Callable[[], object]] = [
        lambda: service.execute(gid, MarkDamage(model=AGATHON, amount=1), 1, TABLE),  # stale
        lambda: service.execute(gid, Leech(master=AGATHON, points=1), 2, TABLE),  # rules
        lambda: service.execute(gid, MarkDamage(model="nobody", amount=1), 2, TABLE),
        lambda: service.execute(gid, Advance(), 2, Actor(role="watch")),
        lambda: service.execute(gid, Advance(), 2, Actor(role="seat", seat=1)),
        lambda: service.undo(gid, 1, TABLE),
        lambda: service.execute("nope", Advance(), 2, TABLE),
    ]
    for refused in refusals:
        with pytest.raises((RuleViolation, Conflict, Forbidden, NotFound)):
            refused()
    assert calls == [2]

    service.undo(gid, 2, TABLE)
    service.execute(gid, complete_card(completed_foreboder()), 3, TABLE)
    assert heard == [(gid, 2, 2), (gid, 3, 3), (gid, 4, 4)]
    assert calls == [2, 3, 4]


def test_conflict_from_another_process_does_not_publish(db: Database, service: GameService,
                                                        game: Created) -> None:
    gid = game.game_id
    calls: list[int] = []
    service.on_change(lambda _game_id, version: calls.append(version))
    service.state(gid)
    db.service().execute(gid, MarkDamage(model=REGNA, amount=1), 1, TABLE)  # another server writes first
    with pytest.raises(Conflict):
        service.execute(gid, MarkDamage(model=AGATHON, amount=1), 1, TABLE)
    assert calls == []


