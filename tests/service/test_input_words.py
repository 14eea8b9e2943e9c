"""Input that does not read gets one kind of message wherever it is sent (models/rules/invalid.py; DESIGN.md:
bad input gets a clear message and changes nothing): the field, then what is wrong, in our words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from models.rules import RuleViolation, parse_command
from models.rules.warmachine.list_model import parse_army
from models.service.cards import checked


def refusal(call: Callable[..., object], *args: object) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        call(*args)
    return caught.value


def test_a_command_a_list_and_a_card_say_which_field_is_too_long_alike() -> None:
    command = refusal(parse_command, {"type": "cast", "model": "p1-agathon", "spell": "s" * 41, "cost": 1})
    army = refusal(parse_army, {"title": "t" * 61})
    card = refusal(checked, {"key": "my-solo", "name": "n" * 61, "faction": "Infernals", "role": "solo"})
    assert (command.code, command.message) == ("command.invalid", "spell: at most 40 characters")
    assert (army.code, army.message) == ("list.malformed", "This list cannot be read (title: at most 60 characters).")
    assert (card.code, card.message) == ("cards.malformed", "Name: at most 60 characters.")


def test_a_missing_field_and_a_wrong_value_are_named_too() -> None:
    """Positive control for the other kinds: a missing field, and a value of the wrong kind (pydantic's words)."""
    assert refusal(parse_command, {"type": "cast", "model": "p1-agathon", "cost": 1}).message == "spell: missing"
    wrong = refusal(parse_command, {"type": "cast", "model": "p1-agathon", "spell": "Ward", "cost": "lots"})
    assert wrong.code == "command.invalid" and wrong.message.startswith("cost: ")
    assert parse_command({"type": "cast", "model": "p1-agathon", "spell": "Ward", "cost": 1}).type == "cast"
