"""Reads and writes of accounts and their sessions (tables ``account``, ``account_session``)."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select

from models.db.engine import reader
from models.db.tables import Account, AccountSession


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
