"""One card per Warlord model (doc 003): its damage tracks, its model states as chips saying what each does and
when it ends, and (on the table) the buttons of its activation, greyed with the reason when the rules refuse."""

from __future__ import annotations

from functools import partial

from nicegui import ui

from models.rules import GameState, Option, options
from models.rules.warlord import (
    ACTION_LABELS,
    ACTIONS,
    CONDITIONS,
    DEFENCE_LABELS,
    DEFENCES,
    Figure,
    abilities_text,
    active_figure,
    board,
    chips,
    figure,
    label,
    words,
)
from models.service.views.warlord import status, tracks_words
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.dialogs import transient_dialog
from webapp.components.once import once
from webapp.components.piece_card import piece_card
from webapp.components.seat import for_link
from webapp.components.warlord_numbers import melee_dialog, numbers_dialog, ranged_dialog, spell_dialog
from webapp.view import GameView

# Refusals that only mean "not now": the button is hidden instead of greyed.
HIDDEN = {"game.over", "activation.not_active", "activation.done", "activation.active", "model.not_in_play",
          "step.wrong", "extinguish.not_burning", "shake.not_shaken", "defence.no_attack", "ranged.none",
          "spell.not_caster", "defence.none"}
# Actions whose command needs the player's answers first (the option's ``ask``): each opens its dialog.
ASKING = {"melee_attack": melee_dialog, "ranged_attack": ranged_dialog, "cast_spell": spell_dialog}


def pips(f: Figure) -> str:
    """The damage tracks as dots (markup made here from numbers only; names never go into it)."""
    dots = '<span class="tk-wl-pip tk-full"></span>' * f.remaining
    dots += '<span class="tk-wl-pip tk-lost"></span>' * (f.tracks - f.remaining)
    return f'<span role="img" aria-label="{tracks_words(f)}">{dots}</span>'


class WarlordCard:
    def __init__(self, view: GameView, figure_id: str, controls: bool) -> None:
        self.view, self.figure_id, self.controls = view, figure_id, controls
        f = figure(view.state, figure_id)
        self.name = f.name
        self._shown: tuple[object, ...] | None = None
        self._chips: tuple[object, ...] | None = None
        self.options: dict[str, Option] = {}
        self.buttons: dict[str, ui.button] = {}
        self.actions: ui.row | None = None
        self.box, self.status = piece_card(f.name, f.seat)
        with self.box:
            if abilities_text(f.tough, f.abilities):
                ui.label(abilities_text(f.tough, f.abilities)).classes("tk-kind")
            with ui.row().classes("tk-wl-tracks"):
                self.count = ui.label("").classes("tk-wl-count")
                self.pips = ui.html("", sanitize=False)
                if controls:
                    once(self.pips.classes("tk-tappable"), lambda: self._tap("damage"))
                    self._button("damage", "-1 DT", f"Mark 1 damage: {f.name}")
                    self._button("heal", "+1 DT", f"Heal 1: {f.name}")
            self.numbers = ui.label("").classes("tk-wl-numbers")
            self.states = ui.column().classes("tk-wl-states")
            if controls:
                with ui.row().classes("tk-actions gap-2") as self.actions:
                    self._button("activate", "Activate", f"Activate: {f.name}")
                    for action in ACTIONS:
                        self._button(f"action:{action}", ACTION_LABELS[action], f"{ACTION_LABELS[action]}: {f.name}")
                    self._button("melee_attack", "Melee attack…", f"Melee attack: {f.name}")
                    self._button("ranged_attack", "Ranged attack…", f"Ranged attack: {f.name}")
                    self._button("cast_spell", "Cast a spell…", f"Cast a spell: {f.name}")
                    for kind in DEFENCES:
                        self._button(f"defend:{kind}", DEFENCE_LABELS[kind], f"{DEFENCE_LABELS[kind]}: {f.name}")
                    self._button("end_activation", "End activation", f"End activation: {f.name}")
                    named(once(ui.button("Add state…").props("outline no-caps"), self._add_dialog),
                          f"Add state: {f.name}")
                    named(once(ui.button("Card numbers…").props("outline no-caps"),
                               lambda: numbers_dialog(view, figure_id)), f"Card numbers: {f.name}")
        view.on_update(self.update)
        self.update(view.state)

    def _button(self, action: str, text: str, name: str) -> None:
        self.buttons[action] = named(once(ui.button(text).props("no-caps"), partial(self._tap, action)), name)

    def update(self, state: GameState) -> None:
        if self.controls:  # any model's change may change what this one may do (its numbers typed, for one)
            self._grey_buttons(state)
        f = figure(state, self.figure_id)
        current = active_figure(state)
        key = (f, state.phase, state.round, current.id if current else None)
        if key == self._shown:
            return
        self._shown = key
        self.status.set_text(status(f))
        self.count.set_text(f"DT {f.remaining}/{f.tracks}")
        self.numbers.set_text(words(f) if f.stats is not None else "")
        self.pips.set_content(pips(f))
        self.box.classes(remove="tk-gone tk-active tk-done")
        if f.out_of_action:
            self.box.classes("tk-gone")
        elif f.activation != "ready":
            self.box.classes(f"tk-{f.activation}")
        if f.conditions != self._chips:
            self._chips = f.conditions
            self._draw_states(f)
        if self.actions is not None:  # once the game is over the rules refuse everything: no controls left
            self.actions.set_visibility(state.phase != "over")

    def _grey_buttons(self, state: GameState) -> None:
        """Ask the rules what each button may do now; only buttons whose answer changed are sent again."""
        fresh = {o.action: o for o in options(state, self.figure_id)}
        if fresh == self.options:
            return
        before, self.options = self.options, fresh
        for action, button in self.buttons.items():
            if before.get(action) != fresh.get(action):
                grey(button, self._option(action))

    def _draw_states(self, f: Figure) -> None:
        self.states.clear()
        with self.states:
            for name, chip, text in chips(f):
                with ui.row().classes("tk-wl-state"):
                    ui.label(chip).classes(f"tk-wl-chip tk-wl-{name}")
                    ui.label(text).classes("tk-wl-what")
                    if self.controls:
                        remove = ui.button(icon=icons.CLOSE).props("flat round")
                        named(once(remove, partial(self._tap, f"remove:{name}")), f"Remove {label(name)}: {f.name}")

    def _option(self, action: str) -> Option | None:
        """What the rules say of ``action`` now, as this page's link may act on it (a seat link greys the other
        side's model with who can)."""
        option = self.options.get(action)
        return None if option is None else for_link(self.view, option)

    async def _tap(self, action: str) -> bool:
        """Send the command the rules probed for ``action`` (a refused one says why instead)."""
        option = self._option(action)
        if option is None or not option.allowed or option.command is None:
            ui.notify(option.reason if option else "Not possible now.", type="warning")
            return False
        if action in ASKING:
            ASKING[action](self.view, option, self.figure_id)
            return True
        return await self.view.send(option.command)

    def _add_dialog(self) -> None:
        """One button per model state; those the rules refuse are greyed and say why when tapped."""
        f = figure(self.view.state, self.figure_id)
        with transient_dialog() as dialog, named(ui.card().classes("tk-dialog"), f"Add a state to {f.name}"):
            ui.label(f"Add a state to {f.name}").classes("text-h6")

            async def add(name: str) -> None:
                if await self._tap(f"add:{name}"):
                    dialog.close()

            with ui.row().classes("gap-2"):
                for name in CONDITIONS:
                    button = named(once(ui.button(label(name)).props("no-caps"), partial(add, name), dialog),
                                   label(name))
                    grey(button, self._option(f"add:{name}"), hide=False)
            ui.button("Cancel", on_click=dialog.close).props("flat no-caps")
        dialog.open()


def grey(button: ui.button, option: Option | None, hide: bool = True) -> None:
    """Show an allowed action; grey a refused one with its reason (still tappable, so it can say why); hide
    what only means "not now"."""
    if option is None:
        return
    button.set_visibility(option.allowed or not hide or option.code not in HIDDEN)
    if option.allowed:
        button.classes(remove="tk-unavailable")
        button.props(remove="aria-disabled title")
    else:
        button.classes("tk-unavailable")
        # Straight into the props dict: the reason names models, which players named (a11y.py).
        button.props.update({"aria-disabled": "true", "title": option.reason})
        button.update()


def warband(view: GameView, seat: int, controls: bool) -> None:
    """Every model of one side, in the order the player entered them."""
    for f in board(view.state).figures:
        if f.seat == seat:
            WarlordCard(view, f.id, controls)
