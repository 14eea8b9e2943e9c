"""REST routes of an event table's result from outside the app: a player reports it, the opponent confirms or
disputes it, the organiser enters or corrects it; the correction log is public, as the standings are.

Tables are named by round and table number (`/api/events/{id}/rounds/{round}/tables/{table}/...`). Numbers are given
in the table's order: its first player's (`player_a` in the event's pairings), then its second's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from models.service.events.results import ScoreIn
from webapp import deps
from webapp.api.base import ErrorBody, ErrorMappingRoute, Strict, errors
from webapp.session import BearerSession, as_account

router = APIRouter(prefix="/api/events", tags=["event results"], route_class=ErrorMappingRoute)
EventId = Annotated[str, Path(max_length=32, description="The event's id.")]
RoundNo = Annotated[int, Path(ge=1, le=99, description="The round's number.")]
TableNo = Annotated[int, Path(ge=1, le=999, description="The table's number in its round.")]
REFUSED = {
    **errors(401, 422),
    403: {"model": ErrorBody, "description": "Not a player of this table (report, confirm, dispute) or not the "
                                             "organiser (enter, correct): code `access.forbidden`."},
    404: {"model": ErrorBody, "description": "No such event, or no such table in that round: code "
                                             "`event.not_found`."},
}
How = Literal["assassination", "scenario", "deathclock", "concession", "tiebreakers"]
Pair = Annotated[list[Annotated[float, Field(ge=0, le=999)]], Field(min_length=2, max_length=2)]


class ResultIn(Strict):
    winner: str | None = Field(max_length=32, description="The winner's account id (null: a draw, refused where "
                                                          "the format has none).")
    how: How = Field(description="How the game was won (`deathclock`: the loser's clock ran out; `tiebreakers`: "
                                 "time was called and the tiebreakers decided).")
    control_points: Annotated[list[Annotated[int, Field(ge=0, le=99)]], Field(min_length=2, max_length=2)] = \
        Field(default=[0, 0], description="Each player's control points, the table's order.")
    army_points_destroyed: Pair = Field(default=[0, 0], description="Army points each player destroyed.")
    army_points_in_scenario_elements: Pair = Field(default=[0, 0], description="Army points each player has in "
                                                                               "scenario elements.")


class CorrectionIn(ResultIn):
    note: str = Field(default="", max_length=200, description="Why, for the correction log.")


class DisputeIn(Strict):
    note: str = Field(default="", max_length=200, description="What is wrong with the report, for the organiser "
                                                              "(required: `event.dispute_reason` when empty).")


class CorrectionOut(BaseModel):
    round: int
    table: int
    by: str = Field(description="The organiser's name.")
    at: datetime
    before: dict[str, Any] | None = Field(description="The result that counted before (null: none): `winner` as "
                                                      "the table's side (0 or 1), `how`, the numbers, `provenance`.")
    after: dict[str, Any]
    note: str


def _score(body: ResultIn) -> ScoreIn:
    return ScoreIn(winner=body.winner, how=body.how,
                   control_points=(body.control_points[0], body.control_points[1]),
                   army_points_destroyed=(body.army_points_destroyed[0], body.army_points_destroyed[1]),
                   army_points_in_scenario_elements=(body.army_points_in_scenario_elements[0],
                                                     body.army_points_in_scenario_elements[1]))


TABLE = "/{event_id}/rounds/{round_no}/tables/{table_no}"


@router.post(TABLE + "/report", status_code=204, responses=REFUSED, summary="Report a table's result (a player)")
async def report(event_id: EventId, round_no: RoundNo, table_no: TableNo, body: ResultIn,
                 session: BearerSession) -> None:
    """One of the table's two players reports its result; it counts once the opponent confirms it. The reporter
    may report again until it is answered. Refused for a game that ended in the app (its result is the game's own,
    code `report.settled`) and once the next round is paired (`round.closed`)."""
    await as_account(session, deps.current().events.results.report, event_id, round_no, table_no, _score(body))


@router.post(TABLE + "/confirm", status_code=204, responses=REFUSED, summary="Confirm the opponent's report")
async def confirm(event_id: EventId, round_no: RoundNo, table_no: TableNo, session: BearerSession) -> None:
    """The reporter's opponent confirms the report: it counts in the standings."""
    await as_account(session, deps.current().events.results.answer, event_id, round_no, table_no, True)


@router.post(TABLE + "/dispute", status_code=204, responses=REFUSED, summary="Dispute the opponent's report")
async def dispute(event_id: EventId, round_no: RoundNo, table_no: TableNo, body: DisputeIn,
                  session: BearerSession) -> None:
    """The reporter's opponent disputes the report: it counts for nothing until the organiser enters the result."""
    await as_account(session, deps.current().events.results.answer, event_id, round_no, table_no, False,
                     body.note)


@router.post(TABLE + "/accept", status_code=204, responses=REFUSED,
             summary="Accept a table's report as it stands (organiser)")
async def accept(event_id: EventId, round_no: RoundNo, table_no: TableNo, session: BearerSession) -> None:
    """The organiser takes a report waiting for the opponent (a walk-in has no account to confirm with) or disputed
    as it stands: it counts as confirmed, and goes into the correction log."""
    await as_account(session, deps.current().events.results.accept, event_id, round_no, table_no)


@router.put(TABLE + "/result", status_code=204, responses=REFUSED,
            summary="Enter or correct a table's result (organiser)")
async def enter(event_id: EventId, round_no: RoundNo, table_no: TableNo, body: CorrectionIn,
                session: BearerSession) -> None:
    """The organiser's result counts over the game's own and over any report, in any round (closed ones too);
    each is kept in the correction log with who, when, and the result before and after."""
    await as_account(session, deps.current().events.results.enter, event_id, round_no, table_no, _score(body),
                     body.note)


@router.get("/{event_id}/corrections", response_model=list[CorrectionOut], responses=REFUSED,
            summary="The organiser's entries and corrections")
async def corrections(event_id: EventId) -> list[CorrectionOut]:
    """Oldest first; anyone may read them, as the standings."""
    found = await run_in_threadpool(deps.current().events.results.corrections, event_id)
    return [CorrectionOut(**c.__dict__) for c in found]
