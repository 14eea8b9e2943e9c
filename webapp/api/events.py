"""REST routes of events: create and list events, register, submit lists, pair rounds, standings.

Events are public: anyone reads an event, its tables (with watch links) and its standings. Registering, lists and
"my game" need a signed-in account (``Authorization: Bearer <session>``); pairing a round is the organiser's only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Path
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from models.service.errors import NoSuchEvent
from models.service.events.records import Entrant, EventInfo, EventView, EventWords, MyGame, Pairing, Standing
from webapp import deps
from webapp.api.base import ErrorBody, ErrorMappingRoute, Responses, Strict, errors
from webapp.session import BearerSession, account_of, as_account

router = APIRouter(prefix="/api/events", tags=["events"], route_class=ErrorMappingRoute)
EventId = Annotated[str, Path(max_length=32, description="The event's id.")]
NO_EVENT: Responses = {404: {"model": ErrorBody, "description": "No such event: code `event.not_found`."}}
NOT_ORGANISER: Responses = {403: {"model": ErrorBody, "description": "Only the event's organiser may: code "
                                                          "`access.forbidden`."}}


class CreateEventIn(Strict):
    name: str = Field(max_length=80, examples=["Club Steamroller"])
    day: str = Field(max_length=10, examples=["2026-12-05"], description="ISO date.")
    game_size: int = Field(default=75, examples=[75])
    rounds: int = Field(default=3, examples=[3])
    lists_per_player: int = Field(default=2, examples=[2])
    deadline: datetime = Field(description="Lists lock then (ISO date-time; UTC when no offset is given).")
    clock_minutes: int | None = Field(default=None, examples=[60],
                                      description="Each game's deathclock, minutes per player (null: none fixed).")
    tables: int | None = Field(default=None, examples=[8], description="Tables in the hall (null: no limit).")
    time_zone: str = Field(default="UTC", max_length=64, examples=["Europe/London"],
                           description="The IANA time zone the event's times are shown in (UTC beside them).")


class EditEventIn(Strict):
    name: str | None = Field(default=None, max_length=80)
    rounds: int | None = None
    deadline: datetime | None = Field(default=None, description="Only while round 1 is not paired.")
    clock_minutes: int | None = Field(default=None, description="Games opened from now on; null: none fixed.")
    tables: int | None = Field(default=None, description="null: no limit.")


class CoOrganiserIn(Strict):
    email: str = Field(max_length=254)


class WalkInIn(Strict):
    name: str = Field(max_length=60, examples=["Sam"])
    list: str = Field(default="", max_length=4000, description="A list typed in as text (optional).")


class CheckInIn(Strict):
    present: bool = True


class ReviewIn(Strict):
    approve: bool
    note: str = Field(default="", max_length=200, description="Required to reject: the player reads it.")


class ListsIn(Strict):
    lists: list[Annotated[str, Field(max_length=32)]] = Field(
        max_length=2, description="Ids of your saved lists (as many as the event asks for).")


class RoundIn(Strict):
    scenario: str = Field(max_length=60, examples=["Spread the Net"],
                          description="The scenario every game of the round plays.")
    seed: int | None = Field(default=None, description="Round 1 only: the draw's seed (for example a number rolled in "
                                                       "front of the players); null: the server draws one. Recorded "
                                                       "as the event's `seed`.")
    draft: bool = Field(default=False, description="true: the round is drafted, no game opens until it is "
                                                   "published (`.../rounds/current/publish`).")


class SwapIn(Strict):
    players: list[Annotated[str, Field(max_length=32)]] = Field(min_length=2, max_length=2,
                                                                description="The account ids of the two players.")


class RepairIn(Strict):
    seed: int | None = Field(default=None, description="Round 1: the new draw's seed (null: the server draws one).")


# A player's standing as the rules rank it, with the name the player registered with (no docstring: it would
# become the schema's description).
@dataclass(frozen=True)
class StandingOut(Standing):
    name: str


class EventDetailOut(BaseModel):
    event: EventInfo
    players: list[Entrant]
    pairings: list[Pairing]
    standings: list[StandingOut]
    words: EventWords = Field(description="The event in the sentences its pages and hall screen show.")


def _standings(view: EventView) -> list[StandingOut]:
    return [StandingOut(**s.__dict__, name=view.names.get(s.player, "")) for s in view.standings]


def _detail(view: EventView) -> EventDetailOut:
    return EventDetailOut(event=view.event, players=list(view.players), pairings=list(view.pairings),
                          standings=_standings(view), words=view.words)


@router.post("", status_code=201, response_model=EventInfo, responses=errors(401, 422), summary="Create an event")
async def create_event(body: CreateEventIn, session: BearerSession) -> EventInfo:
    """The signed-in account organises the new event."""
    info = await as_account(session, deps.current().events.settings.create, body.name, body.day, body.game_size,
                            body.rounds, body.lists_per_player, body.deadline, body.clock_minutes, body.tables,
                            body.time_zone)
    return info


@router.get("", response_model=list[EventInfo], summary="Every event, newest day first")
async def list_events() -> list[EventInfo]:
    return list(await run_in_threadpool(deps.current().events.events))


@router.get("/{event_id}", response_model=EventDetailOut, responses=NO_EVENT,
            summary="An event with its players, tables and standings")
async def read_event(event_id: EventId, session: BearerSession) -> EventDetailOut:
    """Anyone may read; with a session, the tables carry the links that account may hold."""
    service = deps.current()
    me = await run_in_threadpool(service.accounts.me, session)
    return _detail(await run_in_threadpool(service.events.event, event_id, me))


class RegisterIn(Strict):
    club: str = Field(default="", max_length=60, description="Your club or team: round 1 keeps you apart from its "
                                                              "other players where it can.")


@router.post("/{event_id}/registrations", status_code=201, response_model=Entrant,
             responses={**errors(401, 422), **NO_EVENT}, summary="Register for an event")
async def register(event_id: EventId, session: BearerSession, body: RegisterIn | None = None) -> Entrant:
    """The body is optional: `{club}`."""
    entrant = await as_account(session, deps.current().events.players.register, event_id,
                               body.club if body else "")
    return entrant


@router.delete("/{event_id}/registrations", status_code=204, responses={**errors(401, 422), **NO_EVENT},
               summary="Leave an event")
async def withdraw(event_id: EventId, session: BearerSession) -> None:
    """Before round 1 the registration goes; afterwards you are dropped: your games stay in the standings and no
    later round pairs you."""
    await as_account(session, deps.current().events.players.withdraw, event_id)


@router.delete("/{event_id}/registrations/{account_id}", status_code=204,
               responses={**errors(401, 422), **NOT_ORGANISER, **NO_EVENT}, summary="Drop a player (organiser)")
async def drop_player(event_id: EventId, account_id: Annotated[str, Path(max_length=32)],
                      session: BearerSession) -> None:
    """The organiser drops a player (a no-show), as `DELETE /registrations` does for the player; a player may
    name their own account too."""
    await as_account(session, deps.current().events.players.withdraw, event_id, account_id)


@router.put("/{event_id}/lists", response_model=Entrant, responses={**errors(401, 422), **NO_EVENT},
            summary="Submit your lists")
async def submit_lists(event_id: EventId, body: ListsIn, session: BearerSession) -> Entrant:
    """Copies of your saved lists, each legal at the event's game size; they replace what you submitted before,
    until the lists lock (code `event.lists_locked`)."""
    entrant = await as_account(session, deps.current().events.lists.submit, event_id, body.lists)
    return entrant


@router.post("/{event_id}/rounds", status_code=201, response_model=list[Pairing],
             responses={**errors(401, 422), **NOT_ORGANISER, **NO_EVENT}, summary="Pair the next round")
async def pair_round(event_id: EventId, body: RoundIn, session: BearerSession) -> list[Pairing]:
    """The organiser pairs the next round (Swiss by wins and tiebreakers, no rematches, a bye for an odd count);
    each table's game opens at the scenario with the players' lists given."""
    tables = await as_account(session, deps.current().events.rounds.pair, event_id, body.scenario,
                              body.seed, body.draft)
    return list(tables)


ROUND_REFUSED: Responses = {**errors(401, 422), **NOT_ORGANISER, **NO_EVENT}


class NextRoundIn(Strict):
    at: datetime | None = Field(description="When the next round starts (ISO date-time; UTC without an offset); "
                                            "null: not said.")


@router.put("/{event_id}/next-round", status_code=204, responses=ROUND_REFUSED,
            summary="Say when the next round starts (organiser)")
async def next_round(event_id: EventId, body: NextRoundIn, session: BearerSession) -> None:
    """Every page of the event shows it; the players' own section says it between rounds."""
    await as_account(session, deps.current().events.rounds.announce, event_id, body.at)


@router.post("/{event_id}/rounds/current/publish", status_code=204, responses=ROUND_REFUSED,
             summary="Publish the drafted round (organiser)")
async def publish_round(event_id: EventId, session: BearerSession) -> None:
    """Its games open with their links; the round before closes (`round.published` if it is published already)."""
    await as_account(session, deps.current().events.rounds.publish, event_id)


@router.post("/{event_id}/rounds/current/swap", status_code=204, responses=ROUND_REFUSED,
             summary="Swap two players of the drafted round (organiser)")
async def swap_players(event_id: EventId, body: SwapIn, session: BearerSession) -> None:
    await as_account(session, deps.current().events.rounds.swap, event_id, body.players[0], body.players[1])


@router.post("/{event_id}/rounds/current/repair", status_code=204, responses=ROUND_REFUSED,
             summary="Pair the drafted round again (organiser)")
async def repair_round(event_id: EventId, body: RepairIn, session: BearerSession) -> None:
    await as_account(session, deps.current().events.rounds.repair, event_id, body.seed)


@router.delete("/{event_id}/rounds/current", status_code=204, responses=ROUND_REFUSED,
               summary="Delete the newest round (organiser)")
async def delete_round(event_id: EventId, session: BearerSession) -> None:
    """A drafted round, or a published one none of whose games has started (`round.started` otherwise): its
    tables and games go, and the round before takes results again."""
    await as_account(session, deps.current().events.rounds.delete, event_id)


@router.get("/{event_id}/standings.json", response_model=list[StandingOut], responses=NO_EVENT,
            summary="The standings as JSON")
async def standings_json(event_id: EventId) -> list[StandingOut]:
    view = await run_in_threadpool(deps.current().events.event, event_id)
    return _standings(view)


@router.get("/{event_id}/standings.csv", response_class=PlainTextResponse, responses=NO_EVENT,
            summary="The standings as CSV")
async def standings_csv(event_id: EventId) -> PlainTextResponse:
    events = deps.current().events
    name = await run_in_threadpool(events.name, event_id)
    text = await run_in_threadpool(events.standings_csv, event_id)
    return PlainTextResponse(text, media_type="text/csv",
                             headers={"Content-Disposition": attachment(f"{name} standings.csv")})


def attachment(filename: str) -> str:
    """A Content-Disposition naming the download ``filename``: plain ASCII for old clients (anything else becomes
    "_"), and the whole name in UTF-8 for the rest (RFC 6266)."""
    plain = re.sub(r"[^A-Za-z0-9 ._-]", "_", filename)
    return f'attachment; filename="{plain}"; filename*=UTF-8\'\'{quote(filename, safe="")}'


@router.get("/{event_id}/my-game", response_model=MyGame, responses={**errors(401), **NO_EVENT},
            summary="My table in the newest round, with my seat link")
async def my_game(event_id: EventId, session: BearerSession) -> MyGame:
    found: MyGame | None = await as_account(session, deps.current().events.my_game, event_id)
    if found is None:
        raise NoSuchEvent("You have no table in this event's newest round.")
    return found


# -- running the event on the day (organisers) ---------------------------------------------------------------------
ORGANISER: dict[int | str, dict[str, Any]] = {**errors(401, 422), **NOT_ORGANISER, **NO_EVENT}
PlayerId = Annotated[str, Path(max_length=32, description="The player's id in the event (`players[].account`).")]


@router.patch("/{event_id}", response_model=EventInfo, responses=ORGANISER, summary="Change the event (organisers)")
async def edit_event(event_id: EventId, body: EditEventIn, session: BearerSession) -> EventInfo:
    """Only the fields sent change: `name`, `rounds` (not below the rounds paired), `deadline` (before round 1),
    `clock_minutes` (games opened from then on), `tables`."""
    me = await account_of(session)
    changes = body.model_dump(include=body.model_fields_set)
    return await run_in_threadpool(deps.current().events.settings.edit, me, event_id, changes)


@router.post("/{event_id}/co-organisers", response_model=EventInfo, responses=ORGANISER,
             summary="Name a co-organiser (organisers)")
async def name_co_organiser(event_id: EventId, body: CoOrganiserIn, session: BearerSession) -> EventInfo:
    """Whoever signs in with this email runs the event too; the first with an account takes it over if the
    organiser's account is deleted. The answer never says whether the email has an account."""
    return await as_account(session, deps.current().events.settings.name_co_organiser, event_id, body.email)


@router.delete("/{event_id}/co-organisers/{email}", response_model=EventInfo, responses=ORGANISER,
               summary="Remove a co-organiser (the organiser only)")
async def remove_co_organiser(event_id: EventId, email: Annotated[str, Path(max_length=254)],
                              session: BearerSession) -> EventInfo:
    """Whoever signs in with this email no longer runs the event. Only the event's own organiser may remove one;
    `422 event.not_co_organiser` for an email that is not among them."""
    return await as_account(session, deps.current().events.settings.remove_co_organiser, event_id, email)


class VenueLinkOut(BaseModel):
    token: str = Field(description="The link is `/events/{event_id}/join/{token}`.")


@router.post("/{event_id}/venue-link", response_model=VenueLinkOut, responses=ORGANISER,
             summary="Make the venue sign-up link (organisers)")
async def new_venue_link(event_id: EventId, session: BearerSession) -> VenueLinkOut:
    """Players who open the link sign up and are registered at once (`POST /api/account/sign-up` with `venue`),
    counted under the event instead of their address. A new link ends the one before; removing a co-organiser makes
    a new one too. The event's `venue` shows it to those who run the event."""
    return VenueLinkOut(token=await as_account(session, deps.current().venue.new_link, event_id))


@router.delete("/{event_id}/venue-link", status_code=204, responses=ORGANISER,
               summary="End the venue sign-up link (organisers)")
async def end_venue_link(event_id: EventId, session: BearerSession) -> None:
    await as_account(session, deps.current().venue.end_link, event_id)


@router.post("/{event_id}/walk-ins", status_code=201, response_model=Entrant, responses=ORGANISER,
             summary="Add a walk-in (organisers)")
async def add_walk_in(event_id: EventId, body: WalkInIn, session: BearerSession) -> Entrant:
    """A person without an account, checked in; after round 1 they are paired from the next round."""
    return await as_account(session, deps.current().events.players.add_walk_in, event_id, body.name, body.list)


@router.put("/{event_id}/players/{player_id}/check-in", status_code=204, responses=ORGANISER,
            summary="Check a player in or out (organisers)")
async def check_in(event_id: EventId, player_id: PlayerId, body: CheckInIn, session: BearerSession) -> None:
    """Once anyone is checked in, round 1 pairs only the players checked in."""
    await as_account(session, deps.current().events.players.check_in, event_id, player_id, body.present)


@router.post("/{event_id}/players/{player_id}/reinstate", status_code=204, responses=ORGANISER,
             summary="Reinstate a dropped player (organisers)")
async def reinstate(event_id: EventId, player_id: PlayerId, session: BearerSession) -> None:
    """Paired again from the next round, earlier games kept."""
    await as_account(session, deps.current().events.players.reinstate, event_id, player_id)


@router.put("/{event_id}/players/{player_id}/lists-review", response_model=Entrant, responses=ORGANISER,
            summary="Approve or reject a player's lists (organisers)")
async def review_lists(event_id: EventId, player_id: PlayerId, body: ReviewIn, session: BearerSession) -> Entrant:
    return await as_account(session, deps.current().events.lists.review, event_id, player_id,
                                     body.approve, body.note)


@router.post("/{event_id}/lists/publish", response_model=EventInfo, responses=ORGANISER,
             summary="Publish the locked lists (organisers)")
async def publish_lists(event_id: EventId, session: BearerSession) -> EventInfo:
    return await as_account(session, deps.current().events.lists.publish, event_id)
