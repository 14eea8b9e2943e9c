"""Accounts of the hosted site: sign up and sign in with an email and a password, sessions, and a
password reset by a one-time token. On a site that sends mail, a sign-up makes its account only once the email's
owner opens the link mailed to it, so its answer is the same whether or not the email has an account.

An account is optional: every game link works without one. Passwords are kept only as argon2 hashes
(argon2-cffi); a session is a random token shown once to the browser or API client and stored as a hash, like a
game link, and so is a reset token. Failed sign-ins are rows in the database, so the limit holds across every
server process. Whatever hashes a password is slow on purpose: the web runs it in its own lane (webapp/lanes.py),
never where game commands wait. Bad input raises :class:`AccountError` with a sentence for a person, and nothing
is stored.
"""

from __future__ import annotations

import hashlib
import logging
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
from models.db.account_repository import AccountRepository, Reserved
from models.db.tables import Account, PendingSignUp, ResetToken, now
from models.rules.text import clean_text
from models.service.access import hash_token, new_token
from models.service.errors import AccountError, NotSignedIn
from models.service.mailer import NO_SITE, Mail, Mailer

log = logging.getLogger("tablekeeper.mail")

EMAIL_MAX = 254
NAME_MAX = 60
PASSWORD_MIN = 10
PASSWORD_MAX = 200
SIGN_IN_WINDOW = timedelta(minutes=15)
SIGN_IN_TRIES = 5  # failures per email from one client address within the window; the next sign-in is refused
EMAIL_TRIES = 20  # failures per email from every address together (one prankster locks nobody out everywhere)
ADDRESS_TRIES = 30  # failures per client address within the window (a club's players may share one address)
REQUEST_WINDOW = timedelta(hours=1)
SIGN_UP_ADDRESS_MOST = 10  # sign-ups per client address within REQUEST_WINDOW
SIGN_UP_EMAIL_MOST = 3  # sign-ups per email within REQUEST_WINDOW
RESET_ADDRESS_MOST = 10  # reset requests per client address within REQUEST_WINDOW
RESET_EMAIL_MOST = 5  # reset requests per email within REQUEST_WINDOW (RESET_LIVE_MAX of them mail a link)
RESET_LIFETIME = timedelta(hours=1)
RESET_LIVE_MAX = 3  # unused reset links an account may have at once: asking again sends no more mail
SIGN_UP_LIFETIME = timedelta(days=1)  # a mailed link that finishes a sign-up works once, within this time
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
# Argon2id at one of OWASP's equal-strength settings for passwords (Password Storage Cheat Sheet: 46 MiB, one pass,
# one thread). One thread, not argon2-cffi's default four: on a 2-core server a four-thread hash takes both cores,
# and the password lane (one hash at a time) would still starve the games; one thread leaves them a core.
# Hashes made with other settings still verify, and are remade with these at the owner's next sign-in.
_hasher = PasswordHasher(time_cost=1, memory_cost=46 * 1024, parallelism=1)


def _hash(password: str) -> str:
    return _hasher.hash(password)


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


@dataclass(frozen=True)
class Venue:
    """A sign-up through an event's venue sign-up link: counted under the event, up to ``most`` within
    REQUEST_WINDOW (the event's capacity), instead of under the client's address (a hall's players share its Wi-Fi);
    the account it makes joins ``event_id`` (the caller registers it)."""

    event_id: str
    most: int


@dataclass(frozen=True)
class Confirmed:
    """A sign-up finished from its mailed link: the new account, its session token, and the event it joins (made
    through that event's venue link; None: none)."""

    me: Me
    session: str
    event_id: str | None


@dataclass(frozen=True)
class MailSent:
    """A sign-up's answer on a site that sends mail, the same for every email: a mail is on its way to ``email``
    (a link that makes the account, or, when the email has one already, a note saying so)."""

    email: str


def _verified(account: Account | PendingSignUp, password: str) -> bool:
    try:
        return _hasher.verify(account.password_hash, password or "")
    except (VerificationError, InvalidHashError):
        return False


def _by_address(kind: str, address: str | None, most: int) -> list[tuple[str, int]]:
    return [(f"{kind}address:{address[:200]}", most)] if address else []


def _from(email: str, address: str) -> str:
    """The key of one email's failures from one client address (a digest: a key is at most 254 characters)."""
    return f"{_email_digest(email)} from {address[:200]}"


def _email_digest(email: str) -> str:
    """An email in a key with more around it (a key is at most 254 characters, like an email)."""
    return hashlib.sha256(email.encode()).hexdigest()[:32]


def _wait_words(lifts: datetime, at: datetime) -> str:
    minutes = max(1, math.ceil((lifts - at).total_seconds() / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def _at_once(step: Callable[[], None]) -> None:
    step()


def _me(account: Account) -> Me:
    return Me(id=account.id, email=account.email, name=account.name)


def clean_email(email: str) -> str:
    email = (email or "").strip().lower()
    if len(email) > EMAIL_MAX or not _EMAIL.match(email):
        raise AccountError("account.email_invalid", "That is not an email address.")
    return email


def check_password(password: str) -> str:
    if len(password or "") < PASSWORD_MIN:
        raise AccountError("account.password_short", f"A password needs at least {PASSWORD_MIN} characters.")
    if len(password) > PASSWORD_MAX:
        raise AccountError("account.password_long", f"A password may have at most {PASSWORD_MAX} characters.")
    return password


class AccountService:
    def __init__(self, engine: Engine, mailer: Mailer | None = None,
                 clock: Callable[[], datetime] = now) -> None:
        self.repo = AccountRepository(engine)
        self.data = AccountDataRepository(engine)
        self.mailer = mailer or Mailer.from_env()
        self.clock = clock

    def sign_up(self, email: str, password: str, name: str, address: str | None = None,
                later: Callable[[Callable[[], None]], None] | None = None,
                venue: Venue | None = None) -> tuple[Me, str] | MailSent:
        """Sign up. Limited per client ``address`` (or, through a ``venue`` link, per event) and per email, counted
        before the password is hashed.

        On a site that sends mail (``mailer.sends``) nothing is made yet, and every email gets the same answer
        (:class:`MailSent`) after the same work (checked, counted, the password hashed); the rest runs in ``later``
        (after the answer): the account is looked up, then either a link that makes it (:meth:`confirm`) or a note
        that the email has an account already is mailed. A site that sends no mail cannot confirm an email, so it
        makes the account and signs it in at once (its session token); a taken email gets a session that signs
        nobody in there, and its owner's mail goes to the server log: only using the session tells them apart."""
        email, password = clean_email(email), check_password(password)
        name = clean_text(name, "name other players see", NAME_MAX)
        mails = self.mailer.sends
        if mails and self.mailer.site_url is None:
            log.error("A sign-up was refused: %s", NO_SITE)
            raise AccountError("account.sign_up_closed", "Sign-ups are closed for now: this site cannot mail the "
                               "link that finishes one until its operator sets the site's address.")
        where = [(f"sign-up venue {venue.event_id}", venue.most)] if venue else _by_address(
            "sign-up ", address, SIGN_UP_ADDRESS_MOST)
        wait = self._limited([*where, (f"sign-up {_email_digest(email)}", SIGN_UP_EMAIL_MOST)])
        if wait:
            raise AccountError("account.too_many_sign_ups", f"Too many sign-ups lately: try again in {wait}.")
        password_hash, after = _hash(password), later or _at_once
        if mails:
            joins = venue.event_id if venue else None
            after(lambda: self.mailer.send(self.sign_up_mail(email, name, password_hash, joins)))
            return MailSent(email)
        account = Account(id=secrets.token_hex(8), email=email, name=name, password_hash=password_hash)
        if not self.repo.add(account):
            after(lambda: self.mailer.send(self._taken_mail(email)))
            return Me(id=secrets.token_hex(8), email=email, name=name), new_token()
        return _me(account), self._session(account.id)

    def sign_up_mail(self, email: str, name: str, password_hash: str, event_id: str | None = None) -> Mail:
        """The mail a sign-up sends on a site that sends mail: to an email with an account, a note that none was
        made; else a link that makes the account, its sign-up kept until then. The mail holds nothing the person
        signing up typed but the email, so it carries no one's words to a stranger's inbox."""
        if self.repo.by_email(email) is not None:
            return self._taken_mail(email)
        at, token = self.clock(), new_token()
        self.repo.add_pending(PendingSignUp(hash=hash_token(token), email=email, name=name, event_id=event_id,
                                            password_hash=password_hash, expires=at + SIGN_UP_LIFETIME), at)
        return Mail(email, "Finish making your Tablekeeper account", (
            f"Someone asked to make a Tablekeeper account with {email}. To make it, open this link within a day "
            f"and type the password you chose (the link works once): {self.mailer.site_url}/account/confirm/"
            f"{token} If it was not you, do nothing: no account is made."))

    def confirm(self, token: str, password: str) -> Confirmed:
        """Finish a sign-up with the token its mail holds and the password it was made with: the account is made and
        signed in (a session token), with the event it joins. The token works once, within SIGN_UP_LIFETIME; every
        other pending sign-up of the email ends with it. Asking for the password again means a link mailed for
        someone else's sign-up with this email (a stranger's, hoping its owner opens it) makes no account with the
        stranger's password."""
        invalid = AccountError("account.confirm_invalid", "This link was used already or is out of date: sign up "
                               "again for a new one.")
        token_hash = hash_token(token) if token and len(token) <= 128 else ""
        pending = self.repo.pending(token_hash) if token_hash else None
        if pending is None or pending.expires <= self.clock():
            raise invalid
        if not _verified(pending, password):
            raise AccountError("account.confirm_password", "That is not the password this sign-up was made with: "
                               "type that one, or sign up again.")
        used = self.repo.use_pending(token_hash, secrets.token_hex(8), self.clock())
        if used is None:
            raise invalid
        pending, account = used
        if account is None:
            raise AccountError("account.email_taken", "This email has an account already: sign in with it, or set "
                               "a new password with \"Forgot your password?\".")
        return Confirmed(_me(account), self._session(account.id), pending.event_id)

    def _taken_mail(self, email: str) -> Mail:
        site = self.mailer.site_url or ""
        return Mail(email, "Your Tablekeeper account", (
            f"Someone tried to make a new Tablekeeper account with {email}, which has an account already, so none "
            f"was made. If it was you, sign in at {site}/account, or set a new password there with \"Forgot your "
            "password?\". If it was not you, do nothing."))

    def _limited(self, limits: list[tuple[str, int]]) -> str | None:
        """Count one request under ``limits``; when one of them is full, nothing is counted and the answer says
        how long to wait."""
        at = self.clock()
        reserved = self.repo.reserve(limits, at, REQUEST_WINDOW)
        return None if reserved.lifts is None else _wait_words(reserved.lifts, at)

    def sign_in(self, email: str, password: str, address: str | None = None) -> tuple[Me, str]:
        """The account and a new session token; a wrong email and a wrong password answer alike. Each attempt is
        counted *before* its password is checked, so a burst of parallel attempts checks no more passwords than
        the limit: SIGN_IN_TRIES for one email from one client ``address``, EMAIL_TRIES for the email from every
        address, ADDRESS_TRIES from one address, within SIGN_IN_WINDOW. A right password takes its attempt back.
        Past a limit every sign-in is refused, a right one too, until the oldest attempt leaves the window or the
        owner sets a new password (:meth:`reset` lifts the lock)."""
        wrong = AccountError("account.sign_in_failed", "That email and password do not match an account.")
        by_address = _by_address("", address, ADDRESS_TRIES)
        try:
            email = clean_email(email)
        except AccountError:
            self._reserve(by_address)
            raise wrong from None
        per_email = [(_from(email, address), SIGN_IN_TRIES), (email, EMAIL_TRIES)] if address else [
            (email, SIGN_IN_TRIES)]
        account = self._checked(email, password, [*per_email, *by_address])
        if account is None:
            raise wrong
        return _me(account), self._session(account.id)

    def _checked(self, email: str, password: str, limits: list[tuple[str, int]]) -> Account | None:
        """The account when the password is its own (its attempt taken back), None (the attempt counted as a
        failure) when not; refused while a limit is full."""
        reserved = self._reserve(limits)
        account = self.repo.by_email(email)
        if account is None:
            _hash(password or "")  # about as slow as a real check: the answer time does not tell
        elif _verified(account, password):
            self.repo.release(reserved)
            if _hasher.check_needs_rehash(account.password_hash):
                self.repo.rehash(account.id, account.password_hash, _hash(password))
            return account
        return None

    def _reserve(self, limits: list[tuple[str, int]]) -> Reserved:
        at = self.clock()
        reserved = self.repo.reserve(limits, at, SIGN_IN_WINDOW)
        if reserved.lifts is not None:
            raise AccountError("account.too_many_attempts", "Too many failed sign-ins: try again in "
                             f"{_wait_words(reserved.lifts, at)}, or set a new password with \"Forgot your "
                             "password?\" (that lifts the lock at once).")
        return reserved

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

    def request_reset(self, email: str, address: str | None = None) -> Callable[[], None]:
        """Ask for a one-time reset link for the account of ``email``. What is done before the caller answers is
        the same for every email (checked, counted per client ``address`` and per email, refused alike past a
        limit); the rest is the returned step, to run after answering: it makes the link and mails it (nothing
        for an unknown email, an account with enough live links, or a site without an address to point to). So
        neither the answer nor its time tells whether the email has an account."""
        email = clean_email(email)
        wait = self._limited([*_by_address("reset ", address, RESET_ADDRESS_MOST),
                              (f"reset {_email_digest(email)}", RESET_EMAIL_MOST)])
        if wait:
            raise AccountError("account.too_many_resets", f"Too many reset requests lately: try again in {wait}.")
        return lambda: self._mail_reset(email)

    def _mail_reset(self, email: str) -> None:
        mail = self.reset_mail(email)
        if mail is not None:
            self.mailer.send(mail)

    def reset_mail(self, email: str) -> Mail | None:
        """The mail with a new reset link for the account of ``email`` (None: none is made)."""
        site = self.mailer.site_url
        if site is None:
            log.error("A password reset link was asked for and refused: %s", NO_SITE)
            return None
        account = self.repo.by_email(email)
        at, token = self.clock(), new_token()
        if account is None or not self.repo.add_reset_token(ResetToken(
                hash=hash_token(token), account_id=account.id, expires=at + RESET_LIFETIME), at, RESET_LIVE_MAX):
            return None
        return Mail(account.email, "Your Tablekeeper password", (
            f"Someone asked to set a new password for the Tablekeeper account of {account.email}. To set one, "
            f"open this link within the hour (it works once): {site}/account/reset/{token} If it was not you, do "
            "nothing: your password stays as it is."))

    def reset(self, token: str, password: str) -> Me:
        """Set a new password with a reset token (used once): every session of the account and every other reset
        link end, and its sign-in lock is lifted."""
        password = check_password(password)
        account = None
        if token and len(token) <= 128:
            token_hash, new_hash = hash_token(token), _hash(password)
            account = self.repo.reset_password(token_hash, new_hash, self.clock(),
                                               lambda email: ([email], _from(email, "")))
        if account is None:
            raise AccountError("account.reset_invalid", "This reset link was used already or is out of date: "
                             "ask for a new one.")
        return _me(account)

    def delete(self, session: str | None, password: str) -> None:
        """Delete the signed-in account and everything kept for it (AccountDataRepository.delete), once its
        password is given again; a wrong one deletes nothing and counts as a failed sign-in."""
        me = self.require(session)
        if self._checked(me.email, password, [(me.email, SIGN_IN_TRIES)]) is None:
            raise AccountError("account.password_wrong", "That is not this account's password: nothing was "
                             "deleted.")
        if not self.data.delete(me.id, me.owner, new_token, hash_token):  # the events it ran get new links
            raise NotSignedIn()
