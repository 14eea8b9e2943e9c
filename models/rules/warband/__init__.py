"""A Mordheim-style warband campaign game: its Upkeep phase (doc 004) and the turn around it, declared once as
:data:`RULES` (registered in models/rules/systems.py); the names below are its public face for the service and the
web."""

from models.rules.system import RuleSystem
from models.rules.warband import (
    builders,
    conditions,
    neutrals,
    options,
    phases,
    rout,
    seats,
    setup,
    spells,
    state,
    treasure,
)
from models.rules.warband.conditions import (
    MEANING,
    Incapacitate,
)
from models.rules.warband.neutrals import (
    NeutralsGone,
)
from models.rules.warband.phases import (
    Next,
)
from models.rules.warband.rout import (
    GrabAttempt,
    GrabNearby,
    RoutCheck,
    VoluntaryRout,
)
from models.rules.warband.setup import (
    MORALE_MAX,
    TOKENS_MAX,
    UNITS_MAX,
    SetupWarband,
    UnitEntry,
    Warband,
)
from models.rules.warband.spells import (
    SpellCheck,
    StartSpell,
)
from models.rules.warband.state import (
    NAME_MAX,
    ROLL_MAX,
    TEXT_MAX,
    TITLE_MAX,
    WarbandUnit,
    board,
)
from models.rules.warband.treasure import (
    PickUp,
)

# Warband as the rules core knows it.
RULES = RuleSystem(
    name=state.SYSTEM,
    turn=phases.TURN,
    modules=(conditions, neutrals, phases, rout, setup, spells, treasure),
    options=options.unit_options,
    senders=seats.SENDERS,
    setup=setup.SetupWarband,
    board=state.WarbandBoard,
)

__all__ = [
    "RULES",
    "builders",
    "GrabAttempt",
    "GrabNearby",
    "Incapacitate",
    "MEANING",
    "MORALE_MAX",
    "NAME_MAX",
    "NeutralsGone",
    "Next",
    "PickUp",
    "ROLL_MAX",
    "RoutCheck",
    "SetupWarband",
    "SpellCheck",
    "StartSpell",
    "TEXT_MAX",
    "TITLE_MAX",
    "TOKENS_MAX",
    "UNITS_MAX",
    "UnitEntry",
    "VoluntaryRout",
    "Warband",
    "WarbandUnit",
    "board",
]
