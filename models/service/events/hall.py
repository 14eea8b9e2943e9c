"""The hall screen of an event (a TV across the room, no account) and the round timer the organiser runs.

The hall screen's view is one JSON document per change of the event, built once per server process and sent to
every hall screen of the event (webapp/live/hall.py): the round's scenario, its tables with their live scores (taken
from each game's spectators' view, never a second read of a game), the standings, the round timer, and how many tables
still play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine

from models.db.hall_repository import HallRepository
from models.rules.tournament.round_timer import MINUTES_MAX, RoundTimer, pause, resume, start, timer_of
from models.service.accounts import Me
from models.service.errors import NoSuchEvent
from models.service.events import words
from models.service.events.records import EventView, Pairing
from models.service.events.service import EventService

__all__ = ["MINUTES_MAX", "HallService", "RoundTimer", "hall_view"]  # the web reads the timer from here


class HallService:
    def __init__(self, engine: Engine, events: EventService, now_ms: Callable[[], int]) -> None:
        """The hall's timers are stored through their own repository on ``engine``; events are read through
        ``events``."""
        self.events = events
        self.repo = HallRepository(engine)
        self.now_ms = now_ms

    def timer(self, event_id: str) -> RoundTimer | None:
        """The timer of the event's newest round (None: not started for it)."""
        newest, stored = self._read(event_id)
        return timer_of(stored, newest)

    def start_timer(self, me: Me, event_id: str, minutes: int) -> RoundTimer:
        """Whoever runs the event starts the newest round's timer at ``minutes`` (from the full time if it ran
        before)."""
        self.events.check_runs(me, event_id)
        newest, _ = self._read(event_id)
        return self._store(event_id, start(newest, minutes, self.now_ms()))

    def pause_timer(self, me: Me, event_id: str) -> RoundTimer:
        self.events.check_runs(me, event_id)
        return self._store(event_id, pause(self.timer(event_id), self.now_ms()))

    def resume_timer(self, me: Me, event_id: str) -> RoundTimer:
        self.events.check_runs(me, event_id)
        return self._store(event_id, resume(self.timer(event_id), self.now_ms()))

    def _read(self, event_id: str) -> tuple[int, dict[str, Any] | None]:
        found = self.repo.timer(event_id)
        if found is None:
            raise NoSuchEvent()
        return found

    def _store(self, event_id: str, timer: RoundTimer) -> RoundTimer:
        self.repo.set_timer(event_id, timer.to_json())
        return timer


def hall_view(view: EventView, timer: RoundTimer | None, games: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """What the hall screen shows, a projection of the event view; ``games`` holds the spectators' view of each live
    table's game by its id."""
    info = view.event
    newest = [p for p in view.pairings if p.round == info.round]
    tables = [_table(p, view.names, games.get(p.game_id or "") or {}) for p in newest]
    return {
        "name": info.name, "round_words": words.round_words(info),
        "scenario": words.scenario_words(view) if info.status != "finished" else "",
        "tables_words": words.tables_heading(info),
        "empty": words.NOT_PAIRED,
        "timer": None if timer is None else {"left": timer.left_ms, "since": timer.since_ms,
                                             "running": timer.running, "minutes": timer.minutes},
        "tables": {str(t["table"]): t for t in tables},  # keyed: a change of one table patches that table only
        "progress": words.hall_progress(info, sum(1 for t in tables if not t["done"]), len(tables)),
        "standings": [{"rank": s.rank, "name": view.names.get(s.player) or words.GONE, "wins": s.wins,
                       "sos": s.strength_of_schedule, "cp": s.control_points} for s in view.standings],
    }


def _table(p: Pairing, names: dict[str, str], game: dict[str, Any]) -> dict[str, Any]:
    a, b = words.sides(p)
    done = p.player_b is None or (p.result is not None and p.result.finished)
    score, clock = game.get("score") or {}, game.get("clock")
    line: dict[str, Any] = {"table": p.table, "players": [a, b if p.player_b is not None else None], "done": done,
                            "state": words.hall_state(p, names, game), "turn": None, "cp": score.get("cp"),
                            "clock": None}
    if not done:
        line["turn"] = score.get("active") if score.get("round") else None  # whose turn, once turns are played
        if clock is not None:
            line["clock"] = {"remaining": clock["remaining"], "since": clock["since"], "ticking": clock["ticking"]}
    return line
