"""Dice the players leave to the app ("Roll for me": GameService.roll_dice rolls them, never the rules, and marks them
as the service's, so the log says who rolled), and seat links acting only for their own warlocks, warbeasts, warcasters,
warjacks and attackers."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.catalog.schema import Card
from models.db.engine import make_engine, migrate
from models.rules import RuleViolation
from models.rules.warmachine.attacks import DeclareAttack
from models.rules.warmachine.builders import setup_game
from models.rules.warmachine.fury import LeechLife
from models.rules.warmachine.match import board
from models.rules.warmachine.setup import ArmyEntry
from models.service import Actor, Forbidden, GameService


@pytest.fixture
def service(tmp_path: Path) -> GameService:
    engine = make_engine(f"sqlite:///{tmp_path}/dice.db")
    migrate(engine)
    faces = iter([4, 1, 6])
    return GameService(engine, roll=lambda: next(faces))


def test_the_service_rolls_the_dice_it_is_asked_for_and_marks_them_as_its_own(service: GameService) -> None:
    roll = service.roll_dice(3)
    assert roll.dice == (4, 1, 6)
    assert roll.rolled_by == "service"
    assert roll.total == 11


@pytest.mark.parametrize("count", [0, 13])
def test_a_roll_of_no_dice_or_too_many_is_refused(service: GameService, count: int) -> None:
    with pytest.raises(RuleViolation) as refusal:
        service.roll_dice(count)
    assert refusal.value.code == "dice.count"


def test_the_default_roll_is_a_fair_d6(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/d6.db")
    migrate(engine)
    fair = GameService(engine)
    faces = {face for _ in range(20) for face in fair.roll_dice(12).dice}
    assert faces == {1, 2, 3, 4, 5, 6}  # 240 dice: missing a face has a chance of about 1e-18


def test_a_seat_link_acts_only_for_its_own_warlocks_warbeasts_and_attackers(service: GameService) -> None:
    """Commands that name their model as warlock, warbeast, warcaster, warjack or attacker: a seat link may send them
    only for its own side (the table link for both)."""
    lock = Card(key="test-warlock", name="Madrak Test", faction="Trollbloods", role="warlock", stats={"FURY": 6},
                damage={"kind": "boxes", "boxes": 18})
    created = service.start(setup_game("Seats", [("Ann", [ArmyEntry(card="agathon")]),
                                                 ("Tro", [ArmyEntry(card="test-warlock")])],
                                       cards={**service.cards(), lock.key: lock}))
    seat_1, seat_2 = Actor(role="seat", seat=0), Actor(role="seat", seat=1)
    for command in (LeechLife(warlock="p2-test-warlock", points=1),
                    DeclareAttack(attacker="p2-test-warlock", target="p1-agathon")):
        with pytest.raises(Forbidden):
            service.execute(created.game_id, command, 1, seat_1)
    outcome = service.execute(created.game_id, DeclareAttack(attacker="p1-agathon", target="p2-test-warlock"), 1,
                              seat_1)
    assert board(outcome.state).attack is not None
    with pytest.raises(Forbidden):
        service.execute(created.game_id, DeclareAttack(attacker="p1-agathon", target="p2-test-warlock"), 2, seat_2)
