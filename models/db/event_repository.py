"""Reads and writes of events, their players and pairings (tables ``event``, ``event_player``,
``event_pairing``; a pairing's games also go into each player's ``account_game``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import delete, func, update
from sqlmodel import Session, col, select

from models.db.event_links import rotate
from models.db.repository import FROZEN
from models.db.store import Store, committed, lock
from models.db.tables import (
    AccessToken,
    Account,
    AccountGame,
    CommandLog,
    Event,
    EventPairing,
    EventPlayer,
    Game,
    PublicListing,
    ResultCorrection,
    ResultReport,
    Snapshot,
)

Joined = Literal["joined", "there already", "full"]  # a registration, a co-organiser named


def _event_key(event_id: str) -> str:
    """The lock of an event's counted writes: its players and its co-organisers."""
    return f"event {event_id}"


class EventRepository(Store):
    def add(self, event: Event) -> None:
        with Session(self.engine, expire_on_commit=False) as s:
            s.add(event)
            s.commit()

    def save_event(self, event: Event) -> None:
        with Session(self.engine) as s:
            s.merge(event)
            s.commit()

    def save_rotating_links(self, event: Event, new: Callable[[], str], hashed: Callable[[str], str]) -> list[str]:
        """Store ``event`` (someone stopped running it) and replace its games' organisers' links and its venue
        sign-up link (models/db/event_links.py), in one transaction; the games whose links changed."""
        with Session(self.engine) as s:
            kept = s.merge(event)
            games = rotate(s, event.id, new, hashed)
            event.venue_token = kept.venue_token  # the caller's copy shows the new venue link
            s.commit()
        return games

    def set_venue(self, event_id: str, token: str | None) -> None:
        """Give the event a venue sign-up link's token (None: it has none, the old one ends)."""
        with Session(self.engine) as s:
            s.exec(update(Event).where(col(Event.id) == event_id).values(venue_token=token))
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

    def check_in_all(self, event_id: str) -> int:
        """Check in every player of the event not dropped, in one statement; how many it checked in."""
        with Session(self.engine) as s:
            done = s.exec(update(EventPlayer).where(col(EventPlayer.event_id) == event_id,
                                                    col(EventPlayer.dropped).is_(False),
                                                    col(EventPlayer.checked_in).is_(False)).values(checked_in=True))
            s.commit()
        return int(done.rowcount)

    def register(self, player: EventPlayer, room: int) -> Joined:
        """Store a player unless the event holds ``room`` players or has them already; the count and the insert
        are one transaction holding the event's lock, so parallel registrations for its last place, in this
        process or another, register one."""
        with Session(self.engine, expire_on_commit=False) as s:
            lock(s, _event_key(player.event_id))
            if s.get(EventPlayer, (player.event_id, player.account_id)) is not None:
                return "there already"
            if s.exec(select(func.count()).select_from(EventPlayer)
                      .where(EventPlayer.event_id == player.event_id)).one() >= room:
                return "full"
            s.add(player)
            return "joined" if committed(s) else "there already"

    def name_co_organiser(self, event_id: str, email: str, most: int) -> Joined:
        """Add ``email`` to the event's co-organisers unless it has ``most`` of them or this one, in one
        transaction holding the event's lock (parallel namings neither pass the limit nor lose each other)."""
        with Session(self.engine) as s:
            lock(s, _event_key(event_id))
            event = s.get_one(Event, event_id)  # events are never deleted
            if email in event.co_organisers:
                return "there already"
            if len(event.co_organisers) >= most:
                return "full"
            event.co_organisers = [*event.co_organisers, email]
            s.add(event)
            s.commit()
            return "joined"

    def withdraw(self, event_id: str, account_id: str) -> bool:
        return self.delete_row(EventPlayer, (event_id, account_id))

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

    def pairing_of_game(self, game_id: str) -> EventPairing | None:
        """The event table that plays ``game_id`` (None: not an event's game)."""
        with Session(self.reads) as s:
            return s.exec(select(EventPairing).where(EventPairing.game_id == game_id)).first()

    def add_round(self, event_id: str, tables: list[EventPairing], games: list[AccountGame],
                  dropped: dict[str, str], frozen: Sequence[str] = (), opened: Sequence[Any] = (),
                  seed: int | None = None) -> bool:
        """Store a round's tables with the rows of the games ``opened`` for them, each player's game links, the
        players ``dropped`` from the event (with the reason), the games ``frozen`` (earlier rounds': they take no
        more commands), round 1's ``seed`` and the event as running, in one transaction; False when another request
        stored this round first (the unique table number), and then none of it is stored, its games neither."""
        with Session(self.engine) as s:
            event = s.get(Event, event_id)
            if event is None:
                return False
            for first in (True, False):  # the games, then their links and logs, then the tables that name them
                s.add_all([row for row in opened if isinstance(row, Game) == first])
                s.flush()
            if frozen:
                s.exec(update(Game).where(col(Game.id).in_(frozen)).values(status=FROZEN))
            for row in [*tables, *games]:
                s.add(row)
            for account_id, reason in sorted(dropped.items()):
                player = s.get(EventPlayer, (event_id, account_id))
                if player is not None:
                    player.dropped, player.drop_reason = True, reason
                    player.dropped_round = min(t.round for t in tables) - 1 if tables else 0
                    s.add(player)
            event.status = "running"
            if seed is not None:
                event.seed = seed
            s.add(event)
            return committed(s)

    def set_next_round(self, event_id: str, at: datetime | None) -> None:
        with Session(self.engine) as s:
            s.exec(update(Event).where(col(Event.id) == event_id).values(next_round_at=at))
            s.commit()

    def publish_round(self, event_id: str, round_no: int, tables: Sequence[EventPairing], games: list[AccountGame],
                      opened: Sequence[Any], frozen: Sequence[str]) -> bool:
        """A drafted round published: its tables get the games ``opened`` for them and each player's game links, the
        games ``frozen`` (earlier rounds') take no more commands, in one transaction; False when it is not drafted
        any more (another request published or deleted it first), and then nothing is stored."""
        with Session(self.engine) as s:
            changed = s.exec(update(EventPairing).where(col(EventPairing.event_id) == event_id,
                                                        col(EventPairing.round) == round_no,
                                                        col(EventPairing.published).is_(False))
                             .values(published=True))
            if changed.rowcount != len(tables):
                s.rollback()
                return False
            for first in (True, False):
                s.add_all([row for row in opened if isinstance(row, Game) == first])
                s.flush()
            for table in tables:
                s.exec(update(EventPairing).where(col(EventPairing.id) == table.id)
                       .values(game_id=table.game_id, links=table.links))
            s.add_all(games)
            if frozen:
                s.exec(update(Game).where(col(Game.id).in_(frozen)).values(status=FROZEN))
            s.commit()
        return True

    def seat_players(self, event_id: str, round_no: int, seats: dict[int, tuple[str, str | None]]) -> bool:
        """Drafted tables (by pairing id) get new players; False when the round is not drafted any more."""
        with Session(self.engine) as s:
            for pairing_id, (a, b) in seats.items():
                changed = s.exec(update(EventPairing).where(col(EventPairing.id) == pairing_id,
                                                            col(EventPairing.event_id) == event_id,
                                                            col(EventPairing.round) == round_no,
                                                            col(EventPairing.published).is_(False))
                                 .values(player_a=a, player_b=b))
                if changed.rowcount != 1:
                    s.rollback()
                    return False
            s.commit()
        return True

    def delete_round(self, event_id: str, round_no: int, games: Sequence[str], unfrozen: Sequence[str]) -> bool:
        """The round's tables go with their ``games`` (every row of them) and the reports on them; the games
        ``unfrozen`` (the round before's) take commands again. One transaction; False when the round was gone."""
        with Session(self.engine) as s:
            ids = list(s.exec(select(EventPairing.id).where(EventPairing.event_id == event_id,
                                                            EventPairing.round == round_no)).all())
            if not ids:
                return False
            s.exec(delete(ResultCorrection).where(col(ResultCorrection.pairing_id).in_(ids)))
            s.exec(delete(ResultReport).where(col(ResultReport.pairing_id).in_(ids)))
            s.exec(delete(EventPairing).where(col(EventPairing.id).in_(ids)))
            if games:
                for table in (AccountGame, PublicListing, AccessToken, CommandLog, Snapshot):
                    s.exec(delete(table).where(col(table.game_id).in_(games)))
                s.exec(delete(Game).where(col(Game.id).in_(games)))
            if unfrozen:
                s.exec(update(Game).where(col(Game.id).in_(unfrozen)).values(status="active"))
            s.commit()
        return True
