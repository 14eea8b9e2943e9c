"""Accounts of the hosted site (issue 15): sign up and sign in with an email and a password, sessions, and a
password reset by a one-time token.

An account is optional: every game link works without one. Passwords are kept only as argon2 hashes
(argon2-cffi); a session is a random token shown once to the browser or API client and stored as a hash, like a
game link, and so is a reset token. Failed sign-ins are rows in the database, so the limit holds across every
server process. Bad input raises :class:`RuleViolation` with a sentence for a person, and nothing is stored.
"""

from __future__ import annotations

import math
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine

from models.db.account_data_repository import AccountDataRepository
from models.db.account_repository import AccountRepository
from models.db.tables import Account, ResetToken, now
from models.rules.core import RuleViolation
from models.rules.text import clean_text
from models.service.access import hash_token, new_token
from models.service.errors import NotSignedIn
from models.service.mailer import Mail, Mailer

EMAIL_MAX = 254
NAME_MAX = 60
PASSWORD_MIN = 10
PASSWORD_MAX = 200
SIGN_IN_WINDOW = timedelta(minutes=15)
SIGN_IN_TRIES = 5  # failures per email within the window; the next sign-in is refused, even a right one
ADDRESS_TRIES = 30  # failures per client address within the window (a club's players may share one address)
RESET_LIFETIME = timedelta(hours=1)
RESET_LIVE_MAX = 3  # unused reset links an account may have at once: asking again sends no more mail
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_hasher = PasswordHasher()


@dataclass(frozen=True)
class Me:
    """The signed-in person as pages and the API see them (never the password hash)."""

    id: str
    email: str
    name: str

    @property
    def owner(self) -> str:
        """The owner key of this account's saved lists (a browser's own lists use its browser id)."""
        return f"account:{self.id}"


def _verified(account: Account, password: str) -> bool:
    try:
        return _hasher.verify(account.password_hash, password or "")
    except (VerificationError, InvalidHashError):
        return False


def _me(account: Account) -> Me:
    return Me(id=account.id, email=account.email, name=account.name)


def clean_email(email: str) -> str:
    email = (email or "").strip().lower()
    if len(email) > EMAIL_MAX or not _EMAIL.match(email):
        raise RuleViolation("account.email_invalid", "That is not an email address.")
    return email


def check_password(password: str) -> str:
    if len(password or "") < PASSWORD_MIN:
        raise RuleViolation("account.password_short", f"A password needs at least {PASSWORD_MIN} characters.")
    if len(password) > PASSWORD_MAX:
        raise RuleViolation("account.password_long", f"A password may have at most {PASSWORD_MAX} characters.")
    return password


class AccountService:
    def __init__(self, engine: Engine, mailer: Mailer | None = None,
                 clock: Callable[[], datetime] = now) -> None:
        self.repo = AccountRepository(engine)
        self.data = AccountDataRepository(engine)
        self.mailer = mailer or Mailer.from_env()
        self.clock = clock

    def sign_up(self, email: str, password: str, name: str) -> tuple[Me, str]:
        """A new account and a session token for it (signed in at once)."""
        email, password = clean_email(email), check_password(password)
        name = clean_text(name, "name other players see", NAME_MAX)
        account = Account(id=secrets.token_hex(8), email=email, name=name, password_hash=_hasher.hash(password))
        if not self.repo.add(account):
            raise RuleViolation("account.email_taken", "An account with that email exists already: sign in.")
        return _me(account), self._session(account.id)

    def sign_in(self, email: str, password: str, address: str | None = None) -> tuple[Me, str]:
        """The account and a new session token; a wrong email and a wrong password answer alike. After
        SIGN_IN_TRIES failures for one email (or ADDRESS_TRIES from one client ``address``) within SIGN_IN_WINDOW,
        every sign-in is refused until the oldest of them is out of the window."""
        wrong = RuleViolation("account.sign_in_failed", "That email and password do not match an account.")
        by_address = [(f"address:{address[:200]}", ADDRESS_TRIES)] if address else []
        try:
            email = clean_email(email)
        except RuleViolation:
            self._count_failure(by_address)
            raise wrong from None
        limits = [(email, SIGN_IN_TRIES), *by_address]
        account = self._checked(email, password, limits)
        if account is None:
            raise wrong
        return _me(account), self._session(account.id)

    def _checked(self, email: str, password: str, limits: list[tuple[str, int]]) -> Account | None:
        """The account when the password is its own, None (a failure counted) when not; refused while the limit
        holds."""
        self._refuse_while_limited(limits)
        account = self.repo.by_email(email)
        if account is None:
            _hasher.hash(password or "")  # about as slow as a real check: the answer time does not tell
        elif _verified(account, password):
            return account
        self._count_failure(limits)
        return None

    def _refuse_while_limited(self, limits: list[tuple[str, int]]) -> None:
        at = self.clock()
        for key, most in limits:
            failures = self.repo.recent_failures(key, at - SIGN_IN_WINDOW)
            if len(failures) >= most:
                minutes = max(1, math.ceil((failures[most - 1] + SIGN_IN_WINDOW - at).total_seconds() / 60))
                raise RuleViolation("account.too_many_attempts", "Too many failed sign-ins: try again in "
                                    f"{minutes} minute{'s' if minutes != 1 else ''}.")

    def _count_failure(self, limits: list[tuple[str, int]]) -> None:
        at = self.clock()
        self.repo.add_failures([key for key, _ in limits], at, at - SIGN_IN_WINDOW)

    def _session(self, account_id: str) -> str:
        token = new_token()
        self.repo.add_session(hash_token(token), account_id)
        return token

    def me(self, session: str | None) -> Me | None:
        """Who holds this session token (None: nobody, or it was signed out)."""
        if not session or len(session) > 128:
            return None
        account = self.repo.session_account(hash_token(session))
        return None if account is None else _me(account)

    def require(self, session: str | None) -> Me:
        me = self.me(session)
        if me is None:
            raise NotSignedIn()
        return me

    def sign_out(self, session: str | None) -> None:
        if session and len(session) <= 128:
            self.repo.end_session(hash_token(session))

    def request_reset(self, email: str, site: str) -> Mail | None:
        """A one-time reset link for the account of ``email``, as the mail to send (None: no such account, or it
        has enough live links). The caller answers alike either way and sends the mail (``self.mailer.send``)
        after answering, so that not even the answer's time tells whether the email has an account. ``site`` is
        the address the request came to (a configured site address wins over it)."""
        email = clean_email(email)
        account = self.repo.by_email(email)
        at = self.clock()
        if account is None or self.repo.live_reset_tokens(account.id, at) >= RESET_LIVE_MAX:
            return None
        token = new_token()
        self.repo.add_reset_token(ResetToken(hash=hash_token(token), account_id=account.id,
                                             expires=at + RESET_LIFETIME))
        link = f"{self.mailer.site_url or site.rstrip('/')}/account/reset/{token}"
        return Mail(account.email, "Your Tablekeeper password", (
            f"Someone asked to set a new password for the Tablekeeper account of {account.email}. To set one, "
            f"open this link within the hour (it works once): {link} If it was not you, do nothing: your "
            "password stays as it is."))

    def reset(self, token: str, password: str) -> Me:
        """Set a new password with a reset token (used once); every session of the account ends."""
        password = check_password(password)
        account = None
        if token and len(token) <= 128:
            account = self.repo.reset_password(hash_token(token), _hasher.hash(password), self.clock())
        if account is None:
            raise RuleViolation("account.reset_invalid", "This reset link was used already or is out of date: "
                                "ask for a new one.")
        return _me(account)

    def delete(self, session: str | None, password: str) -> None:
        """Delete the signed-in account and everything kept for it (AccountDataRepository.delete), once its
        password is given again; a wrong one deletes nothing and counts as a failed sign-in."""
        me = self.require(session)
        if self._checked(me.email, password, [(me.email, SIGN_IN_TRIES)]) is None:
            raise RuleViolation("account.password_wrong", "That is not this account's password: nothing was "
                                "deleted.")
        if not self.data.delete(me.id, me.owner):
            raise NotSignedIn()
