"""Cards belong to someone (DESIGN.md "Access"): the shipped catalog never changes at run time, a completion lives
in its game (the rules' ``complete_card``) and in its author's card book, and a card for the whole site needs the
operator's right.

:class:`CardService` is the one place for stored cards: the site's catalog (the shipped cards with those an
operator saved, in table ``card`` through models/db/card_repository.py) and, for one player, their card book (the
:class:`Book` given to :meth:`CardService.for_book`: a browser's ``app.storage.user`` under ``"cards"``, or a
signed-in account's rows in table ``account_card``). Every card stored goes through :meth:`CardService.save` and
is checked there by :func:`checked`, the same way for a player's completion and an operator's site-wide edit: a
card with a shipped card's key may only fill what the shipped card leaves empty
(:func:`models.catalog.schema.changed_facts`). A card of a player's own may be changed freely in its author's
card book; a running game keeps the copy it started with and completes it only. Bad input raises RuleViolation
with a sentence for a player and stores nothing.
"""

from __future__ import annotations

import copy
import hmac
import json
import time
from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ValidationError
from sqlalchemy import Engine

from models.catalog import shipped_cards
from models.catalog.schema import Card, card_problems, changed_facts, fact_words, with_shipped_facts
from models.db.card_repository import CardRepository
from models.db.my_data_repository import MyDataRepository
from models.rules.core import RuleViolation
from models.rules.invalid import invalid_words
from models.service.access import hash_token
from models.service.errors import Forbidden

BOOK = "cards"  # the key of the card book in the storage given
BOOK_MAX = 500  # cards in one card book
PACK_MAX = 2_000_000  # bytes of a card pack (and of a whole card book)
PACK_FORMAT = "tablekeeper-cards"
SITE_TTL = 30.0  # seconds a process trusts its copy of the site's cards


def checked(card: Card | dict[str, Any], number: int = 0) -> Card:
    """A card that reads, is usable, and keeps every fact its shipped card gives; RuleViolation otherwise.
    ``number`` is the card's place in a pack, named in the message (0: a single card)."""
    where = f"Card {number}: " if number else ""
    if not isinstance(card, Card):
        if not isinstance(card, dict):
            raise RuleViolation("cards.malformed", f"{where}this is not a card.")
        try:
            card = Card.model_validate(card)
        except ValidationError as error:
            words = invalid_words(error.errors(), "card", lambda loc: fact_words(loc).capitalize())
            raise RuleViolation("cards.malformed", f"{where}{words}.") from None
    shipped = shipped_cards().get(card.key)
    if shipped is not None:
        card = with_shipped_facts(shipped, card)
    named = where or f"{card.name}: "
    problems = card_problems(card)
    if problems:
        raise RuleViolation("cards.invalid", named + problems[0])
    _keeps_shipped_facts(card, named, " To change them, write your own card under another name.")
    return card


def _keeps_shipped_facts(card: Card, named: str, hint: str = "") -> None:
    shipped = shipped_cards().get(card.key)
    given = changed_facts(shipped, card) if shipped is not None else ()
    if shipped is not None and given:
        raise RuleViolation("card.fact_given", f"{named}the shipped card {shipped.name} already gives its "
                                               f"{', '.join(given)}: only what it leaves empty can be filled in."
                                               + hint)


def keep_shipped_facts(command: BaseModel, game_cards: Mapping[str, Card] | None = None) -> None:
    """Refuse a command bringing a card into a game (a game's setup, a summoned horror the game has no card for)
    that changes a shipped card's facts. A card the game has already is the rules' business (its copy counts).
    Checked when a command is sent, never when the log is replayed (the catalog may fill more facts later)."""
    for value in (getattr(command, name) for name in type(command).model_fields):
        for card in (value.values() if isinstance(value, dict) else (value,)):
            if isinstance(card, Card) and card.key not in (game_cards or {}):
                _keeps_shipped_facts(card, f"{card.name}: ")


def _readable(raw: Iterable[Any]) -> dict[str, Card]:
    """Stored cards that still read and still keep their shipped card's facts (the shipped card wins when the
    catalog has come to give a fact differently); the others are left out, never fatal."""
    out: dict[str, Card] = {}
    for data in raw:
        try:
            card = checked(data)
        except RuleViolation:
            continue
        out[card.key] = card
    return out


class Book(Protocol):
    """Where one player's card book is kept: cards by key, as stored (checked when read)."""

    on_loop: bool  # writes must happen on the event loop (NiceGUI's user storage); else in a worker thread

    def stored(self) -> dict[str, Any]: ...

    def keep(self, cards: dict[str, dict[str, Any]], whole: dict[str, Any]) -> None:
        """Store ``cards`` (checked); ``whole`` is the book with them in."""

    def drop(self, key: str) -> bool: ...


class StorageBook:
    """A browser's card book, in its NiceGUI user storage under ``"cards"``."""

    on_loop = True

    def __init__(self, storage: MutableMapping[str, Any]) -> None:
        self.storage = storage

    def stored(self) -> dict[str, Any]:
        stored = self.storage.get(BOOK)
        return stored if isinstance(stored, dict) else {}

    def keep(self, cards: dict[str, dict[str, Any]], whole: dict[str, Any]) -> None:
        self.storage[BOOK] = whole

    def drop(self, key: str) -> bool:
        book = self.stored()
        if key not in book:
            return False
        self.storage[BOOK] = {k: v for k, v in book.items() if k != key}
        return True


class AccountBook:
    """A signed-in account's card book, one row per card (table ``account_card``)."""

    on_loop = False

    def __init__(self, repo: MyDataRepository, account_id: str) -> None:
        self.repo, self.account_id = repo, account_id

    def stored(self) -> dict[str, Any]:
        return self.repo.cards(self.account_id)

    def keep(self, cards: dict[str, dict[str, Any]], whole: dict[str, Any]) -> None:
        self.repo.put_cards(self.account_id, cards)

    def drop(self, key: str) -> bool:
        return self.repo.delete_card(self.account_id, key)


class CardService:
    """The site's cards, one per server process (``GameService.card_service``), and through :meth:`for_book` one
    player's cards: the site's catalog with their card book on top.

    The site's catalog is read again every ``SITE_TTL`` seconds (another server process may have saved a card).
    The operator's right is the token from the environment (``TABLEKEEPER_OPERATOR_TOKEN``); without one set,
    nobody has it. Writes to a card book must happen where its storage lives (NiceGUI's user storage: on the
    event loop); reading and checking may run anywhere."""

    def __init__(self, engine: Engine, operator_token: str | None = None) -> None:
        self.repo = CardRepository(engine)
        self._account_books = MyDataRepository(engine)  # where signed-in players' card books live
        self._operator = hash_token(operator_token) if operator_token else None
        # The site's catalog and when it was read, shared with every player's copy of this service.
        self._site: list[tuple[float, dict[str, Card]]] = []
        self._book: Book | None = None

    def for_book(self, storage: MutableMapping[str, Any] | Book) -> CardService:
        """This service for the player whose card book is ``storage`` (a browser's user storage, or a Book)."""
        mine = copy.copy(self)
        mine._book = StorageBook(storage) if isinstance(storage, MutableMapping) else storage
        return mine

    def for_account(self, account_id: str) -> CardService:
        """This service for a signed-in account: its card book is on the server."""
        return self.for_book(AccountBook(self._account_books, account_id))

    @property
    def book_on_loop(self) -> bool:
        """Whether this card book is written on the event loop (a browser's) rather than in a worker thread."""
        return self._book is None or self._book.on_loop

    # -- reading -------------------------------------------------------------------------------------------
    def site_catalog(self) -> dict[str, Card]:
        """The shipped cards with the cards an operator saved for the whole site."""
        if not self._site or time.monotonic() - self._site[0][0] > SITE_TTL:
            self._site[:] = [(time.monotonic(), {**shipped_cards(), **_readable(self.repo.site_cards().values())})]
        return self._site[0][1]

    def forget(self) -> None:
        """Read the operator's cards again on next use."""
        self._site.clear()

    def book(self) -> dict[str, Card]:
        """The cards this player completed or wrote (those that still read)."""
        return _readable(self._book.stored().values()) if self._book is not None else {}

    def catalog(self) -> dict[str, Card]:
        """What this player may pick for a new game or list: the site's cards, their own on top."""
        return {**self.site_catalog(), **self.book()}

    # -- the operator's right ------------------------------------------------------------------------------
    @property
    def has_operator(self) -> bool:
        """An operator token is configured (without one, nobody may save site cards)."""
        return self._operator is not None

    def is_operator(self, token: str | None) -> bool:
        return self._operator is not None and bool(token) and hmac.compare_digest(self._operator,
                                                                                   hash_token(token or ""))

    # -- the one save path ---------------------------------------------------------------------------------
    def save(self, cards: Sequence[Card | dict[str, Any]], *, for_site: bool = False,
             operator_token: str | None = None) -> list[Card]:
        """Check and store cards, all of them or none: into this player's card book (a completion, a card of
        their own, a pack), or ``for_site`` for every player (Forbidden unless ``operator_token`` is the
        operator's). Each card is checked the same way wherever it goes."""
        if for_site and not self.is_operator(operator_token):
            raise Forbidden("operator")
        done = [checked(c, n + 1 if len(cards) > 1 else 0) for n, c in enumerate(cards)]
        data = {c.key: c.model_dump(mode="json", exclude_none=True) for c in done}
        if for_site:
            self.repo.save_site_cards(data)
            self.forget()
        else:
            self._own_book().keep(data, self.fitting(data))
        return done

    def _own_book(self) -> Book:
        if self._book is None:  # the site's own service: a player's cards go through for_book
            raise ValueError("this CardService has no card book: use for_book(storage)")
        return self._book

    def fitting(self, data: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """The card book with checked cards ``data`` put over its cards with the same keys; RuleViolation when
        it would be too full (a move into an account asks this before its one transaction)."""
        book = {**self._own_book().stored(), **data}
        if len(book) > BOOK_MAX:
            raise RuleViolation("book.full", f"A card book holds at most {BOOK_MAX} cards.")
        if len(json.dumps(book)) > PACK_MAX:
            raise RuleViolation("book.full", "Your card book would be too big (at most 2 MB of cards).")
        return book

    def remove(self, key: str) -> bool:
        """Take a card out of this player's card book; whether it was there."""
        return self._own_book().drop(key)

    # -- card packs ----------------------------------------------------------------------------------------
    def export_pack(self) -> str:
        """The card book as a card pack (JSON) another player or site can import."""
        cards = [c.model_dump(mode="json", exclude_none=True) for _, c in sorted(self.book().items())]
        return json.dumps({"format": PACK_FORMAT, "version": 1, "cards": cards}, indent=1, ensure_ascii=False) + "\n"

    @staticmethod
    def read_pack(text: str | bytes) -> list[Card]:
        """The cards of a card pack (as exported) or of a catalog faction file; RuleViolation naming the first
        problem when one card is wrong (then nothing is kept)."""
        if len(text) > PACK_MAX:
            raise RuleViolation("cards.too_big", "That file is too big for a card pack (at most 2 MB).")
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise RuleViolation("cards.not_json", "That file is not a card pack (it is not JSON).") from None
        raw = data.get("cards") if isinstance(data, dict) else data
        if not isinstance(raw, list) or not raw:
            raise RuleViolation("cards.empty", "That file holds no cards.")
        if len(raw) > BOOK_MAX:
            raise RuleViolation("cards.too_many", f"A card pack holds at most {BOOK_MAX} cards.")
        shared = {k: data[k] for k in ("faction", "source") if isinstance(data, dict) and k in data}
        cards = [checked({**shared, **item} if isinstance(item, dict) else item, n + 1) for n, item in enumerate(raw)]
        keys = [c.key for c in cards]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        if twice:
            raise RuleViolation("cards.duplicate", "The file has these cards twice: " + ", ".join(twice)[:200] + ".")
        return cards
