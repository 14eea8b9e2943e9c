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
from collections.abc import Callable, Iterable, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import ValidationError
from sqlalchemy import Engine

from models.catalog import shipped_cards
from models.catalog.card_facts import FACT_WORDS, FactOrigin, card_facts, same, with_fact
from models.catalog.schema import Card
from models.db.card_repository import CardRepository
from models.db.my_data_repository import MyDataRepository
from models.rules.core import RuleViolation
from models.service.access import hash_token
from models.service.card_checks import checked as checked
from models.service.card_checks import keep_shipped_facts as keep_shipped_facts
from models.service.community import CommunityBook
from models.service.errors import Forbidden

BOOK = "cards"  # the key of the card book in the storage given
BOOK_MAX = 500  # cards in one card book
PACK_MAX = 2_000_000  # bytes of a card pack (and of a whole card book)
PACK_FORMAT = "tablekeeper-cards"
PACK_VERSIONS = (1, 2)  # 2: the community card book's, each card with the origins of its facts
SITE_TTL = 30.0  # seconds a process trusts its copy of the site's cards


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


def _over(under: Card, own: Card, base: Card, origins: tuple[FactOrigin, ...]) -> tuple[Card, tuple[FactOrigin, ...]]:
    """``under`` (a card the community book completes) with the facts ``own`` gives beyond ``base`` put over
    it, and the origins of the community's facts left; ``own`` as it is when the two do not fit together."""
    given, mine, card = card_facts(base), card_facts(own), under
    try:
        for fact, value in mine.items():
            if not same(value, given.get(fact)):
                card = with_fact(card, fact, value)
        card = checked(card)
    except (RuleViolation, ValidationError):
        return own, ()
    return card, tuple(o for o in origins if o.fact not in mine or same(mine[o.fact], given.get(o.fact)))


def _own_facts(card: Card) -> dict[str, Any]:
    """The facts a card of a player's card book gives beyond the site's shipped card (all of them for a card of
    their own)."""
    shipped = card_facts(shipped_cards()[card.key]) if card.key in shipped_cards() else {}
    return {f: v for f, v in card_facts(card).items() if not same(v, shipped.get(f))}


def _without_origins(item: dict[str, Any]) -> dict[str, Any]:
    """A version 2 pack's card (the community book's) says whose each fact is; the card itself is the rest."""
    return {k: v for k, v in item.items() if k != "origins"}


@dataclass(frozen=True)
class PackPlan:
    """What importing a card pack would do to a card book: the cards it adds, those whose empty facts it fills,
    and those where it would overwrite a value of the player's own (card name, the facts in words)."""

    adds: tuple[str, ...]
    fills: tuple[str, ...]
    overwrites: tuple[tuple[str, tuple[str, ...]], ...]

    def words(self) -> str:
        parts = [f"adds {', '.join(self.adds)}" if self.adds else "",
                 f"fills in {', '.join(self.fills)}" if self.fills else "",
                 "would overwrite your own " + "; ".join(f"{name} ({', '.join(facts)})" for name, facts
                                                         in self.overwrites) if self.overwrites else ""]
        return "This pack " + ("; ".join(p for p in parts if p) or "changes nothing in your card book") + "."


class Book(Protocol):
    """Where one player's card book is kept: cards by key, as stored (checked when read)."""

    on_loop: bool  # writes must happen on the event loop (NiceGUI's user storage); else in a worker thread

    def stored(self) -> dict[str, Any]: ...

    def keep(self, cards: dict[str, dict[str, Any]], fits: Callable[[dict[str, Any]], object]) -> None:
        """Store ``cards`` (checked) once ``fits`` passes the book with them in (it raises when too full)."""

    def drop(self, key: str) -> bool: ...


def check_fits(book: dict[str, Any]) -> None:
    """RuleViolation when a card book (cards by key, as stored) holds too much; a book's write asks this with the
    book as it would be, read under its lock."""
    if len(book) > BOOK_MAX:
        raise RuleViolation("book.full", f"A card book holds at most {BOOK_MAX} cards.")
    if len(json.dumps(book)) > PACK_MAX:
        raise RuleViolation("book.full", "Your card book would be too big (at most 2 MB of cards).")


class StorageBook:
    """A browser's card book, in its NiceGUI user storage under ``"cards"``."""

    on_loop = True

    def __init__(self, storage: MutableMapping[str, Any]) -> None:
        self.storage = storage

    def stored(self) -> dict[str, Any]:
        stored = self.storage.get(BOOK)
        return stored if isinstance(stored, dict) else {}

    def keep(self, cards: dict[str, dict[str, Any]], fits: Callable[[dict[str, Any]], object]) -> None:
        whole = {**self.stored(), **cards}
        fits(whole)
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

    def keep(self, cards: dict[str, dict[str, Any]], fits: Callable[[dict[str, Any]], object]) -> None:
        self.repo.put_cards(self.account_id, cards, fits)

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
        self.community = CommunityBook(engine)  # facts players published for everyone

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
        """What this player may pick for a new game or list: the site's cards, completed by the community card
        book, their own on top."""
        return self.resolved()[0]

    def resolved(self) -> tuple[dict[str, Card], dict[str, tuple[FactOrigin, ...]]]:
        """This player's catalog (:meth:`catalog`) and, for each card the community book completes, the origin
        of every fact it took from the book (a game records them). Each fact resolves through the layers in
        their order of trust: the shipped catalog (and an operator's site card), the community book, the
        player's own card book on top (their own value, or the value they picked)."""
        site = self.site_catalog()
        cards, origins = dict(site), {}
        for key, community in self.community.resolved().items():
            cards[key], origins[key] = community.resolved, community.origins
            if site[key] is not shipped_cards()[key]:  # an operator's site card gives more
                cards[key], origins[key] = _over(cards[key], site[key], shipped_cards()[key], origins[key])
        for key, own in self.book().items():
            if key in origins:
                cards[key], origins[key] = _over(cards[key], own, site[key], origins[key])
            else:
                cards[key] = own
        return cards, {k: o for k, o in origins.items() if o}

    def community_words(self) -> dict[str, str]:
        """What each card the community book has facts for says of them to this player, in one line ("community:
        entered by Ann from their printed card, matched by 2 others"; values that disagree, to pick)."""
        _, origins = self.resolved()
        return {k: words for k, c in self.community.resolved().items() if (words := c.says(origins.get(k, ())))}

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
            self._own_book().keep(data, check_fits)
        return done

    def _own_book(self) -> Book:
        if self._book is None:  # the site's own service: a player's cards go through for_book
            raise ValueError("this CardService has no card book: use for_book(storage)")
        return self._book

    def remove(self, key: str) -> bool:
        """Take a card out of this player's card book; whether it was there."""
        return self._own_book().drop(key)

    # -- card packs ----------------------------------------------------------------------------------------
    def export_pack(self) -> str:
        """The card book as a card pack (JSON) another player or site can import."""
        cards = [c.model_dump(mode="json", exclude_none=True) for _, c in sorted(self.book().items())]
        return json.dumps({"format": PACK_FORMAT, "version": 1, "cards": cards}, indent=1, ensure_ascii=False) + "\n"

    def pack_plan(self, cards: Sequence[Card]) -> PackPlan:
        """What keeping ``cards`` (a pack's, checked) in this card book would add, fill in and overwrite."""
        book = self.book()
        adds, fills, overwrites = [], [], []
        for card in cards:
            own = book.get(card.key)
            if own is None:
                adds.append(card.name)
                continue
            mine, theirs = _own_facts(own), card_facts(card)
            differ = tuple(FACT_WORDS[f] for f, v in mine.items() if f in theirs and not same(v, theirs[f]))
            if differ:
                overwrites.append((card.name, differ))
            elif any(f not in mine for f in theirs):
                fills.append(card.name)
        return PackPlan(tuple(adds), tuple(fills), tuple(overwrites))

    def keep_pack(self, cards: Sequence[Card], overwrite: bool = False) -> list[Card]:
        """Keep a pack's cards in this card book, all of them or none; unless ``overwrite``, a value the player's
        own card gives stays theirs and only what it leaves empty comes from the pack."""
        if overwrite:
            return self.save(cards)
        book = self.book()
        kept: list[Card] = []
        for card in cards:
            own = book.get(card.key)
            if own is not None:
                for fact, value in _own_facts(own).items():
                    card = with_fact(card, fact, value)
            kept.append(card)
        return self.save(kept)

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
        version = data.get("version", 1) if isinstance(data, dict) else 1
        if version not in PACK_VERSIONS:
            raise RuleViolation("cards.malformed", f"That card pack is of version {str(version)[:10]}, which this "
                                                   "Tablekeeper cannot read (it reads versions 1 and 2).")
        shared = {k: data[k] for k in ("faction", "source") if isinstance(data, dict) and k in data}
        cards = [checked({**shared, **_without_origins(item)} if isinstance(item, dict) else item, n + 1)
                 for n, item in enumerate(raw)]
        keys = [c.key for c in cards]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        if twice:
            raise RuleViolation("cards.duplicate", "The file has these cards twice: " + ", ".join(twice)[:200] + ".")
        return cards
