"""REST routes of accounts (issue 15): sign up, sign in, sign out, who am I. A session token answers sign-up
and sign-in once; send it as ``Authorization: Bearer <session>`` to every route that needs an account."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from webapp import deps
from webapp.api import ErrorMappingRoute, Strict, errors
from webapp.session import BearerSession, account_of

router = APIRouter(prefix="/api/account", tags=["accounts"], route_class=ErrorMappingRoute)


class SignUpIn(Strict):
    email: str = Field(max_length=254, examples=["ana@example.org"])
    password: str = Field(max_length=200)
    name: str = Field(max_length=60, examples=["Ana"])


class SignInIn(Strict):
    email: str = Field(max_length=254)
    password: str = Field(max_length=200)


class MeOut(BaseModel):
    id: str
    email: str
    name: str


class SessionOut(BaseModel):
    """The session token is shown in this answer only: keep it."""

    session: str
    account: MeOut


@router.post("/sign-up", status_code=201, response_model=SessionOut, responses=errors(422),
             summary="Make an account (signed in at once)")
async def sign_up(body: SignUpIn) -> SessionOut:
    me, token = await run_in_threadpool(deps.current().accounts.sign_up, body.email, body.password, body.name)
    return SessionOut(session=token, account=MeOut(id=me.id, email=me.email, name=me.name))


@router.post("/sign-in", response_model=SessionOut, responses=errors(422),
             summary="Sign in: a new session token")
async def sign_in(body: SignInIn) -> SessionOut:
    me, token = await run_in_threadpool(deps.current().accounts.sign_in, body.email, body.password)
    return SessionOut(session=token, account=MeOut(id=me.id, email=me.email, name=me.name))


@router.post("/sign-out", status_code=204, responses=errors(401), summary="End this session")
async def sign_out(session: BearerSession) -> None:
    await account_of(session)
    await run_in_threadpool(deps.current().accounts.sign_out, session)


@router.get("", response_model=MeOut, responses=errors(401), summary="The signed-in account")
async def me(session: BearerSession) -> MeOut:
    found = await account_of(session)
    return MeOut(id=found.id, email=found.email, name=found.name)
