"""Importing this module registers every warband command and the option provider (models/rules/__init__.py)."""

from models.rules.warband import (  # noqa: F401
    conditions,
    neutrals,
    options,
    rout,
    seats,
    setup,
    spells,
    treasure,
)
