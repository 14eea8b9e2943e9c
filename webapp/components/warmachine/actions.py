"""The buttons of one model, driven by ``options()``: what the rules refuse is greyed and, when tapped, says
why; what does not belong to this moment of the turn is hidden. A tap sends the command the rules probed, or
opens the dialog for what the option still asks and sends that command with the answers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from inspect import isawaitable
from typing import Any

from nicegui import ui

from models.rules import GameState, Option
from models.rules.warmachine import board
from models.service.views.warmachine_dialogs import label_for
from webapp.components.a11y import named
from webapp.components.asking import points_dialog
from webapp.components.current_options import options_now
from webapp.components.dialogs import ok_cancel, titled_dialog
from webapp.components.once import once
from webapp.components.seat import for_link
from webapp.components.warmachine.caster_dialogs import (
    allocate_focus_dialog,
    end_frenzy_dialog,
    force_dialog,
    leech_fury_dialog,
    leech_life_dialog,
    spirit_bond_dialog,
    threshold_dialog,
)
from webapp.components.warmachine.infernal_dialogs import sacrifice_dialog, summon_dialog
from webapp.components.warmachine.spell_dialog import spell_dialog
from webapp.view import GameView

HIDDEN = {
    "step.wrong", "step.passed", "step.never", "game.not_set_up", "game.not_started", "game.over", "turn.not_yours",
    "model.not_in_play", "activation.not_active", "activation.active", "tithe.not_due", "essence.not_activated",
    # Focus and fury are spent, and warbeasts forced, in the model's own activation; an end of frenzy only while
    # frenzied; taking back a power up only after one.
    "focus.not_activated", "fury.not_activated", "force.not_activated", "frenzy.not_frenzied", "power_up.none",
    # Nothing to offer at all: a warbeast without fury makes no threshold check, a warlock that lost no warbeast
    # has no spirit bond.
    "frenzy.no_fury", "spirit_bond.none",
    # While an attack is resolved the attack panel is what can be used; everything else waits, out of the way.
    "anytime.mid_attack",
}
# Things a model may do in the opponent's turn too (doc 001 "Arcana": one card per turn, either player's).
OFF_TURN = {"play_arcana"}
class ActionBar:
    def __init__(self, view: GameView, model_id: str, only: frozenset[str] | None = None) -> None:
        """Buttons for one model; ``only`` limits them to some actions (the control-phase guide)."""
        self.view, self.model_id, self.only = view, model_id, only
        self.name = board(view.state).model(model_id).name
        self.buttons: dict[str, ui.button] = {}
        self.current: dict[str, Option] = {}
        self._shown: dict[str, tuple[bool, bool, str]] = {}
        self.row = ui.row().classes("tk-actions gap-2")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        mine = board(state).model(self.model_id).seat == state.active
        playing = state.phase not in ("setup", "over")
        # As this page's link may act: on a player's own link the other side's choices are greyed, saying whose
        # they are, before any dialog opens.
        self.current = {o.action: for_link(self.view, o) for o in options_now(state, self.model_id)
                        if label_for(o.action) and (self.only is None or o.action.partition(":")[0] in self.only)}
        for action in set(self.buttons) - set(self.current):
            if self._shown.pop(action, None) is not None:
                self.buttons[action].set_visibility(False)
        for action, option in self.current.items():
            anyone = playing and action.partition(":")[0] in OFF_TURN
            visible = (mine or anyone) and (option.allowed or option.code not in HIDDEN)
            look = (visible, option.allowed, option.reason)
            if self._shown.get(action) == look:
                continue
            self._shown[action] = look
            button = self.buttons.get(action) or self._make(action)
            button.set_visibility(visible)
            if option.allowed:
                button.classes(remove="tk-unavailable").props(remove="aria-disabled title")
            else:
                # Straight into the props dict: the reason names models, which players name (a11y.py).
                button.classes("tk-unavailable")
                button.props.update({"aria-disabled": "true", "title": option.reason})
                button.update()

    def _make(self, action: str) -> ui.button:
        text = label_for(action) or action
        with self.row:
            button = named(once(ui.button(text).props("no-caps"), partial(self._tap, action)),
                           f'{text.rstrip("…")}: {self.name}')
        self.buttons[action] = button
        return button

    async def _tap(self, action: str) -> None:
        """Send the command the rules probed for this button, or ask first what it still needs; when it would
        close a step of the turn that still offers something, say so first (``Option.ends``)."""
        option = self.current.get(action)
        if option is None or not option.allowed or option.command is None:
            ui.notify(option.reason if option else "Not possible now.", type="warning")
            return
        if option.ends:
            self._warn(action, option)
            return
        await self._go(action, option)

    def _warn(self, action: str, option: Option) -> None:
        """The step the tap would close, named before anything is sent: go on, or go back and finish it."""
        text = label_for(action) or action
        with titled_dialog(f"{text.rstrip('…')}: this ends “{option.ends}”") as dialog:
            ui.label(f"Doing this now moves the turn past “{option.ends}”: what is still open there can no longer "
                     "be done this turn. Finish it first, or go on.").classes("tk-prompt")

            async def go() -> bool:
                await self._go(action, option)
                return True

            ok_cancel("Go on", go, dialog, name=f"Go on: {text.rstrip('…')}", cancel="Back")

    async def _go(self, action: str, option: Option) -> None:
        if not option.ask and option.command is not None:
            await self.view.send(option.command)
            return
        opened = DIALOGS[action.partition(":")[0]](self.view, option)
        if isawaitable(opened):
            await opened


def _points(title: Callable[[GameState, Any], str], hint: Callable[[GameState, Any], str],
            high: int) -> Callable[[GameView, Option], None]:
    """A dialog asking the points of an essence option (its words read from the probed command)."""
    def ask(view: GameView, option: Option) -> None:
        state, command = view.state, option.command
        points_dialog(view, option, title(state, command), hint(state, command), high)
    return ask


def _name(state: GameState, model_id: str) -> str:
    return board(state).model(model_id).name


# The dialog of each action that asks the player something (``Option.ask``), by the action's kind.
DIALOGS: dict[str, Callable[[GameView, Option], Awaitable[None] | None]] = {
    "leech": _points(lambda s, c: f"Leech essence for {_name(s, c.master)}",
                     lambda s, c: "Each point leeched costs 1 damage.", 20),
    "heal_self": _points(lambda s, c: f"Heal {_name(s, c.master)}",
                         lambda s, c: "Each point of damage removed costs 1 essence.", 20),
    "receive_allocation": _points(
        lambda s, c: f"Allocate essence from {_name(s, c.master)} to {_name(s, c.horror)}",
        lambda s, c: f"{_name(s, c.horror)} must be in {_name(s, c.master)}'s control range.", 20),
    "be_healed": _points(
        lambda s, c: f"{_name(s, c.master)} heals {_name(s, c.target)}",
        lambda s, c: f"1 essence per damage point; {_name(s, c.target)} must be in {_name(s, c.master)}'s "
                     "control range.", 20),
    "cast": spell_dialog, "sacrifice": sacrifice_dialog, "summon": summon_dialog,
    "allocate_focus": allocate_focus_dialog, "receive_focus": allocate_focus_dialog,
    "leech_fury": leech_fury_dialog, "leech_life": leech_life_dialog, "spirit_bond": spirit_bond_dialog,
    "force": force_dialog, "threshold_check": threshold_dialog, "end_frenzy": end_frenzy_dialog,
}
