"""A page's connection to one game: the version and state it shows, sending commands through GameService,
and following changes made elsewhere. Components register ``update(state)`` callbacks here."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from nicegui import run, ui

from models.rules import Command, Event, GameState, RuleViolation
from models.service import Actor, Conflict, Forbidden, Outcome
from webapp.deps import Deps

Update = Callable[[GameState], None]


class GameView:
    def __init__(self, deps: Deps, game_id: str, actor: Actor, version: int, state: GameState) -> None:
        self.deps = deps
        self.game_id = game_id
        self.actor = actor
        self.version = version
        self.state = state
        self._updates: list[Update] = []
        self._after: list[Callable[[int], Awaitable[None] | None]] = []
        self._lock = asyncio.Lock()

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

    async def changed(self, version: int) -> None:
        if version <= self.version:
            return
        await self.resync(version)

    async def resync(self, at_least: int | None = None) -> None:
        """Show the newest state: at least version ``at_least`` (read once for all pages of the game, see
        Live.state), or with None read the database now."""
        async with self._lock:
            if at_least is None:
                version, state = await run.io_bound(self.deps.service.state, self.game_id)
            else:
                version, state = await self.deps.live.state(self.game_id, at_least)
            if version != self.version:
                await self._show(version, state)

    async def send(self, command: Command | dict[str, Any]) -> bool:
        """Execute a command; a refusal is shown to the player and changes nothing."""
        return await self._do(lambda: self.deps.service.execute(self.game_id, command, self.version, self.actor))

    async def undo(self) -> bool:
        return await self._do(lambda: self.deps.service.undo(self.game_id, self.version, self.actor))

    async def complete_card(self, card: Any) -> bool:
        return await self._do(lambda: self.deps.service.complete_card(self.game_id, card, self.version, self.actor))

    async def _do(self, call: Callable[[], Outcome]) -> bool:
        if not self.can_act:
            ui.notify("This is a watch link: it cannot change the game.", type="negative")
            return False
        # The tapped button may be deleted by the update it causes (the tithe prompt redraws itself): what
        # follows is shown in the page itself, not in the button's slot.
        client = ui.context.client
        async with self._lock:
            try:
                outcome = await run.io_bound(call)
            except RuleViolation as refusal:
                with client:
                    ui.notify(refusal.message, type="warning")
                return False
            except Forbidden as refusal:
                with client:
                    ui.notify(refusal.message, type="negative")
                return False
            except Conflict:
                with client:
                    ui.notify("The game changed on another screen: showing the latest state. Try again.",
                              type="info")
                version, state = await run.io_bound(self.deps.service.state, self.game_id)
                await self._show(version, state)
                return False
            await self._show(outcome.version, outcome.state)
            with client:
                _announce(outcome.events)
            return True

    async def _show(self, version: int, state: GameState) -> None:
        self.version, self.state = version, state
        for fn in self._updates:
            fn(state)
        for fn in self._after:
            result = fn(version)
            if result is not None:
                await result


def _announce(events: tuple[Event, ...]) -> None:
    """Flash the important consequences (crippling, destruction, a threshold check's outcome) on the screen that
    caused them."""
    for event in events:
        if event.kind in ("damage.crippled", "model.destroyed", "model.removed", "frenzy.passed", "frenzy.failed"):
            ui.notify(event.text, type="info")
