"""Reads and writes of what an account keeps (tables ``account_card``, ``account_game``), and moving a browser's
lists, cards and game links into an account in one transaction."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import func, update
from sqlmodel import Session, col, select

from models.db.list_repository import lists_key
from models.db.store import Store, lock
from models.db.tables import AccountCard, AccountGame, ArmyList, Game, now


class MyDataRepository(Store):
    # -- the card book -------------------------------------------------------------------------------------
    def cards(self, account_id: str) -> dict[str, dict[str, Any]]:
        with Session(self.reads) as s:
            rows = s.exec(select(AccountCard).where(AccountCard.account_id == account_id)).all()
            return {r.key: r.data for r in rows}

    def put_cards(self, account_id: str, cards: dict[str, dict[str, Any]],
                  fits: Callable[[dict[str, Any]], object]) -> None:
        """Insert or replace cards of this account, all of them or none, once ``fits`` passes the card book with
        them in (it raises when the book would be too full)."""
        with Session(self.engine) as s:
            _put_cards(s, account_id, cards, fits)
            s.commit()

    def delete_card(self, account_id: str, key: str) -> bool:
        return self.delete_row(AccountCard, (account_id, key))

    # -- games ---------------------------------------------------------------------------------------------
    def games(self, account_id: str, limit: int = 500) -> list[tuple[AccountGame, Game]]:
        """The account's games with their game rows, newest first."""
        with Session(self.reads) as s:
            return [(g, game) for g, game in s.exec(
                select(AccountGame, Game).join(Game, col(Game.id) == col(AccountGame.game_id))
                .where(AccountGame.account_id == account_id)
                .order_by(col(Game.created).desc(), col(Game.id)).limit(limit)).all()]

    def game(self, account_id: str, game_id: str) -> AccountGame | None:
        with Session(self.reads) as s:
            return s.get(AccountGame, (account_id, game_id))

    def game_ids(self, account_id: str) -> set[str]:
        with Session(self.reads) as s:
            return set(s.exec(select(AccountGame.game_id).where(AccountGame.account_id == account_id)).all())

    def existing_games(self, game_ids: Iterable[str]) -> set[str]:
        wanted = list(game_ids)
        if not wanted:
            return set()
        with Session(self.reads) as s:
            return set(s.exec(select(Game.id).where(col(Game.id).in_(wanted))).all())

    def add_game(self, account_id: str, game_id: str, links: dict[str, Any]) -> bool:
        """Keep a game's links for this account; False when it has the game already or the game is unknown."""
        with Session(self.engine) as s:
            if s.get(Game, game_id) is None or s.get(AccountGame, (account_id, game_id)) is not None:
                return False
            s.add(AccountGame(account_id=account_id, game_id=game_id, links=links))
            s.commit()
            return True

    # -- moving a browser's data in ------------------------------------------------------------------------
    def move_in(self, account_id: str, from_owner: str, to_owner: str, cards: dict[str, dict[str, Any]],
                games: dict[str, dict[str, Any]], lists_most: int,
                fits: Callable[[dict[str, Any]], object]) -> int | None:
        """In one transaction: the lists of ``from_owner`` become ``to_owner``'s, ``cards`` join the account's
        card book and ``games`` (links by game id, of games that exist and the account does not have) become its
        games. The number of lists moved; None, and nothing moved, when ``to_owner`` would hold more than
        ``lists_most`` lists (``fits`` refuses a card book too full, raising)."""
        with Session(self.engine) as s:
            lock(s, lists_key(to_owner), _cards_key(account_id))
            moved = s.exec(update(ArmyList).where(col(ArmyList.owner) == from_owner)
                           .values(owner=to_owner, updated=now())).rowcount if from_owner else 0
            if moved and s.exec(select(func.count()).select_from(ArmyList)
                                .where(ArmyList.owner == to_owner)).one() > lists_most:
                return None
            _put_cards(s, account_id, cards, fits)
            for game_id, links in games.items():
                s.add(AccountGame(account_id=account_id, game_id=game_id, links=links))
            s.commit()
            return int(moved or 0)


def _cards_key(account_id: str) -> str:
    return f"cards {account_id}"


def _put_cards(s: Session, account_id: str, cards: dict[str, dict[str, Any]],
               fits: Callable[[dict[str, Any]], object]) -> None:
    """Write ``cards`` once ``fits`` passes the whole book with them, read under the book's lock: parallel saves,
    in this process or another, cannot together pass the most a book holds."""
    if not cards:
        return
    lock(s, _cards_key(account_id))
    rows = {r.key: r for r in s.exec(select(AccountCard).where(AccountCard.account_id == account_id)).all()}
    fits({**{key: r.data for key, r in rows.items()}, **cards})
    for key, data in cards.items():
        row = rows.get(key)
        if row is None:
            row = AccountCard(account_id=account_id, key=key, data=data)
        else:
            row.data, row.updated = data, now()
        s.add(row)
