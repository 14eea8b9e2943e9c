"""REST routes of accounts (issue 15): sign up, sign in, sign out, who am I, password reset, export, deletion.
A session token answers sign-up and sign-in once; send it as ``Authorization: Bearer <session>`` to every route
that needs an account."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from models.service.account_export import FILENAME, export_account
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
async def sign_in(body: SignInIn, request: Request) -> SessionOut:
    """After 5 failed sign-ins for one email within 15 minutes (or 30 from one client address), every sign-in is
    refused for a while, even with the right password: `account.too_many_attempts` says how long."""
    address = request.client.host if request.client else None
    me, token = await run_in_threadpool(deps.current().accounts.sign_in, body.email, body.password, address)
    return SessionOut(session=token, account=MeOut(id=me.id, email=me.email, name=me.name))


@router.post("/sign-out", status_code=204, responses=errors(401), summary="End this session")
async def sign_out(session: BearerSession) -> None:
    await account_of(session)
    await run_in_threadpool(deps.current().accounts.sign_out, session)


@router.get("", response_model=MeOut, responses=errors(401), summary="The signed-in account")
async def me(session: BearerSession) -> MeOut:
    found = await account_of(session)
    return MeOut(id=found.id, email=found.email, name=found.name)


class ResetRequestIn(Strict):
    email: str = Field(max_length=254)


class ResetIn(Strict):
    token: str = Field(max_length=128, description="The token at the end of the mailed link `/account/reset/<token>`.")
    password: str = Field(max_length=200, description="The new password.")


class NoticeOut(BaseModel):
    message: str


RESET_ASKED = "If an account has that email, a link to set a new password is on its way. It works once, for an hour."


@router.post("/reset-request", status_code=202, response_model=NoticeOut, responses=errors(422),
             summary="Ask for a password reset link")
async def reset_request(body: ResetRequestIn, request: Request, later: BackgroundTasks) -> NoticeOut:
    """Mails a one-time link (good for an hour) to the account's email, or writes it to the server log when the
    site has no SMTP server. The answer is the same whether or not the email has an account, and it does not wait
    for the mail."""
    accounts = deps.current().accounts
    mail = await run_in_threadpool(accounts.request_reset, body.email, str(request.base_url))
    if mail is not None:
        later.add_task(accounts.mailer.send, mail)
    return NoticeOut(message=RESET_ASKED)


@router.post("/reset", status_code=204, responses=errors(422), summary="Set a new password with a reset token")
async def reset(body: ResetIn) -> None:
    """Sets the new password and ends every session of the account: sign in again. A token works once
    (`account.reset_invalid` after that, or after its hour)."""
    await run_in_threadpool(deps.current().accounts.reset, body.token, body.password)


class DeleteIn(Strict):
    password: str = Field(max_length=200, description="The account's password, asked again.")


@router.get("/export", responses={200: {"content": {"application/json": {}}, "description": (
    "One JSON file (`format` `tablekeeper-account/1`): `account` (id, email, name, created; never the password "
    "hash), `lists` (saved army lists), `cards` (the card book), `games` (each with the links the account holds "
    "and its title, players, round and `result`), `events_organised` and `registrations`.")}, **errors(401)},
            summary="Download all my data")
async def export(session: BearerSession) -> JSONResponse:
    me = await account_of(session)
    body = await run_in_threadpool(export_account, deps.current().service, me)
    return JSONResponse(body, headers={"Content-Disposition": f'attachment; filename="{FILENAME}"'})


@router.delete("", status_code=204, responses=errors(401, 422), summary="Delete my account and my data")
async def delete_account(body: DeleteIn, session: BearerSession) -> None:
    """Deletes, in one transaction: the account's sessions and reset tokens, the sign-in failures of its email, its
    card book, its games list, its saved lists, its event registrations and the events it organises (with their
    players and pairings), then the account. The games themselves stay: the opponent still plays them, through
    the links they hold. A wrong password (`account.password_wrong`) deletes nothing and counts as a failed
    sign-in."""
    await account_of(session)
    await run_in_threadpool(deps.current().accounts.delete, session, body.password)
