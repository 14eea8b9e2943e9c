"""The rules' options for a model, worked out once per state: after a change every control of a model's card
(its buttons, its attack button, its unit's attack dialog) reads the same options, and a state is a value that
never changes, so the last state's answers serve them all."""

from __future__ import annotations

from models.rules import GameState, Option, options

_last: tuple[GameState | None, dict[str, tuple[Option, ...]]] = (None, {})


def options_now(state: GameState, model_id: str) -> tuple[Option, ...]:
    """``options(state, model_id)``, computed once for the latest state the page drew."""
    global _last
    if _last[0] is not state:
        _last = (state, {})
    found = _last[1].get(model_id)
    if found is None:
        found = _last[1][model_id] = options(state, model_id)
    return found
