"""One refusal type for every layer (``Refusal``, models/rules/refusals.py): the rules' RuleViolation and every
refusal of the services derive from it, each with a code and a sentence, so a page or a route catches that one type.
A conflict and a repeated start are not refusals but answers to act on (resync; the first answer)."""

from __future__ import annotations

import inspect
import types

from models.rules import Refusal, RuleViolation
from models.service import errors

ANSWERS = {errors.Conflict, errors.AlreadyStarted}


def error_types(module: types.ModuleType) -> set[type]:
    """The exception classes ``module`` defines."""
    return {v for v in vars(module).values()
            if inspect.isclass(v) and issubclass(v, BaseException) and v.__module__ == module.__name__}


def not_refusals(module: types.ModuleType) -> list[str]:
    return sorted(k.__name__ for k in error_types(module) - ANSWERS if not issubclass(k, Refusal))


def test_every_refusal_of_the_rules_and_the_services_is_a_refusal() -> None:
    assert issubclass(RuleViolation, Refusal)
    assert {errors.SiteError, errors.EventError, errors.Forbidden, errors.NotFound, errors.NotSignedIn} <= \
        error_types(errors)
    assert not_refusals(errors) == []


def test_the_check_finds_an_error_that_is_no_refusal() -> None:
    module = types.ModuleType("models.service.made_up")
    stray = type("Stray", (Exception,), {"__module__": module.__name__})
    refused = type("Refused", (Refusal,), {"__module__": module.__name__})
    module.Stray, module.Refused, module.Refusal = stray, refused, Refusal  # type: ignore[attr-defined]
    assert not_refusals(module) == ["Stray"]


def test_each_refusal_carries_a_code_and_a_sentence() -> None:
    for refusal in (RuleViolation("list.empty", "The list is empty."), errors.NotFound("g1"), errors.NoSuchEvent(),
                    errors.Forbidden(), errors.NotSignedIn(), errors.EventError("event.full", "The event is full.")):
        assert isinstance(refusal, Refusal) and refusal.code and refusal.message.endswith(".")
    assert (errors.NotFound("g1").code, errors.NoSuchEvent().code) == ("game.not_found", "event.not_found")
    assert str(errors.EventError("event.full", "The event is full.")) == "event.full: The event is full."
    assert str(RuleViolation("list.empty", "The list is empty.")) == "The list is empty."
