"""Right after signing in or up: when this browser keeps saved lists, card book cards or game links the account
does not have, a dialog says how many of each and offers to move them into the account (MyData.move_in, one
transaction); the browser's own copies are then cleared. "Not now" changes nothing."""

from __future__ import annotations

from typing import Any

from nicegui import app, ui

from models.rules import Refusal
from models.service.cards import BOOK
from models.service.my_data import Moved, Moving
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.warmachine.list_builder import browser_owner
from webapp.components.whose import signed_in_now
from webapp.deps import current

GAMES = "games"  # where this browser keeps the links of the games it started (share.py)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def what_moves(moving: Moving) -> str:
    parts = [_count(moving.lists, "saved list", "saved lists") if moving.lists else "",
             _count(len(moving.cards), "card of its card book", "cards of its card book") if moving.cards else "",
             _count(len(moving.games), "game link", "game links") if moving.games else ""]
    return ", ".join(p for p in parts if p)


def moved_words(moved: Moved) -> str:
    said = (f"Moved into your account: {_count(moved.lists, 'list', 'lists')}, {_count(moved.cards, 'card', 'cards')}"
            f" and {_count(moved.games, 'game', 'games')}.")
    if moved.clashes:
        said += " Your account had its own version of " + ", ".join(moved.clashes)[:300] + ": that one was kept."
    return said


def _stored(key: str) -> dict[str, Any]:
    kept = app.storage.user.get(key)
    return dict(kept) if isinstance(kept, dict) else {}


async def offer_move_in() -> bool:
    """Offer to move this browser's lists, cards and game links into the signed-in account; returns once the
    person has answered (or at once, when there is nothing to move: False)."""
    me = await signed_in_now()
    if me is None:
        return False
    data, owner, cards, games = current().my_data, browser_owner(), _stored(BOOK), _stored(GAMES)
    moving = await io(data.moving, me, owner, cards, games)
    if moving is None or not moving.anything:
        return False
    with ui.dialog().props("persistent") as dialog, ui.card().classes("tk-dialog"):
        named(dialog, "Move this browser's data into your account")
        ui.label("Move this browser's data into your account?").classes("text-h6")
        ui.label(f"This browser keeps {what_moves(moving)} that your account does not have. Moved, they are "
                 "yours on every device you sign in on, and this browser no longer keeps its own copies.")
        problem = ui.label("").classes("tk-problem").props('role="alert"')

        async def move() -> None:
            try:
                moved = await io(data.move_in, me, owner, cards, games)
            except Refusal as refusal:
                problem.set_text(refusal.message + " Nothing was moved.")
                return
            if moved is None:
                return
            app.storage.user.pop(BOOK, None)
            app.storage.user.pop(GAMES, None)
            asking.set_visibility(False)
            done.set_visibility(True)
            said.set_text(moved_words(moved))  # said here: the page changes once the dialog is closed

        with ui.row().classes("gap-2") as asking:
            ui.button("Move them into my account", icon="drive_file_move", on_click=move).props("no-caps")
            ui.button("Not now", on_click=lambda: dialog.submit(False)).props("outline no-caps")
        with ui.column().classes("gap-2") as done:
            said = ui.label("").props('role="status"')
            ui.button("Done", on_click=lambda: dialog.submit(True)).props("no-caps")
        done.set_visibility(False)
    dialog.open()
    await dialog
    dialog.delete()
    return True
