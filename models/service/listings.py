"""Public listing of games on the site's "Live now" page, off by default.

A game's players (its table link or a seat's link: models/service/access.py) list it; listing mints a watch link
of its own, kept with the listing so that anyone on Live now can open the watch view, and unlisting revokes that
link only (the watch links handed out before keep working). A finished game is not listed: Live now shows games
still being played.
"""

from __future__ import annotations

from sqlalchemy import Engine

from models.db.listing_repository import ListedGame, ListingRepository
from models.db.tables import AccessToken
from models.service.access import Actor, check_can_list, hash_token, new_token
from models.service.errors import ListingError
from models.service.games import GameService

OVER = "over"


class ListingService:
    def __init__(self, engine: Engine, games: GameService) -> None:
        self.games = games
        self.repo = ListingRepository(engine)

    def watch_token(self, game_id: str, actor: Actor) -> str | None:
        """The listing's watch token (None: not listed), for the game's players only."""
        check_can_list(actor)
        return self.repo.watch_token(game_id)

    def list_game(self, game_id: str, actor: Actor) -> str:
        """List the game (``actor`` holds a link of it, authorised by GameService.authorize); the listing's watch
        token. Listing a listed game again changes nothing."""
        check_can_list(actor)
        kept = self.repo.watch_token(game_id)
        if kept is not None:
            return kept
        _, state = self.games.state(game_id)
        if state.phase == OVER:
            raise ListingError("listing.finished", "This game has ended: Live now shows only games still being "
                                                   "played.")
        token = new_token()
        return self.repo.add(game_id, token, AccessToken(hash=hash_token(token), game_id=game_id, role="watch"))

    def unlist(self, game_id: str, actor: Actor) -> str | None:
        """Take the game off Live now and revoke the watch link its listing minted; that token (None: the game was
        not listed)."""
        check_can_list(actor)
        token = self.repo.watch_token(game_id)
        if token is None or not self.repo.remove(game_id, token, hash_token(token)):
            return None
        return token

    def listed(self) -> list[ListedGame]:
        """Every listed game (finished ones too: the Live now page leaves those out by their view)."""
        return self.repo.listed()
