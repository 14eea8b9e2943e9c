"""REST routes of the community card book (models/service/community.py): anyone reads it; a signed-in account
publishes (``Authorization: Bearer <session>``), changes its own publications, and a moderator checks, hides,
shows and reverts. Refusals are the service's, in words: 403 ``access.forbidden`` for another account's
publication, 422 ``community.*`` or a card check's code for bad input, with nothing stored."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Response
from pydantic import BaseModel, Field, field_validator
from starlette.concurrency import run_in_threadpool

from models.catalog.card_facts import FACTS
from models.catalog.schema import NAME_MAX, Card
from models.service.accounts import Me
from models.service.community import (
    SOURCE_MAX,
    Change,
    CommunityBook,
    CommunityCard,
    FactStanding,
    Publication,
    Published,
    Source,
)
from webapp import deps
from webapp.api.base import ApiError, ErrorBody, ErrorMappingRoute, Responses, Strict, errors
from webapp.session import BearerSession, account_of, as_account

router = APIRouter(prefix="/api/cards/community", tags=["community card book"], route_class=ErrorMappingRoute)
CardKey = Annotated[str, Path(max_length=64, description="A catalog card's key (as in `GET /api/cards`).")]
FactId = Annotated[int, Path(ge=1, le=2**31 - 1, description="A publication's id.")]
REFUSED: Responses = {
    403: {"model": ErrorBody, "description": "Not the publication's author nor a moderator (`access.forbidden`; "
                                             "the message names who can)."},
    422: {"model": ErrorBody, "description": "Refused with nothing stored: a card breaking the card checks "
                                             "(`cards.malformed`, `cards.invalid`, `card.fact_given`) or the book's "
                                             "own rules (`community.*`: `not_catalog`, `nothing_new`, `source`, "
                                             "`too_many`, `no_fact`, `no_version`, `same_value`)."}}


# -- what is read --------------------------------------------------------------------------------------------------
class PublicationOut(BaseModel):
    id: int
    value: Any = Field(description="The fact's value as a card holds it (JSON); null when hidden from the reader.")
    words: str
    by: str = Field(description="The author's display name (\"a former member\" when the account is deleted).")
    source: str = Field(description="Where it comes from, in words.")
    source_kind: Literal["card", "page", "pack"]
    published: datetime
    updated: datetime
    version: int
    checked: bool = Field(description="A moderator checked this version.")
    hidden: bool
    agree: int = Field(description="How many other accounts published the same value.")


class ValueOut(BaseModel):
    value: Any
    words: str
    accounts: int = Field(description="How many accounts published this value.")
    checked: bool
    publications: list[PublicationOut]


class FactOut(BaseModel):
    fact: str = Field(examples=["damage", "stats.ARM", "unit.costs"])
    label: str
    shipped: Any = Field(description="What the shipped catalog gives of it (null: nothing).")
    chosen: int | None = Field(description="The publication whose value games use; null when values that "
                                           "disagree stand level (the player picks).")
    values: list[ValueOut] = Field(description="Every value published, best standing first: checked, then "
                                               "published by the most accounts.")
    hidden: list[PublicationOut] = Field(description="Hidden publications (moderators only).")


class CommunityCardOut(BaseModel):
    key: str
    name: str
    faction: str
    says: str = Field(description="What a list or the pre-game screen says of it, in words.")
    facts: list[FactOut]
    card: Card = Field(description="The shipped card completed by the community book, as a game would use it.")


class CardSummaryOut(BaseModel):
    key: str
    name: str
    faction: str
    role: str
    facts: int
    disagreements: int
    says: str


class ChangeOut(BaseModel):
    publication: int
    fact: str
    label: str
    version: int
    action: Literal["published", "changed", "checked", "unchecked", "hidden", "shown", "reverted"]
    by: str
    at: datetime
    words: str
    note: str


def _publication(p: Publication) -> PublicationOut:
    return PublicationOut(id=p.id, value=p.value, words=p.words, by=p.by, source=p.source_words,
                          source_kind=p.source_kind, published=p.created, updated=p.updated,  # type: ignore[arg-type]
                          version=p.version, checked=p.checked, hidden=p.hidden, agree=p.agree)


def _fact(f: FactStanding) -> FactOut:
    chosen = f.chosen
    return FactOut(fact=f.fact, label=f.label, shipped=f.shipped, chosen=chosen.first.id if chosen else None,
                   values=[ValueOut(value=v.value, words=v.words, accounts=v.accounts, checked=v.checked,
                                    publications=[_publication(p) for p in v.publications]) for v in f.values],
                   hidden=[_publication(p) for p in f.hidden])


def community_card_out(c: CommunityCard) -> CommunityCardOut:
    return CommunityCardOut(key=c.key, name=c.shipped.name, faction=c.shipped.faction, says=c.says(),
                            facts=[_fact(f) for f in c.facts], card=c.resolved)


def _book() -> CommunityBook:
    return deps.current().service.card_service.community


def _reader(session: str | None) -> str | None:
    me = deps.current().accounts.me(session) if session else None
    return me.id if me is not None else None


@router.get("", response_model=list[CardSummaryOut], summary="The cards the community book has facts for")
async def community_cards(name: str | None = Query(None, max_length=60, description="Part of a card's name"),
                          faction: str | None = Query(None, max_length=40)) -> list[CardSummaryOut]:
    """Every catalog card with community facts anyone may read, by key; ``name`` and ``faction`` narrow it."""
    book = await run_in_threadpool(_book().resolved)
    words = " ".join((name or "").lower().split())
    return [CardSummaryOut(key=k, name=c.shipped.name, faction=c.shipped.faction, role=c.shipped.role,
                           facts=len(c.facts), disagreements=sum(f.disagreement for f in c.facts), says=c.says())
            for k, c in book.items() if (not words or words in c.shipped.name.lower())
            and faction in (None, c.shipped.faction)]


@router.get("/pack", responses={200: {"content": {"application/json": {}}, "description": "The community book "
                                     "as a card pack (version 2)."}}, summary="The community book as a card pack")
async def community_pack() -> Response:
    """Every card the community book completes, as a card pack a tablet with no site imports (the card editor's
    card packs, `POST /api/cards/mine/pack`): format `tablekeeper-cards`, version 2, each card with `origins`."""
    return Response(await run_in_threadpool(_book().export_pack), media_type="application/json")


def _card(key: str, session: str | None) -> CommunityCardOut:
    return community_card_out(_book().card(key, _reader(session)))


@router.get("/{key}", response_model=CommunityCardOut, responses={422: {
    "model": ErrorBody, "description": "No catalog card has this key (`community.not_catalog`)."}},
    summary="One card's community facts")
async def community_card(key: CardKey, session: BearerSession) -> CommunityCardOut:
    """Per fact: every value published, who entered it, when, from what, how many accounts agree, checked or not,
    and the value a game uses. A moderator's session also reads hidden publications."""
    return await run_in_threadpool(_card, key, session)


def _history(key: str, session: str | None) -> list[Change]:
    return _book().history(key, _reader(session))


@router.get("/{key}/history", response_model=list[ChangeOut], summary="One card's community history")
async def community_history(key: CardKey, session: BearerSession) -> list[ChangeOut]:
    """Every change of the card's community facts, newest first (a hidden publication's values for moderators
    only)."""
    changes = await run_in_threadpool(_history, key, session)
    return [ChangeOut(publication=c.publication, fact=c.fact, label=c.label, version=c.version,
                      action=c.action, by=c.by, at=c.at, words=c.words, note=c.note)  # type: ignore[arg-type]
            for c in changes]


# -- what is written -----------------------------------------------------------------------------------------------
class SourceIn(Strict):
    kind: Literal["card", "page", "pack"] = Field(default="card", description="`card`: the publisher's printed card; "
                                                                       "`page`: a page address; `pack`: a card pack.")
    where: str = Field(default="", max_length=SOURCE_MAX, description="The page's address or the pack's name.")


class PublishIn(Strict):
    card: dict[str, Any] | None = Field(None, description="The card as the player completed it (the schema of "
                                                          "`GET /api/cards`), or leave it out and give `key`.")
    key: str | None = Field(None, max_length=64, description="Publish this card from the account's card book.")
    source: SourceIn = Field(default_factory=SourceIn)
    facts: list[str] | None = Field(None, max_length=len(FACTS), description="Only these facts (default: every "
                                                                           "fact the card gives beyond the "
                                                                           "shipped card): " + ", ".join(FACTS))

    @field_validator("facts")
    @classmethod
    def _known(cls, facts: list[str] | None) -> list[str] | None:
        unknown = sorted(set(facts or ()) - set(FACTS))
        if unknown:
            raise ValueError(f"no such fact: {', '.join(unknown)[:100]}")
        return facts


class PublishedFactOut(BaseModel):
    label: str
    action: Literal["published", "changed", "unchanged"]
    words: str


class PublishedOut(BaseModel):
    key: str
    name: str
    says: str
    facts: list[PublishedFactOut]
    publications: list[int]


def _publish(me: Me, body: PublishIn) -> PublishedOut:
    card: Card | dict[str, Any]
    if body.card is not None:
        card = body.card
    else:
        own = deps.current().service.card_service.for_account(me.id).book().get(body.key or "")
        if own is None:
            raise ApiError(404, "card.not_found", "Your card book has no card with that key.")
        card = own
    done: Published = _book().publish(me.id, card, Source(body.source.kind, body.source.where), body.facts)
    return PublishedOut(key=done.card.key, name=done.card.name[:NAME_MAX], says=done.words(),
                        facts=[PublishedFactOut(label=label, action=action, words=words)  # type: ignore[arg-type]
                               for label, action, words in done.facts], publications=list(done.ids))


@router.post("", status_code=201, response_model=PublishedOut, responses={**errors(401), **REFUSED, 404: {
    "model": ErrorBody, "description": "`key` names no card of the account's card book (`card.not_found`)."}},
    summary="Publish a card's facts")
async def publish(body: PublishIn, session: BearerSession) -> PublishedOut:
    """Publish the facts a card gives beyond the shipped catalog as the account's: a fact it had not published is
    a new publication, one it had becomes its next version, another account's value is never changed (yours is
    listed beside it). Limited per account per hour (fewer while the account is new)."""
    if (body.card is None) == (body.key is None):
        raise ApiError(422, "request.invalid", "Give either `card` or `key`.")
    return await as_account(session, _publish, body)


class ChangeIn(Strict):
    value: Any = Field(description="The fact's new value, as a card holds it.")


class CheckIn(Strict):
    checked: bool = True


class HideIn(Strict):
    hidden: bool = True
    note: str = Field("", max_length=200)


class RevertIn(Strict):
    version: int = Field(ge=1, le=10**6)


@router.patch("/publications/{fact_id}", response_model=PublicationOut, responses={**errors(401), **REFUSED},
              summary="Change a publication's value (its author or a moderator)")
async def change(fact_id: FactId, body: ChangeIn, session: BearerSession) -> PublicationOut:
    """The publication's next version, unchecked again; every change is in the card's history."""
    me = await account_of(session)
    return _publication(await run_in_threadpool(_book().change, me.id, fact_id, body.value))


@router.post("/publications/{fact_id}/check", response_model=PublicationOut, responses={**errors(401), **REFUSED},
             summary="Mark a publication checked (a moderator)")
async def check(fact_id: FactId, body: CheckIn, session: BearerSession) -> PublicationOut:
    me = await account_of(session)
    return _publication(await run_in_threadpool(_book().check, me.id, fact_id, body.checked))


@router.post("/publications/{fact_id}/hide", response_model=PublicationOut, responses={**errors(401), **REFUSED},
             summary="Hide or show a publication (a moderator)")
async def hide(fact_id: FactId, body: HideIn, session: BearerSession) -> PublicationOut:
    me = await account_of(session)
    return _publication(await run_in_threadpool(_book().hide, me.id, fact_id, body.hidden, body.note))


@router.post("/publications/{fact_id}/revert", response_model=PublicationOut, responses={**errors(401), **REFUSED},
             summary="Give a publication back an earlier version's value (a moderator)")
async def revert(fact_id: FactId, body: RevertIn, session: BearerSession) -> PublicationOut:
    me = await account_of(session)
    return _publication(await run_in_threadpool(_book().revert, me.id, fact_id, body.version))

