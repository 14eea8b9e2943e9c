"""The note an Undo leaves on the screen that made it: what was undone, in the log's words, with a Redo button
that brings it back. It goes away after a while, when dismissed, or as soon as the game moves on (then nothing
can be redone)."""

from __future__ import annotations

from nicegui import ui

from webapp.components import icons
from webapp.components.once import once
from webapp.view import GameView

SHOWN_S = 12.0


class UndoToast:
    def __init__(self, view: GameView) -> None:
        self.view = view
        self.at: int | None = None  # the version the undo made; the toast stands only while it is shown
        self._timer: ui.timer | None = None
        with ui.element("div").classes("tk-toast").props('role="status" aria-live="polite"') as self.box:
            self.text = ui.label("").classes("tk-toast-text")
            once(ui.button("Redo", icon=icons.REDO).props("no-caps color=accent text-color=dark"), self.redo)
            ui.button(icon=icons.CLOSE, on_click=self.hide).props('flat round aria-label="Dismiss"')
        self.box.set_visibility(False)
        view.on_version(self._moved)

    def show(self, text: str) -> None:
        """Say what the undo just made at the view's version took back."""
        self.at = self.view.version
        self.text.set_text(text)
        self.box.set_visibility(True)
        if self._timer is not None:
            self._timer.cancel()
        with self.box:  # not in the slot of the button that was tapped
            self._timer = ui.timer(SHOWN_S, self.hide, once=True)

    def hide(self) -> None:
        self.at = None
        self.box.set_visibility(False)

    async def redo(self) -> None:
        undone = self.text.text
        if await self.view.redo():
            ui.notify(undone.replace("Undone:", "Redone:", 1), type="positive")
            self.hide()

    def _moved(self, version: int) -> None:
        """A version after the undo's ends the toast (a late word of an earlier one does not)."""
        if self.at is not None and version > self.at:
            self.hide()
