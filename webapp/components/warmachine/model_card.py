"""One card per model in play (and one per unit, with its troopers): name, state, essence, damage, actions."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from nicegui import ui

from models.rules import Command, Event, GameState
from models.rules.warmachine import board, builders
from models.service import Actor
from models.service.views.warmachine import (
    ACTIVATION_WORDS,
    activation_now,
    attacked_words,
    card_parts,
    extras_words,
    gone_words,
    kind_words,
    look,
    stats_words,
    status_words,
)
from webapp.components.a11y import named
from webapp.components.once import once
from webapp.components.piece_card import piece_card
from webapp.components.seat import own_model
from webapp.components.warmachine.actions import ActionBar
from webapp.components.warmachine.attack_assistant import AttackButton, trooper_name
from webapp.components.warmachine.caster_panels import ArcanaPanel, FrenzyPanel
from webapp.components.warmachine.checklists import ActivationChecklist
from webapp.components.warmachine.damage_track import DamageTrack
from webapp.components.warmachine.essence_tracker import EssenceTracker
from webapp.components.warmachine.infernal_dialogs import effects_dialog
from webapp.components.warmachine.model_tiles import ModelTile
from webapp.components.warmachine.points_tracker import PointsTracker
from webapp.deps import Deps
from webapp.view import GameView


def not_yours(state: GameState, seat: int) -> None:
    """On a player's own link, the other side's models show no action buttons: this says why."""
    owner = state.player_name(seat)
    ui.label(f"{owner}'s model: only {owner} or the shared table link can act for it.").classes("tk-ctrl")


class ModelCard:
    def __init__(self, view: GameView, model_id: str, controls: bool) -> None:
        self.view, self.model_id = view, model_id
        state = view.state
        m = board(state).model(model_id)
        self._shown: tuple[object, ...] | None = None
        kind = kind_words(state, m)
        parts = card_parts(state, m)
        self.box, self.status = piece_card(m.name, m.seat)
        with self.box:
            ui.label(kind).classes("tk-kind")
            self.stats = ui.label("").classes("tk-derived")
            if parts.tracker == "essence":
                EssenceTracker(view, model_id)
            elif parts.tracker == "points":
                PointsTracker(view, model_id)
            DamageTrack(view, model_id, controls)
            self.extras = ui.label("").classes("tk-extras")
            if parts.reminders:
                with ui.column().classes("tk-reminders gap-0"):
                    for line in parts.reminders:
                        ui.label(line)
            if parts.arcana:
                ArcanaPanel(view, model_id, controls)
            if parts.frenzy:
                FrenzyPanel(view, model_id, controls)
            self.controls = None
            if controls and not own_model(view, m.seat):
                not_yours(state, m.seat)
            elif controls:
                with ui.element("div") as self.controls:  # hidden once the game is over: the rules refuse it all
                    ActionBar(view, model_id)
                    ActivationChecklist(view, model_id)
                    with ui.row().classes("gap-2"):
                        named(once(ui.button("Effects…").props("flat no-caps"),
                                   lambda: effects_dialog(view, model_id)), f"Effects on {m.name}")
                        AttackButton(view, model_id)
                        if parts.soul_tokens:
                            soul = once(ui.button("+1 soul token"),
                                        lambda: view.send(builders.add_soul_token(model_id)))
                            named(soul.props("flat no-caps"), f"+1 soul token for {m.name}")
        view.on_update(self.update)
        self.update(state)

    def update(self, state: GameState) -> None:
        m = board(state).model(self.model_id)
        key = (m.status, activation_now(state, m), m.effects, m.mods, m.upkeeps, m.soul_tokens, m.feat_used,
               m.done_this_turn,
               state.phase == "over")
        if key == self._shown:
            return
        self._shown = key
        if self.controls is not None:
            self.controls.set_visibility(state.phase != "over")
        self.extras.set_text(extras_words(m))
        self.stats.set_text(stats_words(state, m))
        self.status.set_text(status_words(state, m))
        self.box.classes(remove="tk-gone tk-active tk-done")
        if look(state, m):
            self.box.classes(f"tk-{look(state, m)}")


class UnitCard:
    """A unit activates as a whole; each trooper keeps its own boxes."""

    def __init__(self, view: GameView, unit_id: str, controls: bool) -> None:
        self.view, self.unit_id = view, unit_id
        state = view.state
        troopers = [m for m in board(state).models if m.unit == unit_id]
        leader = troopers[0]
        card = board(state).card_of(leader)
        self._shown: tuple[object, ...] | None = None
        self.box, self.status = piece_card(card.name, leader.seat, "tk-unit")
        with self.box:
            self.strength = ui.label("").classes("tk-kind")
            self.rows: dict[str, tuple[ui.row, ui.label, ui.label]] = {}
            for trooper in troopers:
                with ui.row().classes("items-center gap-2 tk-trooper") as row:
                    ui.label(trooper_name(trooper.name)).classes("tk-trooper-name")
                    gone = ui.label("").classes("tk-status")
                    attacked = ui.label("").classes("tk-status")
                    DamageTrack(view, trooper.id, controls, compact=True)
                self.rows[trooper.id] = (row, gone, attacked)
            self.controls = None
            if controls and not own_model(view, leader.seat):
                not_yours(state, leader.seat)
            elif controls:
                with ui.element("div") as self.controls:  # hidden once the game is over
                    ActionBar(view, leader.id)
                    ActivationChecklist(view, leader.id)
                    with ui.row().classes("gap-2"):
                        AttackButton(view, leader.id, unit=unit_id)
        view.on_update(self.update)
        self.update(state)

    def update(self, state: GameState) -> None:
        troopers = [m for m in board(state).models if m.unit == self.unit_id]
        alive = [m for m in troopers if m.in_play]
        activation = activation_now(state, alive[0]) if alive else "done"
        key = (tuple((gone_words(m), attacked_words(m)) for m in troopers), activation, state.phase == "over")
        if key == self._shown:
            return
        self._shown = key
        if self.controls is not None:
            self.controls.set_visibility(state.phase != "over")
        for m in troopers:  # a trooper out of play: greyed, and why (its track takes no more taps)
            row, gone, attacked = self.rows[m.id]
            gone.set_text(gone_words(m))
            attacked.set_text(attacked_words(m))
            row.classes(add="" if m.in_play else "tk-gone", remove="tk-gone" if m.in_play else "")
        self.strength.set_text(f"Unit: {len(alive)} of {len(troopers)} models in play")
        self.status.set_text("Destroyed" if not alive else ACTIVATION_WORDS[activation])
        self.box.classes(remove="tk-gone tk-active tk-done")
        if not alive:
            self.box.classes("tk-gone")
        elif activation != "ready":
            self.box.classes(f"tk-{activation}")


class ScopedView:
    """The page's view as one model's controls see it: the same game, but their updates run (through
    ``update``) only while the model is in the game state: undoing a summon takes the horror out again."""

    def __init__(self, view: GameView, model_id: str) -> None:
        self._view, self._model_id = view, model_id
        self._updates: list[Callable[[GameState], None]] = []

    @property
    def deps(self) -> Deps:
        return self._view.deps

    @property
    def game_id(self) -> str:
        return self._view.game_id

    @property
    def actor(self) -> Actor:
        return self._view.actor

    @property
    def version(self) -> int:
        return self._view.version

    @property
    def state(self) -> GameState:
        return self._view.state

    @property
    def last_events(self) -> tuple[Event, ...]:
        return self._view.last_events

    @property
    def can_act(self) -> bool:
        return self._view.can_act

    def on_version(self, fn: Callable[[int], Awaitable[None] | None]) -> None:
        self._view.on_version(fn)

    def follow(self) -> None:
        self._view.follow()

    def send(self, command: Command | dict[str, Any]) -> Coroutine[Any, Any, bool]:
        return self._view.send(command)

    def undo(self) -> Coroutine[Any, Any, bool]:
        return self._view.undo()

    def redo(self) -> Coroutine[Any, Any, bool]:
        return self._view.redo()

    def on_update(self, fn: Callable[[GameState], None]) -> None:
        self._updates.append(fn)

    def exists(self, state: GameState) -> bool:
        return any(m.id == self._model_id for m in board(state).models)

    def update(self, state: GameState) -> None:
        for fn in self._updates:
            fn(state)


def army(view: GameView, seat: int, controls: bool) -> None:
    """One side: a compact tile per model or unit, in list order, and under them the full card of the one
    selected (tapping a tile selects it; a model that starts its activation is selected by itself). A model
    that joins during the game (a summoned horror) gets its tile and card when it appears, and loses them again
    if that is undone. Every card is built once and kept; only the selected one is shown."""
    tiles_row = ui.element("div").classes("tk-tiles")
    cards_box = ui.column().classes("tk-picked-card w-full")
    parts: dict[str, tuple[ModelTile, ui.card, ScopedView]] = {}  # by model id, or unit id for a unit
    picked: list[str | None] = [None]
    was_active: set[str] = set()  # the side's models in their activation at the last update

    def pick(key: str | None) -> None:
        """Show ``key``'s card (the side's first when ``key`` is gone or None); touches only what changes."""
        if key not in parts:
            key = next(iter(parts), None)
        for k in {picked[0], key} - {None}:
            if k in parts:
                tile, box, _ = parts[k]
                tile.select(k == key)
                box.set_visibility(k == key)
        picked[0] = key

    def sync(state: GameState) -> None:
        new: set[str] = set()
        for m in board(state).models:
            key = m.unit or m.id
            if m.seat != seat or key in parts:
                continue
            scoped = ScopedView(view, m.id)
            name = board(state).card_of(m).name if m.unit else m.name
            with tiles_row:
                tile = ModelTile(state, key, name, seat, pick)
            with cards_box:
                card = ModelCard(scoped, m.id, controls) if m.unit is None else UnitCard(scoped, key, controls)
            card.box.set_visibility(False)
            parts[key] = (tile, card.box, scoped)
            new.add(key)
        for key, (tile, box, scoped) in list(parts.items()):
            if not scoped.exists(state):
                tile.box.delete()
                box.delete()
                del parts[key]
            elif key not in new:
                scoped.update(state)
                tile.update(state)
        active = [m.unit or m.id for m in board(state).models
                  if m.seat == seat and m.in_play and m.activation == "active"]
        starting = [k for k in active if k not in was_active]
        was_active.clear()
        was_active.update(active)
        if starting:
            pick(starting[0])
        elif picked[0] not in parts:
            pick(None)

    sync(view.state)
    view.on_update(sync)
