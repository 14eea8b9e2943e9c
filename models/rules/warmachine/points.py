"""Focus and fury as points a model holds and spends (the Mk III core rules as publicly known,
doc 002 "Game Round" for when they come and go).

- Warcasters (Focus Manipulation) hold focus, start the game with FOCUS points, spend them in their own
  activation. Warjacks hold focus given to them (power up, allocation), never more than 3 at a time, and
  cannot hold or spend any while their cortex is crippled.
- Warlocks (Fury Manipulation) hold fury, start the game with FURY points (public Mk III rule; not in the
  reference documents) and spend it like focus.
- Warbeasts hold fury too, but they do not spend it: they are *forced*, and each point "spent" is a fury point
  put on the warbeast, never above its FURY; a crippled Spirit aspect means it cannot be forced.

``base.spend`` sends every payment here when the model pays in focus or fury, so boosts, additional attacks,
spells, upkeep and shaking work the same way for every caster type.
"""

from __future__ import annotations

from typing import Literal

from models.catalog.schema import Card, GridLayout, SpiralLayout
from models.rules.core import Event, GameState, RuleViolation
from models.rules.warmachine import grids
from models.rules.warmachine.match import ModelState, board
from models.rules.warmachine.modifiers import stat_now

WARJACK_FOCUS_CAP = 3
ESSENCE_ROLES = ("infernal_master", "master_infernalist", "horror")

Resource = Literal["essence", "focus", "fury", "force"]


def kept_at_most(m: ModelState, points: Literal["essence", "focus", "fury"], cap: int
                 ) -> tuple[ModelState, Event] | None:
    """``m`` keeping at most ``cap`` of its essence, focus or fury (maintenance: what is above its stat is lost),
    with the event saying so; None when it holds no more than that."""
    lost = (getattr(m, points) or 0) - cap
    if lost <= 0:
        return None
    return m.model_copy(update={points: cap}), Event(
        kind=f"{points}.lost", model=m.id, data={"points": lost},
        text=f"{m.name} loses {lost} {points} above its {points.upper()} of {cap}.")


def gained(m: ModelState, points: Literal["essence", "fury"], amount: int, cap: int, how: str) -> ModelState:
    """``m`` with ``amount`` more essence or fury, refused when that would pass ``cap`` (its ESSENCE or FURY):
    leeching and spirit bond never go above the stat."""
    have = getattr(m, points) or 0
    if have + amount > cap:
        raise RuleViolation(f"{points}.exceeds_stat",
                            f"{m.name} has {have} of {cap} {points}: {how} can add at most {cap - have}.")
    return m.model_copy(update={points: have + amount})


def _has_rule(c: Card, name: str) -> bool:
    return any(name in r.lower() for r in c.rules)


def has_focus_manipulation(state: GameState, m: ModelState) -> bool:
    c = board(state).card_of(m)
    return c.role == "warcaster" or _has_rule(c, "focus manipulation")


def has_fury_manipulation(state: GameState, m: ModelState) -> bool:
    c = board(state).card_of(m)
    return c.role == "warlock" or _has_rule(c, "fury manipulation")


def resource(state: GameState, m: ModelState) -> Resource | None:
    """What the model pays with: essence, focus, fury, or (a warbeast) by being forced."""
    c = board(state).card_of(m)
    if m.essence is not None or c.role in ESSENCE_ROLES:
        return "essence"
    if c.role == "warjack" or has_focus_manipulation(state, m):
        return "focus"
    if has_fury_manipulation(state, m):
        return "fury"
    if c.role == "warbeast":
        return "force"
    return None


def stat(state: GameState, m: ModelState, name: Literal["FOCUS", "FURY", "THR"]) -> int:
    """A stat the rules need, as effects change it; a card that lacks it is completed by the player first."""
    value = stat_now(state, m, name)
    if value is None:
        raise RuleViolation("card.incomplete",
                            f"{m.name}'s card has no {name} yet: enter it from the stat card first.")
    return value


def caster_control_range(state: GameState, m: ModelState) -> int | None:
    """CTRL in inches of a model with Focus or Fury Manipulation: twice its FOCUS or FURY (Mk III core rule,
    public; the reference gives the ESSENCE version, doc 001 "Control Range"). None for other models or while
    the card lacks the stat."""
    for name, holds in (("FOCUS", has_focus_manipulation), ("FURY", has_fury_manipulation)):
        if holds(state, m):
            value = stat_now(state, m, name)
            return None if value is None else 2 * value
    return None


def starting_points(c: Card) -> dict[str, int | None]:
    """Focus and fury a model begins the game with: warcasters FOCUS, warjacks 0 focus, warlocks FURY,
    warbeasts 0 fury (None when the card does not give the stat yet)."""
    if c.role == "warjack":
        return {"focus": 0}
    if c.role == "warbeast":
        return {"fury": 0}
    if c.role == "warcaster" or _has_rule(c, "focus manipulation"):
        return {"focus": c.stats.FOCUS}
    if c.role == "warlock" or _has_rule(c, "fury manipulation"):
        return {"fury": c.stats.FURY}
    return {}


def is_crippled(state: GameState, m: ModelState, letter: str) -> bool:
    """True while every box of system (grid) or aspect (spiral) ``letter`` is marked (for a gargantuan: on either
    side)."""
    layout = board(state).card_of(m).damage
    if not isinstance(layout, GridLayout | SpiralLayout) or not grids.strings(layout):
        return False
    marks = m.marks or tuple(0 for _ in grids.strings(layout))
    return letter in map(grids.part_letter, grids.crippled_parts(layout, marks))


def cortex_crippled(state: GameState, m: ModelState) -> bool:
    return board(state).card_of(m).role == "warjack" and is_crippled(state, m, "C")


def spirit_crippled(state: GameState, m: ModelState) -> bool:
    return board(state).card_of(m).role == "warbeast" and is_crippled(state, m, "S")


def warlock_of(state: GameState, m: ModelState) -> ModelState | None:
    """The warlock or warcaster whose battlegroup ``m`` is in, while it is in play."""
    if m.battlegroup is None:
        return None
    boss = next((x for x in board(state).models if x.id == m.battlegroup), None)
    return boss if boss is not None and boss.in_play else None


def spend_points(state: GameState, m: ModelState, points: int, why: str) -> tuple[ModelState, Event]:
    """Pay ``points`` in focus or fury, or force a warbeast (``points`` fury put on it); ``base.spend`` has
    checked when the model may pay."""
    kind = resource(state, m)
    if kind == "force":
        return _force(state, m, points, why)
    if kind is None:
        raise RuleViolation("points.none", f"{m.name} has no focus, fury or essence to spend.")
    if kind == "focus" and cortex_crippled(state, m):
        raise RuleViolation("focus.cortex", f"{m.name}'s cortex is crippled: it cannot spend focus.")
    have = getattr(m, kind) or 0
    if have < points:
        raise RuleViolation(f"{kind}.not_enough", f"{m.name} has {have} {kind}; {why} needs {points}.")
    spent = m.model_copy(update={kind: have - points})
    return spent, Event(kind=f"{kind}.spent", model=m.id, text=f"{m.name} spends {points} {kind}: {why}.",
                        data={"points": points, "left": have - points})


def _force(state: GameState, m: ModelState, points: int, why: str) -> tuple[ModelState, Event]:
    if "frenzy" in m.done_this_turn and m.activation == "active":
        raise RuleViolation("force.frenzied", f"{m.name} is frenzied and cannot be forced.")
    if spirit_crippled(state, m):
        raise RuleViolation("force.spirit_crippled", f"{m.name}'s Spirit is crippled: it cannot be forced.")
    if warlock_of(state, m) is None:
        raise RuleViolation("force.no_warlock", f"{m.name} has no warlock in play to force it.")
    cap = stat(state, m, "FURY")
    have = m.fury or 0
    if have + points > cap:
        raise RuleViolation("force.exceeds_fury",
                            f"{m.name} has {have} of {cap} fury; forcing it ({why}) would pass its FURY.")
    forced = m.model_copy(update={"fury": have + points})
    return forced, Event(kind="fury.forced", model=m.id, data={"points": points, "fury": have + points},
                         text=f"{m.name} is forced: {why} (+{points} fury, now {have + points} of {cap}).")
