"""Dialogs made for one question: they leave the page a little after they close, so a long game's page
does not keep every dialog it ever asked."""

from __future__ import annotations

import asyncio
import contextlib

from nicegui import ui

LINGER_S = 3.0


def transient_dialog() -> ui.dialog:
    dialog = ui.dialog()

    def closed(event) -> None:  # noqa: ANN001 - NiceGUI value-change arguments
        if not event.value:
            asyncio.get_running_loop().call_later(LINGER_S, _delete, dialog)

    dialog.on_value_change(closed)
    return dialog


def _delete(dialog: ui.dialog) -> None:
    with contextlib.suppress(Exception):  # the page may be gone already
        if not dialog.value and not dialog.is_deleted:
            dialog.delete()
