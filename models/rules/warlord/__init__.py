"""Warlord (Reaper Miniatures, R.A.G.E. rules): the live model states of doc 003 ("Game Effects & Model
States"). Importing this package registers its board and commands under the system name "warlord"."""

from models.rules.warlord import (  # noqa: F401
    activation,
    card,
    combat,
    damage,
    end_phase,
    ending,
    model_states,
    options,
    seats,
    setup,
    state,
)
