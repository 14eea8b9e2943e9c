"""One tap, one action (DESIGN.md "Access": a tap counts once).

``once(element, action)`` makes ``element`` act on a click at most once per tap the player can see:

- while the action runs the element is disabled and further clicks are dropped on the server;
- every click carries the element's tap count as the browser shows it (``data-tap``, raised after each
  action): a click made before the browser had the last action's result is a double tap and is dropped,
  however quickly the server answered;
- with ``dialog``, only an open dialog acts: a click on a closed one (dialogs linger before they are deleted,
  and a click may be replayed) does nothing.

The action is called synchronously in the click's handler, so ``GameView.send`` reads the version shown at the
tap. A click without a count (NiceGUI's simulated User) is checked by the first and last rules only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from inspect import isawaitable
from typing import TypeVar

from nicegui import ui
from nicegui.element import Element
from nicegui.elements.mixins.disableable_element import DisableableElement
from nicegui.events import GenericEventArguments

E = TypeVar("E", bound=Element)
Action = Callable[[], Awaitable[object] | object]
TAP = "data-tap"
# The browser sends the count of the element it was clicked on (currentTarget: the element, not a child).
SEND_COUNT = "(e) => emit(e && e.currentTarget && e.currentTarget.dataset ? e.currentTarget.dataset.tap : null)"


def once(element: E, action: Action, dialog: ui.dialog | None = None) -> E:
    """Make a click on ``element`` run ``action`` once per tap (see the module's docstring)."""
    _Taps(element, action, dialog)
    return element


class _Taps:
    def __init__(self, element: Element, action: Action, dialog: ui.dialog | None) -> None:
        self.element, self.action, self.dialog = element, action, dialog
        self.count = 0
        self.busy = False
        element.props[TAP] = "0"
        element.on("click", self.tap, js_handler=SEND_COUNT)

    def tap(self, event: GenericEventArguments) -> Awaitable[None] | None:
        """The click handler: refuse a repeat at once (no await before the action starts)."""
        seen = event.args[0] if isinstance(event.args, list) and event.args else event.args
        if (self.busy or self.element.is_deleted or (self.dialog is not None and not self.dialog.value)
                or (seen is not None and str(seen) != str(self.count))):
            return None
        self.busy = True
        self._enable(False)
        try:
            result = self.action()
        except BaseException:
            self._done()
            raise
        if isawaitable(result):
            return self._finish(result)
        self._done()
        return None

    async def _finish(self, pending: Awaitable[object]) -> None:
        try:
            await pending
        finally:
            self._done()

    def _done(self) -> None:
        self.busy = False
        if self.element.is_deleted:
            return
        self.count += 1
        self.element.props[TAP] = str(self.count)
        self._enable(True)

    def _enable(self, enabled: bool) -> None:
        if isinstance(self.element, DisableableElement):
            self.element.set_enabled(enabled)
        self.element.update()
