"""Continuous effects in the maintenance phase: fire and corrosion (doc 002 "Game Round": "Resolve Fire and
Corrosion"; doc 001 "The Infernal Turn", maintenance step 2: check whether each continuous effect expires,
then resolve those that remain).

The players roll the expiry die and, when the effect stays, its damage; the app records the dice and applies
the damage points they read off (after ARM) through the normal damage track.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.dice import Roll
from models.rules.warmachine.damage import Side, sections, suffer
from models.rules.warmachine.match import ModelState, board, with_models
from models.rules.warmachine.phases import before_leaving, on_enter
from models.rules.warmachine.shake import effect_name, without_effect
from models.rules.warmachine.state import SYSTEM, done, live, mark_done, own_turn

Continuous = Literal["fire", "corrosion"]
CONTINUOUS: tuple[Continuous, ...] = ("fire", "corrosion")


def unresolved(state: GameState) -> list[tuple[ModelState, Continuous]]:
    """The active player's fire and corrosion not yet resolved this turn, model by model."""
    return [(m, e) for m in board(state).models if m.seat == state.active and m.in_play
            for e in CONTINUOUS if e in m.effects and not done(m, f"continuous:{e}")]


def _names(due: list[tuple[ModelState, Continuous]]) -> str:
    return ", ".join(f"{m.name} ({effect_name(e)})" for m, e in due)


@on_enter("maintenance", "continuous")
def continuous_due(state: GameState) -> tuple[GameState, list[Event]]:
    """A reminder of the active player's models with a continuous effect to resolve."""
    due = unresolved(state)
    if not due:
        return state, []
    return state, [Event(kind="continuous.due", text=f"Continuous effects to resolve: {_names(due)}.")]


@before_leaving("maintenance", "continuous")
def continuous_resolved(state: GameState) -> None:
    """Resolving continuous effects is not optional (doc 001 "The Infernal Turn", maintenance step 2: check
    each for expiry, then resolve those that remain; doc 002 "Game Round"): like the upkeep and the tithe, the
    turn does not leave the step until the players have said, for each, whether it expires or what it deals."""
    due = unresolved(state)
    if due:
        raise RuleViolation("continuous.pending", "Resolve each continuous effect first (it expires, or it stays "
                                                  f"and deals its damage): {_names(due)}.")


class ResolveContinuous(Command):
    """One continuous effect on one model: it ``expires``, or it stays and deals ``damage`` points (what the
    damage roll did after ARM). ``roll``: the dice the players rolled; ``column``: where damage enters a grid
    or spiral (``side``, ``then_column``: on a colossal's grids or a gargantuan's spirals, the side a d6 gave,
    1-3 left, 4-6 right, as the effect has no attacker)."""

    type: Literal["resolve_continuous"] = "resolve_continuous"
    model: str
    effect: Continuous
    expires: bool
    damage: int | None = Field(default=None, ge=0, le=99)
    roll: Roll | None = None
    column: int | None = Field(default=None, ge=1, le=6)
    side: Side | None = None
    then_column: int | None = Field(default=None, ge=1, le=6)


@handles(ResolveContinuous, system=SYSTEM, timing="step")
def resolve_continuous(state: GameState, cmd: ResolveContinuous) -> tuple[GameState, list[Event]]:
    """Maintenance: each continuous effect on the active player's models is checked once: it expires, or it
    stays and its damage is applied (doc 002 "Resolve Fire and Corrosion"; doc 001 maintenance step 2)."""
    m = live(state, cmd.model)
    own_turn(state, m, "resolve its continuous effects")
    if cmd.effect not in m.effects:
        raise RuleViolation("continuous.absent", f"{m.name} is not {effect_name(cmd.effect)}.")
    marker = f"continuous:{cmd.effect}"
    if done(m, marker):
        raise RuleViolation("continuous.done", f"{m.name}'s {cmd.effect} is already resolved this turn.")
    data: dict[str, object] = {"effect": cmd.effect, "expires": cmd.expires}
    if cmd.roll is not None:
        data.update(dice=list(cmd.roll.dice), rolled_by=cmd.roll.rolled_by)
    if cmd.expires:
        if cmd.damage:
            raise RuleViolation("continuous.expired", "An effect that expires deals no damage.")
        m = without_effect(mark_done(m, marker), cmd.effect)
        return with_models(state, m), [Event(kind="continuous.expired", model=m.id, data=data,
                                            text=f"{m.name} is no longer {effect_name(cmd.effect)}.")]
    if cmd.damage is None:
        raise RuleViolation("continuous.damage_needed",
                            f"Enter the damage {m.name} suffers from {cmd.effect} (0 if none got through).")
    m = mark_done(m, marker)
    state = with_models(state, m)
    data["damage"] = cmd.damage
    events = [Event(kind="continuous.stays", model=m.id, data=data,
                    text=f"{m.name} is still {effect_name(cmd.effect)} and suffers {cmd.damage} damage.")]
    if cmd.damage:
        sections(state, m)
        state, more, _ = suffer(state, m, cmd.damage, cmd.effect, column=cmd.column, side=cmd.side,
                                then_column=cmd.then_column)
        events += more
    return state, events
