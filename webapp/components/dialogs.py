"""Dialogs made for one question: they leave the page a little after they close, so a long game's page
does not keep every dialog it ever asked. Their confirm button acts once per tap, and only while the dialog is
open; it closes the dialog at the tap, in the browser, and a refusal shows it again as the player left it
(once.py). They open and close in 100 ms (Quasar's default, 300 ms, read as a slow close on a tablet)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterator

from nicegui import ui
from nicegui.events import ValueChangeEventArguments

from webapp.components.a11y import named
from webapp.components.once import once

LINGER_S = 3.0


TRANSITION_MS = 100


def transient_dialog() -> ui.dialog:
    dialog = ui.dialog().props(f"transition-duration={TRANSITION_MS}")

    def closed(event: ValueChangeEventArguments[bool]) -> None:
        if not event.value:
            asyncio.get_running_loop().call_later(LINGER_S, _delete, dialog)

    dialog.on_value_change(closed)
    return dialog


@contextlib.contextmanager
def titled_dialog(title: str, name: str | None = None) -> Iterator[ui.dialog]:
    """A transient dialog's card headed by ``title`` (``name``: the dialog's and the card's accessible name, when
    the title alone would not say it); the dialog opens once the body built in the block is complete."""
    with named(transient_dialog(), name or title) as dialog, ui.card().classes("tk-dialog") as card:
        if name is not None:
            named(card, name)
        ui.label(title).classes("text-h6")
        yield dialog
    dialog.open()


@contextlib.contextmanager
def named_dialog(name: str) -> Iterator[ui.dialog]:
    """A transient dialog and its card, both named ``name``: the dialog for a screen reader, the card for finding
    what is inside it."""
    with named(transient_dialog(), name) as dialog, named(ui.card().classes("tk-dialog"), name):
        yield dialog


def _delete(dialog: ui.dialog) -> None:
    with contextlib.suppress(Exception):  # the page may be gone already
        if not dialog.value and not dialog.is_deleted:
            dialog.delete()


def ok_cancel(ok_text: str, ok: Callable[[], Awaitable[object] | object], dialog: ui.dialog, *,
              name: str | None = None, props: str = "no-caps", cancel: str = "Cancel", closes: bool = True) -> None:
    """A dialog's two buttons: the action (disabled at the first tap, dead once the dialog is closed; ``name``:
    its accessible name), and Cancel that only closes it. The action answers True once done: the tap closed the
    dialog, and any other answer shows it again (``closes`` False: it stays, and the action closes it)."""
    with ui.row():
        button = once(ui.button(ok_text).props(props), ok, dialog, closes=closes)
        if name is not None:
            named(button, name)
        ui.button(cancel, on_click=dialog.close).props("flat no-caps")
