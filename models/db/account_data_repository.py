"""Everything kept for one account, read together for its export and deleted together with it (the account's
sessions, reset tokens, sign-in failures of its email, card book, games, saved lists, registrations and the events
it organises, its moderator right). The games themselves are not the account's alone: they stay, and so do the
facts it published to the community card book (shown without a name)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import String, cast, or_
from sqlmodel import Session, col, delete, select

from models.db.event_links import rotate
from models.db.store import Store
from models.db.tables import (
    Account,
    AccountCard,
    AccountGame,
    AccountSession,
    ArmyList,
    Event,
    EventPairing,
    EventPlayer,
    Moderator,
    ResetToken,
    SignInFailure,
)


@dataclass(frozen=True)
class AccountRows:
    account: Account
    lists: list[ArmyList]
    cards: list[AccountCard]
    games: list[AccountGame]
    organised: list[Event]
    registrations: list[EventPlayer]


class AccountDataRepository(Store):
    def rows(self, account_id: str, owner: str) -> AccountRows | None:
        """The account's rows (None when it is gone); ``owner`` is the owner key of its saved lists."""
        with Session(self.reads) as s:
            account = s.get(Account, account_id)
            if account is None:
                return None
            return AccountRows(
                account=account,
                lists=list(s.exec(select(ArmyList).where(ArmyList.owner == owner).order_by(col(ArmyList.id)))),
                cards=list(s.exec(select(AccountCard).where(AccountCard.account_id == account_id)
                                  .order_by(col(AccountCard.key)))),
                games=list(s.exec(select(AccountGame).where(AccountGame.account_id == account_id)
                                  .order_by(col(AccountGame.added)))),
                organised=list(s.exec(select(Event).where(Event.organiser == account_id).order_by(col(Event.day)))),
                registrations=list(s.exec(select(EventPlayer).where(EventPlayer.account_id == account_id)
                                          .order_by(col(EventPlayer.registered)))))

    def delete(self, account_id: str, owner: str, new: Callable[[], str], hashed: Callable[[str], str]) -> bool:
        """Delete the account and everything kept for it, in one transaction; False when it was gone already.
        Events keep their history: a registration that played stays as an anonymous row with its results (dropped
        from later rounds), one that never played goes; an event it organised passes to its first co-organiser, or
        stays read-only without an organiser; every event it ran gets new table links (``new`` makes a token,
        ``hashed`` is how one is stored: models/db/event_links.py)."""
        with Session(self.engine) as s:
            account = s.get(Account, account_id)
            if account is None:
                return False
            for statement in (
                    delete(AccountSession).where(col(AccountSession.account_id) == account_id),
                    delete(ResetToken).where(col(ResetToken.account_id) == account_id),
                    delete(SignInFailure).where(col(SignInFailure.email) == account.email),
                    delete(AccountCard).where(col(AccountCard.account_id) == account_id),
                    delete(AccountGame).where(col(AccountGame.account_id) == account_id),
                    delete(Moderator).where(col(Moderator.account_id) == account_id),
                    delete(ArmyList).where(col(ArmyList.owner) == owner)):
                s.exec(statement)
            for event_id in _leave_events(s, account):
                rotate(s, event_id, new, hashed)
            s.delete(account)
            s.commit()
        return True


def _leave_events(s: Session, account: Account) -> list[str]:
    """What deleting an account does to events (see AccountDataRepository.delete): its email leaves every event's
    co-organisers; an event it organised passes to the first co-organiser with an account, else has none. The ids
    of the events it ran."""
    account_id = account.id
    for player in s.exec(select(EventPlayer).where(EventPlayer.account_id == account_id)).all():
        rounds = s.exec(select(EventPairing.round).where(
            EventPairing.event_id == player.event_id,
            or_(col(EventPairing.player_a) == account_id, col(EventPairing.player_b) == account_id))).all()
        if not rounds:
            s.delete(player)
            continue
        if not player.dropped:
            player.dropped, player.drop_reason = True, "left"
            player.dropped_round = max(s.exec(select(EventPairing.round)
                                              .where(EventPairing.event_id == player.event_id)).all())
        player.name, player.lists, player.left, player.lists_note = "", [], True, ""
        s.add(player)
    named = or_(col(Event.organiser) == account_id,
                cast(col(Event.co_organisers), String).contains(account.email))
    ran = []
    for event in s.exec(select(Event).where(named)).all():
        others = [e for e in event.co_organisers if e != account.email]
        if event.organiser == account_id:
            heir = next((a for e in others if (a := s.exec(select(Account).where(Account.email == e)).first())),
                        None)
            event.organiser = heir.id if heir is not None else None
            others = [e for e in others if heir is None or e != heir.email] if heir is not None else []
        event.co_organisers = others
        s.add(event)
        ran.append(event.id)
    return ran
