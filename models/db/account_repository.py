"""Reads and writes of accounts and what keeps them safe: sessions, sign-in failures and reset tokens (tables
``account``, ``account_session``, ``sign_in_failure``, ``reset_token``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Engine, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select

from models.db.engine import reader
from models.db.tables import Account, AccountSession, ResetToken, SignInFailure


class AccountRepository:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.reads = reader(engine)

    def by_email(self, email: str) -> Account | None:
        with Session(self.reads) as s:
            return s.exec(select(Account).where(Account.email == email)).first()

    def get(self, account_id: str) -> Account | None:
        with Session(self.reads) as s:
            return s.get(Account, account_id)

    def add(self, account: Account) -> bool:
        """Store a new account; False when its email is taken (also when another process took it first)."""
        with Session(self.engine, expire_on_commit=False) as s:
            if s.exec(select(Account.id).where(Account.email == account.email)).first() is not None:
                return False
            s.add(account)
            try:
                s.commit()
            except IntegrityError:
                return False
        return True

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

    # -- failed sign-ins: one row per failure, keyed by the email or by ``address:<client address>`` ----------

    def recent_failures(self, key: str, since: datetime) -> list[datetime]:
        """When ``key`` failed since ``since``, newest first."""
        with Session(self.reads) as s:
            rows = s.exec(select(SignInFailure.at).where(SignInFailure.email == key, SignInFailure.at >= since)
                          .order_by(col(SignInFailure.at).desc()))
            return list(rows)

    def add_failures(self, keys: list[str], at: datetime, forget_before: datetime) -> None:
        """Count a failure for each key; failures older than ``forget_before`` no longer count and are dropped."""
        with Session(self.engine) as s:
            s.exec(delete(SignInFailure).where(col(SignInFailure.at) < forget_before))
            s.add_all(SignInFailure(email=key, at=at) for key in keys)
            s.commit()

    # -- password reset -------------------------------------------------------------------------------------------

    def live_reset_tokens(self, account_id: str, at: datetime) -> int:
        """How many unused reset tokens of the account are still good at ``at``."""
        with Session(self.reads) as s:
            return s.exec(select(func.count()).select_from(ResetToken).where(
                ResetToken.account_id == account_id, col(ResetToken.used).is_(False),
                ResetToken.expires > at)).one()

    def add_reset_token(self, token: ResetToken) -> None:
        with Session(self.engine) as s:
            s.add(token)
            s.commit()

    def reset_password(self, token_hash: str, password_hash: str, at: datetime) -> Account | None:
        """Use a reset token once: the account's new password hash, its sessions and its email's sign-in failures
        gone, in one transaction. None (and nothing changed) when the token is unknown, used or out of date."""
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
            s.exec(delete(SignInFailure).where(col(SignInFailure.email) == account.email))
            s.commit()
            return account
