"""Who is signed in: on a page, the session token kept in NiceGUI's user storage (server-side; in Redis when
``NICEGUI_REDIS_URL`` is set); in the API, ``Authorization: Bearer <session>``. An account is optional.

Signing in on a page gives the browser a new storage id (the id in NiceGUI's signed session cookie that names its
user storage and its saved lists): a storage id planted in a browser beforehand (fixation) never holds a session.
The page hands the new session over through :func:`hand_over`; the browser then asks for ``SIGNED_IN`` (an HTTP
request, where a cookie can be set), which moves what the browser kept to a new id with the session added, empties
the old id's storage, and sends the browser on to the account page.
"""

from __future__ import annotations

import secrets
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Concatenate, ParamSpec, TypeVar

from fastapi import Depends, Header, Request
from fastapi.responses import RedirectResponse
from nicegui import app
from starlette.concurrency import run_in_threadpool

from models.service.accounts import Me
from webapp import deps

P = ParamSpec("P")
T = TypeVar("T")
SESSION_KEY = "session"
NAME_KEY = "account_name"  # shown in every page's header without asking the database
SIGNED_IN = "/account/signed-in"
HANDOVER_S = 60.0  # a handed-over session must be picked up this soon
WELCOME = "/account?welcome=1"  # where a sign-in goes on: the account page, offering to move the browser's data in


@dataclass(frozen=True)
class _Handover:
    token: str
    name: str
    browser: str  # the storage id of the browser that signed in: only it may pick the session up
    until: float
    then: str  # the page to go on to, on this site


_handovers: dict[str, _Handover] = {}


def hand_over(token: str, name: str, then: str = WELCOME) -> str:
    """Keep a new session for this browser (call inside a page or a handler) until it picks it up at the address
    returned (once, within HANDOVER_S seconds), then go on to ``then`` (a path of this site the server chose)."""
    now = time.monotonic()
    for key in [k for k, h in _handovers.items() if h.until < now]:
        del _handovers[key]
    key = secrets.token_urlsafe(24)
    _handovers[key] = _Handover(token, name, str(app.storage.browser.get("id", "")), now + HANDOVER_S, then)
    return f"{SIGNED_IN}?h={key}"


async def signed_in(request: Request, h: str = "") -> RedirectResponse:
    """``GET /account/signed-in``: move this browser's storage and saved lists to a new storage id with the
    handed-over session, empty the old id's storage, and go on to the page the handover names (the account page,
    whose ``?welcome=1`` offers to move the browser's data into the account, unless a sign-in began elsewhere, as
    an event's venue link does). A handover that is unknown, used, late or another browser's changes
    nothing."""
    handover, old = _handovers.pop(h, None), str(request.session.get("id", ""))
    if handover is None or handover.until < time.monotonic() or handover.browser != old:
        return RedirectResponse("/account", status_code=303)
    new = str(uuid.uuid4())
    storage = app.storage
    await storage._create_user_storage(new)  # noqa: SLF001 - NiceGUI makes a browser's storage only this way
    kept, fresh = storage._users.get(old), storage._users[new]  # noqa: SLF001
    fresh.update({**(dict(kept) if kept is not None else {}), SESSION_KEY: handover.token, NAME_KEY: handover.name})
    if kept is not None:
        kept.clear()
    await run_in_threadpool(deps.current().my_data.rename_browser, old, new)
    request.session["id"] = new
    return RedirectResponse(handover.then, status_code=303)


def page_session() -> str | None:
    """This browser's session token (call inside a page or a handler)."""
    token = app.storage.user.get(SESSION_KEY)
    return token if isinstance(token, str) else None


def keep_session(token: str | None, name: str | None = None) -> None:
    """Remember (or, with None, forget) this browser's session and the name the header shows for it."""
    if token is None:
        app.storage.user.pop(SESSION_KEY, None)
        app.storage.user.pop(NAME_KEY, None)
    else:
        app.storage.user[SESSION_KEY] = token
        app.storage.user[NAME_KEY] = name or ""


def header_name() -> str | None:
    """The name of the account this browser signed in with, as last seen (the /account page checks the session
    itself); None when signed out."""
    name = app.storage.user.get(NAME_KEY) if page_session() else None
    return name if isinstance(name, str) and name else None


async def _bearer(authorization: Annotated[str | None, Header(
        description="`Bearer <session>`: the session token from sign-up or sign-in.")] = None) -> str | None:
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip()
    return None


BearerSession = Annotated[str | None, Depends(_bearer)]


async def account_of(session: str | None) -> Me:
    """The account holding ``session``; raises NotSignedIn (401) when there is none."""
    return await run_in_threadpool(deps.current().accounts.require, session)


async def as_account(session: str | None, call: Callable[Concatenate[Me, P], T], *args: P.args,
                     **kwargs: P.kwargs) -> T:
    """``call(me, *args)`` in the thread pool for the account ``me`` holding ``session`` (401 when there is none)."""
    return await run_in_threadpool(call, await account_of(session), *args, **kwargs)
