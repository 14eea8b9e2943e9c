"""A tap counts once (DESIGN.md "Access"): commands, undo and starts carry an idempotency key (`command_id`). A repeat
gets the first answer and stores nothing, even after the game moved on; the same key for another request is refused; of
two identical requests at the same moment exactly one is stored (the unique index decides). Each test has its positive
control: a new key does record a new command.

On SQLite always and on PostgreSQL when TEST_DATABASE_URL is set (the `db_url` fixture). A second GameService
with its own engine stands for a second server process.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func
from sqlmodel import Session, select

from models.db.tables import Game
from models.rules import RuleViolation
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.service import Actor, AlreadyStarted, Conflict, Created, GameService
from models.service.idempotency import START_MEMORY_S, RecentStarts, same_request
from tests.bench.script import HORRORS, SIDES

TABLE = Actor(role="table")
SEAT_2 = Actor(role="seat", seat=1)
HIT = MarkDamage(model=HORRORS[1], amount=1)  # Ann marks 1 damage on Bob's Guardian of Souls
START_KEY = "start-0123456789abcdef"
ROUNDS = 10


@pytest.fixture
def service(new_service: Callable[[], GameService]) -> GameService:
    return new_service()


@pytest.fixture
def game(service: GameService) -> Created:
    return service.start(setup_game("Friday game", SIDES))


def kinds(service: GameService, game: Created) -> list[str]:
    """The game's log as command types, oldest first."""
    return [r.command["type"] for r in service.repo.log(game.game_id)]


def games(service: GameService) -> int:
    with Session(service.repo.engine) as s:
        return s.exec(select(func.count()).select_from(Game)).one()


def at_once(calls: list[Callable[[], object]]) -> list[object]:
    """Run each call in its own thread, all released together: each one's answer or the exception it raised."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], object]) -> object:
        barrier.wait()
        try:
            return call()
        except Exception as exc:  # noqa: BLE001 - the test compares what each caller got
            return exc

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


# -- commands ------------------------------------------------------------------------------------------------

def test_the_same_command_id_twice_logs_one_entry_and_answers_the_same(service: GameService, game: Created) -> None:
    first = service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    again = service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    assert again == first
    assert kinds(service, game) == ["setup", "mark_damage"]
    # Positive control: the next tap, with a key of its own, is recorded.
    assert service.execute(game.game_id, HIT, 2, TABLE, "tap-2").version == 3
    assert kinds(service, game) == ["setup", "mark_damage", "mark_damage"]


@pytest.mark.parametrize("processes", [1, 2], ids=["same-process", "other-process"])
def test_a_repeat_after_the_game_moved_on_gets_the_first_answer_and_logs_nothing(
        new_service: Callable[[], GameService], processes: int) -> None:
    service = new_service()
    game = service.start(setup_game("Friday game", SIDES))
    first = service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    service.execute(game.game_id, Advance(), 2, TABLE, "tap-2")
    repeater = service if processes == 1 else new_service()
    again = repeater.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    assert again == first  # version 2, its events and the state just after it (not the state at version 3)
    assert service.state(game.game_id)[0] == 3
    assert kinds(service, game) == ["setup", "mark_damage", "advance"]


def test_a_repeat_after_its_command_was_undone_answers_as_the_first_time(service: GameService,
                                                                         game: Created) -> None:
    first = service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    service.undo(game.game_id, 2, TABLE, "tap-2")
    again = service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    assert again == first
    assert kinds(service, game) == ["setup", "mark_damage", "undo"]
    assert board(service.state(game.game_id)[1]).model(HORRORS[1]).marks == ()  # still undone


def test_a_stale_version_with_a_new_command_id_is_a_conflict(service: GameService, game: Created) -> None:
    service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    with pytest.raises(Conflict) as stale:
        service.execute(game.game_id, HIT, 1, TABLE, "tap-2")
    assert stale.value.current == 2
    assert kinds(service, game) == ["setup", "mark_damage"]


def test_a_command_id_reused_for_another_command_is_refused(service: GameService, game: Created) -> None:
    service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    with pytest.raises(RuleViolation) as refused:
        service.execute(game.game_id, Advance(), 2, TABLE, "tap-1")
    assert refused.value.code == "command.id_reused"
    assert "send a new command_id with each new command" in refused.value.message
    with pytest.raises(RuleViolation) as other_link:  # the same command, but from another link
        service.execute(game.game_id, HIT, 1, SEAT_2, "tap-1")
    assert other_link.value.code == "command.id_reused"
    assert kinds(service, game) == ["setup", "mark_damage"]
    assert service.execute(game.game_id, Advance(), 2, TABLE, "tap-2").version == 3  # positive control


@pytest.mark.parametrize("command_id", ["", "has space", "x" * 65, "ünïcode", "semi;colon"])
def test_a_malformed_command_id_is_refused_with_a_sentence(service: GameService, game: Created,
                                                           command_id: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        service.execute(game.game_id, HIT, 1, TABLE, command_id)
    assert refused.value.code == "command.id_invalid"
    assert refused.value.message == "A command_id is 1 to 64 letters, digits, '-' or '_'."
    assert kinds(service, game) == ["setup"]


@pytest.mark.parametrize("processes", [1, 2], ids=["one-process", "two-processes"])
def test_two_identical_requests_at_once_make_one_entry(new_service: Callable[[], GameService],
                                                       processes: int) -> None:
    services = [new_service()] * 2 if processes == 1 else [new_service(), new_service()]
    game = services[0].start(setup_game("Race", SIDES))
    for n in range(ROUNDS):
        version = game.version + n
        answers = at_once([lambda s=s, v=version, k=f"tap-{n}": s.execute(game.game_id, HIT, v, TABLE, k)
                           for s in services])
        assert answers[0] == answers[1], answers  # without the key the second would be a Conflict
        assert answers[0].version == version + 1  # type: ignore[union-attr]
    assert kinds(services[0], game) == ["setup"] + ["mark_damage"] * ROUNDS
    # Positive control: two different keys at once are two requests: one is stored, the other is stale.
    answers = at_once([lambda s=s, k=k: s.execute(game.game_id, HIT, game.version + ROUNDS, TABLE, f"other-{k}")
                       for k, s in enumerate(services)])
    assert sorted(type(a).__name__ for a in answers) == ["Conflict", "Outcome"]


# -- undo ----------------------------------------------------------------------------------------------------

def test_an_undo_repeated_with_its_command_id_undoes_one_action(service: GameService, game: Created) -> None:
    service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    service.execute(game.game_id, HIT, 2, TABLE, "tap-2")
    first = service.undo(game.game_id, 3, TABLE, "undo-1")
    assert service.undo(game.game_id, 3, TABLE, "undo-1") == first
    assert [(r.command["type"], r.undone) for r in service.repo.log(game.game_id)] == [
        ("setup", False), ("mark_damage", False), ("mark_damage", True), ("undo", False)]
    service.undo(game.game_id, 4, TABLE, "undo-2")  # positive control: a new key undoes the next one
    assert [r.undone for r in service.repo.log(game.game_id)] == [False, True, True, False, False]


def test_an_undo_key_reused_for_a_command_is_refused(service: GameService, game: Created) -> None:
    service.execute(game.game_id, HIT, 1, TABLE, "tap-1")
    service.undo(game.game_id, 2, TABLE, "undo-1")
    with pytest.raises(RuleViolation) as refused:
        service.execute(game.game_id, HIT, 3, TABLE, "undo-1")
    assert refused.value.code == "command.id_reused"


# -- starting a game -----------------------------------------------------------------------------------------

def test_starting_twice_with_one_key_makes_one_game(service: GameService) -> None:
    first = service.start(setup_game("Friday game", SIDES), command_id=START_KEY)
    assert service.start(setup_game("Friday game", SIDES), command_id=START_KEY) == first  # the same links
    assert games(service) == 1
    service.start(setup_game("Friday game", SIDES), command_id="start-another-key-000")  # positive control
    assert games(service) == 2


@pytest.mark.parametrize("processes", [1, 2], ids=["one-process", "two-processes"])
def test_two_identical_starts_at_once_make_one_game(new_service: Callable[[], GameService], processes: int) -> None:
    services = [new_service()] * 2 if processes == 1 else [new_service(), new_service()]
    answers = at_once([lambda s=s: s.start(setup_game("Friday game", SIDES), command_id=START_KEY) for s in services])
    assert games(services[0]) == 1
    made = next(a for a in answers if isinstance(a, Created))
    for answer in answers:
        # The process that started it answers with the links; another process cannot (it never saw the tokens).
        assert answer == made or (isinstance(answer, AlreadyStarted) and answer.game_id == made.game_id), answers


def test_a_start_repeated_after_its_links_are_forgotten_names_the_game(new_service: Callable[[], GameService]
                                                                       ) -> None:
    made = new_service().start(setup_game("Friday game", SIDES), command_id=START_KEY)
    restarted = new_service()  # a restart (or another server process): the tokens were only in memory
    with pytest.raises(AlreadyStarted) as refused:
        restarted.start(setup_game("Friday game", SIDES), command_id=START_KEY)
    assert refused.value.game_id == made.game_id
    assert made.game_id in str(refused.value)
    assert games(restarted) == 1


def test_a_start_key_reused_for_another_setup_is_refused(service: GameService) -> None:
    service.start(setup_game("Friday game", SIDES), command_id=START_KEY)
    with pytest.raises(RuleViolation) as refused:
        service.start(setup_game("Saturday game", SIDES), command_id=START_KEY)
    assert refused.value.code == "command.id_reused"
    assert games(service) == 1


def test_a_start_key_must_be_long_enough_that_nobody_guesses_it(service: GameService) -> None:
    with pytest.raises(RuleViolation) as refused:
        service.start(setup_game("Friday game", SIDES), command_id="short-key")
    assert refused.value.message == "A command_id is 16 to 64 letters, digits, '-' or '_'."
    assert games(service) == 0


def test_started_links_are_remembered_for_ten_minutes() -> None:
    now = [0.0]
    memory: RecentStarts[str] = RecentStarts(clock=lambda: now[0])
    memory.remember("key", "links")
    now[0] = START_MEMORY_S
    assert memory.recall("key") == "links"
    now[0] = START_MEMORY_S + 1
    assert memory.recall("key") is None


# -- what counts as the same request -------------------------------------------------------------------------

@pytest.mark.parametrize(("logged", "sent", "same"), [
    ({"type": "pause_clock", "reason": "Judge", "at_ms": 5}, {"type": "pause_clock", "reason": "Judge", "at_ms": None},
     True),  # the server's time, filled in
    ({"type": "roll_priority", "dice": [[3], [4]]}, {"type": "roll_priority", "dice": None}, True),  # dice it rolled
    ({"type": "undo", "target": 4}, {"type": "undo"}, True),  # the entry the undo took back
    ({"type": "pause_clock", "reason": "Judge", "at_ms": 5}, {"type": "pause_clock", "reason": "Judge", "at_ms": 6},
     False),
    ({"type": "pause_clock", "reason": "Judge", "at_ms": 5}, {"type": "pause_clock", "reason": "Bye", "at_ms": None},
     False),
    ({"type": "mark_damage", "model": "a", "amount": 1, "transfer_to": "b"},
     {"type": "mark_damage", "model": "a", "amount": 1, "transfer_to": None}, False),
    ({"type": "advance"}, {"type": "undo"}, False),
])
def test_a_repeat_is_the_same_request_but_for_what_the_service_filled_in(logged: dict, sent: dict,
                                                                         same: bool) -> None:
    assert same_request(logged, sent) is same
