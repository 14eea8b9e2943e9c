"""The round timer of an event: the organiser starts it for a round, pauses it (a fire alarm, a rules dispute) and
resumes it; every screen counts the same time down from what is stored.

It times the round as a whole, beside each game's own deathclock: what the organiser does when it runs out is theirs
to say (the app ends no game by it). The timer keeps what was left when it last changed and since when it has run;
the time now comes from the caller (this module reads no clock).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from models.rules.core import RuleViolation

MINUTES_MAX = 300  # a round of five hours is longer than any Steamroller size needs
MINUTE_MS = 60_000


@dataclass(frozen=True)
class RoundTimer:
    round: int  # the round it times
    minutes: int  # the round's length when started
    left_ms: int  # time left at ``since_ms``
    since_ms: int  # when it last started, paused or resumed (server time, ms since the epoch)
    running: bool

    def left(self, now_ms: int) -> int:
        """Milliseconds left at ``now_ms`` (0 once the time is up)."""
        spent = now_ms - self.since_ms if self.running else 0
        return max(0, self.left_ms - max(0, spent))

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "minutes": self.minutes, "left_ms": self.left_ms, "since_ms": self.since_ms,
                "running": self.running}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> RoundTimer | None:
        if not data:
            return None
        return cls(round=int(data["round"]), minutes=int(data["minutes"]), left_ms=int(data["left_ms"]),
                   since_ms=int(data["since_ms"]), running=bool(data["running"]))


def timer_of(stored: dict[str, Any] | None, newest: int) -> RoundTimer | None:
    """The stored timer while it times round ``newest``, the event's newest (None: not started for it)."""
    timer = RoundTimer.from_json(stored)
    return timer if timer is not None and timer.round == newest else None


def start(round_no: int, minutes: int, now_ms: int) -> RoundTimer:
    """A round's timer started at ``minutes`` (again from the full time when it ran before)."""
    if not 1 <= minutes <= MINUTES_MAX:
        raise RuleViolation("event.timer_minutes", f"A round lasts from 1 to {MINUTES_MAX} minutes.")
    if round_no < 1:
        raise RuleViolation("event.timer_no_round", "Pair a round before you start its timer.")
    return RoundTimer(round=round_no, minutes=minutes, left_ms=minutes * MINUTE_MS, since_ms=now_ms, running=True)


def pause(timer: RoundTimer | None, now_ms: int) -> RoundTimer:
    """The timer stopped where it is; pausing a paused timer changes nothing."""
    if timer is None:
        raise RuleViolation("event.timer_not_started", "The round's timer has not been started.")
    if not timer.running:
        return timer
    return RoundTimer(round=timer.round, minutes=timer.minutes, left_ms=timer.left(now_ms), since_ms=now_ms,
                      running=False)


def resume(timer: RoundTimer | None, now_ms: int) -> RoundTimer:
    """The timer running again from where it was paused; resuming a running timer changes nothing."""
    if timer is None:
        raise RuleViolation("event.timer_not_started", "The round's timer has not been started.")
    if timer.running:
        return timer
    return RoundTimer(round=timer.round, minutes=timer.minutes, left_ms=timer.left_ms, since_ms=now_ms, running=True)
