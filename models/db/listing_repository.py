"""Reads and writes of public listings (table ``public_listing``) with the watch token each one minted."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, delete, select

from models.db.store import Store
from models.db.tables import AccessToken, Game, PublicListing


@dataclass(frozen=True)
class ListedGame:
    """A listed game as the Live now page follows it: the watch token to open it and the version it is at."""

    game_id: str
    watch_token: str
    version: int
    listed: str


class ListingRepository(Store):
    def watch_token(self, game_id: str) -> str | None:
        """The listing's watch token, or None when the game is not listed."""
        with Session(self.reads) as s:
            return s.exec(select(PublicListing.watch_token).where(PublicListing.game_id == game_id)).first()

    def add(self, game_id: str, watch_token: str, token: AccessToken) -> str:
        """List the game with a new watch link (both rows in one transaction); when it is listed already (also by
        another process at the same moment) nothing is written and the listing's own watch token is returned."""
        with Session(self.engine) as s:
            s.add(token)
            s.add(PublicListing(game_id=game_id, watch_token=watch_token))
            try:
                s.commit()
            except IntegrityError:
                s.rollback()
                kept = self.watch_token(game_id)
                if kept is None:
                    raise
                return kept
        return watch_token

    def remove(self, game_id: str, watch_token: str, token_hash: str) -> bool:
        """Unlist the game and revoke the watch link it minted, in one transaction; False when that listing is
        gone already."""
        with Session(self.engine) as s:
            gone = s.exec(delete(PublicListing).where(col(PublicListing.game_id) == game_id,
                                                      col(PublicListing.watch_token) == watch_token))
            if gone.rowcount != 1:
                s.rollback()
                return False
            s.exec(delete(AccessToken).where(col(AccessToken.hash) == token_hash,
                                             col(AccessToken.game_id) == game_id))
            s.commit()
        return True

    def listed(self) -> list[ListedGame]:
        """Every listed game, the earliest listed first."""
        with Session(self.reads) as s:
            rows = s.exec(select(PublicListing.game_id, PublicListing.watch_token, Game.version, PublicListing.listed)
                          .join(Game, col(Game.id) == PublicListing.game_id)
                          .order_by(col(PublicListing.listed), col(PublicListing.game_id))).all()
        return [ListedGame(g, t, v, at.isoformat()) for g, t, v, at in rows]
