"""REST routes of the site's "Live now": a game's players list it publicly or take it off (the link's
token, as every game route), and anyone reads the list of listed games still being played."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from webapp import deps
from webapp.api.base import ErrorMappingRoute, GameId, Token, errors
from webapp.live.now import WATCH_URL

router = APIRouter(prefix="/api", tags=["live now"], route_class=ErrorMappingRoute)


class ListingOut(BaseModel):
    """The game is on Live now; ``watch`` is the address Live now opens it at (a watch link of its own)."""

    listed: bool = True
    watch: str = Field(examples=["/watch/5f0c1e2d3b4a6978/Zm9vYmFyYmF6cXV4cXV1eA"])


class ClockOut(BaseModel):
    remaining: list[int] = Field(description="Each side's time left (ms) when the clock last changed.")
    since: int | None = Field(description="When the running side's time started to run (server ms), or null.")
    ticking: int | None = Field(description="The side whose time runs (0 or 1), or null.")


class LiveGameOut(BaseModel):
    id: str
    title: str
    system: str = Field(examples=["Warmachine"])
    players: list[str]
    round: str = Field(examples=["Round 2"])
    turn: str = Field(examples=["Ana's turn"])
    phase: str
    cp: list[int] | None = Field(description="Each side's control points, where the game scores them.")
    clock: ClockOut | None = Field(description="The deathclock, if the game uses it.")
    watch: str = Field(description="The game's watch view (read-only).")
    listed: str = Field(description="When its players listed it (ISO time).")


def _list(game_id: str, token: str | None) -> str:
    current = deps.current()
    return current.listings.list_game(game_id, current.service.authorize(game_id, token))


def _unlist(game_id: str, token: str | None) -> str | None:
    current = deps.current()
    return current.listings.unlist(game_id, current.service.authorize(game_id, token))


@router.put("/games/{game_id}/listing", response_model=ListingOut, responses=errors(403, 404, 422),
            summary="Show the game on Live now")
async def list_game(game_id: GameId, token: Token) -> ListingOut:
    """The game's table link or a seat's link lists it on the site's Live now page (a watch link may not: 403).
    Listing makes a watch link of its own, which Live now hands to anyone; listing again changes nothing. A
    finished game is not listed (422 `listing.finished`)."""
    watch_token = await run_in_threadpool(_list, game_id, token)
    await deps.current().live_now.refresh()
    return ListingOut(watch=WATCH_URL.format(game_id=game_id, token=watch_token))


@router.delete("/games/{game_id}/listing", status_code=204, responses=errors(403, 404),
               summary="Take the game off Live now")
async def unlist_game(game_id: GameId, token: Token) -> None:
    """The game's table link or a seat's link takes it off Live now; the watch link its listing made stops
    working (the watch links given out before keep working). Taking off a game that is not listed changes
    nothing."""
    revoked = await run_in_threadpool(_unlist, game_id, token)
    current = deps.current()
    if revoked is not None:
        current.live_now.revoke(game_id, revoked)
    await current.live_now.refresh()


@router.get("/live", response_model=list[LiveGameOut], summary="The games on Live now")
async def live_games() -> list[dict[str, Any]]:
    """Every listed game still being played, the earliest listed first, with its watch view's address. Needs no
    link: its players chose to show it."""
    games = await deps.current().live_now.fresh()
    return [{"id": game_id, **line} for game_id, line in games.items()]
