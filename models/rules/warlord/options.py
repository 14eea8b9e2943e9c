"""What a Warlord model may do now, and why not, found by trying each command on the (immutable) state: the
buttons the UI greys and the rules can never disagree."""

from __future__ import annotations

from models.rules.core import DERIVED, Command, GameState, Option, probe
from models.rules.warlord.activation import (
    ACTIONS_PER_ACTIVATION,
    WarlordAction,
    WarlordActivate,
    WarlordEndActivation,
    allowed_actions,
)
from models.rules.warlord.combat import (
    DEFENCES,
    WarlordCastSpell,
    WarlordDefend,
    WarlordMeleeAttack,
    WarlordRangedAttack,
)
from models.rules.warlord.damage import WarlordDamage, WarlordHeal
from models.rules.warlord.effects import effective, flat
from models.rules.warlord.end_phase import (
    POISON_TARGET,
    WarlordEndTurn,
    WarlordNextTurn,
    WarlordPoisonCheck,
    poison_bonus,
)
from models.rules.warlord.ending import WarlordConcede, WarlordEndGame
from models.rules.warlord.model_states import WarlordAddState, WarlordRemoveState
from models.rules.warlord.state import ACTIONS, CONDITIONS, Figure, board, figure


def turn_numbers(f: Figure) -> dict[str, int]:
    """The numbers of ``f``'s tracks and turn: ``DT`` (damage tracks left) of ``DT:max``; ``actions`` in
    its current or next activation (one when Stunned, doc 003 "Stunned") and, while activated, ``actions:left``;
    for a Poisoned model the bonus its end phase check adds to the die and the total it needs (doc 003
    "Poisoned")."""
    values = {"DT": f.remaining, "DT:max": f.tracks}
    if f.activation == "active":
        values["actions"] = allowed_actions(f)
        values["actions:left"] = max(0, values["actions"] - len(f.actions))
    elif not f.out_of_action:
        values["actions"] = 1 if f.has("stunned") else ACTIONS_PER_ACTIVATION
    if f.has("poisoned"):
        values["poison:bonus"] = sum(n for _, n in poison_bonus(f))
        values["poison:needs"] = POISON_TARGET
    return values


def derived_values(f: Figure) -> dict[str, int]:
    """Every number the rules derive for ``f``: its card's after its states, then :func:`turn_numbers`."""
    return {**flat(effective(f)), **turn_numbers(f)}


def figure_options(state: GameState, model_id: str) -> tuple[Option, ...]:
    """Keys: ``derived`` first (no action: its ``values`` are the model's numbers after its states, and those of
    :func:`turn_numbers`), then ``activate``, ``end_activation``, ``action:<action>``, ``melee_attack``,
    ``ranged_attack``, ``cast_spell``, ``defend:<kind>``, ``damage``, ``heal``, ``add:<state>``, ``remove:<state>``
    (for the states it has) and ``poison_check``."""
    f = figure(state, model_id)
    probes: list[tuple[str, Command]] = [
        ("activate", WarlordActivate(model=f.id)),
        ("end_activation", WarlordEndActivation(model=f.id)),
        *[(f"action:{a}", WarlordAction(model=f.id, action=a)) for a in ACTIONS],
        ("melee_attack", WarlordMeleeAttack(model=f.id)),
        ("ranged_attack", WarlordRangedAttack(model=f.id)),
        ("cast_spell", WarlordCastSpell(model=f.id)),
        *[(f"defend:{k}", WarlordDefend(model=f.id, kind=k)) for k in DEFENCES],
        ("damage", WarlordDamage(model=f.id)),
        ("heal", WarlordHeal(model=f.id)),
        *[(f"add:{c}", WarlordAddState(model=f.id, state=c)) for c in CONDITIONS],
        *[(f"remove:{c.name}", WarlordRemoveState(model=f.id, state=c.name)) for c in f.conditions],
        ("poison_check", WarlordPoisonCheck(model=f.id, die=1)),
    ]
    others = [o.id for o in board(state).figures if o.id != f.id and not o.out_of_action]
    enemies = tuple(o for o in others if figure(state, o).seat != f.seat)
    asked: dict[str, tuple[tuple[str, ...], dict[str, tuple[str, ...]]]] = {
        "poison_check": (("die",), {}),
        "melee_attack": (("target", "swift"), {"target": enemies}),
        "ranged_attack": (("target",), {"target": enemies}),  # a model the players name, or none (None)
        "cast_spell": (("spell", "target", "needs_los"), {"target": tuple(others)}),
    }
    derived = Option(action=DERIVED, allowed=False, values=derived_values(f))
    return (derived, *(probe(state, action, command, *asked.get(action, ((), {}))) for action, command in probes))


def turn_options(state: GameState) -> dict[str, Option]:
    """Ending the game turn (the end phase begins), starting the next one, ending the game and conceding."""
    return {"end_turn": probe(state, "end_turn", WarlordEndTurn()),
            "next_turn": probe(state, "next_turn", WarlordNextTurn()),
            "end_game": probe(state, "end_game", WarlordEndGame(), ("winner", "reason")),
            **{f"concede:{s}": probe(state, f"concede:{s}", WarlordConcede(seat=s)) for s in (0, 1)}}

