"""One tap, one action (DESIGN.md "Access": a tap counts once).

``once(element, action)`` makes ``element`` act on a click at most once per tap the player can see:

- while the action runs the element is disabled and further clicks are dropped on the server;
- every click carries the element's tap count as the browser shows it (``data-tap``, raised after each
  action): a click made before the browser had the last action's result is a double tap and is dropped,
  however quickly the server answered;
- with ``dialog``, only an open dialog acts: a click on a closed one (dialogs linger before they are deleted,
  and a click may be replayed) does nothing;
- with ``closes`` too, the dialog closes in the browser at the tap, before the server hears of it (a tablet's
  player sees it go at once, whatever the network and the server's load): the action answers whether it is done
  (True), and the server then closes the dialog too, or shows it again as the player left it (the action said
  why). A dropped tap shows it again at once.

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
# ... and then hides the dialog it closes in the browser: its shown value is set there, as the server's update would
# (NiceGUI keeps each element's props in ``mounted_app.elements``); the server's own answer follows.
HIDE = "(e) => {{ ({send})(e); const d = mounted_app.elements[{dialog}]; if (d) d.props['model-value'] = false; }}"


def once(element: E, action: Action, dialog: ui.dialog | None = None, *, closes: bool = False) -> E:
    """Make a click on ``element`` run ``action`` once per tap; ``closes``: the tap closes ``dialog`` at once
    (see the module's docstring)."""
    _Taps(element, action, dialog, closes)
    return element


class _Taps:
    def __init__(self, element: Element, action: Action, dialog: ui.dialog | None, closes: bool) -> None:
        self.element, self.action, self.dialog = element, action, dialog
        self.closes = dialog if closes else None
        self.count = 0
        self.busy = False
        element.props[TAP] = "0"
        js = SEND_COUNT if self.closes is None else HIDE.format(send=SEND_COUNT, dialog=self.closes.id)
        element.on("click", self.tap, js_handler=js)

    def tap(self, event: GenericEventArguments) -> Awaitable[None] | None:
        """The click handler: refuse a repeat at once (no await before the action starts)."""
        seen = event.args[0] if isinstance(event.args, list) and event.args else event.args
        if self.busy or self.element.is_deleted:
            return None  # the tap being acted on settles the dialog
        if (self.dialog is not None and not self.dialog.value) or (seen is not None and str(seen) != str(self.count)):
            self._show_again()
            return None
        self.busy = True
        self._enable(False)
        try:
            result = self.action()
        except BaseException:
            self._done(False)
            raise
        if isawaitable(result):
            return self._finish(result)
        self._done(result)
        return None

    async def _finish(self, pending: Awaitable[object]) -> None:
        result: object = False
        try:
            result = await pending
        finally:
            self._done(result)

    def _show_again(self) -> None:
        """The browser hid the dialog at a tap that did nothing: show it again if it is still open here."""
        if self.closes is not None and self.closes.value and not self.closes.is_deleted:
            self.closes.update()

    def _done(self, result: object) -> None:
        if self.closes is not None:
            if result is True:
                self.closes.close()
            else:
                self._show_again()
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
