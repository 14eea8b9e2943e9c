"""An event table's deathclock stops once the table's result is final: the players have left the table, so a clock
running on would only run out (and the game would take no more commands once the round closes). The service pauses
it through GameService, as the table's link would; the log says why."""

from __future__ import annotations

import logging

from models.rules import RuleViolation, tournament_of
from models.service.access import Actor
from models.service.errors import Conflict, NotFound
from models.service.games import GameService

log = logging.getLogger(__name__)
WHY = "The table's result is in"
TRIES = 3  # a tap at the table at the same moment: read the game again


def stop_clock(games: GameService, game_id: str | None) -> None:
    """Pause the game's clock if it still runs; a game without a clock, or whose clock is stopped or paused, is left
    alone. Never fails the result it follows: that is stored already."""
    if game_id is None:
        return
    for _ in range(TRIES):
        try:
            version, state = games.state(game_id)
            pause = tournament_of(state.system).pause_clock(state, WHY)
            if pause is None:
                return
            games.execute(game_id, pause, version, Actor(role="table"))
            return
        except Conflict:
            continue
        except (NotFound, RuleViolation):
            return
    log.warning("the clock of game %s did not stop after its event result", game_id)
