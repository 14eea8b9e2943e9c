"""The pure rules core (DESIGN.md), the shared face of the rules: importing it registers the game systems
(models/rules/systems.py, the one place that does). The web imports this and the systems' own faces
(``models.rules.<system>``), never a rule module."""

from models.rules import systems  # noqa: F401
from models.rules.core import (
    COMMANDS,
    Command,
    Event,
    GameState,
    Option,
    RuleViolation,
    answered,
    apply,
    options,
    parse_command,
    replay,
    seen_by,
)
from models.rules.dice import Roll
from models.rules.invalid import invalid_words
from models.rules.refusals import Refusal
from models.rules.system import tournament_of
from models.rules.text import tidy
from models.rules.tournament.swiss import Played, Table, drawn, pair_round

__all__ = [
    "COMMANDS",
    "Command",
    "Event",
    "GameState",
    "Option",
    "RuleViolation",
    "answered",
    "apply",
    "invalid_words",
    "options",
    "drawn",
    "pair_round",
    "parse_command",
    "Played",
    "Refusal",
    "replay",
    "Roll",
    "seen_by",
    "Table",
    "tidy",
    "tournament_of",
]
