"""A count drawn as pips against its stat on a model card: a text, the pips and a side label (CTRL, THR)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from nicegui import ui

from models.rules import GameState
from webapp.view import GameView

#: What a tracker shows: the text, the count, the stat it counts against (None: no pips), the side label and the
#: pips' own class ("" when they take the default look).
PipLine = tuple[str, int, int | None, str, str]


class PipTracker(ABC):
    row_classes = "tk-essence"

    def __init__(self, view: GameView, model_id: str) -> None:
        self.view, self.model_id = view, model_id
        self._shown: PipLine | None = None
        with ui.row().classes(f"{self.row_classes} items-center gap-2"):
            self.text = ui.label("").classes("tk-essence-text")
            self.pips = ui.html("", sanitize=False)
            self.extra = ui.label("").classes("tk-ctrl")
        view.on_update(self.update)
        self.update(view.state)

    @abstractmethod
    def line(self, state: GameState) -> PipLine:
        """What the tracker shows in ``state``."""

    def update(self, state: GameState) -> None:
        key = self.line(state)
        if key == self._shown:
            return
        self._shown = key
        text, have, stat, extra, look = key
        self.text.set_text(text)
        self.extra.set_text(extra)
        if stat is None:
            self.pips.set_content("")
            return
        pip = f"tk-pip {look}".strip()
        dots = "".join(f'<span class="{pip}{" tk-full" if k < have else ""}"></span>' for k in range(max(stat, have)))
        self.pips.set_content(f'<span aria-hidden="true">{dots}</span>')
