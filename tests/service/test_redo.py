"""GameService.redo: the action an undo took back comes back, as a new command at the current version, under the
same seat rules as any command; only right after the undo (DESIGN.md "Undo is a command": history is kept)."""

from __future__ import annotations

import pytest

from models.rules import RuleViolation
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.damage import MarkDamage
from models.rules.warmachine.match import board
from models.rules.warmachine.phases import Advance
from models.rules.warmachine.setup import ArmyEntry
from models.service import Actor, Conflict, Created, Forbidden, GameService

TABLE, SEAT_1, SEAT_2, WATCH = (Actor(role="table"), Actor(role="seat", seat=0), Actor(role="seat", seat=1),
                                Actor(role="watch"))
REGNA = "p2-princess-regna"
ARMY_1 = [ArmyEntry(card="agathon"), ArmyEntry(card="guardian-of-souls", battlegroup_of=0)]
ARMY_2 = [ArmyEntry(card="princess-regna"), ArmyEntry(card="foreboder", battlegroup_of=0)]


@pytest.fixture
def service(new_service) -> GameService:
    return new_service()


@pytest.fixture
def game(service: GameService) -> Created:
    return service.start(setup_game("Friday game", [("Ann", ARMY_1), ("Bob", ARMY_2)]))


def test_redo_brings_back_the_undone_damage_as_a_new_log_entry(service: GameService, game: Created) -> None:
    gid = game.game_id
    done = service.execute(gid, MarkDamage(model=REGNA, amount=3), 1, TABLE)
    service.undo(gid, 2, TABLE)
    assert sum(board(service.state(gid)[1]).model(REGNA).marks) == 0

    redone = service.redo(gid, 3, TABLE)

    assert redone.version == 4
    assert redone.state.model_dump() == done.state.model_dump()
    assert [e.text for e in redone.events] == [e.text for e in done.events]
    log = service.log(gid)
    assert [(e.seq, e.kind, e.undone) for e in log] == [
        (1, "setup", False), (2, "mark_damage", True), (3, "undo", False), (4, "mark_damage", False)]
    undone_again = service.undo(gid, 4, TABLE)  # the redone action is an ordinary action: it can be undone
    assert sum(board(undone_again.state).model(REGNA).marks) == 0


def test_redo_is_refused_when_the_newest_entry_is_not_an_undo(service: GameService, game: Created) -> None:
    gid = game.game_id
    service.execute(gid, MarkDamage(model=REGNA, amount=3), 1, TABLE)
    with pytest.raises(RuleViolation) as nothing:
        service.redo(gid, 2, TABLE)
    assert nothing.value.code == "redo.nothing"
    service.undo(gid, 2, TABLE)
    service.execute(gid, Advance(), 3, TABLE)  # a new action after the undo: the undone one stays undone
    with pytest.raises(RuleViolation, match="nothing to redo"):
        service.redo(gid, 4, TABLE)
    assert service.state(gid)[0] == 4


def test_redo_at_an_old_version_is_a_conflict(service: GameService, game: Created) -> None:
    gid = game.game_id
    service.execute(gid, MarkDamage(model=REGNA, amount=3), 1, TABLE)
    service.undo(gid, 2, TABLE)
    with pytest.raises(Conflict):
        service.redo(gid, 2, TABLE)


def test_a_seat_redoes_only_its_own_undo_and_a_watch_link_nothing(service: GameService, game: Created) -> None:
    gid = game.game_id
    service.execute(gid, Advance(), 1, SEAT_1)  # Ann's turn: Ann's link moves it on
    service.undo(gid, 2, SEAT_1)
    with pytest.raises(Forbidden, match="redoes only that player's own undo"):
        service.redo(gid, 3, SEAT_2)
    with pytest.raises(Forbidden):
        service.redo(gid, 3, WATCH)
    assert service.redo(gid, 3, SEAT_1).version == 4


def test_a_repeated_redo_with_its_command_id_gets_the_first_answer(service: GameService, game: Created) -> None:
    gid = game.game_id
    service.execute(gid, MarkDamage(model=REGNA, amount=3), 1, TABLE)
    service.undo(gid, 2, TABLE)
    first = service.redo(gid, 3, TABLE, command_id="redo-tap-1")
    again = service.redo(gid, 3, TABLE, command_id="redo-tap-1")
    assert again.version == first.version == 4
    assert service.state(gid)[0] == 4


def test_an_undo_of_next_says_where_the_turn_had_gone(service: GameService, game: Created) -> None:
    """Next logs the steps it passed and where it stopped: the undo names them."""
    gid = game.game_id
    moved = service.execute(gid, Advance(), 1, TABLE)
    undone = service.undo(gid, 2, TABLE)
    assert undone.events[0].text == "Undone: " + "; ".join(e.text for e in moved.events[:2])
