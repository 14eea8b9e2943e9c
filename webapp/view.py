"""A page's connection to one game: the version and state it shows, sending commands through GameService,
and following changes made elsewhere. Components register ``update(state)`` callbacks here.

A tap counts once: send, undo and redo read the version shown *when they are called* (the tap's
handler, before any await) and make a new idempotency key for the tap. A second tap made before the first's
answer showed carries the old version and is refused as stale, never applied twice."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from nicegui import background_tasks, ui

from models.rules import Command, Event, GameState, RuleViolation
from models.service import Actor, Conflict, Forbidden, Outcome
from models.service.access import WATCH_ONLY
from webapp.blocking import io
from webapp.deps import Deps

Update = Callable[[GameState], None]
ENDED = "This link no longer opens the game: ask the event's organiser for the new one."


def new_command_id() -> str:
    """A key for one tap (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


class GameView(Protocol):
    """What a component sees of its page's game: the page's connection (:class:`GameConnection`), or a part of it
    scoped to one model (``model_card.ScopedView``)."""

    @property
    def deps(self) -> Deps: ...

    @property
    def game_id(self) -> str: ...

    @property
    def actor(self) -> Actor: ...

    @property
    def version(self) -> int: ...

    @property
    def state(self) -> GameState: ...

    @property
    def last_events(self) -> tuple[Event, ...]: ...

    @property
    def can_act(self) -> bool: ...

    def on_update(self, fn: Update) -> None: ...

    def on_version(self, fn: Callable[[int], Awaitable[None] | None]) -> None: ...

    def follow(self) -> None: ...

    def send(self, command: Command | dict[str, Any]) -> Coroutine[Any, Any, bool]: ...

    def undo(self) -> Coroutine[Any, Any, bool]: ...

    def redo(self) -> Coroutine[Any, Any, bool]: ...


class GameConnection:
    """A page's connection to one game (see the module's docstring)."""

    def __init__(self, deps: Deps, game_id: str, actor: Actor, version: int, state: GameState,
                 token: str | None = None) -> None:
        self.deps = deps
        self.game_id = game_id
        self.actor = actor
        self.token = token  # the link it was opened with: once it ends, the page acts no more (Live.links_ended)
        self.ended = False
        self.version = version
        self.state = state
        self._updates: list[Update] = []
        self._after: list[Callable[[int], Awaitable[None] | None]] = []
        self._lock = asyncio.Lock()
        self._after_lock = asyncio.Lock()  # the on_version callbacks of one version finish before the next's
        self._mine: tuple[int, object] | None = None  # the version this page's last command made, and the command
        self.last_events: tuple[Event, ...] = ()  # what this page's last accepted command (or undo) caused

    @property
    def can_act(self) -> bool:
        return self.actor.can_act

    def on_update(self, fn: Update) -> None:
        self._updates.append(fn)

    def on_version(self, fn: Callable[[int], Awaitable[None] | None]) -> None:
        """Called with each newly shown version (the log uses it to fetch new entries)."""
        self._after.append(fn)

    def follow(self) -> None:
        """Subscribe to this game's changes; called inside the page function."""
        self.deps.live.event(self.game_id).subscribe(self.changed)
        self.deps.live.add_page(self.game_id, self, ui.context.client)

    async def changed(self, version: int) -> None:
        if version <= self.version:
            return
        await self.resync(version)

    async def resync(self, at_least: int | None = None) -> None:
        """Show the newest state: at least version ``at_least`` (read once for all pages of the game, see
        Live.state), or with None read the database now."""
        async with self._lock:
            if at_least is None:
                version, state = await io(self.deps.service.state, self.game_id)
            else:
                version, state = await self.deps.live.state(self.game_id, at_least)
            if version != self.version:
                await self._show(version, state)

    def send(self, command: Command | dict[str, Any]) -> Coroutine[Any, Any, bool]:
        """Execute a command at the version shown now; a refusal is shown to the player and changes nothing."""
        at, key = self.version, new_command_id()
        return self._do(lambda: self.deps.service.execute(self.game_id, command, at, self.actor, key), at, command)

    def undo(self) -> Coroutine[Any, Any, bool]:
        at, key = self.version, new_command_id()
        return self._do(lambda: self.deps.service.undo(self.game_id, at, self.actor, key), at, "undo")

    def redo(self) -> Coroutine[Any, Any, bool]:
        """Bring back what this page's undo took back (the service refuses once another action was made)."""
        at, key = self.version, new_command_id()
        return self._do(lambda: self.deps.service.redo(self.game_id, at, self.actor, key), at, "redo")

    async def _do(self, call: Callable[[], Outcome], at: int, what: object) -> bool:
        """Run ``call`` (made at version ``at``, asking for ``what``) after the page's earlier commands."""
        if not self.can_act:
            ui.notify(WATCH_ONLY, type="negative")
            return False
        if self.ended:
            ui.notify(ENDED, type="negative")
            return False
        # The tapped button may be deleted by the update it causes (the tithe prompt redraws itself): what
        # follows is shown in the page itself, not in the button's slot.
        client = ui.context.client
        async with self._lock:
            try:
                outcome = await io(call)
            except RuleViolation as refusal:
                with client:
                    ui.notify(refusal.message, type="warning")
                return False
            except Forbidden as refusal:
                with client:
                    ui.notify(refusal.message, type="negative")
                return False
            except Conflict:
                if self._mine is not None and self._mine[0] == self.version > at:
                    # Overtaken by this page's own previous tap: a double tap is dropped without a word.
                    if self._mine[1] != what:
                        with client:
                            ui.notify("That tap came before your last action showed: it was not applied.",
                                      type="info")
                    return False
                with client:
                    ui.notify("The game changed on another screen: showing the latest state. Try again.",
                              type="info")
                version, state = await io(self.deps.service.state, self.game_id)
                await self._show(version, state)
                return False
            self._mine = (outcome.version, what)
            self.last_events = outcome.events
            await self._show(outcome.version, outcome.state)
            with client:
                _announce(outcome.events)
            return True

    async def _show(self, version: int, state: GameState) -> None:
        """Show ``version`` at once, with nothing awaited after the change (so the tap that caused it takes taps
        again as the page shows its result); what it reads besides (the log's new entries) follows in a task of
        its own, one version after the other."""
        self.version, self.state = version, state
        for fn in self._updates:
            fn(state)
        if self._after:
            background_tasks.create(self._after_shown(version), name=f"after version {version}")

    async def _after_shown(self, version: int) -> None:
        async with self._after_lock:
            for after in self._after:
                result = after(version)
                if result is not None:
                    await result


def _announce(events: tuple[Event, ...]) -> None:
    """Flash the important consequences (crippling, destruction, a threshold check's outcome) on the screen that
    caused them."""
    for event in events:
        if event.kind in ("damage.crippled", "model.destroyed", "model.removed", "frenzy.passed", "frenzy.failed"):
            ui.notify(event.text, type="info")
