"""What migrations write into logged commands so that games logged under earlier rules replay exactly.

Plain JSON: the database layer knows no rules, only the fields a later rule reads (with the rule's module named).
"""

from __future__ import annotations

from typing import Any


def first_turn_flow(command: dict[str, Any]) -> dict[str, Any]:
    """A Warmachine setup logged before turn flow 2 (models/rules/warmachine/phases.py) played every step with
    Next; its setup says so (``turn_flow`` 1), so that its later ``advance`` commands land where they did."""
    if command.get("type") == "setup" and "turn_flow" not in command:
        return {**command, "turn_flow": 1}
    return command
