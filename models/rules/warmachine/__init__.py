"""Warmachine/Hordes Mk III, declared once as :data:`RULES` (registered in models/rules/systems.py); the names
below are its public face for the service and the web (everything the web uses from it). Importing the rule
modules puts their hooks on the system's step table; it registers nothing with the core."""

from models.rules.system import RuleSystem
from models.rules.warmachine import (
    activation,
    arcana,
    attacks,
    builders,
    clock,
    continuous,
    damage,
    decisions,
    ending,
    essence,
    focus,
    fury,
    horrors,
    list_pairs,
    multi_damage,
    options,
    phases,
    pregame,
    replenish,
    scenario,
    seats,
    setup,
    shake,
    spells,
    stat_effects,
    state,
    structures,
    summoning,
    supplied,
    themes,
    tithe,
    tournament,
    units,
)
from models.rules.warmachine.attacks import (
    ACTIVATION_SEQUENCE,
    MAX_REROLLS,
    SPELL_SEQUENCE,
)
from models.rules.warmachine.continuous import (
    Continuous,
)
from models.rules.warmachine.damage import (
    Entry,
    Side,
)
from models.rules.warmachine.ending import (
    POINTS_MAX,
)
from models.rules.warmachine.focus import (
    AllocateFocus,
)
from models.rules.warmachine.fury import (
    EndFrenzy,
    Force,
    LeechFury,
    LeechLife,
    SpiritBond,
    ThresholdCheck,
)
from models.rules.warmachine.list_model import (
    GAME_SIZES,
    TITLE_MAX,
    Army,
)
from models.rules.warmachine.list_text import (
    TEXT_MAX,
    Imported,
    Unrecognised,
)
from models.rules.warmachine.match import (
    PREGAME_LABELS,
    PREGAME_STEPS,
    AttackRecord,
    ModelState,
    PairedList,
    Pregame,
    Result,
    StatName,
    WarmachineBoard,
    board,
)
from models.rules.warmachine.modifiers import DURATION_WORDS
from models.rules.warmachine.options import turn_options
from models.rules.warmachine.points import (
    WARJACK_FOCUS_CAP,
)
from models.rules.warmachine.pregame import (
    TASK_MAX,
    ChooseObjectives,
    ChooseOrder,
    ChooseSide,
    RollPriority,
)
from models.rules.warmachine.pregame import (
    TEXT_MAX as PREGAME_TEXT_MAX,
)
from models.rules.warmachine.replenish import (
    Sacrifice,
)
from models.rules.warmachine.scenario import (
    CP_MAX,
)
from models.rules.warmachine.setup import (
    NAME_MAX,
    ArmyEntry,
)
from models.rules.warmachine.spells import (
    CastSpell,
)
from models.rules.warmachine.summoning import (
    Summon,
)
from models.rules.warmachine.themes import (
    THEMELESS,
)

# Warmachine as the rules core knows it.
RULES = RuleSystem(
    name=state.SYSTEM,
    board=WarmachineBoard,
    turn=phases.TURN,
    modules=(
        activation, arcana, attacks, clock, continuous, damage, decisions, ending, essence, focus, fury,
        horrors, list_pairs, multi_damage, phases, pregame, replenish, scenario, setup, shake, spells,
        stat_effects, structures, summoning, themes, tithe, units,
    ),
    options=options.model_options,
    senders=seats.SENDERS,
    setup=setup.SetupGame,
    seal=list_pairs.sealed,
    fill=supplied.supplied,
    tournament=tournament.TOURNAMENT,
)

__all__ = [
    "RULES",
    "PREGAME_LABELS",
    "PREGAME_STEPS",
    "AttackRecord",
    "ModelState",
    "PairedList",
    "Pregame",
    "Result",
    "StatName",
    "WarmachineBoard",
    "board",
    "builders",
    "ACTIVATION_SEQUENCE",
    "DURATION_WORDS",
    "AllocateFocus",
    "Army",
    "ArmyEntry",
    "CP_MAX",
    "CastSpell",
    "ChooseObjectives",
    "ChooseOrder",
    "ChooseSide",
    "Continuous",
    "EndFrenzy",
    "Entry",
    "Force",
    "GAME_SIZES",
    "Imported",
    "LeechFury",
    "LeechLife",
    "MAX_REROLLS",
    "NAME_MAX",
    "POINTS_MAX",
    "PREGAME_TEXT_MAX",
    "RollPriority",
    "SPELL_SEQUENCE",
    "Sacrifice",
    "Side",
    "SpiritBond",
    "Summon",
    "TASK_MAX",
    "TEXT_MAX",
    "THEMELESS",
    "TITLE_MAX",
    "ThresholdCheck",
    "Unrecognised",
    "WARJACK_FOCUS_CAP",
    "turn_options",
]
