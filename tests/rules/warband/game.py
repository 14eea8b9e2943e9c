"""A warband game for rules tests: two small warbands, played by applying commands and keeping the log."""

from __future__ import annotations

import pytest

from models.rules import Command, Event, GameState, RuleViolation, apply
from models.rules.warband.phases import Next
from models.rules.warband.setup import SetupWarband, UnitEntry, Warband
from models.rules.warband.state import WarbandBoard, WarbandUnit, board

# Ann: Captain (hero, Morale 7), Sister (hero, Morale 9, caster), Hound (cannot carry), four henchmen.
# Bob: Boss (hero, Morale 6), Witch (caster, not a hero), Wolf (cannot carry), Thug.
ANN_UNITS = (UnitEntry(name="Captain", hero=True, morale=7), UnitEntry(name="Sister", hero=True, morale=9, caster=True),
             UnitEntry(name="Hound", can_carry=False), *(UnitEntry(name=f"Henchman {i}") for i in range(1, 5)))
BOB_UNITS = (UnitEntry(name="Boss", hero=True, morale=6), UnitEntry(name="Witch", caster=True),
             UnitEntry(name="Wolf", can_carry=False), UnitEntry(name="Thug"))
CAPTAIN, SISTER, HOUND = "p1-1", "p1-2", "p1-3"
HENCHMEN = ("p1-4", "p1-5", "p1-6", "p1-7")
BOSS, WITCH, WOLF, THUG = "p2-1", "p2-2", "p2-3", "p2-4"


def setup_command(treasures: int = 4, event_tokens: int | None = None, first: int = 0) -> SetupWarband:
    return SetupWarband(title="Ruins at dusk", first=first, treasures=treasures, event_tokens=event_tokens,
                        sides=(Warband(player="Ann", units=ANN_UNITS), Warband(player="Bob", units=BOB_UNITS)))


class Game:
    """A state plus the events of the last command; ``refused`` asserts a refusal's code and that nothing
    changed."""

    def __init__(self, command: SetupWarband | None = None) -> None:
        self.state, self.events = apply(GameState(), command or setup_command())

    def do(self, *commands: Command) -> tuple[Event, ...]:
        for command in commands:
            self.state, self.events = apply(self.state, command)
        return self.events

    def refused(self, command: Command, code: str) -> RuleViolation:
        before = self.state
        with pytest.raises(RuleViolation) as caught:
            apply(self.state, command)
        assert caught.value.code == code, caught.value.message
        assert self.state == before
        return caught.value

    def next(self, times: int = 1) -> tuple[Event, ...]:
        return self.do(*(Next() for _ in range(times)))

    def unit(self, unit_id: str) -> WarbandUnit:
        found = self.board.unit(unit_id)
        assert found is not None
        return found

    @property
    def board(self) -> WarbandBoard:
        return board(self.state)

    def texts(self) -> str:
        return " | ".join(e.text for e in self.events)

    def where(self) -> tuple[int, int, str, str]:
        return self.state.round, self.state.active, self.state.phase, self.state.step

    def to_bobs_treasure_step(self) -> None:
        """From the start (Ann's first turn, rest of the turn) to Bob's Treasure step in round 1."""
        assert self.where() == (1, 0, "play", "play")
        self.next()
        assert self.where() == (1, 1, "upkeep", "treasure")


def rout_due_for_ann(game: Game, lost: int = 5) -> None:
    """Ann loses ``lost`` units in her first turn, Bob's Thug picks up a token in his: at the start of round 2
    Ann stands at the rout step with ``lost`` + 1 (held by Bob)."""
    from models.rules.warband.conditions import Incapacitate
    from models.rules.warband.treasure import PickUp

    for unit_id in (*HENCHMEN, HOUND)[:lost]:
        game.do(Incapacitate(unit=unit_id))
    game.to_bobs_treasure_step()
    game.do(PickUp(unit=THUG))
    game.next(2)
