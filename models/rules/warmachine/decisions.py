"""When a step of the turn has something for the active player to decide (phases.py passes the others by
itself).

Each check asks the rules themselves: a step waits when at least one of its commands would be accepted for
some model of the active side (doc 001 "The Infernal Turn", doc 002 "Game Round"). Checks that the turn may
not leave a step yet (an upkeep undecided, a threshold check due, Arcana unchosen) hold it there as well.
"""

from __future__ import annotations

from collections.abc import Iterable

from models.rules.core import Command, GameState, Option, probe
from models.rules.warmachine.caster_options import allocate_focus_option, any_allowed, leech_fury_option
from models.rules.warmachine.continuous import CONTINUOUS, ResolveContinuous
from models.rules.warmachine.essence import Allocate, Leech
from models.rules.warmachine.focus import SkipPowerUp
from models.rules.warmachine.fury import LeechLife, SpiritBond
from models.rules.warmachine.match import ModelState, board
from models.rules.warmachine.phases import waits_when
from models.rules.warmachine.points import has_focus_manipulation, has_fury_manipulation
from models.rules.warmachine.replenish import Sacrifice, sacrifice_refusal
from models.rules.warmachine.shake import SHAKEABLE, Shake
from models.rules.warmachine.state import battlegroup, has_essence_manipulation, is_horror, role


def allocate_option(state: GameState, master: ModelState) -> Option | None:
    """"Allocate essence" over every horror of the master's battlegroup; None without one."""
    horrors = [h for h in battlegroup(state, master.id) if is_horror(state, h)]
    if not horrors:
        return None
    return any_allowed(state, "allocate", (Allocate(master=master.id, horror=h.id, points=1) for h in horrors))


def _side(state: GameState) -> list[ModelState]:
    return [m for m in board(state).models if m.seat == state.active and m.in_play]


def _can(state: GameState, commands: Iterable[Command]) -> bool:
    return any(probe(state, "", c).allowed for c in commands)


@waits_when("maintenance", "continuous")
def continuous_to_resolve(state: GameState) -> bool:
    """Fire or corrosion on a model of the active side, not yet resolved this turn."""
    return _can(state, (ResolveContinuous(model=m.id, effect=e, expires=True)
                        for m in _side(state) for e in m.effects if e in CONTINUOUS))


@waits_when("control", "replenish")
def replenish_to_choose(state: GameState) -> bool:
    """A master below its ESSENCE may leech or sacrifice; a warlock below its FURY may leech (warcasters
    replenish by themselves)."""
    for m in _side(state):
        if has_essence_manipulation(state, m):
            victims = [v for v in _side(state) if v.id != m.id and sacrifice_refusal(state, m, v) is None]
            if _can(state, [Leech(master=m.id, points=1), *(Sacrifice(master=m.id, victim=v.id) for v in victims)]):
                return True
        elif has_fury_manipulation(state, m):
            option = leech_fury_option(state, m)
            if (option is not None and option.allowed) or _can(state, [LeechLife(warlock=m.id, points=1)]):
                return True
    return False


@waits_when("control", "spirit_bond")
def spirit_bond_to_choose(state: GameState) -> bool:
    return _can(state, (SpiritBond(warlock=m.id, points=1) for m in _side(state) if has_fury_manipulation(state, m)))


@waits_when("control", "allocate")
def allocation_to_choose(state: GameState) -> bool:
    """A master with essence for a horror, a warcaster with focus for a warjack, or a warjack that powered up
    and may have been out of control range."""
    for m in _side(state):
        option = (allocate_option(state, m) if has_essence_manipulation(state, m)
                  else allocate_focus_option(state, m) if has_focus_manipulation(state, m) else None)
        if option is not None and option.allowed:
            return True
    return _can(state, (SkipPowerUp(warjack=m.id) for m in _side(state) if role(state, m) == "warjack"))


@waits_when("control", "upkeep")
def effects_to_shake(state: GameState) -> bool:
    """An effect a master, a horror or a warlock could shake now (the upkeep step names it; doc 001 "Control
    Phase")."""
    return _can(state, (Shake(model=m.id, effect=e) for m in _side(state) for e in m.effects if e in SHAKEABLE))
