"""REST route of a signed-in account's games: every game it started or played, newest first, with how
far it got and the links it holds to it. Needs ``Authorization: Bearer <session>``."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter
from pydantic import BaseModel, Field

from webapp import deps
from webapp.api.base import ErrorMappingRoute, errors
from webapp.session import BearerSession, as_account

router = APIRouter(prefix="/api/me", tags=["accounts"], route_class=ErrorMappingRoute)


class MyGameOut(BaseModel):
    id: str
    title: str
    system: str = Field(examples=["warmachine"])
    started: datetime
    progress: str = Field(description="`setting up`, `round 3`, or the result's headline once it is over.",
                          examples=["Ana wins by assassination"])
    finished: bool
    links: dict[str, str] = Field(description="The tokens the account holds to the game, by link: `table`, "
                                              "`seat1`, `seat2`, `watch` (the result page takes any of them).")


@router.get("/games", response_model=list[MyGameOut], responses=errors(401), summary="My games")
async def my_games(session: BearerSession) -> list[MyGameOut]:
    games = await as_account(session, deps.current().my_data.my_games)
    return [MyGameOut(id=g.game_id, title=g.title, system=g.system, started=g.started, progress=g.progress,
                      finished=g.finished, links=g.links) for g in games]
