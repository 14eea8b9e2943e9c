"""REST routes of a signed-in account's army lists: the same lists the Lists page keeps for the
account, on any device. Every route needs ``Authorization: Bearer <session>``; another account's list answers
404, as an unknown id does. A list goes in as JSON (``army``) or as the plain text the list builder exports
(``text``), and comes out as both."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from models.rules import RuleViolation
from models.rules.warmachine import TEXT_MAX
from models.service import NotFound
from models.service.accounts import Me
from models.service.lists import ListService, SavedList
from webapp import deps
from webapp.api.base import ApiError, ErrorBody, ErrorMappingRoute, Responses, Strict, errors
from webapp.session import BearerSession, account_of, as_account

router = APIRouter(prefix="/api/lists", tags=["lists"], route_class=ErrorMappingRoute)
ListId = Annotated[str, Path(max_length=32)]
NO_LIST: Responses = {404: {"model": ErrorBody, "description": "No list of this account has that id "
                            "(code `list.not_found`): another account's list answers alike."}}


class ListIn(Strict):
    """A list as JSON (`army`: title, faction, size, entries, theme) or as the text the list builder exports
    (`text`): give one of them."""

    army: dict[str, Any] | None = Field(default=None, examples=[{"title": "Cult", "faction": "Infernals",
                                                                 "size": 75, "entries": [{"card": "agathon"}]}])
    text: str | None = Field(default=None, max_length=TEXT_MAX)


class ListSummary(BaseModel):
    id: str
    title: str
    faction: str
    points: int
    updated: datetime


class ListOut(ListSummary):
    army: dict[str, Any]
    text: str = Field(description="The list as plain text (the list builder's export).")
    problems: list[str] = Field(description="What makes the list not legal yet (empty: it may be played).")


def _service(me: Me) -> ListService:
    return deps.current().lists.for_cards(deps.current().service.card_service.for_account(me.id))


def _summary(saved: SavedList) -> ListSummary:
    return ListSummary(id=saved.id, title=saved.title, faction=saved.faction, points=saved.points,
                       updated=saved.updated)


def _out(service: ListService, saved: SavedList) -> ListOut:
    _, problems = service.check(saved.army)
    return ListOut(**_summary(saved).model_dump(), army=saved.army.model_dump(mode="json"),
                   text=service.export_text(saved.army), problems=[p.message for p in problems])


def _army(service: ListService, body: ListIn) -> Any:
    if (body.army is None) == (body.text is None):
        raise RuleViolation("list.army_or_text", "Send the list either as `army` or as `text`, not both.")
    if body.army is not None:
        return body.army
    imported = service.import_text(body.text or "")
    if imported.unrecognised:
        first = imported.unrecognised[0]
        raise RuleViolation("list.unrecognised", f"This line is not recognised: {first.line} ({first.reason}).")
    return imported.army


def _save(me: Me, body: ListIn, list_id: str | None) -> ListOut:
    service = _service(me)
    try:
        return _out(service, service.save(me.owner, _army(service, body), list_id))
    except NotFound:
        raise _no_list() from None


def _read(me: Me, list_id: str) -> ListOut:
    service = _service(me)
    try:
        return _out(service, service.get(me.owner, list_id))
    except NotFound:
        raise _no_list() from None


def _delete(me: Me, list_id: str) -> None:
    try:
        _service(me).delete(me.owner, list_id)
    except NotFound:
        raise _no_list() from None


def _no_list() -> ApiError:
    return ApiError(404, "list.not_found", "This account has no list with that id.")


@router.get("", response_model=list[ListSummary], responses=errors(401), summary="My lists")
async def my_lists(session: BearerSession) -> list[ListSummary]:
    """The account's lists, newest first."""
    me = await account_of(session)
    return [_summary(s) for s in await run_in_threadpool(_service(me).lists, me.owner)]


@router.post("", status_code=201, response_model=ListOut, responses=errors(401, 422), summary="Save a new list")
async def new_list(body: ListIn, session: BearerSession) -> ListOut:
    """Keep a new list in the account. A list with rule problems may be kept (they are listed); one naming cards
    this site and the account's card book do not know may not."""
    return await as_account(session, _save, body, None)


@router.get("/{list_id}", response_model=ListOut, responses={**errors(401), **NO_LIST}, summary="One of my lists")
async def read_list(list_id: ListId, session: BearerSession) -> ListOut:
    return await as_account(session, _read, list_id)


@router.get("/{list_id}/text", response_class=PlainTextResponse, responses={**errors(401), **NO_LIST},
            summary="One of my lists as plain text")
async def list_text(list_id: ListId, session: BearerSession) -> str:
    return (await as_account(session, _read, list_id)).text


@router.put("/{list_id}", response_model=ListOut, responses={**errors(401, 422), **NO_LIST},
            summary="Change one of my lists")
async def put_list(list_id: ListId, body: ListIn, session: BearerSession) -> ListOut:
    """Replace the list with this id (as JSON or as text)."""
    return await as_account(session, _save, body, list_id)


@router.delete("/{list_id}", status_code=204, responses={**errors(401), **NO_LIST}, summary="Delete one of my lists")
async def delete_list(list_id: ListId, session: BearerSession) -> None:
    await as_account(session, _delete, list_id)
