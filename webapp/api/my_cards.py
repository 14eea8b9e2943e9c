"""REST routes of a signed-in account's card book: the cards its player completed or wrote, on the
server for every device, and the card pack form the card editor exports. Every route needs ``Authorization:
Bearer <session>``; each card is checked as the card editor checks it (CardService.save)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from starlette.concurrency import run_in_threadpool

from models.catalog.schema import Card
from models.service.accounts import Me
from models.service.cards import PACK_MAX, CardService
from webapp import deps
from webapp.api.base import ApiError, ErrorBody, ErrorMappingRoute, Responses, errors
from webapp.session import BearerSession, account_of, as_account

router = APIRouter(prefix="/api/cards/mine", tags=["cards"], route_class=ErrorMappingRoute)
CARD_BODY = {"requestBody": {"required": True, "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/Card"}}}}}
PACK_BODY = {"requestBody": {"required": True, "content": {"application/json": {"schema": {
    "type": "object", "description": "A card pack as `GET /cards/mine/pack` gives it: "
                                     "`{\"format\": \"tablekeeper-cards\", \"version\": 1, \"cards\": [...]}`."}}}}}
REFUSED: Responses = {422: {"model": ErrorBody, "description": "Not a card or not a card pack (`cards.malformed`, "
                                                    "`cards.not_json`...), a card breaking the card rules "
                                                    "(`cards.invalid`, `card.fact_given`), or a full card book "
                                                    "(`book.full`): nothing is kept."}}


def _book(me: Me) -> CardService:
    return deps.current().service.card_service.for_account(me.id)


def _mine(me: Me) -> list[Card]:
    return [c for _, c in sorted(_book(me).book().items())]


def _keep_pack(me: Me, text: bytes) -> list[Card]:
    return _book(me).save(CardService.read_pack(text))


def _remove(me: Me, key: str) -> None:
    if not _book(me).remove(key):
        raise ApiError(404, "card.not_found", "Your card book has no card with that key.")


@router.get("", response_model=list[Card], responses=errors(401), summary="My card book")
async def my_cards(session: BearerSession) -> list[Card]:
    """The cards the account completed or wrote, by key (games started while signed in offer them)."""
    return await as_account(session, _mine)


@router.put("", response_model=Card, responses={**errors(401), **REFUSED}, openapi_extra=CARD_BODY,
            summary="Keep one card in my card book")
async def put_card(request: Request, session: BearerSession) -> Card:
    """Create or replace one card of the card book. A card with a shipped card's key may only fill in what the
    shipped card leaves empty."""
    me = await account_of(session)
    try:
        body: Any = await request.json()
    except (ValueError, RecursionError):
        raise ApiError(422, "request.invalid", "The body is not JSON.") from None
    if not isinstance(body, dict):
        raise ApiError(422, "cards.malformed", "The body must be one card (a JSON object).")
    return (await run_in_threadpool(_book(me).save, [body]))[0]


@router.delete("/{key}", status_code=204, responses={**errors(401), 404: {
    "model": ErrorBody, "description": "The card book has no such card: code `card.not_found`."}},
    summary="Take a card out of my card book")
async def delete_card(key: Annotated[str, Path(max_length=64)], session: BearerSession) -> None:
    await as_account(session, _remove, key)


@router.get("/pack", responses={**errors(401, 503), 200: {"content": {"application/json": {}},
                                                     "description": "The card book as a card pack."}},
            summary="My card book as a card pack")
async def export_pack(session: BearerSession) -> Response:
    """The card book in the card pack format the card editor exports and imports."""
    me = await account_of(session)
    pack = await deps.current().lanes.data.run(_book(me).export_pack)
    return Response(pack, media_type="application/json")


@router.post("/pack", response_model=list[Card], responses={**errors(401, 503), **REFUSED}, openapi_extra=PACK_BODY,
             summary="Import a card pack into my card book")
async def import_pack(request: Request, session: BearerSession) -> list[Card]:
    """Keep every card of a card pack (or a catalog faction file) in the card book, all of them or none."""
    me = await account_of(session)
    text = await request.body()
    if len(text) > PACK_MAX:
        raise ApiError(422, "cards.too_big", "That file is too big for a card pack (at most 2 MB).")
    return await deps.current().lanes.data.run(_keep_pack, me, text)
