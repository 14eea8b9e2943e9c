"""What the service supplies to a Warmachine command before it is applied (the rules keep no clock and roll no
dice): the server's time on clock commands, priority dice the players leave to the app, and the catalog's cards
for a new game's armies and for a pair of lists."""

from __future__ import annotations

from typing import Any

from models.rules.core import Command, GameState, RuleViolation
from models.rules.dice import Roll
from models.rules.system import Supplies
from models.rules.warmachine.list_pairs import GiveListPair
from models.rules.warmachine.match import board
from models.rules.warmachine.pregame import RollPriority
from models.rules.warmachine.setup import SetupGame

FUTURE_SLACK_MS = 2_000  # a client's clock time may run ahead of the server's by this much, no more


def supplied(state: GameState, command: Command, supplies: Supplies) -> Command:
    """``command`` with what the service supplies: a clock command's time (the server's, never earlier than the
    clock's last stamp; a time sent ahead of the server's is refused), both priority dice when none were typed,
    and the cards a new game's armies or a pair of lists use from the site's catalog unless the command brings
    them (a card nobody knows is refused when the game is set up or the pair is given)."""
    update: dict[str, Any] = {}
    if "at_ms" in type(command).model_fields:
        now = supplies.now_ms()
        given = getattr(command, "at_ms", None)
        if given is None:
            clock = board(state).clock
            update["at_ms"] = max(now, clock.last_ms if clock else 0)
        elif given > now + FUTURE_SLACK_MS:
            raise RuleViolation("clock.future", "A clock time cannot be later than the server's time.")
    if isinstance(command, RollPriority) and command.dice is None:
        update["dice"] = tuple(Roll(dice=(supplies.roll(),), rolled_by="service") for _ in range(2))
    if isinstance(command, GiveListPair | SetupGame):
        armies = [lst.army for lst in command.lists] if isinstance(command, GiveListPair) else \
            [side.army for side in command.sides]
        used = {e.card for army in armies for e in army} - command.cards.keys()
        if used:
            update["cards"] = {**supplies.cards(used), **command.cards}
    return command.model_copy(update=update) if update else command
