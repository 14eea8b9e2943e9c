"""REST routes of an event's round timer: the organiser starts, pauses and resumes it (the hall screen and the
event page show it); anyone reads it."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from models.service.events.hall import MINUTES_MAX, RoundTimer
from webapp import deps
from webapp.api.base import ErrorMappingRoute, Strict, errors
from webapp.api.events import NO_EVENT, NOT_ORGANISER, EventId
from webapp.session import BearerSession, account_of

router = APIRouter(prefix="/api/events", tags=["events"], route_class=ErrorMappingRoute)


class TimerIn(Strict):
    action: Literal["start", "pause", "resume"]
    minutes: int | None = Field(default=None, examples=[50],
                                description=f"The round's length (1 to {MINUTES_MAX}); `start` only.")


class TimerOut(BaseModel):
    round: int = Field(description="The round it times (the newest).")
    minutes: int
    left_ms: int = Field(description="Milliseconds left now.")
    running: bool


def _timer(timer: RoundTimer | None) -> TimerOut | None:
    if timer is None:
        return None
    return TimerOut(round=timer.round, minutes=timer.minutes, left_ms=timer.left(deps.current().service.now_ms()),
                    running=timer.running)


@router.get("/{event_id}/timer", response_model=TimerOut | None, responses=NO_EVENT,
            summary="The newest round's timer (null: not started)")
async def read_timer(event_id: EventId) -> TimerOut | None:
    return _timer(await run_in_threadpool(deps.current().hall.timer, event_id))


@router.post("/{event_id}/timer", response_model=TimerOut, responses={**errors(401, 422), **NOT_ORGANISER, **NO_EVENT},
             summary="Start, pause or resume the round's timer (organiser)")
async def change_timer(event_id: EventId, body: TimerIn, session: BearerSession) -> TimerOut | None:
    """`start` runs the newest round's timer from `minutes` (again from the full time if it ran before); `pause`
    and `resume` keep the time left."""
    me = await account_of(session)
    hall = deps.current().hall
    if body.action == "start":
        timer = await run_in_threadpool(hall.start_timer, me, event_id, body.minutes or 0)
    elif body.action == "pause":
        timer = await run_in_threadpool(hall.pause_timer, me, event_id)
    else:
        timer = await run_in_threadpool(hall.resume_timer, me, event_id)
    return _timer(timer)
