"""Who is signed in: on a page, the session token kept in NiceGUI's user storage (server-side; in Redis when
``NICEGUI_REDIS_URL`` is set); in the API, ``Authorization: Bearer <session>``. An account is optional."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header
from nicegui import app
from starlette.concurrency import run_in_threadpool

from models.service.accounts import Me
from webapp import deps

SESSION_KEY = "session"
NAME_KEY = "account_name"  # shown in every page's header without asking the database


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
