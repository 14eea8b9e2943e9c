"""The Warlord game turn as data: the activations, then the end phase (doc 003 names both: a model's
"Activation" and the "End Phase" of each "Game Turn").

Each phase lists the commands it allows; a few commands fit any phase (damage, healing and model states arrive
whenever the table says so: their timing is "anytime"). The gate refuses a command of the wrong phase before any
rule runs, and every command needs a game that is set up. Before game turn 1 a game may wait on its pre-game screen
(the core's ``setup`` phase, pregame.py), which takes only the pre-game form and conceding.
"""

from __future__ import annotations

from models.rules.core import GameState
from models.rules.steps import SETUP, Phase, Step, StepTable
from models.rules.warlord.state import SYSTEM

# Each phase is one step (its key empty: a Warlord game's state names only its phase).
PHASES: tuple[Phase, ...] = (
    Phase("activations", "Activations", (Step("", "Activations", (
        "warlord_activate", "warlord_action", "warlord_melee_attack", "warlord_ranged_attack", "warlord_cast_spell",
        "warlord_defend", "warlord_end_activation", "warlord_end_turn")),)),
    Phase("end", "End phase", (Step("", "End phase", ("warlord_poison_check", "warlord_next_turn",
                                                       "warlord_end_game")),)),
)


def _in_pregame(state: GameState) -> bool:
    """The pre-game screen is open (pregame.py): set up with card numbers still empty, game turn 1 not begun."""
    return state.phase == SETUP


TURN: StepTable[None] = StepTable(SYSTEM, PHASES, in_pregame=_in_pregame)
