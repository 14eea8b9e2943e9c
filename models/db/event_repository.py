"""Reads and writes of events, their players and pairings (tables ``event``, ``event_player``,
``event_pairing``; a pairing's games also go into each player's ``account_game``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from models.db.engine import reader
from models.db.tables import Account, AccountGame, Event, EventPairing, EventPlayer


class EventRepository:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.reads = reader(engine)

    def add(self, event: Event) -> None:
        with Session(self.engine, expire_on_commit=False) as s:
            s.add(event)
            s.commit()

    def save_event(self, event: Event) -> None:
        with Session(self.engine) as s:
            s.merge(event)
            s.commit()

    def get(self, event_id: str) -> Event | None:
        with Session(self.reads) as s:
            return s.get(Event, event_id)

    def events(self, limit: int) -> list[Event]:
        """Newest day first."""
        with Session(self.reads) as s:
            return list(s.exec(select(Event).order_by(col(Event.day).desc(), col(Event.created).desc())
                               .limit(limit)).all())

    def organiser_name(self, account_id: str) -> str:
        with Session(self.reads) as s:
            account = s.get(Account, account_id)
            return account.name if account is not None else ""

    def players(self, event_id: str) -> list[EventPlayer]:
        """In registration order."""
        with Session(self.reads) as s:
            return list(s.exec(select(EventPlayer).where(EventPlayer.event_id == event_id)
                               .order_by(col(EventPlayer.registered), col(EventPlayer.account_id))).all())

    def player(self, event_id: str, player_id: str) -> EventPlayer | None:
        with Session(self.reads) as s:
            return s.get(EventPlayer, (event_id, player_id))

    def update_player(self, event_id: str, player_id: str, **values: Any) -> bool:
        """Set some of a player's columns; False when they are not registered."""
        with Session(self.engine) as s:
            row = s.get(EventPlayer, (event_id, player_id))
            if row is None:
                return False
            for key, value in values.items():
                setattr(row, key, value)
            s.add(row)
            s.commit()
        return True

    def register(self, player: EventPlayer) -> bool:
        """False when this account is registered already (also when another process registered it first)."""
        with Session(self.engine, expire_on_commit=False) as s:
            if s.get(EventPlayer, (player.event_id, player.account_id)) is not None:
                return False
            s.add(player)
            try:
                s.commit()
            except IntegrityError:
                return False
        return True

    def withdraw(self, event_id: str, account_id: str) -> bool:
        with Session(self.engine) as s:
            row = s.get(EventPlayer, (event_id, account_id))
            if row is None:
                return False
            s.delete(row)
            s.commit()
        return True

    def drop(self, event_id: str, account_id: str, reason: str, after_round: int) -> bool:
        """Mark a player dropped for ``reason`` after ``after_round`` rounds; False when they are not registered or
        dropped already."""
        with Session(self.engine) as s:
            row = s.get(EventPlayer, (event_id, account_id))
            if row is None or row.dropped:
                return False
            row.dropped, row.drop_reason, row.dropped_round = True, reason, after_round
            s.add(row)
            s.commit()
        return True

    def reinstate(self, event_id: str, account_id: str) -> bool:
        """A dropped player is paired again; False when they are not dropped."""
        with Session(self.engine) as s:
            row = s.get(EventPlayer, (event_id, account_id))
            if row is None or not row.dropped:
                return False
            row.dropped, row.drop_reason, row.dropped_round, row.checked_in = False, "", None, True
            s.add(row)
            s.commit()
        return True

    def pairings(self, event_id: str) -> list[EventPairing]:
        with Session(self.reads) as s:
            return list(s.exec(select(EventPairing).where(EventPairing.event_id == event_id)
                               .order_by(col(EventPairing.round), col(EventPairing.table_no))).all())

    def add_round(self, event_id: str, tables: list[EventPairing], games: list[AccountGame],
                  dropped: dict[str, str]) -> bool:
        """Store a round's tables, each player's game links, the players ``dropped`` from the event (with the
        reason), and the event as running, in one transaction; False when another request stored this round first
        (the unique table number)."""
        with Session(self.engine) as s:
            event = s.get(Event, event_id)
            if event is None:
                return False
            for row in [*tables, *games]:
                s.add(row)
            for account_id, reason in sorted(dropped.items()):
                player = s.get(EventPlayer, (event_id, account_id))
                if player is not None:
                    player.dropped, player.drop_reason = True, reason
                    player.dropped_round = min(t.round for t in tables) - 1 if tables else 0
                    s.add(player)
            event.status = "running"
            s.add(event)
            try:
                s.commit()
            except IntegrityError:
                return False
        return True
