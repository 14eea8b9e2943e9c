"""What a Warlord model may do now, and why not, found by trying each command on the (immutable) state: the
buttons the UI greys and the rules can never disagree."""

from __future__ import annotations

from models.rules.core import DERIVED, OPTION_PROVIDERS, Command, GameState, Option, probe
from models.rules.warlord.activation import WarlordAction, WarlordActivate, WarlordEndActivation
from models.rules.warlord.combat import DEFENCES, WarlordCastSpell, WarlordDefend, WarlordRangedAttack
from models.rules.warlord.damage import WarlordDamage, WarlordHeal
from models.rules.warlord.effects import effective, flat
from models.rules.warlord.end_phase import WarlordEndTurn, WarlordNextTurn, WarlordPoisonCheck
from models.rules.warlord.model_states import WarlordAddState, WarlordRemoveState
from models.rules.warlord.state import ACTIONS, CONDITIONS, SYSTEM, figure


def figure_options(state: GameState, model_id: str) -> tuple[Option, ...]:
    """Keys: ``derived`` first (no action: its ``values`` are the model's numbers after its states), then
    ``activate``, ``end_activation``, ``action:<action>``, ``ranged_attack``, ``cast_spell``, ``defend:<kind>``,
    ``damage``, ``heal``, ``add:<state>``, ``remove:<state>`` (for the states it has) and ``poison_check``."""
    f = figure(state, model_id)
    probes: list[tuple[str, Command]] = [
        ("activate", WarlordActivate(model=f.id)),
        ("end_activation", WarlordEndActivation(model=f.id)),
        *[(f"action:{a}", WarlordAction(model=f.id, action=a)) for a in ACTIONS],
        ("ranged_attack", WarlordRangedAttack(model=f.id)),
        ("cast_spell", WarlordCastSpell(model=f.id)),
        *[(f"defend:{k}", WarlordDefend(model=f.id, kind=k)) for k in DEFENCES],
        ("damage", WarlordDamage(model=f.id)),
        ("heal", WarlordHeal(model=f.id)),
        *[(f"add:{c}", WarlordAddState(model=f.id, state=c)) for c in CONDITIONS],
        *[(f"remove:{c.name}", WarlordRemoveState(model=f.id, state=c.name)) for c in f.conditions],
        ("poison_check", WarlordPoisonCheck(model=f.id, die=1)),
    ]
    derived = Option(action=DERIVED, allowed=False, values=flat(effective(f)))
    return (derived, *(probe(state, action, command, ("die",) if action == "poison_check" else ())
                       for action, command in probes))


def turn_options(state: GameState) -> dict[str, Option]:
    """Ending the game turn (the end phase begins) and starting the next one."""
    return {"end_turn": probe(state, "end_turn", WarlordEndTurn()),
            "next_turn": probe(state, "next_turn", WarlordNextTurn())}


OPTION_PROVIDERS[SYSTEM] = figure_options
