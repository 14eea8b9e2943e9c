"""A side's models as compact tiles (name, essence, focus or fury, damage, state): tapping one shows that model's
full card, its controls included, under the side's tiles, so a turn is played without scrolling for controls.
One model is shown per side; the model that starts its activation is shown by itself."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from models.rules import GameState
from models.rules.warmachine import ModelState, board
from models.service.views.damage import track
from models.service.views.warmachine import (
    ACTIVATION_WORDS,
    activation_now,
    held_words,
    look,
    status_words,
)
from webapp.components.a11y import named


def damage_words(state: GameState, m: ModelState) -> str:
    t = track(state, m)
    return "Damage: card incomplete" if t.missing else f"Damage {t.marked}/{t.boxes}"


def tile_lines(state: GameState, key: str) -> tuple[str, str, str]:
    """(what it holds, its damage, its state) for a model or, by its unit id, a unit."""
    troopers = [m for m in board(state).models if m.unit == key]
    if not troopers:
        m = board(state).model(key)
        return held_words(state, m), damage_words(state, m), status_words(state, m)
    alive = [m for m in troopers if m.in_play]
    activation = activation_now(state, alive[0]) if alive else "done"
    return (f"{len(alive)} of {len(troopers)} models", "",
            "Destroyed" if not alive else ACTIVATION_WORDS[activation])


def tile_look(state: GameState, key: str) -> str:
    troopers = [m for m in board(state).models if m.unit == key]
    if not troopers:
        return look(state, board(state).model(key))
    alive = [m for m in troopers if m.in_play]
    return look(state, alive[0]) if alive else "gone"


def tile_name(name: str, lines: tuple[str, ...]) -> str:
    """A tile's accessible name: what tapping it does, then everything it shows (a screen reader hears what a
    sighted player reads, WCAG 2.5.3), e.g. "Select Agathon: Essence 9 / 9 · Damage 0/17 · Ready"."""
    return f"Select {name}: " + " · ".join(x for x in lines if x)


class ModelTile:
    def __init__(self, state: GameState, key: str, name: str, seat: int, on_tap: Callable[[str], None]) -> None:
        self.key = key
        self._shown: tuple[object, ...] | None = None
        self.name = name
        self.box = named(ui.element("button").classes(f"tk-tile tk-seat-{seat}"), tile_name(name, ()),
                         type="button", **{"aria-pressed": "false"})
        self.box.on("click", lambda: on_tap(key))
        with self.box:
            # The trailing space keeps the name and the lines apart in the tile's text: checkers compare that
            # text with the accessible name, and stacked blocks' texts otherwise run together ("AgathonEssence").
            ui.label(f"{name} ").classes("tk-tile-name")
            self.lines = ui.label("").classes("tk-tile-lines")
            self.status = ui.label("").classes("tk-tile-status")
        self.update(state)

    def update(self, state: GameState) -> None:
        held, damage, status = tile_lines(state, self.key)
        shown = (held, damage, status, tile_look(state, self.key))
        if shown == self._shown:
            return
        self._shown = shown
        self.lines.set_text(" · ".join(x for x in (held, damage) if x) + " ")  # apart from the state (above)
        self.status.set_text(status)
        self.box.props["aria-label"] = tile_name(self.name, (held, damage, status))
        self.box.classes(remove="tk-gone tk-active tk-done")
        if shown[3]:
            self.box.classes(f"tk-{shown[3]}")

    def select(self, on: bool) -> None:
        self.box.props["aria-pressed"] = "true" if on else "false"
        if on:
            self.box.classes("tk-picked")
        else:
            self.box.classes(remove="tk-picked")
        self.box.update()
