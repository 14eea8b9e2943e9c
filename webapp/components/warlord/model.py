"""One card per Warlord model (doc 003): its damage tracks, its model states as chips saying what each does and
when it ends, and (on the table) the buttons of its activation, greyed with the reason when the rules refuse."""

from __future__ import annotations

from functools import partial

from nicegui import ui

from models.rules import GameState, Option, options
from models.rules.warlord import ACTION_LABELS, ACTIONS, DEFENCE_LABELS, DEFENCES, board
from models.service.views.warlord import STATES, Card, card
from webapp.components import icons
from webapp.components.a11y import named
from webapp.components.dialogs import named_dialog
from webapp.components.once import once
from webapp.components.piece_card import piece_card
from webapp.components.seat import for_link
from webapp.components.warlord.numbers import melee_dialog, numbers_dialog, ranged_dialog, spell_dialog
from webapp.view import GameView

# Refusals that only mean "not now": the button is hidden instead of greyed.
HIDDEN = {"game.over", "game.not_started", "activation.not_active", "activation.done", "activation.active",
          "model.not_in_play", "step.wrong", "extinguish.not_burning", "shake.not_shaken", "defence.no_attack",
          "ranged.none", "spell.not_caster", "defence.none"}
# Actions whose command needs the player's answers first (the option's ``ask``): each opens its dialog.
ASKING = {"melee_attack": melee_dialog, "ranged_attack": ranged_dialog, "cast_spell": spell_dialog}


def pips(c: Card) -> str:
    """The damage tracks as dots (markup made here from numbers only; names never go into it)."""
    dots = '<span class="tk-wl-pip tk-full"></span>' * c.left
    dots += '<span class="tk-wl-pip tk-lost"></span>' * (c.of - c.left)
    return f'<span role="img" aria-label="{c.dt_words}">{dots}</span>'


class WarlordCard:
    def __init__(self, view: GameView, figure_id: str, controls: bool) -> None:
        self.view, self.figure_id, self.controls = view, figure_id, controls
        c = card(view.state, figure_id)
        self.name = c.name
        self._shown: tuple[object, ...] | None = None
        self._chips: tuple[object, ...] | None = None
        self.options: dict[str, Option] = {}
        self.buttons: dict[str, ui.button] = {}
        self.actions: ui.row | None = None
        self.box, self.status = piece_card(c.name, c.seat)
        with self.box:
            if c.kind:
                ui.label(c.kind).classes("tk-kind")
            with ui.row().classes("tk-wl-tracks"):
                self.count = ui.label("").classes("tk-wl-count")
                self.pips = ui.html("", sanitize=False)
                if controls:
                    once(self.pips.classes("tk-tappable"), lambda: self._tap("damage"))
                    self._button("damage", "Mark 1 damage", f"Mark 1 damage: {c.name}")
                    self._button("heal", "Heal 1", f"Heal 1: {c.name}")
            self.numbers = ui.label("").classes("tk-wl-numbers")
            self.states = ui.column().classes("tk-wl-states")
            if controls:
                with ui.row().classes("tk-actions gap-2") as self.actions:
                    self._button("activate", "Activate", f"Activate: {c.name}")
                    for action in ACTIONS:
                        self._button(f"action:{action}", ACTION_LABELS[action], f"{ACTION_LABELS[action]}: {c.name}")
                    self._button("melee_attack", "Melee attack…", f"Melee attack: {c.name}")
                    self._button("ranged_attack", "Ranged attack…", f"Ranged attack: {c.name}")
                    self._button("cast_spell", "Cast a spell…", f"Cast a spell: {c.name}")
                    for kind in DEFENCES:
                        self._button(f"defend:{kind}", DEFENCE_LABELS[kind], f"{DEFENCE_LABELS[kind]}: {c.name}")
                    self._button("end_activation", "End activation", f"End activation: {c.name}")
                    named(once(ui.button("Add state…").props("outline no-caps"), self._add_dialog),
                          f"Add state: {c.name}")
                    named(once(ui.button("Card numbers…").props("outline no-caps"),
                               lambda: numbers_dialog(view, figure_id)), f"Card numbers: {c.name}")
        view.on_update(self.update)
        self.update(view.state)

    def _button(self, action: str, text: str, name: str) -> None:
        self.buttons[action] = named(once(ui.button(text).props("no-caps"), partial(self._tap, action)), name)

    def update(self, state: GameState) -> None:
        if self.controls:  # any model's change may change what this one may do (its numbers typed, for one)
            self._grey_buttons(state)
        c = card(state, self.figure_id)
        key = (c, state.phase)
        if key == self._shown:
            return
        self._shown = key
        self.status.set_text(c.status)
        self.count.set_text(c.dt)
        self.numbers.set_text(c.numbers)
        self.pips.set_content(pips(c))
        self.box.classes(remove="tk-gone tk-active tk-done")
        if c.look:
            self.box.classes(f"tk-{c.look}")
        if c.chips != self._chips:
            self._chips = c.chips
            self._draw_states(c)
        if self.actions is not None:  # before game turn 1 and once the game is over: no controls
            self.actions.set_visibility(state.phase not in ("setup", "over"))

    def _grey_buttons(self, state: GameState) -> None:
        """Ask the rules what each button may do now; only buttons whose answer changed are sent again."""
        fresh = {o.action: o for o in options(state, self.figure_id)}
        if fresh == self.options:
            return
        before, self.options = self.options, fresh
        for action, button in self.buttons.items():
            if before.get(action) != fresh.get(action):
                grey(button, self._option(action))

    def _draw_states(self, c: Card) -> None:
        self.states.clear()
        with self.states:
            for chip in c.chips:
                with ui.row().classes("tk-wl-state"):
                    ui.label(chip.chip).classes(f"tk-wl-chip tk-wl-{chip.name}")
                    ui.label(chip.text).classes("tk-wl-what")
                    if self.controls:
                        remove = ui.button(icon=icons.CLOSE).props("flat round")
                        named(once(remove, partial(self._tap, f"remove:{chip.name}")), chip.remove)

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
        with named_dialog(f"Add a state to {self.name}") as dialog:
            ui.label(f"Add a state to {self.name}").classes("text-h6")

            async def add(state: str) -> bool:
                return await self._tap(f"add:{state}")

            with ui.row().classes("gap-2"):
                for state, words in STATES:
                    button = named(once(ui.button(words).props("no-caps"), partial(add, state), dialog, closes=True),
                                   words)
                    grey(button, self._option(f"add:{state}"), hide=False)
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
