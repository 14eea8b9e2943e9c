"""Which log rows count (models/service/history.py; DESIGN.md "Persistence": undo is a command that marks an
earlier one undone, and the state is rebuilt by the rules' replay). The service's replays and the tests that
check them ask this one module."""

from __future__ import annotations

from typing import Any

from models.db.repository import LogRow
from models.rules import replay
from models.rules.warmachine.damage import MarkDamage
from models.service.history import counted, counted_at, replayed
from tests.rules.warmachine.game import new_game

HIT, MORE = MarkDamage(model="p2-princess-regna", amount=2), MarkDamage(model="p2-princess-regna", amount=1)


def row(seq: int, command: dict[str, Any], undone: bool = False) -> LogRow:
    return LogRow(seq=seq, command=command, events=[], actor="table", undone=undone, at="")


def log() -> list[LogRow]:
    """Rows after a setup: 1 a hit, 2 more damage (undone by 3), 3 the undo, 4 the hit again."""
    return [row(1, HIT.model_dump()), row(2, MORE.model_dump(), undone=True), row(3, {"type": "undo", "target": 2}),
            row(4, HIT.model_dump())]


def test_an_undone_row_and_the_undo_itself_do_not_count() -> None:
    assert counted(log()) == [HIT, HIT]


def test_just_after_a_row_only_the_undos_logged_by_then_count() -> None:
    """Positive control: just after row 2 the undo at row 3 has not happened, so row 2 still counts."""
    assert counted_at(log(), 2) == [HIT, MORE]
    assert counted_at(log(), 3) == [HIT]
    assert counted_at(log(), 4) == counted(log())


def test_a_replay_is_the_rules_replay_of_the_rows_that_count() -> None:
    """A state is rebuilt by ``models.rules.replay`` of what counts, from a snapshot's state when one is given."""
    start = new_game()
    assert replayed(log(), start) == replay([HIT, HIT], start)
    assert replayed(log(), start) != replay([HIT, MORE, HIT], start)
