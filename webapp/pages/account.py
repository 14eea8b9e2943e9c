"""/account: sign in or sign up (an account is optional: every game link works without one), ask for a password
reset link; signed in: who, sign out, download my data, delete my account. /account/reset/{token}: set a new
password from a mailed link. /account/confirm/{token}: finish a sign-up from its mailed link (a site that sends
mail makes an account only so; one without mail signs a sign-up in at once).

The session lives in NiceGUI's user storage (webapp/session.py). Every way in ends in :func:`welcome`, the one
place that follows a successful sign-in.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TypeVar

from nicegui import background_tasks, run, ui

from models.rules import RuleViolation
from models.service import SiteError
from models.service.account_export import FILENAME, export_account
from models.service.accounts import EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, MailSent, Me
from models.service.errors import Busy, NotSignedIn
from webapp.blocking import io
from webapp.components.a11y import named
from webapp.components.move_in import offer_move_in
from webapp.deps import current
from webapp.pages.frame import frame
from webapp.session import WELCOME, hand_over, keep_session, page_session

INTRO = ("An account keeps your lists, card book and games on the server, so you find them on any device. Playing "
         "needs none: every game link works without one.")
RESET_ASKED = ("If an account has that email, a link to set a new password is on its way. It works once, within "
               "the hour.")
CHECK_MAIL = ("Check your mail: a link to finish signing up is on its way to {email}. Open it within a day. If that "
              "email has an account already, the mail says so instead.")
T = TypeVar("T")


def _address() -> str | None:
    """The client address of this page's request (counted by the sign-in limit)."""
    return ui.context.client.ip or None


async def welcome(me: Me, token: str, then: str = WELCOME) -> None:
    """Every successful sign-in, sign-up and new password ends here: the browser picks the session up under a
    new storage id (webapp/session.py), then goes on to ``then``: the account page, which shows the account and
    offers to move this browser's data into it, or the event a venue link signed up for."""
    ui.navigate.to(hand_over(token, me.name, then))


def _email() -> ui.input:
    return ui.input("Email").props(f'type=email autocomplete=email maxlength={EMAIL_MAX}').classes("w-full")


def _password(label: str, autocomplete: str) -> ui.input:
    return ui.input(label, password=True).props(
        f'autocomplete={autocomplete} maxlength={PASSWORD_MAX}').classes("w-full")


def _problem() -> ui.label:
    """Where a refusal is said, read out as it appears."""
    return ui.label("").classes("tk-problem").props('role="alert"')


async def _attempt(problem: ui.label, work: Callable[[], T]) -> T | None:
    """``work`` in the password lane; a refusal is said under the form (None then)."""
    problem.set_text("")
    try:
        return await current().lanes.passwords.run(work)  # never in the threads game commands use
    except (RuleViolation, SiteError) as refusal:
        problem.set_text(refusal.message)
        return None


async def _signed_in_by(problem: ui.label, work: Callable[[], tuple[Me, str]], then: str = WELCOME) -> None:
    signed = await _attempt(problem, work)
    if signed is not None:
        await welcome(*signed, then)


def sign_in_card(then: str = WELCOME) -> None:
    """The sign-in form, going on to ``then`` once signed in."""
    accounts = current().accounts
    with named(ui.card().classes("tk-account-card"), "Sign in", role="region"):
        ui.label("Sign in").classes("text-h6").props('role="heading" aria-level="2"')
        email, password = _email(), _password("Password", "current-password")
        problem = _problem()
        address = _address()

        async def sign_in() -> None:
            await _signed_in_by(problem, lambda: accounts.sign_in(email.value or "", password.value or "", address),
                                then)

        password.on("keydown.enter", sign_in)
        ui.button("Sign in", on_click=sign_in)
        ui.button("Forgot your password?", on_click=lambda: _forgot(email.value or "")).props("flat no-caps")


def sign_up_card(venue: tuple[str, str] | None = None) -> None:
    """The sign-up form; ``venue`` (an event's id and its venue link's token): through that link, registering for
    the event and going on to its page."""
    site = current()
    with named(ui.card().classes("tk-account-card"), "Sign up", role="region"):
        ui.label("Sign up").classes("text-h6").props('role="heading" aria-level="2"')
        form = ui.column().classes("w-full gap-2")
    with form:
        name = ui.input("Name other players see").props(f"autocomplete=nickname maxlength={NAME_MAX}").classes(
            "w-full")
        email, password = _email(), _password(f"Password (at least {PASSWORD_MIN} characters)", "new-password")
        problem = _problem()
        address = _address()

        async def sign_up() -> None:
            loop = asyncio.get_running_loop()

            def later(step: Callable[[], None]) -> None:  # in the worker thread: the mail goes once the page answered
                loop.call_soon_threadsafe(lambda: background_tasks.create(run.io_bound(step), name="sign-up mail"))

            typed = (email.value or "", password.value or "", name.value or "")
            answer = await _attempt(problem, lambda: site.accounts.sign_up(*typed, address, later) if venue is None
                                    else site.venue.sign_up(*venue, *typed, later))
            if isinstance(answer, MailSent):
                form.clear()
                with form:
                    ui.label(CHECK_MAIL.format(email=answer.email)).props('role="status"')
            elif answer is not None:
                await welcome(*answer, WELCOME if venue is None else f"/events/{venue[0]}")

        ui.button("Sign up", on_click=sign_up)


def _forgot(typed: str) -> None:
    """Ask for a reset link by email; the answer does not tell whether the email has an account."""
    accounts, address = current().accounts, _address()
    with named(ui.dialog(), "Forgot your password?") as dialog, named(ui.card(), "Forgot your password?"):
        ui.label("Forgot your password?").classes("text-h6")
        ui.label("We send a link to set a new one to your account's email.")
        email = _email()
        email.value = typed
        problem = _problem()

        async def send() -> None:
            problem.set_text("")
            try:
                after = await io(accounts.request_reset, email.value or "", address)
            except (RuleViolation, SiteError) as refusal:
                problem.set_text(refusal.message)
                return
            # the link is made and mailed after answering: the answer's time does not tell
            background_tasks.create(run.io_bound(after), name="password reset mail")
            dialog.close()
            ui.notify(RESET_ASKED, type="info", timeout=10000)

        with ui.row():
            ui.button("Send me a link", on_click=send)
            ui.button("Cancel", on_click=dialog.close).props("flat")
    dialog.open()


def _signed_in(me: Me) -> None:
    with named(ui.card().classes("tk-account-card"), "Your account", role="region"):
        ui.label(f"Signed in as {me.name}").classes("text-h6").props('role="heading" aria-level="2"')
        ui.label(me.email)

        async def sign_out() -> None:
            await io(current().accounts.sign_out, page_session())
            keep_session(None)
            ui.navigate.to("/account")

        async def download() -> None:
            try:
                data = await current().lanes.data.run(export_account, current().engine, current().service, me)
            except NotSignedIn:
                ui.navigate.to("/account")
                return
            except Busy as busy:
                ui.notify(busy.message, type="warning")
                return
            ui.download.content(json.dumps(data, indent=2, ensure_ascii=False), FILENAME, "application/json")

        with ui.row().classes("gap-2"):
            ui.button("Sign out", on_click=sign_out)
            ui.button("Download my data", icon="download", on_click=download).props("outline")
            ui.button("Delete my account", icon="delete_forever", on_click=_delete).props("outline color=negative")


def _delete() -> None:
    """Delete the account and its data, once the password is given again."""
    with named(ui.dialog(), "Delete my account") as dialog, named(ui.card(), "Delete my account"):
        ui.label("Delete my account").classes("text-h6")
        ui.label("This deletes your account, your saved lists, your card book, your list of games, your event "
                 "registrations and the events you organise. Games you played stay for your opponents. It cannot "
                 "be undone.")
        password = _password("Your password", "current-password")
        problem = _problem()

        async def confirm() -> None:
            problem.set_text("")
            try:
                await current().lanes.passwords.run(current().accounts.delete, page_session(), password.value or "")
            except (RuleViolation, SiteError) as refusal:
                problem.set_text(refusal.message)
                return
            except NotSignedIn:
                pass  # deleted or signed out elsewhere meanwhile: the page shows the signed-out view
            keep_session(None)
            dialog.close()
            ui.navigate.to("/account")

        with ui.row():
            ui.button("Delete everything", on_click=confirm).props("color=negative")
            ui.button("Keep my account", on_click=dialog.close).props("flat")
    dialog.open()


async def account_page(welcome: bool = False) -> None:
    """``welcome``: just signed in (webapp/session.py): offer to move this browser's data into the account."""
    me = await io(current().accounts.me, page_session())
    if me is None and page_session():
        keep_session(None)  # ended elsewhere (signed out, a new password): the header says so from now on
    elif me is not None:
        keep_session(page_session(), me.name)  # a name changed elsewhere shows from now on
    frame("Account")
    with ui.column().classes("tk-account w-full"):
        ui.label("Your account").classes("text-h5").props('role="heading" aria-level="1"')
        if me is not None:
            _signed_in(me)
            if welcome:
                await ui.context.client.connected()
                if await offer_move_in():
                    ui.navigate.to("/account")  # shows what moved
            return
        ui.label(INTRO).classes("tk-purpose")
        with ui.row().classes("w-full gap-4 items-start"):
            sign_in_card()
            sign_up_card()


async def reset_page(token: str) -> None:
    """A mailed reset link: set a new password, then be signed in with it."""
    frame("New password")
    accounts, address, token = current().accounts, _address(), token[:128]
    with ui.column().classes("tk-account w-full"), named(ui.card().classes("tk-account-card"), "New password",
                                                         role="region"):
        ui.label("Set a new password").classes("text-h5").props('role="heading" aria-level="1"')
        ui.label("Every device signed in to the account is signed out; this one is signed in with the new password.")
        password = _password(f"New password (at least {PASSWORD_MIN} characters)", "new-password")
        problem = _problem()

        def reset() -> tuple[Me, str]:
            me = accounts.reset(token, password.value or "")
            return accounts.sign_in(me.email, password.value or "", address)

        async def submit() -> None:
            await _signed_in_by(problem, reset)

        password.on("keydown.enter", submit)
        ui.button("Set the new password", on_click=submit)


async def confirm_page(token: str) -> None:
    """A mailed sign-up link: the password chosen at sign-up, typed again, makes the account and signs it in. A
    button, not the opening of the page, makes it: a mail program that opens links to check them makes nothing."""
    frame("Finish signing up")
    venue, token = current().venue, token[:128]
    with ui.column().classes("tk-account w-full"), named(ui.card().classes("tk-account-card"), "Finish signing up",
                                                         role="region"):
        ui.label("Finish signing up").classes("text-h5").props('role="heading" aria-level="1"')
        ui.label("Type the password you chose when you signed up: your account is made and this device signed in.")
        password = _password("Your password", "current-password")
        problem = _problem()

        async def submit() -> None:
            done = await _attempt(problem, lambda: venue.confirm(token, password.value or ""))
            if done is not None:
                await welcome(done.me, done.session, WELCOME if done.event_id is None else f"/events/{done.event_id}")

        password.on("keydown.enter", submit)
        ui.button("Make my account", on_click=submit)
