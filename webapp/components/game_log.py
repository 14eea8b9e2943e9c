"""The game's log, newest first; undone actions stay visible, struck through."""

from __future__ import annotations

from nicegui import ui

from models.service import LogEntry
from models.service.views import LOG_SHOWN
from webapp.view import GameView


class GameLog:
    def __init__(self, view: GameView) -> None:
        self.view = view
        self.last_seq = 0
        self.rows: dict[int, ui.element] = {}
        with ui.card().classes("tk-log w-full").props('role="region" aria-label="Game log" tabindex="0"'):
            ui.label("Log").classes("text-h6")
            self.list = ui.column().classes("gap-1 w-full")
        view.on_version(self.refresh)

    async def refresh(self, version: int | None = None) -> None:
        """Add the entries after the newest shown, up to ``version`` (the view's when None); one read is shared
        by every page of the game at the same point (Live.log)."""
        entries = await self.view.deps.live.log(self.view.game_id, self.last_seq,
                                                self.view.version if version is None else version)
        for entry in entries:
            self._add(entry)

    def _add(self, entry: LogEntry) -> None:
        self.last_seq = max(self.last_seq, entry.seq)
        with self.list:
            row = ui.column().classes("tk-entry gap-0")
            row.move(self.list, target_index=0)
            with row:
                for text in entry.texts:
                    ui.label(text)
        if entry.undone:
            row.classes("tk-undone")
        self.rows[entry.seq] = row
        if entry.kind == "undo" and entry.target in self.rows:
            self.rows[entry.target].classes("tk-undone")
        while len(self.rows) > LOG_SHOWN:
            oldest = min(self.rows)
            self.rows.pop(oldest).delete()
