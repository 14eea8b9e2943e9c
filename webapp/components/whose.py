"""Whose lists, cards and games a page shows: the signed-in account's (on any device), or this browser's."""

from __future__ import annotations

from models.service.accounts import Me
from webapp.blocking import io
from webapp.deps import current
from webapp.session import page_session


async def signed_in_now() -> Me | None:
    """The account signed in on this browser. The session is read here, on the event loop, where the page's
    storage is found (a worker thread has no page context); the lookup runs in a worker thread."""
    return await io(current().accounts.me, page_session())
