"""The control-phase guide: the steps of the active player's control phase in order (doc 001's five for an
Infernal army; doc 002's, with spirit bond, power up and frenzy checks when the army has warlocks, warjacks
or warbeasts), the current one marked, and under it only the choices each caster, horror, warjack and
warbeast may make now."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import army_type, board, has_essence_manipulation, is_horror, step_label, turn_steps
from webapp.components.actions import ActionBar
from webapp.components.model_card import ScopedView
from webapp.components.points_tracker import has_points
from webapp.view import GameView

STEP_HINTS = {
    "replenish": "Each master may refill its essence: sacrifice a friendly model, or leech (1 damage per point).",
    "souls": "Soul tokens on masters turn into essence now.",
    "allocate": "Masters may give essence to horrors of their own battlegroup in control range.",
    "upkeep": "Pay 1 essence per upkeep spell or let it end; masters and horrors may shake effects (1 each).",
    "other": "Resolve any other control-phase effects, then move on to activation.",
}
# The same steps in the words of the active army's type (phases.army_type; doc 002 "Game Round"): a warcaster's
# or a warlock's turn never speaks of essence, soul tokens or horrors.
FOCUS_HINTS = {
    "replenish": "Warcasters have replenished their focus to FOCUS.",
    "power_up": "Each warjack of a warcaster's battlegroup has powered up (1 focus, never above 3). One that was "
                "outside its warcaster's control range does not: Skip power up.",
    "allocate": "Warcasters may give focus to warjacks of their battlegroup in control range (a warjack holds at "
                "most 3). A warjack that was out of control range at power up: Skip power up.",
    "upkeep": "Pay 1 focus per upkeep spell or let it end; shake effects for 1 each.",
    "other": "Resolve any other control-phase effects, then move on to activation.",
}
FURY_HINTS = {
    "replenish": "Warlocks may leech fury from warbeasts of their battlegroup in control range, or from their own "
                 "life (1 damage per point).",
    "spirit_bond": "Each warlock may gain 1 fury for each warbeast of its battlegroup destroyed or removed from "
                   "play, never above its FURY.",
    "upkeep": "Pay 1 fury per upkeep spell or let it end; shake effects for 1 each.",
    "frenzy": "Each warbeast with fury makes a threshold check: 2d6 plus its fury against THR. Above THR it "
              "frenzies: follow its frenzy step by step, then end the frenzy.",
    "other": "Resolve any other control-phase effects, then move on to activation.",
}
# A mixed army: every kind of point at once.
GENERAL_HINTS = {
    "replenish": "Warcasters have replenished their focus to FOCUS. Warlocks may leech fury from warbeasts of "
                 "their battlegroup in control range, or from their own life (1 damage per point). Infernal "
                 "masters sacrifice or leech essence.",
    "spirit_bond": FURY_HINTS["spirit_bond"],
    "power_up": FOCUS_HINTS["power_up"],
    "allocate": "Warcasters may give focus to warjacks of their battlegroup in control range (a warjack holds at "
                "most 3); masters may give essence to horrors.",
    "upkeep": "Pay 1 point (essence, focus or fury) per upkeep spell or let it end; shake effects for 1 each.",
    "frenzy": FURY_HINTS["frenzy"],
    "other": STEP_HINTS["other"],
}
HINTS = {"essence": STEP_HINTS, "focus": FOCUS_HINTS, "fury": FURY_HINTS, "general": GENERAL_HINTS}
CHOICES = frozenset({"sacrifice", "leech", "receive_allocation", "upkeep", "drop_upkeep", "shake",
                     "leech_fury", "leech_life", "spirit_bond", "skip_power_up", "allocate_focus",
                     "threshold_check", "end_frenzy"})


def control_steps(state: GameState) -> tuple[tuple[str, str], ...]:
    """(key, words) of the control steps of the active player's turn (turn_steps: those its army needs)."""
    return tuple((s.key, step_label(state, s)) for p, s in turn_steps(state) if p.key == "control")


def hint(state: GameState) -> str:
    """The current step's hint in the active army's words."""
    return HINTS[army_type(state)].get(state.step, "")


class ControlGuide:
    def __init__(self, view: GameView) -> None:
        self.view = view
        self._shown: tuple[object, ...] | None = None
        self._steps_shown: tuple[tuple[str, str], ...] | None = None
        self.steps: dict[str, ui.label] = {}
        with ui.card().classes("tk-guide w-full").props('role="region" aria-label="Control phase guide"') as self.box:
            ui.label("Control phase").classes("text-h6")
            self.steps_row = ui.row().classes("gap-2")
            self.hint = ui.label("").classes("tk-prompt")
            self.row = ui.row().classes("gap-4")
        self.blocks: dict[str, tuple[ui.column, ActionBar, ScopedView]] = {}
        self._sync(view.state)
        view.on_update(self._sync)
        view.on_update(self.update)
        self.update(view.state)

    def _sync(self, state: GameState) -> None:
        """A block per caster, horror, warjack and warbeast in the game state (a summoned horror gets one, an
        undone summon loses it), shown only while it has something to choose."""
        new = set()
        for m in board(state).models:
            if m.id not in self.blocks and (has_essence_manipulation(state, m) or is_horror(state, m)
                                            or has_points(state, m.id)):
                scoped = ScopedView(self.view, m.id)
                with self.row, ui.column().classes("gap-1") as column:
                    ui.label(m.name).classes("text-bold")
                    bar = ActionBar(scoped, m.id, only=CHOICES)
                self.blocks[m.id] = (column, bar, scoped)
                new.add(m.id)
        for key, (column, bar, scoped) in list(self.blocks.items()):
            if not scoped.exists(state):
                column.delete()
                del self.blocks[key]
                continue
            if key not in new:
                scoped.update(state)
            column.set_visibility(any(b.visible for b in bar.buttons.values()))

    def update(self, state: GameState) -> None:
        steps = control_steps(state) if state.phase == "control" else self._steps_shown
        key = (state.phase, state.step, steps)
        if key == self._shown:
            return
        self._shown = key
        self.box.set_visibility(state.phase == "control")
        if steps != self._steps_shown:
            self._steps_shown = steps
            self.steps_row.clear()
            with self.steps_row:
                self.steps = {k: ui.label(f"{i}. {words}").classes("tk-step") for i, (k, words) in
                              enumerate(steps or (), 1)}
        for step, label in self.steps.items():
            label.classes(remove="tk-current")
            if step == state.step:
                label.classes("tk-current")
        self.hint.set_text(hint(state))
