"""Warlord (Reaper Miniatures, R.A.G.E. rules): the live model states of doc 003 ("Game Effects & Model
States"). Declared once as :data:`RULES` (registered in models/rules/systems.py); the names below are its public face
for the service and the web."""

from models.rules.system import RuleSystem
from models.rules.warlord import (
    activation,
    builders,
    card,
    combat,
    damage,
    end_phase,
    ending,
    model_states,
    options,
    phases,
    pregame,
    seats,
    setup,
    state,
)
from models.rules.warlord.card import (
    STAT_LABELS,
    StatName,
    WarlordSetStats,
)
from models.rules.warlord.combat import (
    DEFENCE_LABELS,
    DEFENCES,
    SPELL_NAME_MAX,
)
from models.rules.warlord.conditions import (
    ABILITY_LABELS,
    ACTION_LABELS,
)
from models.rules.warlord.end_phase import (
    MAX_DIE,
)
from models.rules.warlord.ending import (
    REASON_MAX,
    WarlordConcede,
    WarlordEndGame,
)
from models.rules.warlord.options import (
    turn_options,
)
from models.rules.warlord.pregame import (
    WarlordPregame,
)
from models.rules.warlord.setup import (
    MAX_MODELS,
    MAX_TOUGH,
    MAX_TRACKS,
    MODEL_NAME_MAX,
    TITLE_MAX,
    ModelEntry,
    Warband,
    WarlordSetup,
)
from models.rules.warlord.state import (
    ABILITIES,
    ACTIONS,
    MAX_STAT,
    Ability,
    Stats,
    board,
)

# Warlord as the rules core knows it.
RULES = RuleSystem(
    name=state.SYSTEM,
    turn=phases.TURN,
    modules=(activation, card, combat, damage, end_phase, ending, model_states, pregame, setup),
    options=options.figure_options,
    senders=seats.SENDERS,
    setup=setup.WarlordSetup,
    board=state.WarlordBoard,
)

__all__ = [
    "RULES",
    "builders",
    "ABILITIES",
    "ABILITY_LABELS",
    "ACTIONS",
    "ACTION_LABELS",
    "Ability",
    "DEFENCES",
    "DEFENCE_LABELS",
    "MAX_DIE",
    "MAX_MODELS",
    "MAX_STAT",
    "MAX_TOUGH",
    "MAX_TRACKS",
    "MODEL_NAME_MAX",
    "ModelEntry",
    "REASON_MAX",
    "SPELL_NAME_MAX",
    "STAT_LABELS",
    "StatName",
    "Stats",
    "TITLE_MAX",
    "Warband",
    "WarlordConcede",
    "WarlordEndGame",
    "WarlordPregame",
    "WarlordSetStats",
    "WarlordSetup",
    "board",
    "turn_options",
]
