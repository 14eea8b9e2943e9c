"""The game's log, newest first; undone actions stay visible, struck through."""

from __future__ import annotations

from html import escape

from nicegui import ui

from models.service import LogEntry
from webapp.view import GameView

SHOWN = 60


class GameLog:
    def __init__(self, view: GameView, compact: bool = False) -> None:
        """``compact``: the whole list is one element whose content is replaced (the watch page: every element
        costs server memory and CPU per spectator and per change, see docs/PERFORMANCE.md)."""
        self.view = view
        self.compact = compact
        self.last_seq = 0
        self.rows: dict[int, ui.element] = {}
        self.entries: dict[int, tuple[str, bool]] = {}  # compact: seq -> (text, undone)
        with ui.card().classes("tk-log w-full").props('role="region" aria-label="Game log"'):
            ui.label("Log").classes("text-h6")
            if compact:
                self.html = ui.html("", sanitize=False).classes("w-full")
            else:
                self.list = ui.column().classes("gap-1 w-full")
        view.on_version(self.refresh)

    async def refresh(self, version: int | None = None) -> None:
        """Add the entries after the newest shown, up to ``version`` (the view's when None); one read is shared
        by every page of the game at the same point (Live.log)."""
        entries = await self.view.deps.live.log(self.view.game_id, self.last_seq,
                                                self.view.version if version is None else version)
        if self.compact:
            if entries:
                self._note(entries)
            return
        for entry in entries:
            self._add(entry)

    def _note(self, entries: list[LogEntry]) -> None:
        """Compact: remember the new entries and send the list as one piece of (escaped) HTML."""
        for entry in entries:
            self.last_seq = max(self.last_seq, entry.seq)
            self.entries[entry.seq] = (" ".join(entry.texts), entry.undone)
            if entry.kind == "undo" and entry.target in self.entries:
                self.entries[entry.target] = (self.entries[entry.target][0], True)
        for seq in sorted(self.entries)[:-SHOWN]:
            del self.entries[seq]
        self.html.set_content("".join(
            f'<div class="tk-entry{" tk-undone" if undone else ""}">{escape(text)}</div>'
            for _, (text, undone) in sorted(self.entries.items(), reverse=True)))

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
        while len(self.rows) > SHOWN:
            oldest = min(self.rows)
            self.rows.pop(oldest).delete()
