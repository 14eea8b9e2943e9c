"""What a signed-in person keeps on the server: their card book, the games they played with the links
to them, and moving a browser's lists, cards and game links into the account.

A game's links are kept as they were handed out (raw tokens: the account is where its owner finds them again),
but only tokens that open that game in the role they are named for are kept. Lists are ListService's, under the
account's owner key (``Me.owner``). Bad input raises MyDataError
(a card book's refusal: RuleViolation) and stores nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine

from models.db.list_repository import ListRepository
from models.db.my_data_repository import MyDataRepository
from models.db.tables import AccountGame, Game
from models.rules.text import tidy
from models.service.accounts import Me
from models.service.cards import BOOK, CardService, check_fits
from models.service.errors import MyDataError, NotFound
from models.service.games import GameService
from models.service.lists import LISTS_PER_OWNER
from models.service.results import outcome

TITLE_MAX = 120
LINK_ROLES = {"table": ("table", None), "seat1": ("seat", 0), "seat2": ("seat", 1), "watch": ("watch", None)}


@dataclass(frozen=True)
class MyGame:
    """One game of an account as "My games" shows it."""

    game_id: str
    title: str
    system: str
    started: datetime
    links: dict[str, str]  # the keys of LINK_ROLES it has, each a raw token
    progress: str  # "setting up", "round 3", or the result: "Ana wins by assassination"
    finished: bool

    @property
    def act_token(self) -> str | None:
        """The token that opens the game's table page: the table link's, else the account's own seat."""
        return self.links.get("table") or self.links.get("seat1") or self.links.get("seat2")


@dataclass(frozen=True)
class Moving:
    """What a browser keeps that the account does not have yet."""

    lists: int
    cards: list[str]  # names of the cards new to the account's book
    games: list[str]  # ids of the games new to the account

    @property
    def anything(self) -> bool:
        return bool(self.lists or self.cards or self.games)


@dataclass(frozen=True)
class Moved:
    lists: int
    cards: int
    games: int
    clashes: list[str]  # names of cards the account had its own version of: the account's was kept


class MyData:
    def __init__(self, engine: Engine, games: GameService) -> None:
        self.games = games
        self.repo = MyDataRepository(engine)
        self.lists = ListRepository(engine)

    def rename_browser(self, old: str, new: str) -> int:
        """A browser given a new storage id keeps its saved lists; how many moved."""
        return self.lists.move_owner(old, new)

    def cards(self, me: Me) -> CardService:
        """The account's cards: the site's catalog with its card book (on the server) on top."""
        return self.games.card_service.for_account(me.id)

    # -- games ---------------------------------------------------------------------------------------------
    def checked_links(self, game_id: str, links: dict[str, Any]) -> dict[str, str]:
        """The title and the tokens of ``links`` that open ``game_id`` in the role their name says."""
        out: dict[str, str] = {}
        for name, (role, seat) in LINK_ROLES.items():
            token = links.get(name)
            if not isinstance(token, str) or not token or len(token) > 128:
                continue
            try:
                actor = self.games.authorize(game_id, token)
            except NotFound:
                continue
            if actor.role == role and actor.seat == seat:
                out[name] = token
        title = links.get("title")
        if isinstance(title, str) and tidy(title):
            out["title"] = tidy(title)[:TITLE_MAX]
        return out

    def keep_game(self, me: Me, game_id: str, links: dict[str, Any]) -> bool:
        """Keep a game's links in the account; False when it has the game already. NotFound when no link given
        opens the game (nobody keeps a game they hold no link to)."""
        kept = self.checked_links(game_id, links)
        if kept.keys() <= {"title"}:
            raise NotFound(game_id)
        return self.repo.add_game(me.id, game_id, kept)

    def links_of(self, me: Me, game_id: str) -> dict[str, str] | None:
        """The links the account keeps to this game (None when it does not hold the game)."""
        row = self.repo.game(me.id, game_id)
        return None if row is None else {k: v for k, v in row.links.items() if isinstance(v, str)}

    def my_games(self, me: Me) -> list[MyGame]:
        """Every game of the account, newest first, with how far it got."""
        return [self._my_game(row, game) for row, game in self.repo.games(me.id)]

    def _my_game(self, row: AccountGame, game: Game) -> MyGame:
        links = {k: v for k, v in row.links.items() if k in LINK_ROLES and isinstance(v, str)}
        try:
            state = self.games.state(game.id)[1]
        except NotFound:
            state = None
        ended = outcome(state) if state is not None else None
        if ended is not None:
            progress = str(ended["title"])
        elif state is None or not state.round:
            progress = "setting up"
        else:
            progress = f"round {state.round}"
        title = str(row.links.get("title") or game.title or "Untitled game")
        return MyGame(game_id=game.id, title=title, system=game.system, started=game.created, links=links,
                      progress=progress, finished=ended is not None)

    # -- moving a browser's data in ------------------------------------------------------------------------
    def moving(self, me: Me, owner: str, browser_cards: dict[str, Any], browser_games: dict[str, Any]) -> Moving:
        """What this browser (its list owner key, its card book, its game links) has that the account has not."""
        mine = self.cards(me).book()
        theirs = self.games.card_service.for_book({BOOK: browser_cards}).book()
        new_cards = [c.name for k, c in sorted(theirs.items()) if k not in mine]
        return Moving(lists=self.lists.count(owner) if owner else 0, cards=new_cards,
                      games=sorted(self._new_games(me, browser_games)))

    def _new_games(self, me: Me, browser_games: dict[str, Any]) -> dict[str, dict[str, str]]:
        wanted = {g: links for g, links in browser_games.items()
                  if isinstance(g, str) and len(g) <= 32 and isinstance(links, dict)}
        known = self.repo.game_ids(me.id)
        found = self.repo.existing_games(g for g in wanted if g not in known)
        out = {}
        for game_id in found:
            links = self.checked_links(game_id, wanted[game_id])
            if links.keys() - {"title"}:
                out[game_id] = links
        return out

    def move_in(self, me: Me, owner: str, browser_cards: dict[str, Any], browser_games: dict[str, Any]) -> Moved:
        """Move the browser's lists, cards and game links into the account, in one transaction: lists change
        owner; cards go through the card book's check (a card the account has its own version of keeps the
        account's, and is named); links become the account's games. MyDataError (nothing moved) when the
        account would hold too many lists, RuleViolation too many cards."""
        mine = self.cards(me).book()
        theirs = self.games.card_service.for_book({BOOK: browser_cards}).book()
        new = {k: c.model_dump(mode="json", exclude_none=True) for k, c in theirs.items() if k not in mine}
        clashes = sorted(c.name for k, c in theirs.items() if k in mine and mine[k] != c)
        games = self._new_games(me, browser_games)
        moved = self.repo.move_in(me.id, owner, me.owner, new, games, LISTS_PER_OWNER, check_fits)
        if moved is None:
            raise MyDataError("my_data.too_many_lists", f"Your account can keep at most {LISTS_PER_OWNER} lists: "
                                                        "delete some there first, then move this browser's lists in.")
        return Moved(lists=moved, cards=len(new), games=len(games), clashes=clashes)
