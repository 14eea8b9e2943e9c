"""Focus and fury against their stats, drawn as pips (the sibling of the essence tracker):

- warcasters: focus / FOCUS and CTRL; warjacks: focus against the 3 a warjack may hold;
- warlocks: fury / FURY and CTRL; warbeasts: fury / FURY and THR.
"""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine.base import role
from models.rules.warmachine.points import (
    WARJACK_FOCUS_CAP,
    caster_control_range,
    has_focus_manipulation,
    has_fury_manipulation,
)
from webapp.view import GameView


def has_points(state: GameState, model_id: str) -> bool:
    """Whether the model holds focus or fury (the tracker is shown on its card)."""
    m = state.model(model_id)
    if m.essence is not None:
        return False
    return role(state, m) in ("warjack", "warbeast") or has_focus_manipulation(state, m) \
        or has_fury_manipulation(state, m)


def points_line(state: GameState, model_id: str) -> tuple[str, int, int | None, str]:
    """(kind, points held, the cap or None when the card lacks it, extra words such as CTRL or THR)."""
    m = state.model(model_id)
    stats = state.card_of(m).stats
    kind = role(state, m)
    if kind == "warjack":
        return "Focus", m.focus or 0, WARJACK_FOCUS_CAP, ""
    if kind == "warbeast":
        thr = f"THR {stats.THR}" if stats.THR is not None else "THR unknown"
        return "Fury", m.fury or 0, stats.FURY, thr
    ctrl = caster_control_range(state, m)
    extra = f'CTRL {ctrl}"' if ctrl is not None else ""
    if has_focus_manipulation(state, m):
        return "Focus", m.focus or 0, stats.FOCUS, extra
    return "Fury", m.fury or 0, stats.FURY, extra


class PointsTracker:
    def __init__(self, view: GameView, model_id: str) -> None:
        self.view, self.model_id = view, model_id
        self._shown: tuple | None = None
        with ui.row().classes("tk-essence tk-points-row items-center gap-2"):
            self.text = ui.label("").classes("tk-essence-text")
            self.pips = ui.html("", sanitize=False)
            self.extra = ui.label("").classes("tk-ctrl")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        kind, have, cap, extra = points_line(state, self.model_id)
        key = (kind, have, cap, extra)
        if key == self._shown:
            return
        self._shown = key
        self.extra.set_text(extra)
        if cap is None:
            self.text.set_text(f"{kind} {have}: {kind.upper()} unknown")
            self.pips.set_content("")
            return
        self.text.set_text(f"{kind} {have} / {cap}")
        look = "tk-fury" if kind == "Fury" else "tk-focus"
        dots = "".join(f'<span class="tk-pip {look} {"tk-full" if k < have else ""}"></span>'
                       for k in range(max(cap, have)))
        self.pips.set_content(f'<span aria-hidden="true">{dots}</span>')
