"""The game systems of the rules, registered here and nowhere else (DESIGN.md "A game system is one declared
object"): each system's face declares one ``RuleSystem``; registering it gives the core its board, commands, step
table, options, seal and senders. A game of a system not listed here is an error, never a default."""

from __future__ import annotations

from collections.abc import Mapping

from models.rules import warband, warlord, warmachine
from models.rules.system import RuleSystem, register

SYSTEMS: Mapping[str, RuleSystem] = register(warmachine.RULES, warlord.RULES, warband.RULES)
