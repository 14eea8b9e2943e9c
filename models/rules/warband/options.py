"""What a warband unit may do now, found by trying each command on the (immutable) state, so a greyed button and
a refusal always give the same reason."""

from __future__ import annotations

from models.rules.core import DERIVED, Command, GameState, Option, probe
from models.rules.warband.conditions import Incapacitate, SetCondition
from models.rules.warband.rout import ROUT_AT, rout_sum
from models.rules.warband.spells import EndSpell, SpellCheck, StartSpell
from models.rules.warband.state import Condition, WarbandUnit, board, rout_morale, unable, unit
from models.rules.warband.treasure import NO_RUN, DropTreasure, PickUp

CONDITIONS: tuple[Condition, ...] = ("stunned", "dazed", "staggered", "normal")
# What the players answer before each action's command is sent (the probe holds stand-ins there).
ASKED: dict[str, tuple[str, ...]] = {
    "pick_up": ("in_contact", "opponent_within_2", "under", "event_roll", "event_text", "neutrals", "plague_passed"),
    "incapacitate": ("by", "engaged"),
    "start_spell": ("spell",),
}


def derived(state: GameState, u: WarbandUnit) -> Option:
    """The numbers doc 004 ("Rout Step") works out for the unit's warband now: ``rout:lost`` (its units
    incapacitated), ``rout:held`` (treasure tokens the opponent's units hold), their sum ``rout:total``, the sum
    ``rout:at`` that calls for a rout check, and ``rout:morale``, the Morale that check uses (the highest among
    its heroes still standing; absent when none stands)."""
    b = board(state)
    n_lost, n_held = rout_sum(b, u.seat)
    values = {"rout:lost": n_lost, "rout:held": n_held, "rout:total": n_lost + n_held, "rout:at": ROUT_AT}
    hero = rout_morale(b, u.seat)
    if hero is not None and hero.morale is not None:
        values["rout:morale"] = hero.morale
    return Option(action=DERIVED, allowed=False, values=values)


def unit_options(state: GameState, unit_id: str) -> tuple[Option, ...]:
    """Every action of a unit's card, with the reason when it is refused now, after a first entry ``derived``
    with its warband's rout numbers (:func:`derived`). ``run`` is not a command (the app does not track
    movement): it says whether the unit may run, as the players should know."""
    u = unit(state, unit_id)
    probes: list[tuple[str, Command]] = [
        ("pick_up", PickUp(unit=u.id)),
        ("drop_treasure", DropTreasure(unit=u.id)),
        ("incapacitate", Incapacitate(unit=u.id)),
        *((f"condition:{c}", SetCondition(unit=u.id, condition=c)) for c in CONDITIONS),
    ]
    if u.caster:
        probes.append(("start_spell", StartSpell(unit=u.id, spell="a new spell")))
        probes += [(f"end_spell:{s}", EndSpell(unit=u.id, spell=s)) for s in u.spells]
        probes += [(f"spell_check:{s}", SpellCheck(unit=u.id, spell=s, passed=True)) for s in u.spells]
    others = {"by": tuple(x.id for x in board(state).units if x.in_play and x.id != u.id)}
    found = [derived(state, u), *(probe(state, action, command, ASKED.get(action, ()),
                                        others if action == "incapacitate" else None)
                                  for action, command in probes)]
    found.append(_run(u))
    return tuple(found)


def _run(u: WarbandUnit) -> Option:
    """A Stunned unit cannot move at all (doc 004, "Recover Step"); a unit carrying treasure may not run
    ("Treasure Step")."""
    stunned = unable(u, "move, let alone run")
    if stunned is not None:
        return Option(action="run", allowed=False, reason=stunned.message, code=stunned.code)
    return Option(action="run", allowed=not u.carrying, reason=NO_RUN if u.carrying else "",
                  code="treasure.no_run" if u.carrying else "")

