"""Accounts of the hosted site (issue 15): sign up and sign in with an email and a password, sessions.

An account is optional: every game link works without one. Passwords are kept only as argon2 hashes
(argon2-cffi); a session is a random token shown once to the browser or API client and stored as a hash, like a
game link. Bad input raises :class:`RuleViolation` with a sentence for a person, and nothing is stored.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine

from models.db.account_repository import AccountRepository
from models.db.tables import Account
from models.rules.core import RuleViolation
from models.rules.text import clean_text
from models.service.access import hash_token, new_token
from models.service.errors import NotSignedIn

EMAIL_MAX = 254
NAME_MAX = 60
PASSWORD_MIN = 10
PASSWORD_MAX = 200
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
    def __init__(self, engine: Engine) -> None:
        self.repo = AccountRepository(engine)

    def sign_up(self, email: str, password: str, name: str) -> tuple[Me, str]:
        """A new account and a session token for it (signed in at once)."""
        email, password = clean_email(email), check_password(password)
        name = clean_text(name, "name other players see", NAME_MAX)
        account = Account(id=secrets.token_hex(8), email=email, name=name, password_hash=_hasher.hash(password))
        if not self.repo.add(account):
            raise RuleViolation("account.email_taken", "An account with that email exists already: sign in.")
        return _me(account), self._session(account.id)

    def sign_in(self, email: str, password: str) -> tuple[Me, str]:
        """The account and a new session token; a wrong email and a wrong password answer alike."""
        wrong = RuleViolation("account.sign_in_failed", "That email and password do not match an account.")
        try:
            email = clean_email(email)
        except RuleViolation:
            raise wrong from None
        account = self.repo.by_email(email)
        if account is None:
            _hasher.hash(password or "")  # about as slow as a real check: the answer time does not tell
            raise wrong
        try:
            _hasher.verify(account.password_hash, password or "")
        except (VerificationError, InvalidHashError):
            raise wrong from None
        return _me(account), self._session(account.id)

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
