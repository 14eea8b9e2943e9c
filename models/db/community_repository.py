"""Reads and writes of the community card book (tables ``community_fact``, ``community_change``, ``moderator``).

A publication is one transaction that first takes the publishing account's row for update (PostgreSQL; SQLite's
writes begin IMMEDIATE, one at a time), then counts what the account published lately: two requests at once
cannot both pass the limit, and a refused one stores nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from models.db.store import Store
from models.db.tables import Account, CommunityChange, CommunityFact, Moderator, now

WRITES = ("published", "changed")  # the changes an account's publishing limit counts


@dataclass(frozen=True)
class Limit:
    """At most ``most`` facts published or changed per ``window`` by an account, ``most_new`` while the account is
    younger than ``new_for``."""

    window: timedelta
    most: int
    most_new: int
    new_for: timedelta


class Limited(Exception):
    """The account published its most facts for now: ``most`` in the window, the oldest counted at ``oldest``."""

    def __init__(self, most: int, oldest: datetime, window: timedelta) -> None:
        super().__init__(f"at most {most} facts per {window}")
        self.most, self.lifts = most, oldest + window


@dataclass(frozen=True)
class Written:
    """One fact a publication wrote: its row after the write and what happened (published, changed, unchanged)."""

    row: CommunityFact
    action: str


def _aware(at: datetime) -> datetime:
    """SQLite gives back naive times (stored as UTC)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=now().tzinfo)


class CommunityRepository(Store):
    # -- reading -------------------------------------------------------------------------------------------
    def facts(self, card_key: str | None = None) -> list[CommunityFact]:
        """The published facts of one card (every card's with None), oldest first."""
        with Session(self.reads, expire_on_commit=False) as s:
            query = select(CommunityFact).order_by(col(CommunityFact.id))
            if card_key is not None:
                query = query.where(CommunityFact.card_key == card_key)
            return list(s.exec(query).all())

    def fact(self, fact_id: int) -> CommunityFact | None:
        with Session(self.reads, expire_on_commit=False) as s:
            return s.get(CommunityFact, fact_id)

    def history(self, card_key: str) -> list[CommunityChange]:
        """Every change of the card's facts, oldest first."""
        with Session(self.reads) as s:
            return list(s.exec(select(CommunityChange).where(CommunityChange.card_key == card_key)
                               .order_by(col(CommunityChange.id))).all())

    def changes(self, fact_id: int) -> list[CommunityChange]:
        with Session(self.reads) as s:
            return list(s.exec(select(CommunityChange).where(CommunityChange.fact_id == fact_id)
                               .order_by(col(CommunityChange.id))).all())

    def names(self, account_ids: Iterable[str]) -> dict[str, str]:
        """The display names of the accounts that still exist."""
        wanted = sorted(set(account_ids))
        if not wanted:
            return {}
        with Session(self.reads) as s:
            return dict(s.exec(select(Account.id, Account.name).where(col(Account.id).in_(wanted))).all())

    def is_moderator(self, account_id: str) -> bool:
        with Session(self.reads) as s:
            return s.get(Moderator, account_id) is not None

    # -- moderators (the operator's command) ---------------------------------------------------------------
    def set_moderator(self, email: str, moderator: bool) -> Account | None:
        """Make the account of ``email`` a moderator (or not); None when no account has that email."""
        with Session(self.engine, expire_on_commit=False) as s:
            account = s.exec(select(Account).where(Account.email == email)).first()
            if account is None:
                return None
            row = s.get(Moderator, account.id)
            if moderator and row is None:
                s.add(Moderator(account_id=account.id))
            elif not moderator and row is not None:
                s.delete(row)
            s.commit()
            return account

    # -- writing -------------------------------------------------------------------------------------------
    def publish(self, account_id: str, card_key: str, values: Mapping[str, Any], source_kind: str, source: str,
                limit: Limit) -> list[Written]:
        """Store the account's values of the card's facts in one transaction: a fact it had not published is a new
        publication, one it had with another value becomes its next version (unchecked again), the same value is
        left as it is. Limited (nothing stored) when the account would pass its limit; KeyError when it is gone."""
        with Session(self.engine, expire_on_commit=False) as s:
            account = s.exec(select(Account).where(Account.id == account_id).with_for_update()).first()
            if account is None:
                raise KeyError(account_id)
            at = now()  # once the account is ours: a publication that waited counts those before it
            mine = {r.fact: r for r in s.exec(select(CommunityFact).where(
                CommunityFact.card_key == card_key, CommunityFact.author == account_id)).all()}
            fresh = {f: v for f, v in values.items() if f not in mine or mine[f].value != v}
            self._within(s, account, limit, at, len(fresh))
            written: list[Written] = []
            for fact, value in values.items():
                row = mine.get(fact)
                if fact not in fresh and row is not None:
                    written.append(Written(row, "unchanged"))
                    continue
                if row is None:
                    row = CommunityFact(card_key=card_key, fact=fact, value=value, author=account_id,
                                        source_kind=source_kind, source=source, created=at, updated=at)
                    action = "published"
                else:
                    row.value, row.version, row.updated, row.checked_by = value, row.version + 1, at, None
                    row.source_kind, row.source = source_kind, source
                    action = "changed"
                s.add(row)
                s.flush()
                assert row.id is not None
                s.add(CommunityChange(fact_id=row.id, card_key=card_key, version=row.version, action=action,
                                      by=account_id, at=at, value=value))
                written.append(Written(row, action))
            s.commit()
            return written

    @staticmethod
    def _within(s: Session, account: Account, limit: Limit, at: datetime, adding: int) -> None:
        if not adding:
            return
        most = limit.most_new if at - _aware(account.created) < limit.new_for else limit.most
        count, oldest = s.exec(select(func.count(), func.min(CommunityChange.at)).where(
            CommunityChange.by == account.id, col(CommunityChange.action).in_(WRITES),
            CommunityChange.at >= at - limit.window)).one()
        if count + adding > most:
            raise Limited(most, _aware(oldest) if oldest is not None else at, limit.window)

    def change(self, fact_id: int, by: str, action: str, *, value: Any = None, hidden: bool | None = None,
               checked: bool | None = None, note: str = "") -> CommunityFact | None:
        """One change of a publication, with its history row, in one transaction: a new ``value`` (its next
        version, unchecked again), ``hidden`` or ``checked`` (by ``by``). None when the publication is gone."""
        at = now()
        with Session(self.engine, expire_on_commit=False) as s:
            row = s.exec(select(CommunityFact).where(CommunityFact.id == fact_id).with_for_update()).first()
            if row is None:
                return None
            if value is not None:
                row.value, row.version, row.updated, row.checked_by = value, row.version + 1, at, None
            if hidden is not None:
                row.hidden = hidden
            if checked is not None:
                row.checked_by = by if checked else None
            s.add(row)
            s.add(CommunityChange(fact_id=fact_id, card_key=row.card_key, version=row.version, action=action, by=by,
                                  at=at, value=value, note=note))
            s.commit()
            return row
