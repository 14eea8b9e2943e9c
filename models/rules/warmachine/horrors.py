"""Horror essence limits (doc 001 "Horror Special Rules: Essence": never above current ESSENCE; when ESSENCE
drops, the excess goes at once)."""

from __future__ import annotations

from models.rules.core import Event, GameState
from models.rules.warmachine.match import board, with_models
from models.rules.warmachine.modifiers import stat_now
from models.rules.warmachine.state import is_horror


def cap_horror_essence(state: GameState) -> tuple[GameState, list[Event]]:
    """Remove essence above current ESSENCE from every horror in play, straight away."""
    changed, events = [], []
    for m in board(state).models:
        if not (m.in_play and m.essence is not None and is_horror(state, m)):
            continue
        cap = stat_now(state, m, "ESSENCE")
        if cap is not None and m.essence > cap:
            changed.append(m.model_copy(update={"essence": cap}))
            events.append(Event(kind="essence.lost", model=m.id, data={"points": m.essence - cap},
                                text=f"{m.name} loses {m.essence - cap} essence: its ESSENCE is now {cap}."))
    return with_models(state, *changed), events
