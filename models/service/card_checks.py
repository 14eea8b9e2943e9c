"""The one check every stored card passes (:func:`checked`: a player's completion, an operator's site card, a
fact published to the community card book) and the check of a card brought into a game
(:func:`keep_shipped_facts`): a card with a shipped card's key may only fill what the shipped card leaves empty."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from models.catalog import shipped_cards
from models.catalog.schema import Card, card_problems, changed_facts, fact_words, with_shipped_facts
from models.rules.core import RuleViolation
from models.rules.invalid import invalid_words


def checked(card: Card | dict[str, Any], number: int = 0) -> Card:
    """A card that reads, is usable, and keeps every fact its shipped card gives; RuleViolation otherwise.
    ``number`` is the card's place in a pack, named in the message (0: a single card)."""
    where = f"Card {number}: " if number else ""
    if not isinstance(card, Card):
        if not isinstance(card, dict):
            raise RuleViolation("cards.malformed", f"{where}this is not a card.")
        try:
            card = Card.model_validate(card)
        except ValidationError as error:
            words = invalid_words(error.errors(), "card", lambda loc: fact_words(loc).capitalize())
            raise RuleViolation("cards.malformed", f"{where}{words}.") from None
    shipped = shipped_cards().get(card.key)
    if shipped is not None:
        card = with_shipped_facts(shipped, card)
    named = where or f"{card.name}: "
    problems = card_problems(card)
    if problems:
        raise RuleViolation("cards.invalid", named + problems[0])
    _keeps_shipped_facts(card, named, " To change them, write your own card under another name.")
    return card


def _keeps_shipped_facts(card: Card, named: str, hint: str = "") -> None:
    shipped = shipped_cards().get(card.key)
    given = changed_facts(shipped, card) if shipped is not None else ()
    if shipped is not None and given:
        raise RuleViolation("card.fact_given", f"{named}the shipped card {shipped.name} already gives its "
                                               f"{', '.join(given)}: only what it leaves empty can be filled in."
                                               + hint)


def keep_shipped_facts(command: BaseModel, game_cards: Mapping[str, Card] | None = None) -> None:
    """Refuse a command bringing a card into a game (a game's setup, a summoned horror the game has no card for)
    that changes a shipped card's facts. A card the game has already is the rules' business (its copy counts).
    Checked when a command is sent, never when the log is replayed (the catalog may fill more facts later)."""
    for value in (getattr(command, name) for name in type(command).model_fields):
        for card in (value.values() if isinstance(value, dict) else (value,)):
            if isinstance(card, Card) and card.key not in (game_cards or {}):
                _keeps_shipped_facts(card, f"{card.name}: ")
