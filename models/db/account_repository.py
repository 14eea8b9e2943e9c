"""Reads and writes of accounts and what keeps them safe: sessions, sign-in failures, reset tokens and sign-ups
waiting for their mailed link (tables ``account``, ``account_session``, ``sign_in_failure``, ``reset_token``,
``pending_sign_up``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, or_
from sqlmodel import Session, col, delete, select, update

from models.db.store import Store, committed, lock
from models.db.tables import Account, AccountSession, PendingSignUp, ResetToken, SignInFailure

KEPT = timedelta(days=1)  # longer than any limit's window: a counted attempt older than this counts for nothing


@dataclass(frozen=True)
class Reserved:
    """An attempt counted under its limits (``ids``: its rows), or refused (``lifts``: when it may come again)."""

    ids: tuple[int, ...]
    lifts: datetime | None


def _aware(at: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; every time stored here is UTC."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


class AccountRepository(Store):
    def by_email(self, email: str) -> Account | None:
        with Session(self.reads) as s:
            return s.exec(select(Account).where(Account.email == email)).first()

    def get(self, account_id: str) -> Account | None:
        with Session(self.reads) as s:
            return s.get(Account, account_id)

    def add(self, account: Account) -> bool:
        """Store a new account; False when its email is taken (also when another process took it first)."""
        return self.add_new(account, lambda s: s.exec(select(Account.id).where(Account.email == account.email))
                            .first() is not None)

    def add_session(self, token_hash: str, account_id: str) -> None:
        with Session(self.engine) as s:
            s.add(AccountSession(hash=token_hash, account_id=account_id))
            s.commit()

    def session_account(self, token_hash: str) -> Account | None:
        with Session(self.reads) as s:
            row = s.get(AccountSession, token_hash)
            return None if row is None else s.get(Account, row.account_id)

    def end_session(self, token_hash: str) -> None:
        with Session(self.engine) as s:
            s.exec(delete(AccountSession).where(col(AccountSession.hash) == token_hash))
            s.commit()

    # -- attempts: one row per attempt counted under a limit, keyed by what is limited (an email, a client address) --

    def reserve(self, limits: Sequence[tuple[str, int]], at: datetime, window: timedelta) -> Reserved:
        """Count one attempt under every limit ``(key, most)`` at once, or none when one of them is full (the
        answer says when it lifts). The count and the new rows are one transaction holding each key's lock, so
        attempts racing in parallel, in this process or another, are counted one after the other: a burst cannot
        slip past the limit before its first results are counted. These keys' rows older than the window are
        dropped, and any row older than KEPT: a sign-in's 15 minutes must not clear a sign-up's hour."""
        keys = [key for key, _ in limits]
        with Session(self.engine) as s:
            lock(s, *keys)
            s.exec(delete(SignInFailure).where(col(SignInFailure.email).in_(keys), col(SignInFailure.at) < at - window))
            s.exec(delete(SignInFailure).where(col(SignInFailure.at) < at - KEPT))
            lifts: datetime | None = None
            for key, most in limits:
                times = list(s.exec(select(SignInFailure.at).where(SignInFailure.email == key,
                                                                   SignInFailure.at >= at - window)
                                    .order_by(col(SignInFailure.at).desc()).limit(most)))
                if len(times) >= most:
                    lifts = max(lifts or at, _aware(times[most - 1]) + window)
            if lifts is not None:
                s.commit()
                return Reserved((), lifts)
            rows = [SignInFailure(email=key, at=at) for key, _ in limits]
            s.add_all(rows)
            s.flush()
            ids = tuple(row.id for row in rows if row.id is not None)
            s.commit()
            return Reserved(ids, None)

    def release(self, reserved: Reserved) -> None:
        """Take back an attempt that turned out not to count (the right password)."""
        if reserved.ids:
            with Session(self.engine) as s:
                s.exec(delete(SignInFailure).where(col(SignInFailure.id).in_(reserved.ids)))
                s.commit()

    # -- password reset -------------------------------------------------------------------------------------------

    def add_reset_token(self, token: ResetToken, at: datetime, most: int) -> bool:
        """Store a reset token unless the account has ``most`` unused ones still good at ``at`` (False then). The
        count and the insert are one transaction holding the account's lock (PostgreSQL: its row; SQLite: every
        write transaction begins IMMEDIATE), so parallel requests, in this process or another, cannot all pass
        the count before one of them has written."""
        with Session(self.engine) as s:
            if s.exec(select(Account.id).where(Account.id == token.account_id).with_for_update()).first() is None:
                return False
            live = s.exec(select(func.count()).select_from(ResetToken).where(
                ResetToken.account_id == token.account_id, col(ResetToken.used).is_(False),
                ResetToken.expires > at)).one()
            if live >= most:
                return False
            s.add(token)
            s.commit()
            return True

    def rehash(self, account_id: str, old: str, new: str) -> None:
        """Replace the password hash ``old`` with ``new`` (the same password under today's settings), unless the
        password changed meanwhile."""
        with Session(self.engine) as s:
            s.exec(update(Account).where(col(Account.id) == account_id, col(Account.password_hash) == old)
                   .values(password_hash=new))
            s.commit()

    def reset_password(self, token_hash: str, password_hash: str, at: datetime,
                       lock: Callable[[str], tuple[Sequence[str], str]]) -> Account | None:
        """Use a reset token once: the account's new password hash, its sessions and its other reset links gone,
        and its sign-in lock lifted (the attempts kept under the keys ``lock(email)`` names, or starting with the
        prefix it names), in one transaction. None (and nothing changed) when the token is unknown, used or out
        of date."""
        with Session(self.engine, expire_on_commit=False) as s:
            used = s.exec(select(ResetToken).where(ResetToken.hash == token_hash).with_for_update()).first()
            if used is None or used.used or used.expires <= at:
                return None
            account = s.get(Account, used.account_id)
            if account is None:
                return None
            used.used = True
            account.password_hash = password_hash
            s.add_all([used, account])
            s.exec(delete(AccountSession).where(col(AccountSession.account_id) == account.id))
            s.exec(delete(ResetToken).where(col(ResetToken.account_id) == account.id,
                                            col(ResetToken.hash) != token_hash))
            keys, prefix = lock(account.email)
            s.exec(delete(SignInFailure).where(or_(col(SignInFailure.email).in_(keys),
                                                   col(SignInFailure.email).startswith(prefix, autoescape=True))))
            s.commit()
            return account

    # -- sign-ups waiting for their mailed link ----------------------------------------------------------------

    def add_pending(self, pending: PendingSignUp, at: datetime) -> None:
        """Store a sign-up waiting for its link; those out of date at ``at`` go."""
        with Session(self.engine) as s:
            s.exec(delete(PendingSignUp).where(col(PendingSignUp.expires) <= at))
            s.add(pending)
            s.commit()

    def pending(self, token_hash: str) -> PendingSignUp | None:
        with Session(self.reads) as s:
            return s.get(PendingSignUp, token_hash)

    def use_pending(self, token_hash: str, account_id: str,
                    at: datetime) -> tuple[PendingSignUp, Account | None] | None:
        """Use a pending sign-up's token once: the sign-up and the account it made (id ``account_id``; None when
        its email has an account by now), every pending sign-up of its email gone, in one transaction. None (and
        nothing changed) when the token is unknown, used or out of date."""
        with Session(self.engine, expire_on_commit=False) as s:
            pending = s.exec(select(PendingSignUp).where(PendingSignUp.hash == token_hash).with_for_update()).first()
            if pending is None or pending.expires <= at:
                return None
            mine = delete(PendingSignUp).where(col(PendingSignUp.email) == pending.email)
            s.exec(mine)
            if s.exec(select(Account.id).where(Account.email == pending.email)).first() is None:
                account = Account(id=account_id, email=pending.email, name=pending.name,
                                  password_hash=pending.password_hash)
                s.add(account)
                if committed(s):
                    return pending, account
                s.rollback()  # another process made an account with the email a moment before
                s.exec(mine)
            s.commit()
            return pending, None
