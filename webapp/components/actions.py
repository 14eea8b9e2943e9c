"""The buttons of one model, driven by ``options()``: what the rules refuse is greyed and, when tapped, says
why; what does not belong to this moment of the turn is hidden."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from nicegui import ui

from models.rules import GameState, Option, options
from models.rules.warmachine.activation import Activate, Charge, EndActivation, Run
from models.rules.warmachine.arcana import PlayArcana
from models.rules.warmachine.attacks import Boost, BuyAttack, NextAttack
from models.rules.warmachine.essence import Allocate, Heal, Leech
from models.rules.warmachine.focus import SkipPowerUp
from models.rules.warmachine.shake import Shake, effect_name
from models.rules.warmachine.spells import DropUpkeep, Upkeep, UseFeat
from models.rules.warmachine.tithe import PayTithe, SkipTithe
from webapp.components.a11y import named
from webapp.components.card_dialog import whole_number
from webapp.components.caster_dialogs import (
    allocate_focus_dialog,
    end_frenzy_dialog,
    force_dialog,
    leech_fury_dialog,
    leech_life_dialog,
    spirit_bond_dialog,
    threshold_dialog,
)
from webapp.components.dialogs import ok_cancel, transient_dialog
from webapp.components.infernal_dialogs import sacrifice_dialog, spell_dialog, summon_dialog
from webapp.components.once import once
from webapp.view import GameView

HIDDEN = {
    "step.wrong", "step.passed", "step.never", "game.not_set_up", "game.not_started", "game.over", "turn.not_yours",
    "model.not_in_play", "activation.not_active", "activation.active", "tithe.not_due", "essence.not_activated",
    # Focus and fury are spent, and warbeasts forced, in the model's own activation; an end of frenzy only while
    # frenzied; taking back a power up only after one.
    "focus.not_activated", "fury.not_activated", "force.not_activated", "frenzy.not_frenzied", "power_up.none",
    # While an attack is resolved the attack panel is what can be used; everything else waits, out of the way.
    "anytime.mid_attack",
}
# Things a model may do in the opponent's turn too (doc 001 "Arcana": one card per turn, either player's).
OFF_TURN = {"play_arcana"}
LABELS = {
    "activate": "Activate", "end_activation": "End activation", "boost_attack": "Boost attack",
    "boost_damage": "Boost damage", "buy_attack": "Buy attack (1)", "next_attack": "Next attack",
    "run": "Run", "charge": "Charge", "leech": "Leech…", "heal_self": "Heal…",
    "receive_allocation": "Allocate…", "be_healed": "Heal…", "pay_tithe": "Pay tithe (1)",
    "skip_tithe": "Let it go", "feat": "Feat", "cast": "Cast spell…", "sacrifice": "Sacrifice…",
    "summon": "Summon…",
    # Warcasters and warjacks, warlocks and warbeasts (issue 4).
    "allocate_focus": "Allocate focus…", "receive_focus": "Allocate focus…", "skip_power_up": "Skip power up",
    "leech_fury": "Leech fury…", "leech_life": "Leech life…", "spirit_bond": "Spirit bond…", "force": "Force…",
    "threshold_check": "Threshold check…", "end_frenzy": "End frenzy…",
}
PREFIXED = {"upkeep": "Upkeep {} (1)", "drop_upkeep": "Let {} end", "shake": "Shake off {} (1)",
            "play_arcana": "Play {}"}


def label_for(action: str) -> str | None:
    """The button text of an option, or None for options this bar does not show."""
    kind, _, detail = action.partition(":")
    if detail and kind in PREFIXED:
        return PREFIXED[kind].format(effect_name(detail) if kind == "shake" else detail)
    return LABELS.get(action)


class ActionBar:
    def __init__(self, view: GameView, model_id: str, only: frozenset[str] | None = None) -> None:
        """Buttons for one model; ``only`` limits them to some actions (the control-phase guide)."""
        self.view, self.model_id, self.only = view, model_id, only
        self.name = view.state.model(model_id).name
        self.buttons: dict[str, ui.button] = {}
        self.current: dict[str, Option] = {}
        self._shown: dict[str, tuple[bool, bool, str]] = {}
        self.row = ui.row().classes("tk-actions gap-2")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        mine = state.model(self.model_id).seat == state.active
        playing = state.phase not in ("setup", "over")
        self.current = {o.action: o for o in options(state, self.model_id) if label_for(o.action)
                        and (self.only is None or o.action.partition(":")[0] in self.only)}
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
            button = named(once(ui.button(text).props("no-caps"), lambda a=action: self._tap(a)),
                           f'{text.rstrip("…")}: {self.name}')
        self.buttons[action] = button
        return button

    async def _tap(self, action: str) -> None:
        option = self.current.get(action)
        if option is None or not option.allowed:
            ui.notify(option.reason if option else "Not possible now.", type="warning")
            return
        m, send = self.view.state.model(self.model_id), self.view.send
        simple: dict[str, Callable[[], Awaitable[bool]]] = {
            "activate": lambda: send(Activate(model=m.id)),
            "end_activation": lambda: send(EndActivation(model=m.id)),
            "boost_attack": lambda: send(Boost(model=m.id, roll="attack")),
            "boost_damage": lambda: send(Boost(model=m.id, roll="damage")),
            "buy_attack": lambda: send(BuyAttack(model=m.id)),
            "next_attack": lambda: send(NextAttack(model=m.id)),
            "run": lambda: send(Run(model=m.id)),
            "charge": lambda: send(Charge(model=m.id)),
            "pay_tithe": lambda: send(PayTithe(horror=m.id)),
            "skip_tithe": lambda: send(SkipTithe(horror=m.id)),
        }
        kind, _, detail = action.partition(":")
        if action in simple:
            await simple[action]()
        elif kind in ("upkeep", "drop_upkeep", "shake"):
            command = {"upkeep": lambda: Upkeep(master=m.id, spell=detail),
                       "drop_upkeep": lambda: DropUpkeep(master=m.id, spell=detail),
                       "shake": lambda: Shake(model=m.id, effect=detail)}[kind]()
            await send(command)
        elif action == "feat":
            await send(UseFeat(master=m.id))
        elif action == "cast":
            spell_dialog(self.view, m.id)
        elif action == "sacrifice":
            sacrifice_dialog(self.view, m.id)
        elif action == "summon":
            await summon_dialog(self.view, m.id)
        elif action == "leech":
            ask_number(f"Leech essence for {m.name}", "Each point leeched costs 1 damage.",
                       lambda n: send(Leech(master=m.id, points=n)))
        elif action == "heal_self":
            ask_number(f"Heal {m.name}", "Each point of damage removed costs 1 essence.",
                       lambda n: send(Heal(master=m.id, target=m.id, points=n)))
        elif action == "receive_allocation" and m.battlegroup:
            master = self.view.state.model(m.battlegroup)
            ask_number(f"Allocate essence from {master.name} to {m.name}",
                       f"{m.name} must be in {master.name}'s control range.",
                       lambda n: send(Allocate(master=master.id, horror=m.id, points=n)))
        elif kind == "play_arcana":
            await send(PlayArcana(warlock=m.id, card=detail))
        elif action == "skip_power_up":
            await send(SkipPowerUp(warjack=m.id))
        elif action in CASTER_DIALOGS:
            CASTER_DIALOGS[action](self.view, m.id)
        elif action == "receive_focus" and m.battlegroup:
            allocate_focus_dialog(self.view, m.battlegroup, m.id)
        elif action == "be_healed" and m.battlegroup:
            master = self.view.state.model(m.battlegroup)
            ask_number(f"{master.name} heals {m.name}",
                       f"1 essence per damage point; {m.name} must be in {master.name}'s control range.",
                       lambda n: send(Heal(master=master.id, target=m.id, points=n)))


CASTER_DIALOGS: dict[str, Callable[[GameView, str], None]] = {
    "allocate_focus": allocate_focus_dialog, "leech_fury": leech_fury_dialog, "leech_life": leech_life_dialog,
    "spirit_bond": spirit_bond_dialog, "force": force_dialog, "threshold_check": threshold_dialog,
    "end_frenzy": end_frenzy_dialog,
}


def ask_number(title: str, hint: str, then: Callable[[int], Awaitable[bool]]) -> None:
    """A small dialog asking for a whole number of points (1-20); bad input is refused with a message."""
    with transient_dialog() as dialog, ui.card().classes("tk-dialog"):
        ui.label(title).classes("text-h6")
        ui.label(hint)
        field = ui.number("Points", value=1).props('aria-label="Points"')

        async def ok() -> None:
            number = whole_number(field.value, 1, 20)
            if number is None:
                ui.notify("Enter a whole number from 1 to 20.", type="warning")
                return
            if await then(number):
                dialog.close()

        ok_cancel("OK", ok, dialog)
    dialog.open()
