"""REST routes of accounts: sign up (and finish a sign-up from its mailed link), sign in, sign out, who am I,
password reset, export, deletion. A session token answers sign-up (on a site that sends no mail), its confirmation
and sign-in once; send it as ``Authorization: Bearer <session>`` to every route
that needs an account. Whatever checks or sets a password, and the export, runs in its lane (webapp/lanes.py): when
the lane is full the answer is 503 with ``Retry-After``, at once."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, BackgroundTasks, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from models.service.account_export import FILENAME, export_account
from models.service.accounts import MailSent
from webapp import deps
from webapp.api.base import ErrorMappingRoute, Strict, errors
from webapp.session import BearerSession, account_of

router = APIRouter(prefix="/api/account", tags=["accounts"], route_class=ErrorMappingRoute)


class VenueIn(Strict):
    event: str = Field(max_length=32, description="The event's id.")
    token: str = Field(max_length=64, description="The link's token: `/events/{event}/join/{token}`.")


class SignUpIn(Strict):
    email: str = Field(max_length=254, examples=["ana@example.org"])
    password: str = Field(max_length=200)
    name: str = Field(max_length=60, examples=["Ana"])
    venue: VenueIn | None = Field(default=None, description="Signing up through an event's venue sign-up link: "
                                  "counted under the event instead of the client's address, and the new account "
                                  "registered for the event.")


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


class MailSentOut(BaseModel):
    """A site that sends mail answers every sign-up so: the link that makes the account is mailed (or, when the email
    has one already, a note saying so)."""

    status: Literal["check your mail"] = "check your mail"
    email: str


@router.post("/sign-up", status_code=201, response_model=SessionOut | MailSentOut,
             responses={202: {"model": MailSentOut, "description": "The site sends mail: the same answer for every "
                                                                   "email; the account is made from the mailed link"},
                        **errors(422, 503)},
             summary="Make an account (from a mailed link, or at once on a site without mail)")
async def sign_up(body: SignUpIn, request: Request, response: Response,
                  later: BackgroundTasks) -> SessionOut | MailSentOut:
    """On a site that sends mail, every email gets `202 {status, email}` after the same work, and the mail goes after
    the answer: a link to `/account/confirm/<token>` (finish with `POST /api/account/confirm`) to a free email, a
    note that nothing was made to one with an account. A site that sends no mail cannot confirm an email: it answers
    `201` with a session, signed in at once; a taken email gets a session that signs nobody in there (its owner's
    mail goes to the server log). At most 10 sign-ups from one client address and 3 for one email within an hour
    (`account.too_many_sign_ups`). Through an event's venue link (`venue`) the address is not counted: the event
    is, up to as many sign-ups an hour as it can take players, and the new account is registered for it (at once,
    or when its mailed link is opened); `event.venue_link` for a wrong or ended link, `event.full`,
    `event.registration_closed` or `event.started` when it takes nobody now, all before anything is counted."""
    lanes, site = deps.current().lanes, deps.current()
    if body.venue is not None:
        answer = await lanes.passwords.run(site.venue.sign_up, body.venue.event, body.venue.token, body.email,
                                           body.password, body.name, later.add_task)
    else:
        answer = await lanes.passwords.run(site.accounts.sign_up, body.email, body.password, body.name,
                                           client_address(request), later.add_task)
    if isinstance(answer, MailSent):
        response.status_code = 202
        return MailSentOut(email=answer.email)
    me, token = answer
    return SessionOut(session=token, account=MeOut(id=me.id, email=me.email, name=me.name))


class ConfirmIn(Strict):
    token: str = Field(max_length=128, description="The token at the end of the mailed link "
                                                   "`/account/confirm/<token>`.")
    password: str = Field(max_length=200, description="The password the sign-up was made with.")


@router.post("/confirm", response_model=SessionOut, responses=errors(422, 503),
             summary="Finish a sign-up from its mailed link: the account, signed in")
async def confirm(body: ConfirmIn) -> SessionOut:
    """Makes the account and answers a session, as sign-in does. The token works once, within a day
    (`account.confirm_invalid` after that, or for a made-up one); a wrong password (`account.confirm_password`)
    leaves it unused; `account.email_taken` when the email got an account meanwhile. A sign-up made through an
    event's venue link registers the account for the event now, unless it filled up or closed meanwhile."""
    done = await deps.current().lanes.passwords.run(deps.current().venue.confirm, body.token, body.password)
    return SessionOut(session=done.session, account=MeOut(id=done.me.id, email=done.me.email, name=done.me.name))


def client_address(request: Request) -> str | None:
    """The client's address (behind nginx: the one it passes on, docs/DEPLOY.md), counted by the limits."""
    return request.client.host if request.client else None


@router.post("/sign-in", response_model=SessionOut, responses=errors(422, 503),
             summary="Sign in: a new session token")
async def sign_in(body: SignInIn, request: Request) -> SessionOut:
    """Every attempt is counted before its password is checked (a right password takes its attempt back), so
    parallel attempts check no more passwords than the limit. After 5 failed sign-ins for one email from one client
    address within 15 minutes (20 from every address together, or 30 from one address for any emails), every
    sign-in is refused for a while, even with the right password: `account.too_many_attempts` says how long, and
    that a password reset lifts the lock at once."""
    me, token = await deps.current().lanes.passwords.run(deps.current().accounts.sign_in, body.email,
                                                         body.password, client_address(request))
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
    site has no SMTP server. The link points to the site's configured address (`TABLEKEEPER_SITE_URL`), never to
    the request's `Host`. The answer is the same whether or not the email has an account: the account is looked up
    and the link made after answering. At most 10 requests from one client address and 3 for one email within an
    hour (`account.too_many_resets`)."""
    accounts = deps.current().accounts
    later.add_task(await run_in_threadpool(accounts.request_reset, body.email, client_address(request)))
    return NoticeOut(message=RESET_ASKED)


@router.post("/reset", status_code=204, responses=errors(422, 503), summary="Set a new password with a reset token")
async def reset(body: ResetIn) -> None:
    """Sets the new password and ends every session of the account: sign in again. A token works once
    (`account.reset_invalid` after that, or after its hour)."""
    await deps.current().lanes.passwords.run(deps.current().accounts.reset, body.token, body.password)


class DeleteIn(Strict):
    password: str = Field(max_length=200, description="The account's password, asked again.")


@router.get("/export", responses={200: {"content": {"application/json": {}}, "description": (
    "One JSON file (`format` `tablekeeper-account/1`): `account` (id, email, name, created; never the password "
    "hash), `lists` (saved army lists), `cards` (the card book), `games` (each with the links the account holds "
    "and its title, players, round and `result`), `events_organised` and `registrations`.")}, **errors(401, 503)},
            summary="Download all my data")
async def export(session: BearerSession) -> JSONResponse:
    me = await account_of(session)
    body = await deps.current().lanes.data.run(export_account, deps.current().engine, deps.current().service, me)
    return JSONResponse(body, headers={"Content-Disposition": f'attachment; filename="{FILENAME}"'})


@router.delete("", status_code=204, responses=errors(401, 422, 503), summary="Delete my account and my data")
async def delete_account(body: DeleteIn, session: BearerSession) -> None:
    """Deletes, in one transaction: the account's sessions and reset tokens, the sign-in failures of its email, its
    card book, its games list, its saved lists, its event registrations and the events it organises (with their
    players and pairings), then the account. The games themselves stay: the opponent still plays them, through
    the links they hold. A wrong password (`account.password_wrong`) deletes nothing and counts as a failed
    sign-in."""
    await account_of(session)
    await deps.current().lanes.passwords.run(deps.current().accounts.delete, session, body.password)
