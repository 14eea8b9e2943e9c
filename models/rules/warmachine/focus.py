"""Focus for warcasters and warjacks (doc 002 "Game Round": Maintenance "remove all focus points from your
warjacks", "remove all focus points in excess of the FOCUS stat" for Focus Manipulation; Control "warcasters
replenish", "warjacks power up", "warcasters allocate").

Not in the reference documents, taken from the Mk III core rules as publicly known (the words are ours):
a warcaster replenishes to its FOCUS; power up gives each warjack of a warcaster's battlegroup in its control
range 1 focus, unless the warjack's cortex is crippled; a warcaster allocates focus to warjacks of its
battlegroup in its control range; a warjack never has more than 3 focus points at a time (power up included).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.warmachine.match import ModelState, with_models
from models.rules.warmachine.modifiers import stat_now
from models.rules.warmachine.phases import on_enter
from models.rules.warmachine.points import (
    WARJACK_FOCUS_CAP,
    cortex_crippled,
    has_focus_manipulation,
    kept_at_most,
    stat,
    warlock_of,
)
from models.rules.warmachine.state import (
    SYSTEM,
    active_models,
    done,
    in_battlegroup,
    live,
    mark_done,
    own_turn,
    role,
    spend,
)


@on_enter("maintenance", "excess")
def lose_excess_focus(state: GameState) -> tuple[GameState, list[Event]]:
    """Maintenance: every warjack of the active player loses all its focus; a model with Focus Manipulation
    keeps at most its FOCUS (doc 002 "Game Round")."""
    changed, events = [], []
    for m in active_models(state):
        if not m.focus:
            continue
        if role(state, m) == "warjack":
            changed.append(m.model_copy(update={"focus": 0}))
            events.append(Event(kind="focus.lost", model=m.id, data={"points": m.focus},
                                text=f"{m.name} loses its {m.focus} focus."))
        elif (has_focus_manipulation(state, m) and stat_now(state, m, "FOCUS") is not None
              and (kept := kept_at_most(m, "focus", stat(state, m, "FOCUS")))):
            changed.append(kept[0])
            events.append(kept[1])
    return with_models(state, *changed), events


@on_enter("control", "replenish")
def replenish_focus(state: GameState) -> tuple[GameState, list[Event]]:
    """Control: each warcaster of the active player replenishes its focus to its FOCUS (doc 002 "Game Round":
    "Warcasters Replenish")."""
    changed, events = [], []
    for m in active_models(state):
        if not has_focus_manipulation(state, m):
            continue
        cap = stat_now(state, m, "FOCUS")
        if cap is None:
            events.append(Event(kind="card.incomplete", model=m.id,
                                text=f"{m.name} cannot replenish focus: enter its FOCUS from the stat card."))
            continue
        have = m.focus or 0
        if have < cap:
            changed.append(m.model_copy(update={"focus": cap}))
            events.append(Event(kind="focus.replenished", model=m.id, data={"points": cap - have},
                                text=f"{m.name} replenishes its focus to {cap}."))
    return with_models(state, *changed), events


def powers_up(state: GameState, m: ModelState) -> bool:
    """A warjack powers up while its warcaster is in play and its cortex is not crippled (horrors and other
    models never do: doc 000, horrors do not benefit from Power Up)."""
    if role(state, m) != "warjack" or cortex_crippled(state, m):
        return False
    boss = warlock_of(state, m)
    return boss is not None and has_focus_manipulation(state, boss)


@on_enter("control", "power_up")
def power_up(state: GameState) -> tuple[GameState, list[Event]]:
    """Control: each warjack in a warcaster's battlegroup gains 1 focus (never above 3). The app assumes it is
    in its warcaster's control range; ``SkipPowerUp`` takes it back when it is not."""
    changed, events = [], []
    for m in active_models(state):
        if not powers_up(state, m):
            continue
        have = m.focus or 0
        gained = 1 if have < WARJACK_FOCUS_CAP else 0
        changed.append(mark_done(m.model_copy(update={"focus": have + gained}), "power_up"))
        events.append(Event(kind="focus.power_up", model=m.id, data={"points": gained},
                            text=f"{m.name} powers up: {have + gained} focus."))
    return with_models(state, *changed), events


class SkipPowerUp(Command):
    """The warjack was outside its warcaster's control range: it does not power up this turn."""

    type: Literal["skip_power_up"] = "skip_power_up"
    warjack: str


@handles(SkipPowerUp, system=SYSTEM, timing="step")
def skip_power_up(state: GameState, cmd: SkipPowerUp) -> tuple[GameState, list[Event]]:
    """Power up needs the warjack in its warcaster's control range (Mk III core rule; geometry is the
    players' answer)."""
    m = live(state, cmd.warjack)
    own_turn(state, m, "skip power up")
    if not done(m, "power_up"):
        raise RuleViolation("power_up.none", f"{m.name} did not power up this turn.")
    m = m.model_copy(update={"focus": max(0, (m.focus or 0) - 1),
                             "done_this_turn": tuple(x for x in m.done_this_turn if x != "power_up")})
    return with_models(state, m), [Event(kind="focus.power_up_skipped", model=m.id,
                                        text=f"{m.name} was out of control range and does not power up.")]


class AllocateFocus(Command):
    """A warcaster gives focus to a warjack of its battlegroup; ``in_control``: the players' answer."""

    type: Literal["allocate_focus"] = "allocate_focus"
    warcaster: str
    warjack: str
    points: int = Field(ge=1, le=10)
    in_control: bool = True


@handles(AllocateFocus, system=SYSTEM, timing="step")
def allocate_focus(state: GameState, cmd: AllocateFocus) -> tuple[GameState, list[Event]]:
    """Allocation (doc 002 "Game Round": "Warcasters Allocate", after power up): only to warjacks of the
    warcaster's battlegroup in its control range, none to a warjack whose cortex is crippled, and a warjack
    never holds more than 3 focus (Mk III core rule, public)."""
    caster = live(state, cmd.warcaster)
    if not has_focus_manipulation(state, caster):
        raise RuleViolation("focus.not_warcaster",
                            f"Only a warcaster can allocate focus; {caster.name} cannot.")
    own_turn(state, caster, "allocate focus")
    jack = in_battlegroup(state, caster, cmd.warjack, "warjack", cmd.in_control, "focus")
    if cortex_crippled(state, jack):
        raise RuleViolation("focus.cortex", f"{jack.name}'s cortex is crippled: it cannot be given focus.")
    have = jack.focus or 0
    if have + cmd.points > WARJACK_FOCUS_CAP:
        raise RuleViolation("focus.warjack_cap",
                            f"A warjack holds at most {WARJACK_FOCUS_CAP} focus; {jack.name} has {have}.")
    caster, paid = spend(state, caster, cmd.points, f"allocate to {jack.name}", outside_activation=True)
    jack = jack.model_copy(update={"focus": have + cmd.points})
    return with_models(state, caster, jack), [paid, Event(
        kind="focus.allocated", model=jack.id, data={"points": cmd.points, "from": caster.id},
        text=f"{jack.name} receives {cmd.points} focus from {caster.name} (now {have + cmd.points}).")]
