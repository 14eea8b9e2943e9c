"""A Mordheim-style warband campaign game: its Upkeep phase (doc 004) and the turn around it. Importing this
package registers its board, its commands and its option provider under the system name "warband"."""

from models.rules.warband import (  # noqa: F401
    conditions,
    neutrals,
    options,
    rout,
    seats,
    setup,
    spells,
    state,
    treasure,
)
