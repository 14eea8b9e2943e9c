"""The pure rules core (DESIGN.md): importing it registers every game system's board and commands."""

from models.rules import warband, warlord, warmachine  # noqa: F401
from models.rules.core import (
    Command,
    Event,
    GameState,
    ModelState,
    Option,
    RuleViolation,
    apply,
    options,
    parse_command,
    replay,
)
from models.rules.text import tidy

__all__ = ["Command", "Event", "GameState", "ModelState", "Option", "RuleViolation", "apply", "options",
           "parse_command", "replay", "tidy"]
