"""Panels on the cards of the other side of the table: a frenzied warbeast's forced behaviour, step
by step, and a Grymkin warlock's Arcana cards, played or not, on the table and the watch page alike."""

from __future__ import annotations

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import board
from models.service.views.warmachine import arcana_words, frenzy_steps_now
from webapp.components.a11y import named
from webapp.components.current_options import options_now
from webapp.components.once import once
from webapp.components.warmachine.attack_assistant import declare_dialog
from webapp.components.warmachine.caster_dialogs import arcana_dialog
from webapp.view import GameView


class FrenzyPanel:
    """While the warbeast is frenzied: its forced behaviour, every step at once (no taps to read it), on the
    table and the watch page alike. At the table, "Frenzy attack…" declares its one attack in the attack
    assistant (a melee attack, a charge attack unless it moved less than 3"; the rules boost its attack roll
    themselves, free), shown while the rules allow it; "End frenzy…" is in the card's action bar."""

    def __init__(self, view: GameView, model_id: str, controls: bool) -> None:
        self.view, self.model_id = view, model_id
        self._shown: tuple[str, ...] | None = None
        self._attack: bool | None = None
        name = board(view.state).model(model_id).name
        self.attack: ui.button | None = None
        with named(ui.column().classes("tk-frenzy gap-1 w-full"), f"{name}'s frenzy", role="group") as self.box:
            ui.label("Frenzy! Its forced behaviour:").classes("tk-prompt")
            self.all = ui.column().classes("gap-0")
            if controls:
                self.attack = named(once(ui.button("Frenzy attack…").props("no-caps color=orange"),
                                         lambda: declare_dialog(view, model_id)), f"Frenzy attack: {name}")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        steps = frenzy_steps_now(state, self.model_id)
        attack = self.attack is not None and bool(steps) and board(state).attack is None and any(
            o.action == "attack" and o.allowed for o in options_now(state, self.model_id))
        if self.attack is not None and attack != self._attack:
            self._attack = attack
            self.attack.set_visibility(attack)
        if steps == self._shown:
            return
        self._shown = steps
        self.box.set_visibility(bool(steps))
        self.all.clear()
        with self.all:
            for i, text in enumerate(steps, 1):
                ui.label(f"{i}. {text}").classes("tk-frenzy-line")


class ArcanaPanel:
    """A Grymkin warlock's three Arcana cards and whether each is played; before they are chosen, the button
    that chooses them (the cards are played from the card's action bar)."""

    def __init__(self, view: GameView, model_id: str, controls: bool) -> None:
        self.view, self.model_id = view, model_id
        self._shown: tuple[object, ...] | None = None
        name = board(view.state).model(model_id).name
        with named(ui.column().classes("tk-arcana gap-1"), f"{name}'s Arcana cards", role="group"):
            with ui.row().classes("items-center gap-2") as self.cards:
                pass
            self.choose = None
            if controls:
                self.choose = named(once(ui.button("Choose Arcana cards…").props("no-caps color=orange"),
                                         lambda: arcana_dialog(view, model_id)), f"Choose Arcana cards: {name}")
        view.on_update(self.update)
        self.update(view.state)

    def update(self, state: GameState) -> None:
        m = board(state).model(self.model_id)
        cards = arcana_words(state, m)
        key = (tuple(cards), m.in_play)
        if key == self._shown:
            return
        self._shown = key
        self.cards.clear()
        with self.cards:
            if not cards:
                ui.label("Arcana: not chosen yet").classes("tk-kind")
            else:
                ui.label("Arcana:").classes("text-bold")
                for words, played in cards:
                    ui.label(words).classes("tk-arcanum" + (" tk-played" if played else ""))
        if self.choose is not None:
            self.choose.set_visibility(not cards and m.in_play)

