"""Fury for warlocks and warbeasts: excess fury, leeching, spirit bond, forcing, threshold checks and frenzy
(doc 002 "Game Round" and "Frenzy & Threshold").

From the reference: maintenance removes fury above FURY from models with Fury Manipulation and leaves fury
on warbeasts; in the control phase warlocks leech, then spirit bond, and after upkeep each warbeast with 1 or
more fury makes a threshold check (2d6 + its fury against THR; above THR it frenzies). A frenzied warbeast
activates at once, so its activation this turn is used up.

From the Mk III core rules as publicly known (not in the reference; the words are ours): leeching takes fury
from warbeasts of the warlock's battlegroup in its control range, or from the warlock's own life at 1 damage
per point (not transferable); a warlock never passes its FURY by leeching or spirit bond; spirit bond gives up
to 1 fury per warbeast of its battlegroup destroyed or removed from play; forcing puts fury on the warbeast,
never above its FURY. Doc 002 only names "Warlocks Spirit Bond (with dead warbeasts)": the one point per
warbeast is that public rule, recorded as a claim.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.rules.core import Command, Event, GameState, RuleViolation, handles
from models.rules.dice import Roll, check_dice
from models.rules.text import tidy
from models.rules.warmachine.damage import leech_own_life
from models.rules.warmachine.match import ModelState, board, with_models
from models.rules.warmachine.modifiers import stat_now
from models.rules.warmachine.phases import before_leaving, on_enter
from models.rules.warmachine.points import gained, has_fury_manipulation, kept_at_most, stat
from models.rules.warmachine.shake import SHAKEABLE
from models.rules.warmachine.state import (
    SYSTEM,
    acting_with,
    active_models,
    done,
    in_battlegroup,
    live,
    mark_done,
    own_turn,
    role,
    spend,
)


def frenzy_steps() -> tuple[str, ...]:
    """What a frenzied warbeast must do, step by step, in our own words (doc 002 "Frenzy & Threshold")."""
    return (
        "It activates at once, here in the control phase; it will not activate again this turn.",
        "It shrugs off being knocked down, stationary and every other effect that can be shaken, without "
        "being forced, and ignores anything that would make it give up its movement or combat action.",
        "It charges straight at the nearest model it can see, friend or foe, and cannot stop before reaching "
        "it. If several are equally near, pick one at random.",
        "It makes one attack against that model with its highest-POW melee weapon that reaches: the attack "
        "roll is boosted, and if it moved at least 3\" the damage roll is boosted too.",
        "Nothing else: no forcing, no animus, no special actions, no ranged or additional attacks.",
        "If it cannot activate or cannot charge, it just loses its activation.",
        "Afterwards it calms down: remove as many of its fury points as you like.",
    )


@on_enter("maintenance", "excess")
def lose_excess_fury(state: GameState) -> tuple[GameState, list[Event]]:
    """Maintenance: a model with Fury Manipulation keeps at most its FURY; warbeasts keep their fury (doc 002
    "Game Round")."""
    kept = [k for m in active_models(state)
            if m.fury and has_fury_manipulation(state, m) and stat_now(state, m, "FURY") is not None
            if (k := kept_at_most(m, "fury", stat(state, m, "FURY")))]
    return with_models(state, *(m for m, _ in kept)), [e for _, e in kept]


class LeechFury(Command):
    """A warlock takes fury from a warbeast of its battlegroup; ``in_control``: the players' answer."""

    type: Literal["leech_fury"] = "leech_fury"
    warlock: str
    warbeast: str
    points: int = Field(ge=1, le=10)
    in_control: bool = True


@handles(LeechFury, system=SYSTEM, timing="step")
def leech_fury(state: GameState, cmd: LeechFury) -> tuple[GameState, list[Event]]:
    """Leeching from warbeasts (doc 002 "Game Round": "Warlocks Leech"): only from warbeasts of its own
    battlegroup in its control range, never more than the warbeast has, never above the warlock's FURY."""
    lock = acting_with(state, cmd.warlock, "leech fury", "fury")
    beast = in_battlegroup(state, lock, cmd.warbeast, "warbeast", cmd.in_control, "fury")
    if cmd.points > (beast.fury or 0):
        raise RuleViolation("fury.leech_too_much", f"{beast.name} has only {beast.fury or 0} fury to take.")
    lock = gained(lock, "fury", cmd.points, stat(state, lock, "FURY"), "leeching")
    beast = beast.model_copy(update={"fury": (beast.fury or 0) - cmd.points})
    return with_models(state, lock, beast), [Event(
        kind="fury.leeched", model=lock.id, data={"points": cmd.points, "from": beast.id},
        text=f"{lock.name} leeches {cmd.points} fury from {beast.name}.")]


class LeechLife(Command):
    """A warlock takes fury from its own life: 1 damage per point."""

    type: Literal["leech_life"] = "leech_life"
    warlock: str
    points: int = Field(ge=1, le=10)


@handles(LeechLife, system=SYSTEM, timing="step")
def leech_life(state: GameState, cmd: LeechLife) -> tuple[GameState, list[Event]]:
    """Leeching from its own life: 1 damage point per fury point, which cannot be transferred, never above
    FURY (Mk III core rule, public; doc 002 "Warlocks Leech")."""
    lock = acting_with(state, cmd.warlock, "leech fury", "fury")
    return leech_own_life(state, lock, "fury", cmd.points, stat(state, lock, "FURY"),
                          "leeching its own life, cannot be transferred", {"points": cmd.points, "from": lock.id})


def fallen_warbeasts(state: GameState, lock: ModelState) -> list[ModelState]:
    """Warbeasts of ``lock``'s battlegroup destroyed or removed from play."""
    return [m for m in board(state).models
            if m.battlegroup == lock.id and not m.in_play and role(state, m) == "warbeast"]


class SpiritBond(Command):
    type: Literal["spirit_bond"] = "spirit_bond"
    warlock: str
    points: int = Field(ge=1, le=10)


@handles(SpiritBond, system=SYSTEM, timing="step")
def spirit_bond(state: GameState, cmd: SpiritBond) -> tuple[GameState, list[Event]]:
    """Spirit bond (doc 002 "Game Round": after leeching, "Warlocks Spirit Bond (with dead warbeasts)"): once
    per control phase, up to 1 fury per warbeast of its battlegroup destroyed or removed from play, never
    above FURY (the per-warbeast count is the Mk III core rule, a claim: not in the reference)."""
    lock = acting_with(state, cmd.warlock, "spirit bond", "fury")
    if done(lock, "spirit_bond"):
        raise RuleViolation("spirit_bond.once", f"{lock.name} has already used spirit bond this turn.")
    fallen = len(fallen_warbeasts(state, lock))
    if not fallen:
        raise RuleViolation("spirit_bond.none", f"No warbeast of {lock.name}'s battlegroup has been destroyed: "
                                                "spirit bond has nothing to give.")
    if cmd.points > fallen:
        raise RuleViolation("spirit_bond.too_many",
                            f"{lock.name} has lost {fallen} warbeasts: spirit bond gives at most {fallen}.")
    lock = mark_done(gained(lock, "fury", cmd.points, stat(state, lock, "FURY"), "spirit bond"), "spirit_bond")
    return with_models(state, lock), [Event(kind="fury.spirit_bond", model=lock.id,
                                           data={"points": cmd.points},
                                           text=f"{lock.name} gains {cmd.points} fury through spirit bond.")]


class Force(Command):
    """A warbeast is forced for something the app does not count itself (its animus, a special rule):
    ``points`` fury go on it. Boosts, additional attacks, running and charging force it by themselves."""

    type: Literal["force"] = "force"
    warbeast: str
    points: int = Field(default=1, ge=1, le=5)
    why: str = Field(default="a special rule", min_length=1, max_length=40)
    in_control: bool = True


@handles(Force, system=SYSTEM, timing="step")
def force(state: GameState, cmd: Force) -> tuple[GameState, list[Event]]:
    """Forcing (Mk III core rule, public): a warbeast of a warlock's battlegroup in its control range, during
    its activation, gains the fury; never above its FURY, never while frenzied (doc 002 "Frenzy & Threshold")
    or with a crippled Spirit."""
    beast = live(state, cmd.warbeast)
    if role(state, beast) != "warbeast":
        raise RuleViolation("force.not_warbeast", f"Only warbeasts are forced; {beast.name} is not one.")
    own_turn(state, beast, "be forced")
    if not cmd.in_control:
        raise RuleViolation("force.out_of_control", f"{beast.name} must be in its warlock's control range.")
    why = tidy(cmd.why) or "a special rule"
    beast, forced = spend(state, beast, cmd.points, why)
    return with_models(state, beast), [forced]


def _no_frenzy_under_way(state: GameState) -> None:
    """One frenzy at a time: the frenzied warbeast finishes before another warbeast checks, and before the
    frenzy step ends."""
    busy = next((m for m in board(state).models if done(m, "frenzy") and m.activation == "active"), None)
    if busy is not None:
        raise RuleViolation("frenzy.in_progress", f"Finish {busy.name}'s frenzy first.")


class ThresholdCheck(Command):
    """A warbeast's threshold check: ``roll`` is the 2d6 the players rolled (or the service rolled)."""

    type: Literal["threshold_check"] = "threshold_check"
    warbeast: str
    roll: Roll


@handles(ThresholdCheck, system=SYSTEM, timing="step")
def threshold_check(state: GameState, cmd: ThresholdCheck) -> tuple[GameState, list[Event]]:
    """Threshold check (doc 002 "Frenzy & Threshold"): after leeching and upkeep, each warbeast with 1 or more
    fury rolls 2d6 + 1 per fury point; above its THR it frenzies, activates at once and shakes what can be
    shaken (so its activation this turn is used up when the frenzy ends)."""
    beast = live(state, cmd.warbeast)
    if role(state, beast) != "warbeast":
        raise RuleViolation("frenzy.not_warbeast",
                            f"Only warbeasts make threshold checks; {beast.name} is not one.")
    own_turn(state, beast, "make a threshold check")
    if not beast.fury:
        raise RuleViolation("frenzy.no_fury", f"{beast.name} has no fury, so it makes no threshold check.")
    if done(beast, "threshold"):
        raise RuleViolation("frenzy.checked", f"{beast.name} has already made its threshold check this turn.")
    _no_frenzy_under_way(state)
    check_dice(cmd.roll.dice, 2)
    thr = stat(state, beast, "THR")
    total = cmd.roll.total + beast.fury
    data = {"dice": list(cmd.roll.dice), "rolled_by": cmd.roll.rolled_by, "fury": beast.fury, "thr": thr,
            "total": total}
    beast = mark_done(beast, "threshold")
    if total <= thr:
        return with_models(state, beast), [Event(
            kind="frenzy.passed", model=beast.id, data=data,
            text=f"{beast.name} passes its threshold check: {cmd.roll.total} + {beast.fury} fury = {total}, "
                 f"not above THR {thr}.")]
    shaken = [e for e in beast.effects if e in SHAKEABLE]
    beast = mark_done(beast, "frenzy").model_copy(update={
        "activation": "active", "effects": tuple(e for e in beast.effects if e not in SHAKEABLE)})
    events = [Event(kind="frenzy.failed", model=beast.id, data=data,
                    text=f"{beast.name} fails its threshold check: {cmd.roll.total} + {beast.fury} fury = "
                         f"{total}, above THR {thr}. It frenzies!"),
              Event(kind="frenzy.started", model=beast.id,
                    data={"steps": list(frenzy_steps()), "shaken": shaken},
                    text=f"{beast.name} activates at once in a frenzy.")]
    return with_models(state, beast), events


class EndFrenzy(Command):
    """The frenzied warbeast's activation is over; ``remove_fury``: fury points the player takes off it."""

    type: Literal["end_frenzy"] = "end_frenzy"
    warbeast: str
    remove_fury: int = Field(default=0, ge=0, le=10)


@handles(EndFrenzy, system=SYSTEM, timing="step")
def end_frenzy(state: GameState, cmd: EndFrenzy) -> tuple[GameState, list[Event]]:
    """End of a frenzy (doc 002 "Frenzy & Threshold"): the warbeast is no longer frenzied, any number of its
    fury points may be removed, and it does not activate again this turn."""
    beast = live(state, cmd.warbeast)
    if not (done(beast, "frenzy") and beast.activation == "active"):
        raise RuleViolation("frenzy.not_frenzied", f"{beast.name} is not frenzied.")
    if cmd.remove_fury > (beast.fury or 0):
        raise RuleViolation("frenzy.fury_too_much", f"{beast.name} has only {beast.fury or 0} fury.")
    beast = beast.model_copy(update={"activation": "done", "fury": (beast.fury or 0) - cmd.remove_fury})
    removed = f"; {cmd.remove_fury} fury removed" if cmd.remove_fury else ""
    return with_models(state, beast), [Event(
        kind="frenzy.ended", model=beast.id, data={"removed": cmd.remove_fury},
        text=f"{beast.name} is no longer frenzied and its activation is over{removed}.")]


def checks_due(state: GameState) -> list[ModelState]:
    """The active player's warbeasts that still owe a threshold check this turn."""
    return [m for m in active_models(state) if role(state, m) == "warbeast" and m.fury and not done(m, "threshold")]


@before_leaving("control", "frenzy")
def frenzy_done_first(state: GameState) -> None:
    """The frenzy step ends only when every warbeast with fury has checked and no frenzy is under way."""
    _no_frenzy_under_way(state)
    due = checks_due(state)
    if due:
        raise RuleViolation("frenzy.checks_due",
                            "Threshold checks are still due for: " + ", ".join(m.name for m in due) + ".")
