"""Blocking work (database reads and writes) run in a worker thread, with its result's own type.

NiceGUI's ``run.io_bound`` answers None instead of the result when the app is stopping or the call was cancelled;
here that answer becomes the ``asyncio.CancelledError`` NiceGUI 4 will raise itself, so a caller always holds the
result it asked for (a callback that returns None is told apart from a cancelled one)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from nicegui import run

P = ParamSpec("P")
R = TypeVar("R")


async def io(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``fn(*args, **kwargs)`` in a worker thread; raises CancelledError when the app is stopping."""

    def boxed() -> tuple[R]:
        return (fn(*args, **kwargs),)

    result = await run.io_bound(boxed)
    if result is None:
        raise asyncio.CancelledError
    return result[0]
