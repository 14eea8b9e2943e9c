"""Warmachine/Hordes Mk III. Importing the package registers every rule module's commands; the names below are
its public face for the service and the web (army lists so far)."""

from models.rules.warmachine import (  # noqa: F401
    activation,
    arcana,
    attacks,
    clock,
    continuous,
    damage,
    decisions,
    ending,
    essence,
    focus,
    fury,
    horrors,
    multi_damage,
    options,
    pregame,
    replenish,
    scenario,
    seats,
    setup,
    shake,
    spells,
    structures,
    summoning,
    tithe,
    units,
)
from models.rules.warmachine.army_rules import Problem
from models.rules.warmachine.list_checks import is_grymkin_warlock, known_arcana, validate
from models.rules.warmachine.list_edits import (
    hosts,
    leaders,
    takes_battlegroup,
    unit_sizes,
    with_card,
    with_change,
    without_entry,
)
from models.rules.warmachine.list_model import (
    GAME_SIZES,
    TITLE_MAX,
    Army,
    ListEntry,
    army_entries,
    canonical,
    parse_army,
    tops,
)
from models.rules.warmachine.list_points import Points, entry_cost, points
from models.rules.warmachine.list_text import TEXT_MAX, Imported, Unrecognised, export_text, parse_text
from models.rules.warmachine.themes import THEMELESS, reminders, themes_of

__all__ = [
    "Army",
    "army_entries",
    "canonical",
    "entry_cost",
    "export_text",
    "GAME_SIZES",
    "hosts",
    "Imported",
    "is_grymkin_warlock",
    "known_arcana",
    "leaders",
    "ListEntry",
    "parse_army",
    "parse_text",
    "Points",
    "points",
    "Problem",
    "reminders",
    "takes_battlegroup",
    "TEXT_MAX",
    "THEMELESS",
    "themes_of",
    "TITLE_MAX",
    "tops",
    "unit_sizes",
    "Unrecognised",
    "validate",
    "with_card",
    "with_change",
    "without_entry",
]
